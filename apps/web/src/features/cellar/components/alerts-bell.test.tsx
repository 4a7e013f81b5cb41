import type { CellarAlert, Role } from '@brewcommand/domain'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderProduction } from '@/testing/render-production.tsx'
import { AlertItem } from './alerts-bell.tsx'

const alert = (over: Partial<CellarAlert> = {}): CellarAlert => ({
  id: 'a1',
  kind: 'below-par',
  message: 'Cascade: 1.5 kg available, under its par level of 2 kg',
  vesselId: null,
  batchId: null,
  deviceId: null,
  raisedAt: '2026-11-24T08:00:00.000Z',
  acknowledgedAt: null,
  acknowledgedBy: null,
  resolvedAt: null,
  ...over,
})

const renderItem = (item: CellarAlert, role: Role = 'Brewer') =>
  renderProduction(
    <ul>
      <AlertItem alert={item} />
    </ul>,
    { role },
  )

describe('an alert in the bell', () => {
  it('names a par-level alert and offers Acknowledge while unread', () => {
    renderItem(alert())
    expect(screen.getByText('Below par level')).toBeInTheDocument()
    expect(screen.getByText(/Cascade: 1.5 kg available/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Acknowledge' })).toBeInTheDocument()
  })

  it('says Resolved once its cause went away, and Acknowledged once read', () => {
    renderItem(alert({ acknowledgedAt: '2026-11-24T09:00:00.000Z', resolvedAt: '2026-11-24T09:00:00.000Z' }))
    expect(screen.getByText(/^Resolved/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument()
  })

  it('says Acknowledged when a person read it', () => {
    renderItem(alert({ acknowledgedAt: '2026-11-24T09:00:00.000Z', acknowledgedBy: 'u1' }))
    expect(screen.getByText(/^Acknowledged/)).toBeInTheDocument()
  })
})

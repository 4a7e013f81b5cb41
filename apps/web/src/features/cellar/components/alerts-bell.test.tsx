import type { CellarAlert, Role } from '@brewcommand/domain'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderProduction } from '@/testing/render-production.tsx'
import { AlertItem } from './alert-item.tsx'
import { AlertsBell } from './alerts-bell.tsx'

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

afterEach(() => {
  vi.unstubAllGlobals()
})

// The first open loads Radix, slow on a busy machine.
describe('the shell’s bell', { timeout: 20_000 }, () => {
  it('shows the unread count at once and fetches its list on first use (ADR 173)', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ data: { alerts: [alert()], unread: 1 } }), {
          headers: { 'content-type': 'application/json' },
        }),
      ),
    )
    renderProduction(<AlertsBell />)
    const bell = await screen.findByRole('button', { name: /1 unread/ })
    // Not fetched yet: the button only says it opens a menu.
    expect(bell).toHaveAttribute('aria-haspopup', 'menu')
    expect(screen.queryByRole('menu')).toBeNull()
    await userEvent.setup().click(bell)
    await screen.findByRole('menu', {}, { timeout: 15_000 })
    expect(screen.getByText('Below par level')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Acknowledge' })).toBeInTheDocument()
  })
})

import type { CellarAlert, Role } from '@brewcommand/domain'
import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import { AlertItem } from './alerts-bell.tsx'

vi.mock('@/lib/writes/use-write.ts', () => ({ useWrite: () => vi.fn() }))

const appState = (role: Role): AppStateValue => ({
  isLoaded: true,
  data: {
    user: { id: 'u1', givenName: 'Ada', familyName: 'L', email: 'a@example.com', emailVerified: true },
    entities: [],
  },
  currentEntity: {
    entityId: 'e1',
    role,
    subscription: { plan: 'monthly', status: 'active' },
    products: [],
    packagingTypes: [],
  },
  currentAccessToken: 'access-token',
  applyLocal: vi.fn(),
  reload: vi.fn(() => Promise.resolve()),
})

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
  render(
    <StaticAppStateProvider value={appState(role)}>
      <ul>
        <AlertItem alert={item} />
      </ul>
    </StaticAppStateProvider>,
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

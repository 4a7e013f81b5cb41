import type { BatchFermentation as Fermentation, Role } from '@brewcommand/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import { AuthContext } from '@/lib/auth/auth-context.ts'
import { SocketProvider } from '@/lib/socket/socket-provider.tsx'
import { fakeAuth } from '@/testing/fake-auth.tsx'
import { BatchFermentation } from './batch-fermentation.tsx'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

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

const FV = 'f0000000-0000-4000-8000-000000000001'
const BT = 'f0000000-0000-4000-8000-000000000002'
const fermentation = (reconciles: boolean): Fermentation => {
  const answer = fermentationOf(reconciles)
  return { ...answer, latestReadings: answer.readings.toReversed() }
}
const fermentationOf = (reconciles: boolean): Fermentation => ({
  batch: {
    id: 'b1',
    number: '2026-014',
    productId: null,
    productName: 'Cellar Pale',
    status: 'packaging',
    fermentationStartedAt: '2026-11-20T10:00:00.000Z',
    day: 5,
    originalGravity: 1.05,
    expectedFg: 1.012,
    band: null,
  },
  readings: [
    {
      id: 'r1',
      vesselId: FV,
      batchId: 'b1',
      deviceId: 'd1',
      deviceName: 'iSpindel FV-1',
      source: 'device',
      takenAt: '2026-11-21T10:00:00.000Z',
      gravitySg: 1.045,
      temperatureC: 19.5,
      ph: null,
      battery: 4,
      note: '',
      recordedBy: null,
    },
    {
      id: 'r2',
      vesselId: FV,
      batchId: 'b1',
      deviceId: null,
      deviceName: null,
      source: 'manual',
      takenAt: '2026-11-22T10:00:00.000Z',
      gravitySg: 1.02,
      temperatureC: 20,
      ph: 4.4,
      battery: null,
      note: 'Clean',
      recordedBy: 'u1',
    },
  ],
  readingCount: 2,
  latestReadings: [],
  events: [
    {
      id: 'e1',
      batchId: 'b1',
      kind: 'brewed',
      fromVesselId: null,
      toVesselId: FV,
      volumeBbl: 10,
      reason: '',
      ttbClass: 'produced',
      details: null,
      supersedesId: null,
      supersededBy: null,
      occurredAt: '2026-11-20T10:00:00.000Z',
      recordedBy: null,
      recordedAt: '2026-11-20T10:00:00.000Z',
    },
    {
      id: 'e2',
      batchId: 'b1',
      kind: 'transferred',
      fromVesselId: FV,
      toVesselId: BT,
      volumeBbl: 9.5,
      reason: '',
      ttbClass: 'internal',
      details: null,
      supersedesId: null,
      supersededBy: null,
      occurredAt: '2026-11-23T10:00:00.000Z',
      recordedBy: null,
      recordedAt: '2026-11-23T10:00:00.000Z',
    },
    {
      id: 'e3',
      batchId: 'b1',
      kind: 'packaged',
      fromVesselId: BT,
      toVesselId: null,
      volumeBbl: 5,
      reason: '',
      ttbClass: 'packaged',
      details: { units: 10, packageType: '1/2 BBL Keg', sku: 'CP-K2' },
      supersedesId: null,
      supersededBy: null,
      occurredAt: '2026-11-24T10:00:00.000Z',
      recordedBy: null,
      recordedAt: '2026-11-24T10:00:00.000Z',
    },
  ],
  yield: {
    batchId: 'b1',
    intoFermenterBbl: 10,
    packagedBbl: 5,
    sampledBbl: 0,
    lostBbl: 0,
    dumpedBbl: 0,
    removedBbl: 0,
    inVesselsBbl: 5,
    vessels: [],
    differenceBbl: reconciles ? 0 : 0.5,
    reconciles,
  },
  vessels: [
    { id: FV, name: 'FV-1' },
    { id: BT, name: 'BT-1' },
  ],
})

function renderPanel(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(answer())),
  )
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext value={fakeAuth({ isAuthenticated: true })}>
        <StaticAppStateProvider value={appState('Brewer')}>
          <SocketProvider entityId={undefined} token={undefined} onDataModified={() => undefined}>
            <MemoryRouter>
              <BatchFermentation batchId="b1" />
            </MemoryRouter>
          </SocketProvider>
        </StaticAppStateProvider>
      </AuthContext>
    </QueryClientProvider>,
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('a batch’s Fermentation', () => {
  it('shows the chart, the yield that reconciles, the ledger and the readings', async () => {
    renderPanel(() => json(200, { data: fermentation(true) }))
    expect(
      await screen.findByRole(
        'figure',
        { name: 'Gravity and temperature of batch 2026-014 over time' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Reconciles to 0.01 bbl')).toBeInTheDocument()
    expect(screen.getByText('Into the fermenter').nextSibling).toHaveTextContent('10.00 bbl')
    expect(screen.getByText('Still in tanks').nextSibling).toHaveTextContent('5.00 bbl')
    expect(screen.getByText(/10 × 1\/2 BBL Keg \(CP-K2\) from BT-1/)).toBeInTheDocument()
    expect(screen.getByText(/FV-1 → BT-1/)).toBeInTheDocument()
    // One "into" ("Brewed 10.00 bbl into FV-1", not "Brewed into 10.00 bbl into FV-1").
    expect(screen.getByText(/Brewed 10\.00 bbl into FV-1/)).toBeInTheDocument()
    const rows = screen.getAllByRole('row')
    // Newest first: the manual reading, then the device's.
    expect(rows[1]).toHaveTextContent('1.020')
    expect(rows[2]).toHaveTextContent('iSpindel FV-1')
  })

  it('says how many readings the server chose for the chart, and lists the latest', async () => {
    renderPanel(() => json(200, { data: { ...fermentation(true), readingCount: 35_040 } }))
    expect(
      await screen.findByText(
        'The chart draws 2 of the 35,040 readings: the first, the last and the highs and lows of each stretch.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('The latest 2 of 35,040 readings.')).toBeInTheDocument()
  })

  it('says when the ledger does not reconcile', async () => {
    renderPanel(() => json(200, { data: fermentation(false) }))
    expect(
      await screen.findByText('Does not reconcile: 0.50 bbl unaccounted for', {}, { timeout: 10_000 }),
    ).toBeInTheDocument()
  })

  it('shows the server’s error with a way to try again', async () => {
    renderPanel(() => json(404, { error: { code: 'NOT_FOUND', message: 'Batch not found.' } }))
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Batch not found.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})

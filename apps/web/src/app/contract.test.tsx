import { QueryClient, QueryClientProvider, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  useAccountingStatus,
  useChartOfAccounts,
  useSyncLog,
} from '@/features/accounting/api/accounting-api.ts'
import { getApiKeys, getApiKeyUses } from '@/features/api-keys/api/api-keys-api.ts'
import { getWebhookAttempts, getWebhookEndpoints } from '@/features/webhooks/api/webhooks-api.ts'
import { getBatchCost } from '@/features/batches/api/get-batch-cost.ts'
import { useBatchBooking, useLeftInTanks } from '@/features/batches/components/batch-schedule.tsx'
import { useBrewDay, useHopAmounts } from '@/features/brew-day/api/brew-day-api.ts'
import { useStartShortfalls } from '@/features/brew-day/api/start-shortfalls.ts'
import {
  useAlerts,
  useBatchFermentation,
  useCellarDashboard,
  useCellarSettings,
  useDevices,
  useTankBoard,
  useVesselDetail,
} from '@/features/cellar/api/cellar-api.ts'
import { getCellarTasks } from '@/features/cellar/api/cellar-tasks-api.ts'
import {
  useCanWeBrew,
  useFinishedGoods,
  useInventoryAlerts,
  useInventoryItems,
  useItemDetail,
  useReturnableRemovals,
} from '@/features/inventory/api/inventory-api.ts'
import { getFirstWeek } from '@/features/first-week/api/first-week-api.ts'
import { getBilling } from '@/features/onboarding/api/billing-api.ts'
import { getOnboardingStatus } from '@/features/onboarding/api/onboarding-api.ts'
import { useCatalog } from '@/features/recipes/api/use-catalog.ts'
import { useBreweryTodayRead } from '@/lib/brewery-today.ts'
import {
  getCosts,
  getCounts,
  getEfficiency,
  getExcise,
  getLine,
  getLosses,
  getRowEvents,
  getOperations,
  getPeriods,
  getProduction,
  getTaxSettings,
} from '@/features/reporting/api/reports-api.ts'
import {
  useAging,
  useAvailability,
  useCustomerDetail,
  useCustomers,
  useInvoices,
  useOrders,
  usePriceLists,
  useSalesSettings,
} from '@/features/sales/api/sales-api.ts'
import {
  useKegBoard,
  useKegDetail,
  useKegOrders,
  useKegPackageRuns,
  useKegs,
  useKegSettings,
  useKegTrace,
} from '@/features/kegs/api/kegs-api.ts'
import { useRecall, useRecalls, useTrace, useTraceSearch } from '@/features/trace/api/trace-api.ts'
import { useSalesReport } from '@/features/reporting/components/sales-tab.tsx'
import { getCapacity, getSchedule } from '@/features/schedule/api/schedule-api.ts'
import { getInvitation, getUsers } from '@/features/users/api/team-api.ts'
import { useClosedPeriods } from '@/components/ledger-date-field.tsx'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import { getBootstrap, type BootstrapEntity } from '@/lib/app-state/get-bootstrap.ts'
import { useBatch, useBatches, useBrewhouses, useVessels } from '@/lib/production/production-queries.ts'
import { loadRunTimeConfig } from '@/lib/run-time-config.ts'
import { SocketProvider } from '@/lib/socket/socket-provider.tsx'
import { fakeAuth, FakeAuthProvider, signedInUser } from '@/testing/fake-auth.tsx'

// Contract tests (docs/decisions/256-contract-fixtures-from-the-server.md): each web API hook gets the exact body
// its server route answers — the fixtures apps/server/src/contract/contract-fixtures.test.ts writes from a real
// brewery on PGlite — through the real api client (only fetch is replaced), and must parse it. A hook that
// expects another shape than the route sends fails here, not on a screen (issue 41: hop amounts).
//
// Adding a hook: one line below, `[fixture name, (ids) => the hook]`, and its route in the server's ROUTES.
// Every GET path the web names has a fixture: apps/server/src/contract/web-reads.test.ts checks it.

type Fixture = { method: 'GET'; url: string; body: unknown }
const FIXTURES = import.meta.glob<Fixture>('../testing/contract-fixtures/*.json', {
  eager: true,
  import: 'default',
})
const fixture = (name: string) => {
  const found = FIXTURES[`../testing/contract-fixtures/${name}.json`]
  if (!found) throw new Error(`No contract fixture ${name}.json: add its route to the server's contract test`)
  return found
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi
/** A request's route: its path with ids as ":id" (the query left out). */
const routeOf = (url: string) => new URL(url, 'http://localhost').pathname.replace(UUID, ':id')

/** A fetcher without a hook of its own, read the way its screen reads it. */
const fetched =
  <T,>(load: (token: string) => Promise<T>) =>
  () =>
    useQuery({ queryKey: ['contract'], queryFn: () => load('token') })

const QUARTER = { from: '2026-07', to: '2026-09' }

/** The names the server's contract test gives the run's secrets (a checkout session, an invitation token). */
const SESSION_NAME = 'cs_contract_session'
const INVITATION_NAME = 'contract-invitation-token'

/**
 * Every GET hook and fetcher the web has, by the fixture of its route (two hooks may read one route);
 * `ids` are the ids in that route.
 */
const HOOKS: [string, (ids: string[]) => UseQueryResult<unknown>][] = [
  ['users-bootstrap', () => fetched(() => getBootstrap({ accessToken: 'token', idToken: undefined }))()],
  ['catalog', () => useCatalog()],
  ['equipment-brewhouses', () => useBrewhouses()],
  ['equipment-vessels', () => useVessels()],
  ['batches', () => useBatches()],
  ['batch', ([batchId]) => useBatch(batchId)],
  ['brew-day', ([batchId]) => useBrewDay(batchId)],
  ['hop-amounts', ([batchId]) => useHopAmounts(batchId, true)],
  ['inventory-items', () => useInventoryItems()],
  ['inventory-item', ([itemId]) => useItemDetail(itemId)],
  ['can-we-brew', () => useCanWeBrew(4)],
  ['finished-goods', () => useFinishedGoods()],
  ['inventory-alerts', () => useInventoryAlerts()],
  ['cellar-tanks', () => useTankBoard()],
  ['cellar-vessel', ([vesselId]) => useVesselDetail(vesselId)],
  ['cellar-batch', ([batchId]) => useBatchFermentation(batchId)],
  ['cellar-devices', () => useDevices()],
  ['cellar-settings', () => useCellarSettings()],
  ['cellar-alerts', () => useAlerts()],
  ['cellar-dashboard', () => useCellarDashboard()],
  ['cellar-tasks', () => fetched((token) => getCellarTasks(token))()],
  ['schedule', () => fetched((token) => getSchedule(token, '2026-11-01', '2026-12-31'))()],
  [
    'schedule-capacity',
    ([productId]) => fetched((token) => getCapacity(token, { productId, date: '2026-12-01' }))(),
  ],
  ['reports-production', () => fetched((token) => getProduction(QUARTER, token))()],
  ['reports-losses', () => fetched((token) => getLosses(QUARTER, token))()],
  [
    'reports-production-events',
    () =>
      fetched((token) =>
        getRowEvents(QUARTER, { table: 'production', month: '2026-08', product: 'Pils' }, 0, token),
      )(),
  ],
  [
    'reports-losses-events',
    () =>
      fetched((token) =>
        getRowEvents(QUARTER, { table: 'losses', line: 'losses', reason: 'Trub and yeast' }, 0, token),
      )(),
  ],
  ['reports-efficiency', () => fetched((token) => getEfficiency(QUARTER, token))()],
  ['reports-costs', () => fetched((token) => getCosts(QUARTER, token))()],
  ['reports-5130-26', () => fetched((token) => getOperations('5130.26', '2026-Q3', token))()],
  ['reports-5130-9', () => fetched((token) => getOperations('5130.9', '2026-07', token))()],
  ['reports-5000-24', () => fetched((token) => getExcise('2026-Q3', token))()],
  ['reports-physical-inventories', () => fetched((token) => getCounts(QUARTER, token))()],
  ['reports-tax-settings', () => fetched((token) => getTaxSettings(token))()],
  ['reports-periods', () => fetched((token) => getPeriods(token))()],
  ['billing', () => fetched((token) => getBilling(token))()],
  ['team-users', ([entityId]) => fetched((token) => getUsers(entityId, { token }))()],
  ['first-week', () => fetched((token) => getFirstWeek(token))()],
  ['batch-cost', ([batchId]) => fetched((token) => getBatchCost(batchId, token))()],
  ['api-keys', () => fetched((token) => getApiKeys(token))()],
  ['api-keys-uses', () => fetched((token) => getApiKeyUses(token))()],
  ['webhook-endpoints', () => fetched((token) => getWebhookEndpoints(token))()],
  ['webhook-attempts', ([endpointId]) => fetched((token) => getWebhookAttempts(endpointId, token))()],
  ['sales-customers', () => useCustomers()],
  ['sales-price-lists', () => usePriceLists()],
  ['sales-settings', () => useSalesSettings()],
  ['sales-availability', () => useAvailability()],
  ['sales-today', () => useBreweryTodayRead()],
  ['sales-orders', () => useOrders()],
  ['sales-invoices', () => useInvoices()],
  ['sales-aging', () => useAging()],
  ['sales-customer', ([customerId]) => useCustomerDetail(customerId)],
  ['returnable-removals', ([packageId]) => useReturnableRemovals(packageId, true)],
  ['schedule-batch', ([batchId]) => useBatchBooking(batchId)],
  ['cellar-batch', ([batchId]) => useLeftInTanks(batchId)],
  ['can-we-brew-batch', ([batchId]) => useStartShortfalls(batchId, true)],
  ['reports-line', () => fetched((token) => getLine('5130.26', '2026-Q3', 'removedTaxpaid', token))()],
  ['reports-periods', () => useClosedPeriods()],
  ['onboarding-status', () => fetched((token) => getOnboardingStatus(token, SESSION_NAME))()],
  ['invitation', () => fetched(() => getInvitation(INVITATION_NAME))()],
  ['config', () => fetched(() => loadRunTimeConfig())()],
  ['kegs', () => useKegs()],
  ['kegs-board', () => useKegBoard()],
  ['kegs-package-runs', () => useKegPackageRuns()],
  ['kegs-orders', () => useKegOrders()],
  ['kegs-settings', () => useKegSettings()],
  ['keg', ([kegId]) => useKegDetail(kegId)],
  ['keg-trace', ([kegId]) => useKegTrace(kegId)],
  ['trace-search', () => useTraceSearch('HOP')],
  ['trace-node', () => useTrace({ kind: 'batch', id: '00000000-0000-4000-8000-000000000001' })],
  ['trace-recalls', () => useRecalls()],
  ['trace-recall', ([recallId]) => useRecall(recallId)],
  ['sales-report', () => useSalesReport({ from: '2025-07', to: '2025-09' })],
  ['accounting-status', () => useAccountingStatus()],
  ['accounting-accounts', () => useChartOfAccounts()],
  ['accounting-log', () => useSyncLog({ live: false })],
]

/** The server as the fixtures record it: each request answered with its route's fixture, else a 404. */
function serveFixtures(requested: string[]) {
  const byRoute = new Map(Object.values(FIXTURES).map((f) => [routeOf(f.url), f.body]))
  vi.stubGlobal('fetch', (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    requested.push(routeOf(url))
    const body = byRoute.get(routeOf(url))
    return Promise.resolve(
      body === undefined
        ? new Response('{"error":{"code":"NOT_FOUND","message":"No fixture"}}', { status: 404 })
        : new Response(JSON.stringify(body), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
    )
  })
}

function wrapper(entityId: string) {
  const entity = { entityId, role: 'Admin', products: [] } as unknown as BootstrapEntity
  const appState: AppStateValue = {
    isLoaded: true,
    data: {
      user: { id: 'u1', givenName: 'Ada', familyName: 'Admin', email: '', emailVerified: true },
      entities: [entity],
    },
    currentEntity: entity,
    currentAccessToken: 'token',
    applyLocal: () => undefined,
    reload: () => Promise.resolve(),
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <FakeAuthProvider value={fakeAuth({ user: signedInUser('ada'), isAuthenticated: true })}>
        <StaticAppStateProvider value={appState}>
          <SocketProvider entityId={undefined} token={undefined} onDataModified={() => undefined}>
            {children}
          </SocketProvider>
        </StaticAppStateProvider>
      </FakeAuthProvider>
    </QueryClientProvider>
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('contract: every web API hook parses what its server route answers', () => {
  it('has a fixture for every hook, and a hook for every fixture', () => {
    const named = new Set(HOOKS.map(([name]) => `../testing/contract-fixtures/${name}.json`))
    expect([...named].sort()).toEqual(Object.keys(FIXTURES).sort())
  })

  it.each(HOOKS)('%s (%#)', async (name, useHook) => {
    const { url } = fixture(name)
    const ids = url.match(UUID) ?? []
    const requested: string[] = []
    serveFixtures(requested)
    const { result } = renderHook(() => useHook(ids), { wrapper: wrapper(ids[0] ?? 'entity') })
    await waitFor(() => expect(result.current.isPending).toBe(false))
    expect(result.current.error).toBeNull()
    expect(result.current.isSuccess).toBe(true)
    expect(requested).toContain(routeOf(url))
  })
})

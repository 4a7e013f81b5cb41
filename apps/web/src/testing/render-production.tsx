// Renders a production screen (Settings → Equipment, Operations, a batch) as the secure area does: the query
// cache, a signed-in user of a brewery with `role`, a socket that is not connected, the request queue and a
// router, with `fetch` answering from `routes`.
import type { Product, Role } from '@brewcommand/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { vi } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import { QueueProvider } from '@/lib/queue/queue-provider.tsx'
import { SocketProvider } from '@/lib/socket/socket-provider.tsx'
import { fakeAuth, FakeAuthProvider } from './fake-auth.tsx'

export const TEST_ENTITY = '11111111-1111-4111-8111-111111111111'

export type FakeRequest = { method: string; url: string; body: unknown }
export type FakeRoutes = (request: FakeRequest) => { status: number; body?: unknown }

/** Stubs `fetch` with `routes`; the calls made land in the array answered. */
export function stubApi(routes: FakeRoutes): FakeRequest[] {
  const calls: FakeRequest[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const request = {
        method: init.method ?? 'GET',
        url: String(url),
        body: init.body ? (JSON.parse(init.body as string) as unknown) : undefined,
      }
      calls.push(request)
      const { status, body } = routes(request)
      return Promise.resolve(
        new Response(status === 204 ? null : JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      )
    }),
  )
  return calls
}

export function renderProduction(
  element: ReactNode,
  {
    role = 'Admin',
    path = '/',
    route = '/',
    products = [],
    packagingTypes = [],
  }: {
    role?: Role
    path?: string
    route?: string
    products?: Product[]
    packagingTypes?: { packageTypeId: string; packageType: string }[]
  } = {},
) {
  const appState: AppStateValue = {
    isLoaded: true,
    data: {
      user: { id: 'me', givenName: 'Ada', familyName: 'Test', email: 'ada@example.com', emailVerified: true },
      entities: [],
    },
    currentEntity: { entityId: TEST_ENTITY, role, products, packagingTypes },
    currentAccessToken: 'access-token',
    applyLocal: vi.fn(),
    reload: vi.fn(() => Promise.resolve()),
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <FakeAuthProvider value={fakeAuth({ isAuthenticated: true })}>
        <StaticAppStateProvider value={appState}>
          <SocketProvider entityId={undefined} token={undefined} onDataModified={vi.fn()}>
            <QueueProvider getAccessToken={() => Promise.resolve('access-token')}>
              <MemoryRouter initialEntries={[path]}>
                <Routes>
                  <Route path={route} element={element} />
                  <Route path="*" element={<p>Elsewhere</p>} />
                </Routes>
              </MemoryRouter>
            </QueueProvider>
          </SocketProvider>
        </StaticAppStateProvider>
      </FakeAuthProvider>
    </QueryClientProvider>,
  )
}

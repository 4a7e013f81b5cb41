import { brewTimeline, type BrewDay } from '@brewcommand/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import type { BootstrapEntity } from '@/lib/app-state/get-bootstrap.ts'
import { QueueProvider } from '@/lib/queue/queue-provider.tsx'
import { SocketProvider } from '@/lib/socket/socket-provider.tsx'
import { fakeAuth, FakeAuthProvider, signedInUser } from '@/testing/fake-auth.tsx'
import { BrewDayScreen } from './brew-day-screen.tsx'

const batchId = '00000000-0000-4000-8000-0000000000b1'
const mashId = '00000000-0000-4000-8000-0000000000a1'
const hopId = '00000000-0000-4000-8000-0000000000a2'
const plan = brewTimeline({
  process: [
    {
      id: mashId,
      order: 1,
      type: 'infusion-mash',
      temperature: '152 F',
      durationMins: '60',
      targetpH: '',
      brewersNotes: '',
    },
  ],
  hopsBill: [
    {
      id: hopId,
      ingredient: { id: 'saaz', name: 'Saaz', type: 'hop', alphaAcids: 4 },
      amount: { value: 1, unit: 'Pounds' },
      additionType: 'Mash',
      time: null,
    },
  ],
  otherIngredients: [],
  boilTime: 60,
  whirlpoolTime: 0,
  yeast: null,
})

function brewDay(status: BrewDay['status'], startedMinutesAgo: number | null): BrewDay {
  const now = Date.now()
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString()
  return {
    batchId,
    number: '2026-007',
    status,
    productName: 'Pale Ale',
    brewhouseName: '10 BBL',
    targetVolumeBbl: 10,
    brewDayStartedAt: status === 'planned' ? null : at(90),
    brewDayFinishedAt: null,
    fermenterId: null,
    steps:
      status === 'planned'
        ? []
        : plan.map((p, index) => ({
            key: p.key,
            position: index + 1,
            kind: p.kind,
            plan: p,
            startedAt:
              p.key === 'strike-water'
                ? at(80)
                : p.key === `mash:${mashId}` && startedMinutesAgo !== null
                  ? at(startedMinutesAgo)
                  : null,
            startedBy: null,
            completedAt: p.key === 'strike-water' ? at(50) : null,
            completedBy: null,
            extendedMinutes: 0,
            acknowledgedAt: null,
            acknowledgedBy: null,
            actual: null,
          })),
    measurements: [],
    expected: {
      potentialPoints: 14_720,
      brewhouseEfficiency: 75,
      mashEfficiency: 85,
      boilOffGallonsPerHour: 15,
      preBoilGallons: 337,
      preBoilGravity: 1.034,
      postBoilGallons: 322,
      originalGravity: 1.036,
      intoFermenterGallons: 310,
    },
    fermenters: [],
    // The server's clock runs 10 minutes ahead of this device: countdowns follow the server.
    serverTime: new Date(now + 10 * 60_000).toISOString(),
  }
}

const entity = {
  entityId: '00000000-0000-4000-8000-000000000001',
  role: 'Brewer',
  products: [],
} as unknown as BootstrapEntity
const appState: AppStateValue = {
  isLoaded: true,
  data: {
    user: { id: 'u1', givenName: 'Bea', familyName: 'Brewer', email: '', emailVerified: true },
    entities: [entity],
  },
  currentEntity: entity,
  currentAccessToken: 'token',
  applyLocal: () => undefined,
  reload: () => Promise.resolve(),
}

function renderScreen(answer: (url: string) => Response, bodies: unknown[] = []) {
  const posts: string[] = []
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posts.push(url)
      bodies.push(JSON.parse(typeof init.body === 'string' ? init.body : 'null'))
      return new Promise<Response>(() => undefined)
    }
    return Promise.resolve(answer(url))
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FakeAuthProvider value={fakeAuth({ user: signedInUser('bea'), isAuthenticated: true })}>
          <StaticAppStateProvider value={appState}>
            <SocketProvider entityId={undefined} token={undefined} onDataModified={() => undefined}>
              <QueueProvider subject="bea" getAccessToken={() => Promise.resolve('token')}>
                {children}
              </QueueProvider>
            </SocketProvider>
          </StaticAppStateProvider>
        </FakeAuthProvider>
      </QueryClientProvider>
    </MemoryRouter>
  )
  render(<BrewDayScreen batchId={batchId} />, { wrapper })
  return posts
}
const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(status < 400 ? { data } : data), {
    status,
    headers: { 'content-type': 'application/json' },
  })

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('BrewDayScreen', () => {
  it('explains a brew day not started and offers Start Brew Day, shown as pending once pressed', async () => {
    const posts = renderScreen(() => json(brewDay('planned', null)))
    expect(await screen.findByRole('heading', { name: 'Brew day has not started' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Start Brew Day' }))
    expect(await screen.findByText(/Brew day starts as soon as the server answers/)).toBeInTheDocument()
    expect(posts).toEqual([`/api/batches/${batchId}/brew-day`])
  })

  it("counts the mash down on the server's clock and rings for the due mash hop until its amount is confirmed", async () => {
    // Started 15 minutes ago on the server's clock (5 minutes ago on this device's): 45 minutes remain.
    const posts = renderScreen(() => json(brewDay('brewing', 5)))
    expect(await screen.findByRole('heading', { name: 'Brew Day' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Batch 2026-007' })).toHaveAttribute(
      'href',
      `/secure/operations/batches/${batchId}`,
    )
    const countdown = await screen.findByTestId('countdown')
    expect(countdown.textContent).toMatch(/^4[45]:\d\d$/)
    // One bar, on top with the current step; an addition has one action: confirming its amount.
    const alarms = screen.getByRole('alert')
    expect(within(alarms).getByText(/Add Saaz is due/)).toBeInTheDocument()
    expect(screen.getByTestId('brew-day-top')).toContainElement(alarms)
    expect(screen.getByTestId('brew-day-top').className).toContain('sticky')
    expect(within(alarms).queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument()
    expect(within(alarms).getByRole('link', { name: 'Confirm the amount below' })).toHaveAttribute(
      'href',
      `#addition-${plan.find((p) => p.kind === 'addition')!.key}`,
    )
    const card = screen.getByRole('article', { name: 'Add Saaz' })
    expect(within(card).queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument()
    for (const button of screen.getAllByRole('button', { name: /Start|Done|\+5 min|Confirm/ }))
      expect(button.className).toContain('h-14')

    await userEvent.click(within(card).getByRole('button', { name: 'Confirm addition: Add Saaz' }))
    await waitFor(() => expect(screen.queryByText(/Add Saaz is due/)).not.toBeInTheDocument())
    expect(posts.some((url) => url.includes('/confirm') || url.includes('addition'))).toBe(true)
  })

  it('after Finish Brew Day, links to the batch in its fermenter', async () => {
    const FV = '00000000-0000-4000-8000-0000000000f1'
    renderScreen(() =>
      json({
        ...brewDay('brewing', 60),
        status: 'fermenting',
        brewDayFinishedAt: new Date().toISOString(),
        fermenterId: FV,
        fermenters: [
          {
            id: FV,
            name: 'FV1',
            kind: 'fermenter',
            state: 'in-use',
            capacityBbl: 12,
            workingCapacityBbl: 10,
            available: false,
            cleaningWarnings: [],
          },
        ],
      }),
    )
    expect(await screen.findByRole('link', { name: 'Batch 2026-007 in FV1' })).toHaveAttribute(
      'href',
      `/secure/operations/cellar/batches/${batchId}`,
    )
  })

  // Issue 41: the hook parsed the list as `{ data: [...] }` after api.get had unwrapped it, so nothing showed.
  it('shows the hop lot, its alpha and the amount that hits the IBU; Use this amount confirms it', async () => {
    const hopKey = plan.find((p) => p.kind === 'addition')!.key
    const lot = {
      stepKey: hopKey,
      name: 'Saaz',
      itemId: '00000000-0000-4000-8000-0000000000c1',
      lotId: '00000000-0000-4000-8000-0000000000c2',
      lotCode: 'HOP-1',
      recipeAlpha: 4,
      lotAlpha: 5,
      recipeAmount: { value: 16, unit: 'oz' },
      suggestedAmount: { value: 12.8, unit: 'oz' },
      targetIbu: 3.2,
    }
    const bodies: unknown[] = []
    const posts = renderScreen(
      (url) => (url.endsWith('/hop-amounts') ? json([lot]) : json(brewDay('brewing', 5))),
      bodies,
    )
    expect(
      await screen.findByText(
        "Lot HOP-1 is 5 % alpha acid (the recipe's 4 %): 12.8 oz hits the recipe's 3.2 IBU.",
      ),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Use this amount: 12.8 oz of HOP-1' }))
    expect(posts.at(-1)).toMatch(/\/confirm$/)
    expect(JSON.stringify(bodies.at(-1))).toContain('{"value":12.8,"unit":"Ounces"}')
  })

  // Issue 34, defect 4: the first step had no volume and no temperature.
  it('shows the strike water and its temperature on the first step', async () => {
    const day = brewDay('brewing', null)
    const first: BrewDay = {
      ...day,
      steps: day.steps.map((s) => (s.key === 'strike-water' ? { ...s, completedAt: null } : s)),
      expected: { ...day.expected, strikeWaterGallons: 125, strikeTemperatureF: 167.92 },
    }
    renderScreen(() => json(first))
    expect(await screen.findByRole('heading', { name: 'Heat strike water' })).toBeInTheDocument()
    expect(screen.getByText('Strike water: 125 gal at 167.9 °F')).toBeInTheDocument()
  })

  it('shows the error with a way to try again', async () => {
    renderScreen(() => json({ error: { code: 'NOT_FOUND', message: 'Batch not found.' } }, 404))
    expect(await screen.findByText('Batch not found.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})

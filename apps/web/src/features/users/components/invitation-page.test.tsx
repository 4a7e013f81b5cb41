import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthContextValue } from '@/lib/auth/auth-context.ts'
import { fakeAuth, FakeAuthProvider, signedInUser } from '@/testing/fake-auth.tsx'
import { InvitationPage } from './invitation-page.tsx'

const TOKEN = 'a'.repeat(43)
const summary = (status: string) => ({
  data: {
    entityName: 'Hoppy Co',
    email: 'bea@example.com',
    role: 'Brewer',
    status,
    expiresAt: '2026-12-01T00:00:00.000Z',
  },
})

let answers: Record<string, { status: number; body: unknown }>
const requests: { url: string; method: string; headers: Record<string, string> }[] = []

beforeEach(() => {
  requests.length = 0
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const method = init.method ?? 'GET'
      requests.push({ url, method, headers: init.headers as Record<string, string> })
      const { status, body } = answers[`${method} ${url}`] ?? { status: 404, body: {} }
      return Promise.resolve(new Response(JSON.stringify(body), { status }))
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

function renderPage(auth: AuthContextValue) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FakeAuthProvider value={auth}>
        <MemoryRouter initialEntries={[`/invitations/${TOKEN}`]}>
          <Routes>
            <Route path="/invitations/:token" element={<InvitationPage token={TOKEN} />} />
            <Route path="/secure" element={<h1>Dashboard</h1>} />
          </Routes>
        </MemoryRouter>
      </FakeAuthProvider>
    </QueryClientProvider>,
  )
}

describe('the invitation page', { timeout: 20_000 }, () => {
  it('offers Sign in and Create account to a visitor', async () => {
    answers = { [`GET /api/invitations/${TOKEN}`]: { status: 200, body: summary('pending') } }
    const auth = fakeAuth()
    renderPage(auth)
    expect(await screen.findByText(/You are invited to join/)).toHaveTextContent(
      'You are invited to join Hoppy Co as Brewer.',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))
    expect(auth.signInPopup).toHaveBeenCalledWith({ signup: true })
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(auth.signInPopup).toHaveBeenCalledWith({ signup: false })
  })

  it('accepts for a signed-in person with both tokens, then opens the dashboard', async () => {
    answers = {
      [`GET /api/invitations/${TOKEN}`]: { status: 200, body: summary('pending') },
      [`POST /api/invitations/${TOKEN}/accept`]: {
        status: 200,
        body: { data: { entityId: '11111111-1111-4111-8111-111111111111', role: 'Brewer' } },
      },
    }
    renderPage(fakeAuth({ isAuthenticated: true, user: signedInUser() }))
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible()
    const accept = requests.find((r) => r.method === 'POST')!
    expect(accept.headers).toMatchObject({ authorization: 'Bearer access-token', 'x-id-token': 'id-token' })
  })

  it('shows why an invitation cannot be accepted', async () => {
    answers = {
      [`GET /api/invitations/${TOKEN}`]: { status: 200, body: summary('pending') },
      [`POST /api/invitations/${TOKEN}/accept`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'You already belong to another brewery.' } },
      },
    }
    renderPage(fakeAuth({ isAuthenticated: true, user: signedInUser() }))
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('You already belong to another brewery.')
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull()
  })

  it('tells a person signed in with another address that the invitation is not theirs, and shows the refusal', async () => {
    const message =
      'This invitation was sent to bea@example.com. Sign in with the account of that address to accept it.'
    answers = {
      [`GET /api/invitations/${TOKEN}`]: { status: 200, body: summary('pending') },
      [`POST /api/invitations/${TOKEN}/accept`]: {
        status: 403,
        body: { error: { code: 'FORBIDDEN', message } },
      },
    }
    const user = signedInUser()
    user.profile.email = 'eve@example.com'
    renderPage(fakeAuth({ isAuthenticated: true, user }))
    expect(await screen.findByText(/Signed in as eve@example.com/)).toBeVisible()
    expect(screen.getByText(/^The invitation was sent to bea@example.com/)).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull()
  })

  it('tells an expired, a used and an unknown link apart', async () => {
    answers = { [`GET /api/invitations/${TOKEN}`]: { status: 200, body: summary('expired') } }
    const { unmount } = renderPage(fakeAuth())
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has expired.')
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull()
    unmount()
    answers = { [`GET /api/invitations/${TOKEN}`]: { status: 200, body: summary('accepted') } }
    const second = renderPage(fakeAuth())
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has already been used.')
    second.unmount()
    answers = {
      [`GET /api/invitations/${TOKEN}`]: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'This invitation link is not valid.' } },
      },
    }
    renderPage(fakeAuth())
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is not valid.')
  })
})

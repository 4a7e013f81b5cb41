import type { Role, User } from '@brewcommand/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import { SocketProvider } from '@/lib/socket/socket-provider.tsx'
import { fakeAuth, FakeAuthProvider } from '@/testing/fake-auth.tsx'
import { UserManagement } from './user-management.tsx'

const ENTITY = '11111111-1111-4111-8111-111111111111'
const ME = '22222222-2222-4222-8222-222222222222'

function member(id: string, givenName: string, role: Role, rev = 1): User {
  return {
    id,
    givenName,
    familyName: 'Test',
    email: `${givenName.toLowerCase()}@example.com`,
    role,
    status: 'Active',
    rev,
    emailVerified: true,
    idpIdentifier: `sub-${givenName}`,
  }
}
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

type Route = (request: { method: string; url: string; body: unknown }) => { status: number; body?: unknown }
let routes: Route
const calls: { method: string; url: string; body: unknown }[] = []

beforeEach(() => {
  calls.length = 0
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const request = {
        method: init.method ?? 'GET',
        url,
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
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

function renderPage(role: Role = 'Admin') {
  const appState: AppStateValue = {
    isLoaded: true,
    data: {
      user: { id: ME, givenName: 'Ada', familyName: 'Test', email: 'ada@example.com', emailVerified: true },
      entities: [],
    },
    currentEntity: { entityId: ENTITY, role, products: [], packagingTypes: [] },
    currentAccessToken: 'access-token',
    applyLocal: vi.fn(),
    reload: vi.fn(() => Promise.resolve()),
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <FakeAuthProvider value={fakeAuth({ isAuthenticated: true })}>
        <StaticAppStateProvider value={appState}>
          <SocketProvider entityId={undefined} token={undefined} onDataModified={vi.fn()}>
            <UserManagement />
          </SocketProvider>
        </StaticAppStateProvider>
      </FakeAuthProvider>
    </QueryClientProvider>,
  )
}

const rowOf = (text: string) => screen.getByRole('row', { name: new RegExp(text) })
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent)

describe('Settings → Users', { timeout: 20_000 }, () => {
  it('shows Loading users..., then the users sorted by given name case-insensitively', async () => {
    routes = () => ({
      status: 200,
      body: {
        data: [
          member(uuid(1), 'zed', 'Brewer'),
          member(ME, 'Ada', 'Admin'),
          member(uuid(2), 'bob', 'Manager'),
        ],
      },
    })
    renderPage()
    expect(screen.getByText('Loading users...')).toBeVisible()
    expect(await screen.findByText('zed Test')).toBeVisible()
    expect(names()).toEqual(['Ada Test(you)', 'bob Test', 'zed Test'])
    expect(calls[0]).toMatchObject({ method: 'GET', url: `/api/entities/${ENTITY}/users` })
  })

  it('shows No users found for an empty list, and the load failure text', async () => {
    routes = () => ({ status: 200, body: { data: [] } })
    const { unmount } = renderPage()
    expect(await screen.findByText('No users found')).toBeVisible()
    unmount()
    routes = () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } })
    renderPage()
    expect(await screen.findByText('Failed to load users. Please try again.')).toBeVisible()
  })

  it('alerts Please enter an email address. for an empty email and sends nothing', async () => {
    routes = () => ({ status: 200, body: { data: [member(ME, 'Ada', 'Admin')] } })
    const user = userEvent.setup()
    renderPage()
    await screen.findByText('Ada Test')
    await user.click(screen.getByRole('button', { name: 'Invite User' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter an email address.')
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('invites: the Invited row with the invited role, the message for 5 seconds, the role back to Brewer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const invited: User = {
      ...member(uuid(9), '', 'Manager'),
      givenName: '',
      familyName: '',
      email: 'new@example.com',
      status: 'Invited',
      idpIdentifier: null,
      emailVerified: false,
    }
    routes = ({ method }) =>
      method === 'POST'
        ? { status: 201, body: { data: invited } }
        : { status: 200, body: { data: [member(ME, 'Ada', 'Admin')] } }
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) })
    renderPage()
    await screen.findByText('Ada Test')
    await user.type(screen.getByLabelText('Email'), 'new@example.com')
    await user.selectOptions(screen.getByLabelText('Role'), 'Manager')
    await user.click(screen.getByRole('button', { name: 'Invite User' }))
    expect(await screen.findByText('Invitation sent to new@example.com as Manager.')).toBeVisible()
    const post = calls.find((c) => c.method === 'POST')!
    expect(post.body).toMatchObject({
      type: 'entities:user-invite',
      version: '1',
      data: { email: 'new@example.com', role: 'Manager' },
    })
    const row = rowOf('Invited User')
    expect(within(row).getByText('Manager')).toBeVisible()
    expect(within(row).getByText('Invited')).toBeVisible()
    expect(screen.getByLabelText('Role')).toHaveValue('Brewer')
    expect(screen.getByLabelText('Email')).toHaveValue('')
    act(() => void vi.advanceTimersByTime(4900))
    expect(screen.getByText('Invitation sent to new@example.com as Manager.')).toBeVisible()
    act(() => void vi.advanceTimersByTime(200))
    expect(screen.queryByText('Invitation sent to new@example.com as Manager.')).toBeNull()
  })

  it('shows the spec’s failure text when the invitation is refused', async () => {
    routes = ({ method }) =>
      method === 'POST'
        ? {
            status: 409,
            body: {
              error: { code: 'CONFLICT', message: 'x@example.com is already a member of this brewery.' },
            },
          }
        : { status: 200, body: { data: [member(ME, 'Ada', 'Admin')] } }
    const user = userEvent.setup()
    renderPage()
    await screen.findByText('Ada Test')
    await user.type(screen.getByLabelText('Email'), 'x@example.com')
    await user.click(screen.getByRole('button', { name: 'Invite User' }))
    const alert = await screen.findByRole('alert')
    await screen.findByText('Failed to send invitation. Please check the email and try again.')
    expect(alert).toHaveTextContent('x@example.com is already a member of this brewery.')
    expect(screen.getByLabelText('Email')).toHaveValue('x@example.com')
  })

  it('edits a role through the API with the row’s rev and keeps the order by given name', async () => {
    routes = ({ method, body }) => {
      if (method === 'PUT') {
        const { role, rev } = (body as { data: { role: Role; rev: number } }).data
        return { status: 200, body: { data: member(uuid(1), 'zed', role, rev + 1) } }
      }
      return {
        status: 200,
        body: { data: [member(ME, 'Ada', 'Admin'), member(uuid(1), 'zed', 'Brewer', 3)] },
      }
    }
    const user = userEvent.setup()
    renderPage()
    await screen.findByText('zed Test')
    await user.click(within(rowOf('zed Test')).getByRole('button', { name: 'Edit' }))
    await user.selectOptions(screen.getByLabelText('Role for zed Test'), 'Manager')
    await user.click(within(rowOf('zed Test')).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('zed Test is now Manager.')).toBeVisible()
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: `/api/entities/${ENTITY}/users/${uuid(1)}`,
      body: { type: 'entities:user', data: { role: 'Manager', rev: 3 } },
    })
    expect(within(rowOf('zed Test')).getByText('Manager')).toBeVisible()
    expect(names()).toEqual(['Ada Test(you)', 'zed Test'])
  })

  it('deletes after confirmation through the API, and shows the server’s refusal', async () => {
    let refuse = false
    routes = ({ method }) => {
      if (method === 'DELETE')
        return refuse
          ? {
              status: 409,
              body: { error: { code: 'CONFLICT', message: 'The last Admin cannot be removed.' } },
            }
          : { status: 204 }
      return {
        status: 200,
        body: { data: [member(ME, 'Ada', 'Admin'), member(uuid(1), 'zed', 'Brewer', 2)] },
      }
    }
    const user = userEvent.setup()
    renderPage()
    await screen.findByText('zed Test')
    await user.click(within(rowOf('zed Test')).getByRole('button', { name: 'Delete' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('zed Test was removed from the brewery.')).toBeVisible()
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      `/api/entities/${ENTITY}/users/${uuid(1)}?rev=2`,
    )
    expect(screen.queryByText('zed Test')).toBeNull()

    refuse = true
    await user.click(within(rowOf('Ada Test')).getByRole('button', { name: 'Delete' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('The last Admin cannot be removed.')).toBeVisible()
  })

  it('hides the invite form and the row actions from a Brewer and a Manager', async () => {
    routes = () => ({
      status: 200,
      body: { data: [member(ME, 'Ada', 'Brewer'), member(uuid(1), 'zed', 'Admin')] },
    })
    for (const role of ['Brewer', 'Manager'] as const) {
      const { unmount } = renderPage(role)
      await screen.findByText('zed Test')
      expect(screen.queryByRole('form', { name: 'Invite a user' })).toBeNull()
      expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull()
      expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
      expect(screen.getByText('Only an Admin can invite, change or remove members.')).toBeVisible()
      unmount()
    }
  })
})

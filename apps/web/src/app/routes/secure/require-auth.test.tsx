import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { fakeAuth, FakeAuthProvider, signedInUser } from '@/testing/fake-auth.tsx'
import type { AuthContextValue } from '@/lib/auth/auth-context.ts'
import { RequireAuth } from './require-auth.tsx'

function renderAt(path: string, auth: AuthContextValue) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Landing</h1> },
      {
        path: '/secure/*',
        element: (
          <RequireAuth>
            <h1>Secure area</h1>
          </RequireAuth>
        ),
      },
    ],
    { initialEntries: [path] },
  )
  render(
    <FakeAuthProvider value={auth}>
      <RouterProvider router={router} />
    </FakeAuthProvider>,
  )
  return router
}

describe('RequireAuth', () => {
  it('sends a visitor who is not signed in to /', async () => {
    const router = renderAt('/secure/products', fakeAuth())
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeVisible()
    expect(router.state.location.pathname).toBe('/')
  })

  it('waits while the session is being checked, without redirecting', () => {
    const router = renderAt('/secure', fakeAuth({ isLoading: true }))
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…')
    expect(router.state.location.pathname).toBe('/secure')
  })

  it('shows the secure area to a signed-in user', async () => {
    renderAt('/secure/reporting', fakeAuth({ isAuthenticated: true, user: signedInUser() }))
    expect(await screen.findByRole('heading', { name: 'Secure area' })).toBeVisible()
  })

  it('keeps a signed-in user in while a token renewal is loading', async () => {
    renderAt('/secure', fakeAuth({ isAuthenticated: true, isLoading: true, user: signedInUser() }))
    expect(await screen.findByRole('heading', { name: 'Secure area' })).toBeVisible()
  })
})

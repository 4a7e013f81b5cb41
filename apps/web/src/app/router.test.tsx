import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { routes } from './router.tsx'

afterEach(cleanup)

describe('the router', () => {
  // Issue 34, defect 14: every full page load on a lazy route logged "No `HydrateFallback` element provided".
  it('shows a loading state, without a warning, while a lazy route loads on a full page load', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const router = createMemoryRouter(routes, { initialEntries: ['/secure/settings'] })
    render(<RouterProvider router={router} />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/HydrateFallback/)
    router.dispose()
    warn.mockRestore()
  })
})

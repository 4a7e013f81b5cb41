import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderProduction, stubApi } from '@/testing/render-production.tsx'
import { DashboardPage } from './pages.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the dashboard', () => {
  it('says what is there, with no "soon" and no "Tutorial: coming soon": the first-week path is the tutorial', async () => {
    stubApi(({ url }) =>
      url === '/api/first-week'
        ? {
            status: 200,
            body: {
              data: {
                steps: { brewhouse: false, vessels: false, recipe: false, batch: false, brewDay: false },
                dismissedAt: null,
              },
            },
          }
        : { status: 500, body: { error: { code: 'INTERNAL', message: 'not in this test' } } },
    )
    renderProduction(<DashboardPage />)
    expect(screen.getByText(/brew days, the cellar and its schedule, inventory, reports/)).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'Your first week' })).toBeInTheDocument()
    expect(document.body.textContent).not.toMatch(/soon/i)
  })
})

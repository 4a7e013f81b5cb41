import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderProduction, stubApi } from '@/testing/render-production.tsx'
import { FirstWeekPath } from './first-week-path.tsx'

const week = (done: number, dismissedAt: string | null = null) => {
  const steps = ['brewhouse', 'vessels', 'recipe', 'batch', 'brewDay']
  return {
    steps: Object.fromEntries(steps.map((step, index) => [step, index < done])),
    dismissedAt,
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('the first-week path', () => {
  it('ticks the done steps, points at the next one and links each to where it is done', async () => {
    stubApi(() => ({ status: 200, body: { data: week(2) } }))
    renderProduction(<FirstWeekPath />)
    const path = await screen.findByRole('region', { name: 'Your first week' })
    expect(within(path).getByText('2 of 5 done', { exact: false })).toBeInTheDocument()
    const links = within(path).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^1\. Add your brewhouse \(done\)/),
      expect.stringMatching(/^2\. Add vessels \(done\)/),
      expect.stringMatching(/^3\. Create or import a recipe \(to do\)/),
      expect.stringMatching(/^4\. Plan a batch \(to do\)/),
      expect.stringMatching(/^5\. Brew day \(to do\)/),
    ])
    expect(links[0]).toHaveAttribute('href', '/secure/settings/equipment')
    expect(links[2]).toHaveAttribute('href', '/secure/products')
    expect(links[2]).toHaveAttribute('aria-current', 'step')
    expect(links[3]).toHaveAttribute('href', '/secure/operations')
  })

  it('is gone once every step is done, or once this person dismissed it', async () => {
    const calls = stubApi(() => ({ status: 200, body: { data: week(5) } }))
    const { unmount } = renderProduction(<FirstWeekPath />)
    await waitFor(() => expect(calls.length).toBeGreaterThan(0))
    expect(screen.queryByRole('region', { name: 'Your first week' })).not.toBeInTheDocument()
    unmount()
    vi.unstubAllGlobals()
    const again = stubApi(() => ({ status: 200, body: { data: week(1, '2026-11-27T01:00:00.000Z') } }))
    renderProduction(<FirstWeekPath />)
    await waitFor(() => expect(again.length).toBeGreaterThan(0))
    expect(screen.queryByRole('region', { name: 'Your first week' })).not.toBeInTheDocument()
  })

  it('dismisses at once and stores the dismissal on the server', async () => {
    const calls = stubApi(({ method }) =>
      method === 'GET'
        ? { status: 200, body: { data: week(0) } }
        : { status: 200, body: { data: { dismissedAt: '2026-11-27T02:00:00.000Z' } } },
    )
    renderProduction(<FirstWeekPath />)
    const path = await screen.findByRole('region', { name: 'Your first week' })
    await userEvent.click(within(path).getByRole('button', { name: 'Dismiss the first-week guide' }))
    expect(screen.queryByRole('region', { name: 'Your first week' })).not.toBeInTheDocument()
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true))
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/first-week/dismissal',
      body: { type: 'first-week', data: { dismissed: true } },
    })
  })
})

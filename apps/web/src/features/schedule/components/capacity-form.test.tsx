import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CapacityForm } from './schedule-panels.tsx'

describe('Can we brew this?', () => {
  it('keeps its fields at the top beside taller panels and gives the From date a column it fits in at 1280 px', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CapacityForm
          products={[{ id: 'p1', name: 'Pale' }]}
          today="2026-11-27"
          getToken={() => Promise.resolve('t')}
        />
      </QueryClientProvider>,
    )
    const section = screen.getByRole('region', { name: 'Can we brew this?' })
    expect(section.className).toContain('content-start')
    const form = screen.getByLabelText('From').closest('form')!
    // Two columns of at least 10rem (a date with its picker), not the four-column row that left ~1fr of half a page.
    expect(form.className).toContain('sm:grid-cols-[minmax(10rem,1fr)_minmax(10rem,1fr)]')
    expect(form.className).not.toContain('2fr_1fr_1fr_auto')
  })
})

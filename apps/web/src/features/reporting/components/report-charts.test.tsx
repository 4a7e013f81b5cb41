import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { BarsChart, LinesChart, niceTicks } from './report-charts.tsx'

const marks = (container: HTMLElement, selector: string) => container.querySelectorAll(selector).length

describe('niceTicks', () => {
  it('covers the range in round steps', () => {
    expect(niceTicks(0, 97.2)).toEqual([0, 20, 40, 60, 80, 100])
    expect(niceTicks(71.5, 78.2)).toEqual([70, 72, 74, 76, 78, 80])
    expect(niceTicks(0, 0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1])
  })
})

describe('BarsChart', () => {
  const months = [
    { month: '2026-07', Brewed: 15.5, Packaged: 14.5 },
    { month: '2026-08', Brewed: 20, Packaged: 19.25 },
    { month: '2026-09', Brewed: 0, Packaged: 2 },
  ]

  it('draws a bar per figure side by side, a label per category and a legend, under its name', () => {
    const { container } = render(
      <BarsChart
        title="Barrels brewed and packaged by month"
        data={months}
        category="month"
        unit=" bbl"
        legend
        bars={[
          { key: 'Brewed', color: '#b45309' },
          { key: 'Packaged', color: '#0f766e' },
        ]}
      />,
    )
    expect(screen.getByRole('figure', { name: 'Barrels brewed and packaged by month' })).toBeInTheDocument()
    expect(marks(container, 'rect[data-bar="Brewed"]')).toBe(3)
    expect(marks(container, 'rect[data-bar="Packaged"]')).toBe(3)
    const labels = [...container.querySelectorAll('[data-tick="category"]')].map((t) => t.textContent)
    expect(labels).toEqual(['2026-07', '2026-08', '2026-09'])
    // Side by side: the month's two bars start at different places and rise from the same axis.
    const [brewed, packaged] = [...container.querySelectorAll('rect[data-bar]')].slice(0, 2)
    expect(Number(packaged.getAttribute('x'))).toBeGreaterThan(Number(brewed.getAttribute('x')))
    expect(Number(brewed.getAttribute('height'))).toBeGreaterThan(Number(packaged.getAttribute('height')))
    const legend = screen.getByRole('figure').querySelector('figcaption')
    expect(legend).toHaveTextContent('Brewed')
    expect(legend).toHaveTextContent('Packaged')
  })

  it('stacks the series of a stacked chart one on the other, and tells a bar’s dollars on arrow keys', async () => {
    const { container } = render(
      <BarsChart
        title="Cost of each batch brewed"
        data={[
          { batch: '2026-014', Ingredients: 60, 'Packaging materials': 37.2 },
          { batch: '2026-015', Ingredients: 40, 'Packaging materials': 10 },
        ]}
        category="batch"
        unit=" $"
        dollars
        bars={[
          { key: 'Ingredients', color: '#b45309', stack: true },
          { key: 'Packaging materials', color: '#0f766e', stack: true },
        ]}
      />,
    )
    const rects = [...container.querySelectorAll('rect[data-bar]')]
    expect(rects).toHaveLength(4)
    const [ingredients, materials] = rects
    // One bar: same x, the materials sitting on top of the ingredients.
    expect(materials.getAttribute('x')).toBe(ingredients.getAttribute('x'))
    expect(Number(materials.getAttribute('y')) + Number(materials.getAttribute('height'))).toBeCloseTo(
      Number(ingredients.getAttribute('y')),
    )
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
    const chart = screen.getByRole('img', { name: /Cost of each batch brewed/ })
    chart.focus()
    await userEvent.keyboard('{ArrowRight}')
    const tip = screen.getByRole('status')
    expect(tip).toHaveTextContent('2026-014')
    expect(tip).toHaveTextContent('Ingredients: $60.00')
    expect(tip).toHaveTextContent('Packaging materials: $37.20')
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('status')).toHaveTextContent('Packaging materials: $10.00')
    await userEvent.keyboard('{Escape}')
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })

  it('lays bars across with the categories down the left, and shows the one under the pointer', () => {
    const { container } = render(
      <BarsChart
        title="Barrels lost by reason"
        data={[
          { reason: 'Dump', Barrels: 1.25 },
          { reason: 'Sample', Barrels: 0.5 },
        ]}
        category="reason"
        unit=" bbl"
        vertical
        categoryWidth={120}
        bars={[{ key: 'Barrels', color: '#be123c' }]}
      />,
    )
    const [dump, sample] = [...container.querySelectorAll('rect[data-bar]')]
    expect(Number(dump.getAttribute('x'))).toBe(120)
    expect(Number(dump.getAttribute('width'))).toBeGreaterThan(Number(sample.getAttribute('width')))
    expect(Number(sample.getAttribute('y'))).toBeGreaterThan(Number(dump.getAttribute('y')))
    const labels = [...container.querySelectorAll('[data-tick="category"]')].map((t) => t.textContent)
    expect(labels).toEqual(['Dump', 'Sample'])
    // jsdom lays the SVG at 0,0: the second row's band is in the lower half of the plot.
    fireEvent.pointerMove(screen.getByRole('img'), { clientX: 200, clientY: 200 })
    expect(screen.getByRole('status')).toHaveTextContent('Sample')
    expect(screen.getByRole('status')).toHaveTextContent('Barrels: 0.5 bbl')
    fireEvent.pointerLeave(screen.getByRole('img'))
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })
})

describe('LinesChart', () => {
  it('draws a line per series through its figures, a dot per figure, bridging the gaps', async () => {
    const { container } = render(
      <LinesChart
        title="Brewhouse efficiency over time"
        data={[
          { brew: '2026-001', a: 72.5 },
          { brew: '2026-002', b: 80 },
          { brew: '2026-003', a: 74 },
          { brew: '2026-004', a: 75.5 },
        ]}
        category="brew"
        unit="%"
        width={50}
        lines={[
          { key: 'a', name: 'Main brewhouse', color: '#b45309' },
          { key: 'b', name: 'Pilot', color: '#0f766e' },
        ]}
      />,
    )
    expect(screen.getByRole('figure', { name: 'Brewhouse efficiency over time' })).toBeInTheDocument()
    expect(marks(container, 'circle[data-dot="a"]')).toBe(3)
    expect(marks(container, 'circle[data-dot="b"]')).toBe(1)
    const main = container.querySelector('[data-line="a"] polyline')
    expect(main?.getAttribute('points')?.split(' ')).toHaveLength(3)
    expect([...container.querySelectorAll('[data-tick="category"]')].map((t) => t.textContent)).toEqual([
      '2026-001',
      '2026-002',
      '2026-003',
      '2026-004',
    ])
    const legend = within(screen.getByRole('figure')).getByText('Pilot')
    expect(legend).toBeInTheDocument()
    screen.getByRole('img').focus()
    await userEvent.keyboard('{End}')
    expect(screen.getByRole('status')).toHaveTextContent('2026-004')
    expect(screen.getByRole('status')).toHaveTextContent('Main brewhouse: 75.5%')
    expect(screen.getByRole('status')).not.toHaveTextContent('Pilot')
  })
})

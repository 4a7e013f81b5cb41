import { calculateRecipeStats, formatRecipeStats, newRecipe, type Recipe } from '@brewcommand/domain'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { ExplainFigure } from './explain-figure.tsx'

const recipe: Recipe = {
  ...newRecipe('00000000-0000-4000-8000-000000000001'),
  yield: { quantity: 5, unit: 'GAL' },
  boilTime: 60,
  grainBill: [
    {
      id: crypto.randomUUID(),
      ingredient: { id: 'pale', type: 'grain', name: 'Pale 2-Row', extractFgMin: 0.8, lovibond: 2 },
      amount: { value: 10, unit: 'Pounds' },
    },
  ],
  hopsBill: [
    {
      id: crypto.randomUUID(),
      ingredient: { id: 'magnum', type: 'hop', name: 'Magnum', alphaAcids: 12 },
      amount: { value: 1, unit: 'Ounces' },
      additionType: 'Boil',
      time: { value: 60, unit: 'Minutes' },
    },
  ],
  yeast: { type: 'ale', id: 'y', name: 'Ale', attenuation: 75, flocculation: 'Medium' },
}

describe('ExplainFigure', () => {
  beforeAll(() => {
    // jsdom has no ResizeObserver, which Radix popovers measure with.
    const global = globalThis as unknown as Record<string, unknown>
    global.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
  })

  it('opens the OG panel with the constants and points per malt, totalling the shown OG', async () => {
    const user = userEvent.setup()
    render(<ExplainFigure figure="originalGravity" recipe={recipe} />)
    await user.click(screen.getByRole('button', { name: 'Explain Original Gravity' }))
    const panel = await screen.findByRole('dialog', { name: 'How Original Gravity is calculated' })
    expect(panel).toHaveTextContent('46 points per pound per gallon, efficiency 70 %')
    // 46 × 0.8 × 10 = 368 points; OG = 1 + 368 / 5 × 0.7 / 1000 = 1.05152
    const rows = within(panel).getAllByRole('row')
    expect(rows[1]).toHaveTextContent('Pale 2-Row' + '10' + '80 %' + '368')
    expect(rows[2]).toHaveTextContent(
      `Total368${formatRecipeStats(calculateRecipeStats(recipe)).originalGravity}`,
    )
  })

  it('shows IBU per hop with Tinseth and SRM per malt with Morey', async () => {
    const user = userEvent.setup()
    render(
      <>
        <ExplainFigure figure="ibu" recipe={recipe} />
        <ExplainFigure figure="srm" recipe={recipe} />
      </>,
    )
    await user.click(screen.getByRole('button', { name: 'Explain IBUs' }))
    const ibu = await screen.findByRole('dialog', { name: 'How IBUs is calculated' })
    expect(ibu).toHaveTextContent('Tinseth')
    expect(within(ibu).getAllByRole('row')[1]).toHaveTextContent(/^MagnumBoil12160/)
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Explain SRM' }))
    const srm = await screen.findByRole('dialog', { name: 'How SRM is calculated' })
    // MCU = 10 lb × 2 °L / 5 gal = 4
    expect(srm).toHaveTextContent('Morey')
    expect(within(srm).getAllByRole('row')[1]).toHaveTextContent('Pale 2-Row1024')
  })
})

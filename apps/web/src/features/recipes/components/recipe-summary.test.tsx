import { newRecipe, type Recipe } from '@brewcommand/domain'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { RecipeSummary } from './recipe-summary.tsx'
import { batchText } from './recipe-summary-section.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

describe('a recipe’s batch size', () => {
  it('reads 7 BBL on the card for an import converted to 6.9963 BBL', () => {
    const recipe: Recipe = { ...newRecipe(uuid(1), uuid(2)), yield: { quantity: 6.9963, unit: 'BBL' } }
    render(
      <MemoryRouter>
        <RecipeSummary productId={uuid(1)} recipe={recipe} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('link')).toHaveTextContent(/^7 BBL$/)
    expect(batchText(recipe)).toBe('7 BBL')
  })
})

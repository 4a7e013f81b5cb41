import {
  HOPS,
  YEASTS,
  checkRecipe,
  indexCatalog,
  buildCatalog,
  newRecipe,
  toRecipeYeast,
} from '@brewcommand/domain'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { installDomPolyfills } from '@/testing/dom-polyfills.ts'
import { yeastFor } from '../lib/recipe-form.ts'
import {
  CatalogueDifference,
  catalogueDifferences,
  type MeasuredIngredient,
} from './catalogue-difference.tsx'

beforeAll(installDomPolyfills)
vi.setConfig({ testTimeout: 30_000 })

const CASCADE = HOPS.find((h) => h.id === 'cascade')!
const imported = { ...CASCADE, alphaAcids: 5.5, measured: { alphaAcids: 5.5 } }

/** The row's ingredient with its own state, as the table holds it; `seen` gets every change. */
function Row({
  initial,
  readOnly = false,
  seen,
}: {
  initial: MeasuredIngredient
  readOnly?: boolean
  seen?: (ingredient: MeasuredIngredient) => void
}) {
  const [ingredient, setIngredient] = useState(initial)
  return (
    <CatalogueDifference
      ingredient={ingredient}
      item={CASCADE}
      readOnly={readOnly}
      onChange={(next) => {
        seen?.(next)
        setIngredient(next)
      }}
    />
  )
}

describe('CatalogueDifference', () => {
  it('shows nothing for a line without measured values, or whose measurement is the catalogue’s', () => {
    const { container } = render(
      <>
        <Row initial={{ ...CASCADE }} />
        <Row initial={{ ...CASCADE, measured: { alphaAcids: CASCADE.alphaAcids } }} />
      </>,
    )
    expect(container).toBeEmptyDOMElement()
  })

  it('says the measured value differs and lets the brewer use the catalogue’s, then the measured one again', async () => {
    const seen = vi.fn()
    render(<Row initial={imported} seen={seen} />)
    const group = screen.getByRole('group', { name: 'Alpha acids of Cascade' })
    expect(group).toHaveTextContent(`Alpha acids differs from the catalogue`)
    const measured = screen.getByRole('radio', { name: 'Measured 5.5 %' })
    const catalogue = screen.getByRole('radio', { name: `Catalogue ${CASCADE.alphaAcids} %` })
    expect(measured).toBeChecked()
    await userEvent.click(catalogue)
    expect(seen).toHaveBeenLastCalledWith({ ...imported, alphaAcids: CASCADE.alphaAcids })
    expect(catalogue).toBeChecked()
    await userEvent.click(measured)
    expect(seen).toHaveBeenLastCalledWith(imported)
    expect(measured).toBeChecked()
  })

  it('read-only: says which value the recipe uses, without a choice', () => {
    render(<Row initial={imported} readOnly />)
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
    expect(
      screen.getByText(`Alpha acids 5.5 % (measured; the catalogue says ${CASCADE.alphaAcids} %)`),
    ).toBeVisible()
  })

  it('lists yield and colour of a malt in the units the screen uses', () => {
    const differences = catalogueDifferences(
      { extractFgMin: 0.81, lovibond: 3, measured: { extractFgMin: 0.81, lovibond: 3 } },
      { extractFgMin: 0.79, lovibond: 2 },
    )
    expect(
      differences.map((d) => [d.label, d.format(d.measured), d.format(d.catalogue), d.usesMeasured]),
    ).toEqual([
      ['Yield', '81 %', '79 %', true],
      ['Colour', '3 °L', '2 °L', true],
    ])
  })

  it('either choice is what the server keeps', () => {
    const catalog = indexCatalog(buildCatalog())
    for (const alphaAcids of [5.5, CASCADE.alphaAcids]) {
      const recipe = {
        ...newRecipe(crypto.randomUUID()),
        hopsBill: [
          {
            id: crypto.randomUUID(),
            ingredient: { ...imported, alphaAcids },
            amount: { value: 1, unit: 'Ounces' as const },
            additionType: 'Boil' as const,
            time: { value: 60, unit: 'Minutes' as const },
          },
        ],
      }
      const checked = checkRecipe(recipe, catalog)
      expect(checked.ok && checked.recipe.hopsBill[0].ingredient.alphaAcids).toBe(alphaAcids)
    }
  })

  it('the editor’s yeast keeps its measured attenuation while the same strain stays chosen', () => {
    const strain = YEASTS[0]
    const line = { ...toRecipeYeast(strain), attenuation: 81, measured: { attenuation: 81 } }
    expect(yeastFor(strain.id, YEASTS, line)).toBe(line)
    expect(yeastFor(YEASTS[1].id, YEASTS, line)).toEqual(toRecipeYeast(YEASTS[1]))
  })
})

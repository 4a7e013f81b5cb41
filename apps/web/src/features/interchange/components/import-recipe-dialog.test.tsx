import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ImportRecipeDialog } from './import-recipe-dialog.tsx'

// Tests run in apps/web; the fixtures are the domain package's hand-written files.
const fixture = (name: string, type: string) =>
  new File(
    [readFileSync(resolve(process.cwd(), '../../packages/domain/src/interchange/fixtures', name))],
    name,
    {
      type,
    },
  )

describe('ImportRecipeDialog', () => {
  it('previews every recipe with its figures and unmatched ingredients, and creates only on confirm', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    render(<ImportRecipeDialog open onOpenChange={vi.fn()} onConfirm={onConfirm} />)
    const dialog = screen.getByRole('dialog', { name: 'Import Recipe' })
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled()

    await user.upload(
      within(dialog).getByLabelText('Recipe file'),
      fixture('beersmith-three-recipes.xml', 'text/xml'),
    )
    const preview = await within(dialog).findByRole('region', { name: 'Import preview' })
    expect(preview).toHaveTextContent(
      'BeerXML 1.0 file beersmith-three-recipes.xml: 3 recipes will be created as new products.',
    )
    const pale = within(preview).getByRole('listitem', { name: 'Cascade Pale Ale' })
    expect(within(pale).getByTestId('import-figures')).toHaveTextContent(
      /^OG 1\.056 · FG 1\.011 · ABV 5\.842% · IBU/,
    )
    expect(pale).toHaveTextContent('5 Gallons · American Pale Ale')
    const saison = within(preview).getByRole('listitem', { name: 'House Saison & Friends' })
    expect(saison).toHaveTextContent('Fermentable: Mystery Heritage Malt')
    expect(saison).toHaveTextContent('Yeast: House Farmhouse Strain')
    expect(saison).toHaveTextContent(
      'RECIPES/RECIPE[3]/HOPS/HOP[2]/AMOUNT — AMOUNT "not weighed" is not a number',
    )
    expect(onConfirm).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('button', { name: 'Create 3 products' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    const [recipes, target] = onConfirm.mock.calls[0] as [{ name: string }[], string]
    expect(recipes.map((r) => r.name)).toEqual([
      'Cascade Pale Ale',
      'Café Milk Stout',
      'House Saison & Friends',
    ])
    expect(target).toBe('products')
  })

  it('says when a style of an older guide has no sure match, instead of reading its code as BJCP 2021 (ADR 102)', async () => {
    const user = userEvent.setup()
    render(<ImportRecipeDialog open onOpenChange={vi.fn()} onConfirm={vi.fn()} />)
    const xml =
      '<RECIPES><RECIPE><NAME>Burton Ale</NAME><BATCH_SIZE>20</BATCH_SIZE><STYLE><NAME>English Pale Ale</NAME>' +
      '<CATEGORY_NUMBER>1</CATEGORY_NUMBER><STYLE_LETTER>A</STYLE_LETTER><STYLE_GUIDE>BJCP 1999</STYLE_GUIDE></STYLE></RECIPE></RECIPES>'
    await user.upload(
      screen.getByLabelText('Recipe file'),
      new File([xml], 'burton.xml', { type: 'text/xml' }),
    )
    const recipe = within(await screen.findByRole('region', { name: 'Import preview' })).getByRole(
      'listitem',
      {
        name: 'Burton Ale',
      },
    )
    expect(recipe).toHaveTextContent(
      "The file's style English Pale Ale (BJCP 1999 1A) has no sure match among the BJCP 2021 styles; the recipe has no style until one is chosen",
    )
    expect(recipe).not.toHaveTextContent('American Light Lager')
    expect(recipe).not.toHaveTextContent('Not in the catalogue')
  })

  it('reports a broken file, naming where and why, and offers nothing to create', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    render(<ImportRecipeDialog open onOpenChange={vi.fn()} onConfirm={onConfirm} />)
    await user.upload(screen.getByLabelText('Recipe file'), fixture('broken.xml', 'text/xml'))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('broken.xml cannot be imported')
    expect(alert).toHaveTextContent(/line \d+, column \d+ — Not well-formed XML/)
    expect(alert).toHaveTextContent('Nothing was created.')
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled()
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('refuses a file above 5 MB without reading it', async () => {
    const user = userEvent.setup()
    render(<ImportRecipeDialog open onOpenChange={vi.fn()} onConfirm={vi.fn()} />)
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.xml', { type: 'text/xml' })
    await user.upload(screen.getByLabelText('Recipe file'), big)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is 5.0 MB; at most 5 MB can be imported',
    )
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled()
  })

  it('on a product page adds the recipes to that product, or makes products when chosen', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    render(
      <ImportRecipeDialog
        open
        onOpenChange={vi.fn()}
        product={{ id: 'p1', name: 'Flagship' }}
        onConfirm={onConfirm}
      />,
    )
    await user.upload(screen.getByLabelText('Recipe file'), fixture('brewfather.json', 'application/json'))
    expect(await screen.findByRole('region', { name: 'Import preview' })).toHaveTextContent(
      'BeerJSON 1.0 file brewfather.json: 1 recipe will be added to Flagship.',
    )
    expect(screen.getByText('Not imported:')).toBeVisible()
    expect(screen.getByRole('radio', { name: 'New recipes on Flagship' })).toBeChecked()
    await user.click(screen.getByRole('radio', { name: 'A new product for each recipe' }))
    await user.click(screen.getByRole('button', { name: 'Create 1 product' }))
    expect(onConfirm.mock.calls[0][1]).toBe('products')
  })
})

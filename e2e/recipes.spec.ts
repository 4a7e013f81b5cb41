import {
  calculateRecipeStats,
  FERMENTABLES,
  formatRecipeStats,
  HOPS,
  newRecipe,
  silentLogger,
  toRecipeYeast,
  YEASTS,
  type Recipe,
} from '@brewcommand/domain'
import { expect, test, type Page } from '@playwright/test'
import { setUpNewBrewery } from './support/onboarding.ts'
import { expectAccessible } from './support/accessibility.ts'

const item = <T extends { id: string }>(list: readonly T[], id: string) => list.find((i) => i.id === id)!
const YEAST = item(YEASTS, 'wyeast-1056-american-ale') // attenuation 75 %
const TWO_ROW = item(FERMENTABLES, 'pale-2-row-malt')
const CRYSTAL_40 = item(FERMENTABLES, 'crystal-malt-40l')
const CASCADE = item(HOPS, 'cascade')

/** The same recipe as the journey enters, for the engine. */
function expectedFigures() {
  const recipe: Recipe = {
    ...newRecipe(crypto.randomUUID()),
    yield: { quantity: 10, unit: 'GAL' },
    yeast: toRecipeYeast(YEAST),
    grainBill: [
      { id: crypto.randomUUID(), ingredient: TWO_ROW, amount: { value: 9, unit: 'Pounds' } },
      { id: crypto.randomUUID(), ingredient: CRYSTAL_40, amount: { value: 1, unit: 'Pounds' } },
    ],
    hopsBill: [
      {
        id: crypto.randomUUID(),
        ingredient: CASCADE,
        amount: { value: 1, unit: 'Ounces' },
        additionType: 'Boil',
        time: { value: 60, unit: 'Minutes' },
      },
      {
        id: crypto.randomUUID(),
        ingredient: CASCADE,
        amount: { value: 1, unit: 'Ounces' },
        additionType: 'Dry Hop',
        time: { value: 3, unit: 'Days' },
      },
    ],
  }
  return formatRecipeStats(calculateRecipeStats(recipe, { logger: silentLogger }))
}

const FIGURES = [
  ['IBUs', 'ibu'],
  ['Original Gravity', 'originalGravity'],
  ['Final Gravity', 'finalGravity'],
  ['ABV', 'abv'],
  ['SRM', 'srm'],
] as const

async function expectFigures(page: Page) {
  const expected = expectedFigures()
  // A real beer: the figures are not the empty recipe's.
  expect(Number(expected.originalGravity)).toBeGreaterThan(1.02)
  expect(Number(expected.ibu)).toBeGreaterThan(5)
  for (const [label, key] of FIGURES)
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(expected[key])
}

async function pick(page: Page, combobox: string, search: string, query: string, option: string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click()
  await page.getByPlaceholder(search).fill(query)
  await page.getByRole('option', { name: option }).click()
}

test('a brewer writes a recipe from an empty brewery, views it and reorders its mash steps', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await setUpNewBrewery(page, 'Rae')
  await page.goto('/secure/products')
  await page.getByRole('button', { name: 'Create Your First Product' }).click()
  await expect(page).toHaveURL(/\/secure\/products\/editrecipe$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Recipe Information' })).toBeVisible()

  // The form's messages, word for word, before anything is entered.
  await page.getByRole('button', { name: 'Save Recipe' }).click()
  await expect(page.getByText('Product Name is required.')).toBeVisible()
  await expect(page.getByText('Batch size is required.')).toBeVisible()
  await expect(page.getByText('Yeast strain is required.')).toBeVisible()
  await expectAccessible(page, 'recipe editor with its messages')

  await page.getByLabel('Product Name').fill('Cascade Pale')
  await page.getByLabel('Batch Size', { exact: true }).fill('10')
  await page.getByLabel('Batch Size Unit').selectOption({ label: 'Gallons' })
  await pick(page, 'Yeast', 'Search Yeast', '1056', YEAST.name)
  await expect(page.getByText('Yeast strain is required.')).toBeHidden()
  await page.getByLabel('Style', { exact: true }).selectOption({ label: 'American Pale Ale' })

  // Grain bill.
  await page.getByRole('button', { name: 'Add Grains' }).click()
  await pick(page, 'Grain', 'Search Grains', 'pale 2-row', TWO_ROW.name)
  await page.getByRole('textbox', { name: 'Quantity' }).fill('9')
  await page.getByRole('combobox', { name: 'Unit', exact: true }).selectOption('Pounds')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page.getByRole('button', { name: 'Add Grains' }).click()
  await page.getByRole('combobox', { name: 'Grain', exact: true }).click()
  await page.getByPlaceholder('Search Grains').fill('zzz')
  await expect(page.getByText('No matching grains')).toBeVisible()
  await page.getByPlaceholder('Search Grains').fill('crystal 40')
  await page.getByRole('option', { name: CRYSTAL_40.name }).click()
  await page.getByRole('textbox', { name: 'Quantity' }).fill('1')
  await page.getByRole('combobox', { name: 'Unit', exact: true }).selectOption('Pounds')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  const grains = page.getByRole('table', { name: 'Grain Bill' })
  await expect(grains.getByRole('row')).toHaveCount(3)
  await expect(grains.getByRole('row', { name: `${TWO_ROW.name} 9 Pounds` })).toBeVisible()

  // Hops: 1 oz at 60 minutes Boil and 1 oz at Dry Hop.
  await page.getByRole('button', { name: 'Add Hops' }).click()
  await pick(page, 'Hop', 'Search Hops', 'cascade', CASCADE.name)
  await page.getByRole('textbox', { name: 'Quantity' }).fill('1')
  await page.getByRole('combobox', { name: 'Unit', exact: true }).selectOption('Ounces')
  await page.getByRole('combobox', { name: 'Usage' }).selectOption('Boil')
  await page.getByRole('textbox', { name: 'Time (Minutes)' }).fill('60')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page.getByRole('button', { name: 'Add Hops' }).click()
  await pick(page, 'Hop', 'Search Hops', 'cascade', CASCADE.name)
  await page.getByRole('textbox', { name: 'Quantity' }).fill('1')
  await page.getByRole('combobox', { name: 'Unit', exact: true }).selectOption('Ounces')
  await page.getByRole('combobox', { name: 'Usage' }).selectOption('Dry Hop')
  await page.getByRole('textbox', { name: 'Time (Days)' }).fill('3')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  const hops = page.getByRole('table', { name: 'Hops Bill' })
  await expect(hops.getByRole('row', { name: /Boil 60 Minutes/ })).toBeVisible()
  await expect(hops.getByRole('row', { name: /Dry Hop 3 Days/ })).toBeVisible()

  // Two mash steps.
  for (const [step, temperature, duration] of [
    ['Single Infusion Mash', '152', '60'],
    ['Mash Out', '168', '10'],
  ]) {
    await page.getByRole('button', { name: 'Add Mash Step' }).click()
    await page.getByRole('combobox', { name: 'Step', exact: true }).selectOption({ label: step })
    await page.getByRole('textbox', { name: 'Temperature' }).fill(temperature)
    await page.getByRole('textbox', { name: 'Duration' }).fill(duration)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
  }

  // The displayed figures are the engine's, to the displayed precision.
  await expectFigures(page)
  await expect(page.getByTestId('srm-swatch')).toBeVisible()
  // For a person to look at: RECIPE_SCREENSHOT=/tmp/recipe.png writes desktop and phone views.
  const shot = process.env.RECIPE_SCREENSHOT?.replace(/\.png$/, '')
  if (shot) {
    await page.setViewportSize({ width: 1280, height: 1000 })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `${shot}-desktop.png` })
    await page.evaluate(() => window.scrollTo(0, 650))
    await page.screenshot({ path: `${shot}-desktop-tables.png` })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `${shot}-phone.png`, fullPage: true })
    await page.setViewportSize({ width: 1280, height: 720 })
  }

  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/products') && r.request().method() === 'POST' && r.status() === 201,
  )
  await page.getByRole('button', { name: 'Save Recipe' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Cascade Pale' })).toBeVisible()
  await created

  // After a reload, the read-only view shows the same figures and no edit controls.
  await page.reload()
  await page.getByRole('link', { name: '10 Gallons' }).click()
  await expect(page).toHaveURL(/viewMode=true/)
  await expect(page.getByRole('heading', { level: 1, name: 'Recipe Information' })).toBeVisible()
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(breadcrumb.getByRole('link', { name: 'Products' })).toBeVisible()
  await expect(breadcrumb.getByRole('link', { name: 'Cascade Pale' })).toBeVisible()
  await expect(breadcrumb.getByText('10 Gallons')).toBeVisible()
  await expectFigures(page)
  await expectAccessible(page, 'recipe viewer')
  await expect(page.getByRole('table', { name: 'Grain Bill' }).getByRole('row')).toHaveCount(3)
  for (const name of ['Add Grains', 'Add Hops', 'Add Other Ingredients', 'Add Mash Step', 'Save Recipe'])
    await expect(page.getByRole('button', { name })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Move (Up|Down)/ })).toHaveCount(0)

  // Edit from the view, move Mash Out up, save: back on the view with the new order, also after a reload.
  await page.getByRole('link', { name: 'Edit Recipe' }).click()
  await expect(page).toHaveURL(/returnTo=view/)
  const mash = page.getByRole('table', { name: 'Mash Steps' })
  await expect(page.getByRole('button', { name: 'Move Up: 1. Single Infusion Mash' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Move Down: 2. Mash Out' })).toBeDisabled()
  await page.getByRole('button', { name: 'Move Up: 2. Mash Out' }).hover()
  await expect(page.getByRole('tooltip', { name: 'Move Up' })).toBeVisible()
  await page.getByRole('button', { name: 'Move Up: 2. Mash Out' }).click()
  await expect(mash.getByRole('row').nth(1)).toContainText('1.Mash Out')
  const updated = page.waitForResponse((r) => r.request().method() === 'PUT' && r.status() === 200)
  await page.getByRole('button', { name: 'Save Recipe' }).click()
  await expect(page).toHaveURL(/viewMode=true/)
  await updated
  await page.reload()
  const rows = page.getByRole('table', { name: 'Mash Steps' }).getByRole('row')
  await expect(rows.nth(1)).toContainText('Mash Out')
  await expect(rows.nth(1)).toContainText('168 °F')
  await expect(rows.nth(2)).toContainText('Single Infusion Mash')
  await expectFigures(page)
})

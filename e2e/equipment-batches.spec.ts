import { FERMENTABLES, makeEnvelope, newRecipe, productObjectUri, type Recipe } from '@brewcommand/domain'
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './support/accessibility.ts'
import { setUpNewBrewery } from './support/onboarding.ts'

/** Runs `action` and waits until the write it queues has been answered by the API with a 2xx. */
async function andSaved(page: Page, method: string, path: string, action: () => Promise<void>) {
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === path && r.request().method() === method && r.ok(),
  )
  await action()
  await saved
}

/** A product with one 5 BBL recipe, written through the API with the signed-in Admin's own token. */
async function seedProduct(page: Page, name: string) {
  const productId = crypto.randomUUID()
  const recipe: Recipe = {
    ...newRecipe(productId),
    yield: { quantity: 5, unit: 'BBL' },
    boilTime: 60,
    mashThickness: 1.25,
    grainBill: [
      {
        id: crypto.randomUUID(),
        ingredient: { ...FERMENTABLES.find((f) => f.id === 'pale-2-row-malt')! },
        amount: { value: 300, unit: 'Pounds' },
      },
    ],
  }
  const envelope = makeEnvelope(
    'product',
    { id: productId, name, description: '', recipes: [recipe] },
    { objectUri: productObjectUri(productId) },
  )
  const status = await page.evaluate(async (body) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))
    const { access_token: token } = JSON.parse(localStorage.getItem(key!)!) as { access_token: string }
    const response = await fetch('/api/products', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return response.status
  }, envelope)
  expect(status).toBe(201)
  return productId
}

test('an Admin sets up a brewhouse and a fermenter, plans a batch from a recipe and opens its volume plan', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await setUpNewBrewery(page, 'Ada')
  const productName = `Equipment Pale ${Date.now().toString(36)}`
  const productId = await seedProduct(page, productName)

  // Operations before anything: the blurb, whose Get Started leads to the equipment.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Operations' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible()
  await expect(page.getByText('Run the brewhouse from one place')).toBeVisible()
  await page.getByRole('link', { name: 'Get Started' }).click()
  await expect(page).toHaveURL(/\/secure\/settings\/equipment$/)

  // Settings → Equipment: Brewhouses and Vessels.
  await expect(page.getByRole('heading', { name: 'Brewhouses' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Vessels' })).toBeVisible()
  await page.getByRole('button', { name: /Add Brewhouse/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Brewhouse' })
  await dialog.getByLabel('Name').fill('Ten barrel')
  // The batch size in BBL; the losses in litres are stored as gallons.
  await dialog.getByLabel('Maximum batch size').fill('10')
  await dialog.getByLabel('Water and losses').selectOption('L')
  await dialog.getByLabel('Chiller loss').fill('')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Chiller loss must be a number')).toBeVisible()
  await dialog.getByLabel('Chiller loss').fill('7.57')
  await expectAccessible(page, 'Add Brewhouse dialog')
  await andSaved(page, 'POST', '/api/equipment/brewhouses', () =>
    dialog.getByRole('button', { name: 'Save' }).click(),
  )
  const brewhouse = page.getByRole('article', { name: 'Ten barrel' })
  await expect(brewhouse.getByText('Version 1')).toBeVisible()
  await expect(brewhouse.getByText('2 gal', { exact: true })).toBeVisible()

  // An edit is a new version, with the history kept.
  await page.getByRole('button', { name: 'Edit Ten barrel' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Brewhouse' })
  await edit.getByLabel('Brewhouse efficiency').fill('72')
  const putSaved = page.waitForResponse(
    (r) => r.url().includes('/api/equipment/brewhouses/') && r.request().method() === 'PUT' && r.ok(),
  )
  await edit.getByRole('button', { name: 'Save' }).click()
  await putSaved
  await expect(brewhouse.getByText('Version 2')).toBeVisible()
  await brewhouse.getByRole('button', { name: /Versions \(2\)/ }).click()
  await expect(brewhouse.getByText('Version 1 · Created')).toBeVisible()

  await page.getByRole('button', { name: /Add Vessel/ }).click()
  const vessel = page.getByRole('dialog', { name: 'Add Vessel' })
  await vessel.getByLabel('Name').fill('FV1')
  await vessel.getByLabel('Kind').selectOption({ label: 'Fermenter' })
  await vessel.getByRole('textbox', { name: /^Capacity \(/ }).fill('12')
  await vessel.getByLabel('Working capacity').fill('4')
  await andSaved(page, 'POST', '/api/equipment/vessels', () =>
    vessel.getByRole('button', { name: 'Save' }).click(),
  )
  await expect(page.getByRole('article', { name: 'FV1' })).toContainText('12 BBL · working 4 BBL')
  await expectAccessible(page, 'Settings → Equipment')

  // Plan Batch from the recipe card of the product page.
  await page.goto(`/secure/products/${productId}`)
  await page.getByRole('button', { name: 'Plan Batch' }).click()
  const plan = page.getByRole('dialog', { name: 'Plan Batch' })
  await expect(plan.getByLabel('Brewhouse')).toHaveValue(/.+/)
  await expect(plan.getByLabel('Target volume')).toHaveValue('5')
  await plan.getByLabel('Planned brew date').fill('2026-12-01')
  await plan.getByLabel('Target volume').fill('11')
  await plan.getByRole('button', { name: 'Plan Batch' }).click()
  await expect(plan.getByText(/Above Ten barrel’s maximum batch size/)).toBeVisible()
  await plan.getByLabel('Target volume').fill('5')
  await andSaved(page, 'POST', '/api/batches', () => plan.getByRole('button', { name: 'Plan Batch' }).click())

  // Operations lists it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Operations' }).click()
  const row = page.getByRole('row', { name: /Batch 2026-001/ })
  await expect(row).toContainText(productName)
  await expect(row).toContainText('5 BBL')
  await expect(row).toContainText('Planned')
  await page.getByRole('button', { name: 'Fermenting', exact: true }).click()
  await expect(page.getByText('No batches with this status.')).toBeVisible()
  await page.getByRole('button', { name: 'All', exact: true }).click()
  await expectAccessible(page, 'Operations with a batch')

  // The batch page: the volume plan with its formulas, the OG beside the recipe's, the capacity warning.
  await page.getByRole('link', { name: 'Batch 2026-001' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: /Batch 2026-001/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Volume plan' })).toBeVisible()
  const strike = page.getByRole('article', { name: 'Strike water' })
  // 300 lb × 1.25 qt/lb ÷ 4.
  await expect(strike).toContainText('93.75 gal')
  await expect(strike).toContainText('pounds of grain × mash thickness (qt/lb) ÷ 4')
  await expect(page.getByRole('article', { name: 'Expected OG on this brewhouse' })).toContainText(
    '× 72% ÷ 1000',
  )
  await expect(page.getByRole('article', { name: "Recipe's OG at 70 %" })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Into the fermenter' })).toContainText('155 gal')
  await expect(page.getByRole('status', { name: 'Capacity' })).toContainText(
    'fermenter’s working capacity of 124 gal',
  )
  await expect(page.getByRole('link', { name: 'Brew Day' })).toHaveAttribute(
    'href',
    /\/secure\/operations\/batches\/[0-9a-f-]+\/brew-day$/,
  )
  // The recipe as frozen, read-only.
  await expect(page.getByRole('table', { name: 'Grain Bill' })).toContainText('Pale 2-Row Malt')
  await expectAccessible(page, 'batch page')
})

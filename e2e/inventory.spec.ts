import {
  DEFAULT_BREWHOUSE_CONSTANTS,
  FERMENTABLES,
  makeEnvelope,
  newRecipe,
  productObjectUri,
  type Recipe,
} from '@brewcommand/domain'
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './support/accessibility.ts'
import { setUpNewBrewery } from './support/onboarding.ts'

/** Runs `action` and waits until the write it queues has been answered by the API with a 2xx. */
async function andSaved(page: Page, method: string, path: RegExp, action: () => Promise<void>) {
  const saved = page.waitForResponse(
    (r) => path.test(new URL(r.url()).pathname) && r.request().method() === method && r.ok(),
  )
  await action()
  await saved
}

/** A call to the API with the signed-in person's own token (what another module's screen would send). */
async function callApi(page: Page, method: 'POST' | 'PUT', path: string, body: unknown) {
  const { status, text } = await page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))
      const { access_token: token } = JSON.parse(localStorage.getItem(key!)!) as { access_token: string }
      const response = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: response.status, text: await response.text() }
    },
    { method, path, body },
  )
  expect(status, text).toBeLessThan(300)
  return JSON.parse(text) as { data: unknown }
}

const MALT = FERMENTABLES.find((f) => f.id === 'pale-2-row-malt')!
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

test('a Manager receives two lots of a malt; a batch needing more than the first lot is brewed from both, oldest first', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await setUpNewBrewery(page, 'Ada')

  // The Inventory page before anything is stocked: its blurb.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible()
  await expect(
    page.getByText('Know what is in the cold room, the grain store and the hop freezer.'),
  ).toBeVisible()

  // New Item: the catalogue's malt, kept in kilograms.
  await page.getByRole('button', { name: 'New Item' }).click()
  const newItem = page.getByRole('dialog', { name: 'New Item' })
  await newItem.getByLabel('Name').fill(MALT.name)
  await newItem.getByLabel('Ingredient id').fill(MALT.id)
  await andSaved(page, 'POST', /^\/api\/inventory\/items$/, () =>
    newItem.getByRole('button', { name: 'Create' }).click(),
  )
  const table = page.getByRole('table', { name: 'Inventory items' })
  await expect(table.getByRole('row', { name: new RegExp(MALT.name) })).toBeVisible()

  // Receive Stock twice: 60 kg in January at $1.00, 60 kg a week later at $1.20. A negative quantity is refused.
  const receive = async (lotCode: string, receivedOn: string, unitCost: string, quantity = '60') => {
    await page.getByRole('button', { name: 'Receive Stock' }).click()
    const dialog = page.getByRole('dialog', { name: 'Receive Stock' })
    await dialog.getByLabel('Quantity').fill(quantity)
    await dialog.getByLabel(/Unit cost/).fill(unitCost)
    await dialog.getByLabel('Supplier').fill('Great Western')
    await dialog.getByLabel('Lot code').fill(lotCode)
    await dialog.getByLabel('Received').fill(receivedOn)
    return dialog
  }
  const refused = await receive('X-0', '2026-01-02', '1.00', '-60')
  await refused.getByRole('button', { name: 'Receive' }).click()
  await expect(refused.getByText('Quantity must be above 0')).toBeVisible()
  await refused.getByRole('button', { name: 'Cancel' }).click()

  const first = await receive('GW-A1', '2026-01-02', '1.00')
  await expectAccessible(page, 'Receive Stock dialog')
  await andSaved(page, 'POST', /\/lots$/, () => first.getByRole('button', { name: 'Receive' }).click())
  const second = await receive('GW-B2', '2026-01-09', '1.20')
  await andSaved(page, 'POST', /\/lots$/, () => second.getByRole('button', { name: 'Receive' }).click())
  const row = table.getByRole('row', { name: new RegExp(MALT.name) })
  await expect(row).toContainText('120 kg')
  await expect(row).toContainText('$132.00')

  // A product whose recipe needs 100 kg per 5 BBL, a brewhouse, and a 5 BBL batch planned next week: more than
  // the first lot holds. Plan Batch's own write reserves it.
  const productId = crypto.randomUUID()
  const recipe: Recipe = {
    ...newRecipe(productId),
    yield: { quantity: 5, unit: 'BBL' },
    boilTime: 60,
    grainBill: [
      { id: crypto.randomUUID(), ingredient: { ...MALT }, amount: { value: 100, unit: 'Kilograms' } },
    ],
  }
  await callApi(
    page,
    'POST',
    '/api/products',
    makeEnvelope(
      'product',
      { id: productId, name: 'Stock Pale', description: '', recipes: [recipe] },
      { objectUri: productObjectUri(productId) },
    ),
  )
  const brewhouseId = crypto.randomUUID()
  await callApi(
    page,
    'POST',
    '/api/equipment/brewhouses',
    makeEnvelope('brewhouse', { id: brewhouseId, name: 'Ten barrel', ...DEFAULT_BREWHOUSE_CONSTANTS }),
  )
  const batchId = crypto.randomUUID()
  const planned = (await callApi(
    page,
    'POST',
    '/api/batches',
    makeEnvelope('batch', {
      id: batchId,
      productId,
      recipeId: recipe.id,
      brewhouseId,
      plannedBrewDate: inDays(7),
      targetVolume: { quantity: 5, unit: 'BBL' },
    }),
  )) as { data: { number: string } }

  // Plan Batch reserved the grain bill in its own write; live, the reservation shows without a reload. Can we brew? finds no shortfall: two lots cover 100 kg.
  await expect(row).toContainText('100 kg')
  await expect(row).toContainText('20 kg')
  const canWeBrew = page.getByRole('region', { name: 'Can we brew?' })
  await canWeBrew.getByRole('button', { name: 'Check' }).click()
  await expect(canWeBrew.getByText('No shortfall: stock covers the 1 planned batch.')).toBeVisible()
  await expect(canWeBrew.getByText(new RegExp(planned.data.number))).toBeVisible()

  // Brew it: Start Brew Day consumes the grain bill, in brew day's own write.
  await callApi(page, 'POST', `/api/batches/${batchId}/brew-day`, makeEnvelope('batch', {}))

  // Consumption took the oldest lot first, then the rest from the second; on hand matches.
  await expect(row).toContainText('20 kg')
  await expect(row).toContainText('$24.00')
  await row.getByRole('button', { name: MALT.name }).click()
  const detail = page.getByRole('dialog', { name: MALT.name })
  await expect(detail.getByRole('listitem', { name: 'Lot GW-A1' })).toContainText('0 kg of 60 kg')
  await expect(detail.getByRole('listitem', { name: 'Lot GW-B2' })).toContainText('20 kg of 60 kg')
  const movements = detail.getByRole('list', { name: 'Movements' })
  await expect(movements.getByText(`Consumed · lot GW-A1 · batch ${planned.data.number}`)).toBeVisible()
  await expect(movements.getByText(`Consumed · lot GW-B2 · batch ${planned.data.number}`)).toBeVisible()
  await expect(movements).toContainText('-60 kg · -$60.00')
  await expect(movements).toContainText('-40 kg · -$48.00')
  await expectAccessible(page, 'Inventory item detail')
})

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

// Issue 41, "Done when": a hop lot with a higher alpha acid than the recipe's is received; on brew day the addition
// shows the lot, its alpha and the amount that hits the recipe's IBU, and Use this amount confirms it; the batch
// page then shows the malt's cost as the sum of its lots.
//
// The figures, worked out by hand:
// - Hops: the recipe's Cascade is 24 oz at 7 % alpha acid, boiled 60 minutes. Lot HOP-1 is 8.4 %. Tinseth's IBU is
//   proportional to alpha × ounces at the same time, volume and gravity, so the lot's amount for the recipe's IBU
//   is 24 × 7 / 8.4 = 168 / 8.4 = 20 oz.
// - Malt: the recipe takes 200 lb of pale 2-row for 5 BBL; the batch is 5 BBL, so 200 lb. Two lots are on hand:
//   GW-A1 120 lb at $0.80 (received 1 November) and GW-B2 120 lb at $0.95 (received 10 November). First in, first
//   out: 120 lb of GW-A1 = 120 × $0.80 = $96.00, then 200 − 120 = 80 lb of GW-B2 = 80 × $0.95 = $76.00.
//   The malt's cost = $96.00 + $76.00 = $172.00.

/** A call to the API with the signed-in person's own token (set-up another screen would make). */
async function callApi(page: Page, method: 'POST', path: string, body: unknown) {
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

/** Runs `action` and waits until the write it sends is answered with a 2xx. */
async function andSaved(page: Page, method: string, path: RegExp, action: () => Promise<void>) {
  const saved = page.waitForResponse(
    (r) => path.test(new URL(r.url()).pathname) && r.request().method() === method && r.ok(),
  )
  await action()
  await saved
}

const MALT = FERMENTABLES.find((f) => f.id === 'pale-2-row-malt')!
const CASCADE = { id: 'cascade', type: 'hop', name: 'Cascade', alphaAcids: 7 }
const today = () => new Date().toISOString().slice(0, 10)

test('a hop lot above the recipe alpha: brew day offers its amount, and the batch page shows the malt lots FIFO cost', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await setUpNewBrewery(page, 'Ada')

  // The malt and its two lots (the inventory journey receives lots through the screen; here through the API).
  const maltId = crypto.randomUUID()
  await callApi(
    page,
    'POST',
    '/api/inventory/items',
    makeEnvelope('stock', {
      id: maltId,
      name: MALT.name,
      category: 'fermentable',
      ingredientId: MALT.id,
      unit: 'lb',
      parLevel: null,
      packageTypeId: null,
      perUnit: null,
    }),
  )
  for (const [lotCode, receivedOn, unitCostCents] of [
    ['GW-A1', '2026-11-01', 80],
    ['GW-B2', '2026-11-10', 95],
  ] as const)
    await callApi(
      page,
      'POST',
      `/api/inventory/items/${maltId}/lots`,
      makeEnvelope('stock', {
        id: crypto.randomUUID(),
        supplier: 'Great Western',
        lotCode,
        receivedOn,
        bestBefore: null,
        quantity: 120,
        unit: 'lb',
        unitCostCents,
        alphaAcid: null,
        colorLovibond: null,
        extractPct: null,
      }),
    )

  // The hop, kept in ounces, and its lot at 8.4 % alpha acid, received on the Inventory page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible()
  await page.getByRole('button', { name: 'New Item' }).click()
  const newItem = page.getByRole('dialog', { name: 'New Item' })
  await newItem.getByLabel('Name').fill('Cascade')
  await newItem.getByLabel('Category').selectOption({ label: 'Hops' })
  await newItem.getByLabel('Ingredient id').fill(CASCADE.id)
  await newItem.getByLabel('Unit').selectOption('oz')
  await andSaved(page, 'POST', /^\/api\/inventory\/items$/, () =>
    newItem.getByRole('button', { name: 'Create' }).click(),
  )
  await page.getByRole('button', { name: 'Receive Stock' }).click()
  const receive = page.getByRole('dialog', { name: 'Receive Stock' })
  await receive.getByLabel('Item').selectOption({ label: 'Cascade' })
  await receive.getByLabel('Quantity').fill('80')
  await receive.getByLabel(/Unit cost/).fill('1.50')
  await receive.getByLabel('Supplier').fill('Hop Co')
  await receive.getByLabel('Lot code').fill('HOP-1')
  await receive.getByLabel('Received').fill('2026-11-12')
  await receive.getByLabel(/Alpha acid/).fill('8.4')
  await expectAccessible(page, 'Receive Stock dialog for a hop lot')
  await andSaved(page, 'POST', /\/lots$/, () => receive.getByRole('button', { name: 'Receive' }).click())
  const items = page.getByRole('table', { name: 'Inventory items' })
  await expect(items.getByRole('row', { name: /Cascade/ })).toContainText('80 oz')
  await expect(items.getByRole('row', { name: new RegExp(MALT.name) })).toContainText('240 lb')
  await expectAccessible(page, 'Inventory page')

  // A recipe of 200 lb of the malt and 24 oz of Cascade at 7 % for 60 minutes, a brewhouse, a sanitised
  // fermenter, and a 5 BBL batch planned for today.
  const productId = crypto.randomUUID()
  const process = {
    id: crypto.randomUUID(),
    order: 1,
    type: 'infusion-mash',
    temperature: '152 F',
    durationMins: '60',
    targetpH: '',
    brewersNotes: '',
  }
  const recipe = {
    ...newRecipe(productId),
    yield: { quantity: 5, unit: 'BBL' },
    boilTime: 60,
    grainBill: [{ id: crypto.randomUUID(), ingredient: { ...MALT }, amount: { value: 200, unit: 'Pounds' } }],
    hopsBill: [
      {
        id: crypto.randomUUID(),
        ingredient: CASCADE,
        amount: { value: 24, unit: 'Ounces' },
        additionType: 'Boil',
        time: { value: 60, unit: 'Minutes' },
      },
    ],
    process: [process],
  } as unknown as Recipe
  await callApi(
    page,
    'POST',
    '/api/products',
    makeEnvelope(
      'product',
      { id: productId, name: 'Cost Pale', description: '', recipes: [recipe] },
      { objectUri: productObjectUri(productId) },
    ),
  )
  const brewhouseId = crypto.randomUUID()
  await callApi(
    page,
    'POST',
    '/api/equipment/brewhouses',
    makeEnvelope('brewhouse', { id: brewhouseId, name: 'Five barrel', ...DEFAULT_BREWHOUSE_CONSTANTS }),
  )
  await callApi(
    page,
    'POST',
    '/api/equipment/vessels',
    makeEnvelope('vessel', {
      id: crypto.randomUUID(),
      name: 'FV-7',
      kind: 'fermenter',
      capacityBbl: 7,
      workingCapacityBbl: 6,
      state: 'sanitised',
    }),
  )
  const batchId = crypto.randomUUID()
  await callApi(
    page,
    'POST',
    '/api/batches',
    makeEnvelope('batch', {
      id: batchId,
      productId,
      recipeId: recipe.id,
      brewhouseId,
      plannedBrewDate: today(),
      targetVolume: { quantity: 5, unit: 'BBL' },
    }),
  )

  // Brew day: started, then through strike water, mash, lauter and pre-boil to the boil.
  await page.goto(`/secure/operations/batches/${batchId}/brew-day`)
  await expect(page.getByRole('heading', { level: 1, name: 'Brew Day' })).toBeVisible()
  await page.getByRole('button', { name: 'Start Brew Day' }).click()
  for (const title of [
    'Heat strike water',
    'Single Infusion Mash',
    'Vorlauf and sparge',
    'Measure pre-boil volume and gravity',
  ]) {
    await expect(page.getByText(title, { exact: true }).first()).toBeVisible()
    await page.getByRole('button', { name: 'Start', exact: true }).click()
    await page.getByRole('button', { name: 'Done', exact: true }).click()
  }
  await expect(page.getByText('Boil', { exact: true }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Start', exact: true }).click()

  // The 60-minute addition is due as the boil starts: the lot, its alpha and the amount for the recipe's IBU.
  const addition = page.getByRole('article', { name: 'Add Cascade' })
  await expect(addition).toContainText(
    /Lot HOP-1 is 8\.4 % alpha acid \(the recipe's 7 %\): 20 oz hits the recipe's [\d.]+ IBU\./,
  )
  await expectAccessible(page, 'brew day with the hop lot and its amount')
  await andSaved(page, 'POST', /\/confirm$/, () =>
    addition.getByRole('button', { name: 'Use this amount: 20 oz of HOP-1' }).click(),
  )
  await expect(addition).toBeHidden()
  await expect(page.getByText(/Add Cascade — .*done by Ada/)).toBeVisible()

  // Into the fermenter: brew day finished.
  await page.getByLabel('Fermenter', { exact: true }).selectOption({ label: 'FV-7 (6.00 BBL)' })
  await page.getByRole('button', { name: 'Finish Brew Day' }).click()
  await expect(page.getByText(/Brew day finished at .*; the wort is in FV-7\./)).toBeVisible()
  await expect(page.getByText('Saving…')).toHaveCount(0)

  // The batch page: the malt's cost is its two lots, first in first out ($96.00 + $76.00 = $172.00).
  await page.goto(`/secure/operations/batches/${batchId}`)
  const ingredients = page.getByRole('table', { name: 'Ingredients' })
  const malt = ingredients.getByRole('row', { name: new RegExp(MALT.name) })
  await expect(malt).toContainText('200 lb')
  await expect(malt).toContainText('$172.00')
  await expect(ingredients.getByRole('row', { name: /Lot GW-A1/ })).toContainText(/120 lb\s*\$96\.00/)
  await expect(ingredients.getByRole('row', { name: /Lot GW-B2/ })).toContainText(/80 lb\s*\$76\.00/)
  await expectAccessible(page, 'batch page with its cost')

  // Issue 41's third point, at 1280 px: Schedule → "Can we brew this?" has its fields right under its heading
  // (no tall empty area above them) and its From date is wide enough for "11/27/2026" and its picker.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/secure/operations/schedule')
  const capacity = page.getByRole('region', { name: 'Can we brew this?' })
  await expect(capacity.getByLabel('Product')).toHaveValue(productId)
  const heading = (await capacity.getByRole('heading', { name: 'Can we brew this?' }).boundingBox())!
  const product = (await capacity.getByLabel('Product').boundingBox())!
  expect(product.y - (heading.y + heading.height)).toBeLessThan(48)
  const from = capacity.getByLabel('From')
  await from.fill('2026-11-27')
  expect((await from.boundingBox())!.width).toBeGreaterThanOrEqual(150)
  expect(await from.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true)
  await expectAccessible(page, 'Schedule at 1280 px')
})

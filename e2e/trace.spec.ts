import { DEFAULT_BREWHOUSE_CONSTANTS, makeEnvelope, newRecipe } from '@brewcommand/domain'
import { expect, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility.ts'
import { setUpNewBrewery } from './support/onboarding.ts'
import { api } from './support/api.ts'

// Trace and recall (issue 37): a malt lot with a known code is received, brewed into a batch, packaged and sold on
// an order to a named customer; searching the lot code shows the batch, the order and the customer; searching the
// order shows the lot code; Start Recall lists the customer with the quantity shipped and holds the stock left,
// and a pick of it is then refused. The order ships in a keg: its number stands under the customer in the trace,
// and searching it walks back to the lot code (ADR 355).

const ok = (response: { status: number; body: unknown }, status: number) =>
  expect(response.status, JSON.stringify(response.body)).toBe(status)

test('trace a malt lot to the customer and back, start a recall, and the held stock cannot be picked', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await setUpNewBrewery(page, 'Tess')
  const today = new Date().toISOString().slice(0, 10)

  // Set-up through the API: a product whose recipe uses 200 kg of pale malt, the malt received as lot MALT-7731.
  const productId = crypto.randomUUID()
  const recipe = {
    ...newRecipe(productId),
    yield: { quantity: 10, unit: 'BBL' },
    grainBill: [
      {
        id: crypto.randomUUID(),
        ingredient: {
          id: 'trace-pale-malt',
          type: 'grain',
          name: 'Trace Pale Malt',
          extractFgMin: 0.8,
          lovibond: 2,
        },
        amount: { value: 200, unit: 'Kilograms' },
      },
    ],
  }
  ok(
    await api(
      page,
      'POST',
      '/api/products',
      makeEnvelope('product', { id: productId, name: 'Trace Pale', description: '', recipes: [recipe] }),
    ),
    201,
  )
  const bootstrap = await api(page, 'GET', '/api/users/bootstrap')
  const types = (
    bootstrap.body.data as {
      entities: { packagingTypes: { packageTypeId: string; packageType: string }[] }[]
    }
  ).entities[0].packagingTypes
  const kegType = types.find((candidate) => candidate.packageType === '1/2 BBL Keg')!
  const packageId = crypto.randomUUID()
  ok(
    await api(
      page,
      'POST',
      `/api/products/${productId}/packages`,
      makeEnvelope('product:package', {
        id: packageId,
        type: kegType.packageType,
        typeId: kegType.packageTypeId,
        sku: 'TP-K2',
        upc: '',
      }),
    ),
    201,
  )
  const itemId = crypto.randomUUID()
  ok(
    await api(
      page,
      'POST',
      '/api/inventory/items',
      makeEnvelope('stock', {
        id: itemId,
        name: 'Trace Pale Malt',
        category: 'fermentable',
        ingredientId: 'trace-pale-malt',
        unit: 'kg',
        parLevel: null,
        packageTypeId: null,
        perUnit: null,
      }),
    ),
    201,
  )
  ok(
    await api(
      page,
      'POST',
      `/api/inventory/items/${itemId}/lots`,
      makeEnvelope('stock', {
        id: crypto.randomUUID(),
        supplier: 'Great Western',
        lotCode: 'MALT-7731',
        receivedOn: today,
        bestBefore: null,
        quantity: 500,
        unit: 'kg',
        unitCostCents: 100,
        alphaAcid: null,
        colorLovibond: null,
        extractPct: null,
      }),
    ),
    201,
  )
  const brewhouseId = crypto.randomUUID()
  ok(
    await api(
      page,
      'POST',
      '/api/equipment/brewhouses',
      makeEnvelope('brewhouse', { id: brewhouseId, name: 'Main', ...DEFAULT_BREWHOUSE_CONSTANTS }),
    ),
    201,
  )
  const fv1 = crypto.randomUUID()
  ok(
    await api(
      page,
      'POST',
      '/api/equipment/vessels',
      makeEnvelope('vessel', {
        id: fv1,
        name: 'FV-1',
        kind: 'fermenter',
        capacityBbl: 12,
        workingCapacityBbl: 11,
        state: 'clean',
      }),
    ),
    201,
  )
  const batchId = crypto.randomUUID()
  const planned = await api(
    page,
    'POST',
    '/api/batches',
    makeEnvelope('batch', {
      id: batchId,
      productId,
      recipeId: recipe.id,
      brewhouseId,
      plannedBrewDate: today,
      targetVolume: { quantity: 10, unit: 'BBL' },
    }),
  )
  ok(planned, 201)
  const batchNumber = (planned.body.data as { number: string }).number

  // Brewed (brew day takes the malt from the lot), packaged into 16 half-barrel kegs.
  ok(await api(page, 'POST', `/api/batches/${batchId}/brew-day`, makeEnvelope('batch', {})), 201)
  ok(
    await api(
      page,
      'POST',
      `/api/batches/${batchId}/brew-day/finish`,
      makeEnvelope('batch', { fermenterId: fv1, acceptCleaningWarning: true }),
    ),
    200,
  )
  ok(
    await api(
      page,
      'POST',
      '/api/cellar/packaging-runs',
      makeEnvelope('liquid-event', {
        id: crypto.randomUUID(),
        fromVesselId: fv1,
        lines: [{ id: crypto.randomUUID(), packageId, units: 16 }],
      }),
    ),
    201,
  )

  // Sold: 6 kegs to the Named Tap Room, dispatched; 2 more confirmed on a second order, not yet picked.
  const customerId = crypto.randomUUID()
  ok(
    await api(
      page,
      'POST',
      '/api/sales/customers',
      makeEnvelope('sales', {
        id: customerId,
        name: 'Named Tap Room',
        kind: 'bar',
        contacts: [{ name: 'Robin Cask', email: 'robin@named.example', phone: '541-555-0199' }],
      }),
    ),
    201,
  )
  const order = async (quantity: number, steps: string[]) => {
    const id = crypto.randomUUID()
    const made = await api(
      page,
      'POST',
      '/api/sales/orders',
      makeEnvelope('sales', {
        id,
        customerId,
        lines: [{ id: crypto.randomUUID(), packageId, quantity, unitPriceCents: 15000 }],
      }),
    )
    ok(made, 201)
    for (const step of steps)
      ok(
        await api(
          page,
          'POST',
          `/api/sales/orders/${id}/${step}`,
          makeEnvelope('sales', step === 'dispatch' ? { dispatchedAt: null } : {}),
        ),
        200,
      )
    return { id, number: (made.body.data as { number: string }).number }
  }
  const sold = await order(6, ['confirm', 'pick', 'dispatch'])
  const waiting = await order(2, ['confirm'])
  // Shipped in a keg: a keg filled from the run and scanned onto the sold order.
  const added = await api(
    page,
    'POST',
    '/api/kegs',
    makeEnvelope('keg', { count: 1, size: '1/2 BBL', owner: 'ours', prefix: 'TJ-' }),
  )
  ok(added, 201)
  const assetNumber = (added.body.data as { assetNumber: string }[])[0].assetNumber
  const runs = await api(page, 'GET', '/api/kegs/package-runs')
  const packageRunId = (runs.body.data as { id: string }[])[0].id
  ok(
    await api(
      page,
      'POST',
      '/api/kegs/scans',
      makeEnvelope('keg', { kind: 'filled', assetNumber, packageRunId }),
    ),
    201,
  )
  ok(
    await api(
      page,
      'POST',
      '/api/kegs/scans',
      makeEnvelope('keg', { kind: 'shipped', assetNumber, orderId: sold.id }),
    ),
    201,
  )

  // Search the lot code: the batch, the order and the customer.
  await page.goto('/secure/reporting/trace')
  await page.getByLabel('Lot code, batch, keg, order, invoice, SKU/UPC or customer').fill('MALT-7731')
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('button', { name: /Trace Pale Malt lot MALT-7731/ }).click()
  const tree = page.getByRole('tree')
  await expect(tree.getByRole('link', { name: batchNumber })).toBeVisible()
  for (const name of ['Expand Package run', 'Expand Trace Pale 1/2 BBL Keg']) {
    const button = tree.getByRole('button', { name: new RegExp(`^${name}`) }).first()
    if ((await button.count()) > 0) await button.click()
  }
  await expect(tree.getByRole('link', { name: sold.number })).toBeVisible()
  await tree.getByRole('button', { name: new RegExp(`^Expand ${sold.number}`) }).click()
  await expect(tree.getByText('Named Tap Room', { exact: true })).toBeVisible()
  await tree
    .getByRole('button', { name: /^Expand Named Tap Room/ })
    .first()
    .click()
  await expect(tree.getByRole('link', { name: assetNumber })).toBeVisible()
  await expectAccessible(page, 'trace of a malt lot')

  // Search the keg number: back to the lot code.
  await page.getByLabel('Lot code, batch, keg, order, invoice, SKU/UPC or customer').fill(assetNumber)
  await page.getByRole('button', { name: 'Search' }).click()
  await page
    .getByRole('region', { name: 'Matches' })
    .getByRole('button', { name: new RegExp(`^Keg ${assetNumber}`) })
    .click()
  const fromKeg = page.getByRole('tree', { name: `Trace of ${assetNumber}` })
  await expect(fromKeg).toBeVisible()
  for (let i = 0; i < 5; i++) {
    const closed = fromKeg.getByRole('button', { name: /^Expand / })
    const count = await closed.count()
    for (let j = 0; j < count; j++) await closed.nth(0).click()
  }
  await expect(fromKeg.getByText('Trace Pale Malt lot MALT-7731')).toBeVisible()

  // Search the order: the lot code.
  await page.getByLabel('Lot code, batch, keg, order, invoice, SKU/UPC or customer').fill(sold.number)
  await page.getByRole('button', { name: 'Search' }).click()
  await page
    .getByRole('region', { name: 'Matches' })
    .getByRole('button', { name: new RegExp(`^Order ${sold.number}`) })
    .click()
  const back = page.getByRole('tree', { name: `Trace of ${sold.number}` })
  await expect(back).toBeVisible()
  for (let i = 0; i < 4; i++) {
    const closed = back.getByRole('button', { name: /^Expand / })
    const count = await closed.count()
    for (let j = 0; j < count; j++) await closed.nth(0).click()
  }
  await expect(back.getByText('Trace Pale Malt lot MALT-7731')).toBeVisible()

  // Start Recall from the lot: the customer with 6 shipped; the 10 kegs left go on hold.
  await page.getByLabel('Lot code, batch, keg, order, invoice, SKU/UPC or customer').fill('MALT-7731')
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('button', { name: /Trace Pale Malt lot MALT-7731/ }).click()
  await page.getByRole('button', { name: 'Start Recall', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Reason').fill('Foreign matter in the malt')
  await dialog.getByRole('button', { name: 'Start Recall' }).click()
  const panel = page.getByRole('region', { name: /^Recall RC-/ })
  await expect(panel.getByText('Named Tap Room')).toBeVisible({ timeout: 20_000 })
  await expect(panel.getByText('6 units shipped')).toBeVisible()
  await expect(panel.getByText(/^Trace Pale 1\/2 BBL Keg lot /).first()).toBeVisible()
  await expect(panel.getByText('On hold').first()).toBeVisible()
  await expectAccessible(page, 'recall')

  // A pick of the held kegs is refused.
  const pick = await api(page, 'POST', `/api/sales/orders/${waiting.id}/pick`, makeEnvelope('sales', {}))
  expect(pick.status).toBe(409)
  expect(JSON.stringify(pick.body)).toContain('is on hold')

  // Phone layout: the trace page at 390 px.
  await page.setViewportSize({ width: 390, height: 844 })
  await expectAccessible(page, 'recall on a phone')
})

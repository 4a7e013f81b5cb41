import { DEFAULT_BREWHOUSE_CONSTANTS, makeEnvelope, newRecipe } from '@brewcommand/domain'
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './support/accessibility.ts'
import { setUpNewBrewery } from './support/onboarding.ts'
import { apiData as api } from './support/api.ts'

// Issue 36 "Done when": three 1/6 BBL kegs are added and their label PDF downloads; they are filled from a package
// run (each shows the batch number); two ship on an order (the invoice carries two deposits; the customer holds 2);
// one comes back (holds 1, one deposit credited); filling the keg still at the customer is refused naming them.
// The set-up (product, brewhouse, batch, its package run into 1/6 BBL kegs, a dispatched order) goes through the
// API with the person's own token, as the other screens would make it.

async function seedPackageRunAndOrder(page: Page) {
  const productId = crypto.randomUUID()
  const recipe = {
    ...newRecipe(productId),
    yield: { quantity: 10, unit: 'BBL' },
    originalGravity: 1.05,
    finalGravity: 1.012,
  }
  await api(
    page,
    'POST',
    '/api/products',
    makeEnvelope('product', { id: productId, name: 'Keg Pale', description: '', recipes: [recipe] }),
  )
  const bootstrap = (await api(page, 'GET', '/api/users/bootstrap')) as {
    entities: { packagingTypes: { packageTypeId: string; packageType: string }[] }[]
  }
  const type = bootstrap.entities[0].packagingTypes.find((t) => t.packageType === '1/6 BBL Keg')!
  const packageId = crypto.randomUUID()
  await api(
    page,
    'POST',
    `/api/products/${productId}/packages`,
    makeEnvelope('product:package', {
      id: packageId,
      type: '1/6 BBL Keg',
      typeId: type.packageTypeId,
      sku: 'KP-K6',
      upc: '',
    }),
  )
  const brewhouseId = crypto.randomUUID()
  await api(
    page,
    'POST',
    '/api/equipment/brewhouses',
    makeEnvelope('brewhouse', { id: brewhouseId, name: 'Main', ...DEFAULT_BREWHOUSE_CONSTANTS }),
  )
  const fermenterId = crypto.randomUUID()
  await api(
    page,
    'POST',
    '/api/equipment/vessels',
    makeEnvelope('vessel', {
      id: fermenterId,
      name: 'FV-1',
      kind: 'fermenter',
      capacityBbl: 12,
      workingCapacityBbl: 11,
      state: 'dirty',
    }),
  )
  const batchId = crypto.randomUUID()
  await api(
    page,
    'POST',
    '/api/batches',
    makeEnvelope('batch', {
      id: batchId,
      productId,
      recipeId: recipe.id,
      brewhouseId,
      plannedBrewDate: '2026-12-01',
      targetVolume: { quantity: 10, unit: 'BBL' },
    }),
  )
  await api(page, 'POST', `/api/batches/${batchId}/brew-day`, makeEnvelope('batch', {}))
  await api(
    page,
    'POST',
    `/api/batches/${batchId}/brew-day/finish`,
    makeEnvelope('batch', { fermenterId, acceptCleaningWarning: true }),
  )
  await api(
    page,
    'POST',
    '/api/cellar/packaging-runs',
    makeEnvelope('liquid-event', {
      id: crypto.randomUUID(),
      fromVesselId: fermenterId,
      lines: [{ id: crypto.randomUUID(), packageId, units: 6, barrelsPerUnit: 1 / 6 }],
    }),
  )
  // Sales: the keg's deposit $30.00, a price, a customer and a dispatched order of 2 kegs.
  await api(
    page,
    'PUT',
    '/api/sales/settings',
    makeEnvelope('sales', {
      taxRateBasisPoints: 0,
      invoicePrefix: 'INV-',
      deposits: [{ packageTypeId: type.packageTypeId, depositCents: 3000 }],
    }),
  )
  await api(
    page,
    'POST',
    '/api/sales/price-lists',
    makeEnvelope('sales', {
      id: crypto.randomUUID(),
      name: 'Wholesale',
      isDefault: true,
      prices: [{ packageId, minQuantity: 1, unitPriceCents: 8999 }],
    }),
  )
  const customerId = crypto.randomUUID()
  await api(
    page,
    'POST',
    '/api/sales/customers',
    makeEnvelope('sales', { id: customerId, name: 'Oak Bar', kind: 'bar' }),
  )
  const orderId = crypto.randomUUID()
  await api(
    page,
    'POST',
    '/api/sales/orders',
    makeEnvelope('sales', {
      id: orderId,
      customerId,
      lines: [{ id: crypto.randomUUID(), packageId, quantity: 2 }],
    }),
  )
  for (const step of ['confirm', 'pick', 'dispatch'])
    await api(
      page,
      'POST',
      `/api/sales/orders/${orderId}/${step}`,
      makeEnvelope('sales', step === 'dispatch' ? { dispatchedAt: null } : {}),
    )
  const order = (await api(page, 'GET', `/api/sales/orders/${orderId}`)) as {
    number: string
    invoiceId: string
  }
  const invoice = (await api(page, 'GET', `/api/sales/invoices/${order.invoiceId}`)) as {
    depositCents: number
  }
  return { order, invoice }
}

test('kegs: added, labelled, filled from a run, shipped on an order with its deposits, one returned, a refill at the customer refused', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await setUpNewBrewery(page, 'Kit')
  const { order, invoice } = await seedPackageRunAndOrder(page)
  // The invoice carries two deposits: 2 × $30.00.
  expect(invoice.depositCents).toBe(6000)

  await page.goto('/secure/inventory')
  await page.getByRole('link', { name: 'Kegs', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kegs' })).toBeVisible()
  await page.getByRole('button', { name: 'Add Kegs' }).click()
  const add = page.getByRole('dialog', { name: 'Add Kegs' })
  await add.getByLabel('How many').fill('3')
  await add.getByLabel('Size').selectOption('1/6 BBL')
  await add.getByLabel('Cost per keg').fill('120')
  await add.getByRole('button', { name: 'Add Kegs' }).click()
  const register = page.getByRole('region', { name: 'Register' })
  for (const n of ['K-0001', 'K-0002', 'K-0003'])
    await expect(register.getByRole('link', { name: n })).toBeVisible()
  await expectAccessible(page, 'kegs page')

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Print Labels' }).click()
  const pdf = await download
  expect(pdf.suggestedFilename()).toBe('keg-labels-K-0001-K-0003.pdf')

  // The Scan screen: fill the three from the package run, typed numbers.
  await page.getByRole('link', { name: 'Scan' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Scan kegs' })).toBeVisible()
  const runSelect = page.getByLabel('Package run')
  await expect(runSelect.locator('option', { hasText: 'Keg Pale' })).toHaveCount(1)
  await runSelect.selectOption({ index: 1 })
  const number = page.getByLabel('Keg number')
  const scanStatus = page.getByRole('status').filter({ hasText: 'recorded' })
  for (const n of ['K-0001', 'K-0002', 'K-0003']) {
    await number.fill(n)
    await number.press('Enter')
  }
  await expect(scanStatus).toContainText('3 kegs recorded')
  await expectAccessible(page, 'scan screen')

  // Ship two on the order.
  await page.getByRole('button', { name: 'Shipped' }).click()
  await page.getByLabel('Order').selectOption({ index: 1 })
  for (const n of ['K-0001', 'K-0002']) {
    await number.fill(n)
    await number.press('Enter')
  }
  await expect(scanStatus).toContainText('5 kegs recorded')
  // One comes back.
  await page.getByRole('button', { name: 'Returned' }).click()
  await number.fill('K-0001')
  await number.press('Enter')
  await expect(scanStatus).toContainText('6 kegs recorded')
  // Filling the keg still at the customer is refused, naming the customer.
  await page.getByRole('button', { name: 'Filled' }).click()
  await number.fill('K-0002')
  await number.press('Enter')
  await expect(scanStatus).toContainText(
    /Keg K-0002 is at Oak Bar \(since .+\): it must come back before it is filled\./,
  )

  await page.getByRole('link', { name: 'Kegs', exact: true }).click()
  const customers = page.getByRole('region', { name: 'At customers' })
  await expect(customers.getByText(/Oak Bar: 1 keg/)).toContainText('deposits held $30.00')
  // Each keg filled shows its batch number.
  const batchCells = register.getByRole('row').filter({ hasText: /K-000[23]/ })
  await expect(batchCells).toHaveCount(2)
  await expect(batchCells.first()).toContainText(/\d{4}-\d{3}/)

  // The deposit is credited on the invoice that charged it: credit note CN-00001 of $30.00 (ADR 350).
  const credited = (await api(page, 'GET', `/api/sales/invoices/${order.invoiceId}`)) as {
    creditedCents: number
    creditNotes: { number: string; depositCents: number }[]
  }
  expect(credited.creditedCents).toBe(3000)
  expect(credited.creditNotes.map((n) => [n.number, n.depositCents])).toEqual([['CN-00001', 3000]])

  await register.getByRole('link', { name: 'K-0001' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Keg K-0001' })).toBeVisible()
  const history = page.getByRole('region', { name: 'History' })
  await expect(history).toContainText('deposit credited $30.00 on CN-00001')
  await expect(page.getByRole('region', { name: 'Trace' })).toContainText(`to Oak Bar (${order.number})`)
  await expectAccessible(page, 'keg page')

  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 })
  await expectAccessible(page, 'keg page at 390 px')
  await page.goto('/secure/inventory/kegs')
  await expect(page.getByRole('heading', { level: 1, name: 'Kegs' })).toBeVisible()
  await expectAccessible(page, 'kegs page at 390 px')
  await page.goto('/secure/inventory/kegs/scan')
  await expect(page.getByRole('heading', { level: 1, name: 'Scan kegs' })).toBeVisible()
  await expectAccessible(page, 'scan screen at 390 px')
})

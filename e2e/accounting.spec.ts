import { DEFAULT_BREWHOUSE_CONSTANTS, makeEnvelope, newRecipe } from '@brewcommand/domain'
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './support/accessibility.ts'
import { fakes } from './support/accounting-fakes.ts'
import { setUpNewBrewery } from './support/onboarding.ts'
import { api, type ApiAnswer as Api } from './support/api.ts'

// Accounting (issue 38): connect to the fake QuickBooks Online (then, in a second brewery, the fake Xero) through
// Settings → Integrations and the OAuth callback page, keep the suggested mapping, dispatch an order (its invoice is
// issued), see the invoice and the customer in the fake once — even after a forced Retry — pay it in the fake, and
// see the invoice Paid here. A forged state on the callback page is refused in a sentence; Disconnect asks first.
// The fakes run beside the e2e server (support/accounting-fakes.ts); product, stock and order are set up through the
// API. The order: 2 kegs at $89.99 with a $30.00 deposit each and no tax: 179.98 + 60.00 = $239.98.

const TOTAL_DOLLARS = 239.98

const ok = (response: Api, status: number) =>
  expect(response.status, JSON.stringify(response.body)).toBe(status)

/** Six half-barrel kegs packaged, prices and deposits set, a customer, and an order of 2 picked (not dispatched). */
async function seedPickedOrder(page: Page, tag: string) {
  const productId = crypto.randomUUID()
  const recipe = { ...newRecipe(productId), yield: { quantity: 10, unit: 'BBL' } }
  ok(
    await api(
      page,
      'POST',
      '/api/products',
      makeEnvelope('product', {
        id: productId,
        name: `Ledger Pale ${tag}`,
        description: '',
        recipes: [recipe],
      }),
    ),
    201,
  )
  const bootstrap = await api(page, 'GET', '/api/users/bootstrap')
  const type = (
    bootstrap.body.data as {
      entities: { packagingTypes: { packageTypeId: string; packageType: string }[] }[]
    }
  ).entities[0].packagingTypes.find((candidate) => candidate.packageType === '1/2 BBL Keg')!
  const packageId = crypto.randomUUID()
  ok(
    await api(
      page,
      'POST',
      `/api/products/${productId}/packages`,
      makeEnvelope('product:package', {
        id: packageId,
        type: type.packageType,
        typeId: type.packageTypeId,
        sku: `LP-${tag}`,
        upc: '',
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
  const fermenterId = crypto.randomUUID()
  ok(
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
        state: 'clean',
      }),
    ),
    201,
  )
  const batchId = crypto.randomUUID()
  ok(
    await api(
      page,
      'POST',
      '/api/batches',
      makeEnvelope('batch', {
        id: batchId,
        productId,
        recipeId: recipe.id,
        brewhouseId,
        plannedBrewDate: new Date().toISOString().slice(0, 10),
        targetVolume: { quantity: 10, unit: 'BBL' },
      }),
    ),
    201,
  )
  ok(await api(page, 'POST', `/api/batches/${batchId}/brew-day`, makeEnvelope('batch', {})), 201)
  ok(
    await api(
      page,
      'POST',
      `/api/batches/${batchId}/brew-day/finish`,
      makeEnvelope('batch', { fermenterId, acceptCleaningWarning: true }),
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
        fromVesselId: fermenterId,
        lines: [{ id: crypto.randomUUID(), packageId, units: 6 }],
      }),
    ),
    201,
  )
  ok(
    await api(
      page,
      'PUT',
      '/api/sales/settings',
      makeEnvelope('sales', {
        taxRateBasisPoints: 0,
        invoicePrefix: `${tag}-`,
        deposits: [{ packageTypeId: type.packageTypeId, depositCents: 3000 }],
      }),
    ),
    200,
  )
  ok(
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
    ),
    201,
  )
  const customerName = `Ledger Tap Room ${tag}`
  const customerId = crypto.randomUUID()
  ok(
    await api(
      page,
      'POST',
      '/api/sales/customers',
      makeEnvelope('sales', {
        id: customerId,
        name: customerName,
        kind: 'bar',
        contacts: [{ name: 'Robin Ledger', email: 'robin@ledger.example', phone: '' }],
      }),
    ),
    201,
  )
  const orderId = crypto.randomUUID()
  const made = await api(
    page,
    'POST',
    '/api/sales/orders',
    makeEnvelope('sales', {
      id: orderId,
      customerId,
      lines: [{ id: crypto.randomUUID(), packageId, quantity: 2 }],
    }),
  )
  ok(made, 201)
  for (const step of ['confirm', 'pick'])
    ok(await api(page, 'POST', `/api/sales/orders/${orderId}/${step}`, makeEnvelope('sales', {})), 200)
  return { orderNumber: (made.body.data as { number: string }).number, orderId, customerName }
}

type SyncEntry = { id: string; kind: string; label: string; outcome: string; at: string }
const syncLog = async (page: Page) => (await api(page, 'GET', '/api/accounting/log')).body.data as SyncEntry[]

const PROVIDERS = [
  {
    name: 'quickbooks',
    label: 'QuickBooks Online',
    company: 'Sandbox Company_US_1',
    /** The fake's invoices and customers of this brewery (by our invoice number and customer name). */
    async records(invoiceNumber: string, customerName: string) {
      const store = await fakes<Record<string, Record<string, unknown>[]>>('GET', '/quickbooks')
      return {
        invoices: store.Invoice.filter((row) => row.DocNumber === invoiceNumber),
        customers: store.Customer.filter((row) => row.DisplayName === customerName),
        invoiceId: (row: Record<string, unknown>) => String(row.Id),
      }
    },
  },
  {
    name: 'xero',
    label: 'Xero',
    company: 'Demo Company (US)',
    async records(invoiceNumber: string, customerName: string) {
      const store = await fakes<Record<string, Record<string, unknown>[]>>('GET', '/xero')
      return {
        invoices: store.Invoices.filter((row) => row.InvoiceNumber === invoiceNumber),
        customers: store.Contacts.filter((row) => row.Name === customerName),
        invoiceId: (row: Record<string, unknown>) => String(row.InvoiceID),
      }
    },
  },
] as const

for (const provider of PROVIDERS) {
  test(`accounting with ${provider.label}: connect, map, an invoice and its customer sent once, paid there and Paid here`, async ({
    page,
  }) => {
    test.setTimeout(240_000)
    await setUpNewBrewery(page, provider.name === 'quickbooks' ? 'Quinn' : 'Xavi')
    const tag = `${provider.name === 'quickbooks' ? 'QB' : 'XR'}${Date.now().toString(36).slice(-5).toUpperCase()}`
    const { orderNumber, customerName } = await seedPickedOrder(page, tag)

    // Not connected: Connect for both, and the CSV downloads.
    await page.goto('/secure/settings')
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Integrations' })
      .click()
    await expect(page.getByRole('heading', { name: 'Integrations' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Download CSV' })).toBeVisible()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: `Download customers CSV for ${provider.label}` }).click()
    expect((await download).suggestedFilename()).toMatch(/\.csv$/)
    await expectAccessible(page, `integrations, not connected (${provider.label})`)

    // A forged state is refused in a sentence.
    await page.goto(
      `/secure/settings/integrations/callback/${provider.name}?code=forged-code&state=forged-state`,
    )
    await expect(page.getByRole('alert')).toContainText('This connection request is not valid')
    await expectAccessible(page, 'callback with a forged state')

    // Connect: the fake's consent page answers at once and sends the browser back to the callback page.
    await page.getByRole('link', { name: 'Back to Integrations' }).click()
    await page.getByRole('button', { name: `Connect ${provider.label}` }).click()
    await expect(
      page.getByRole('status').filter({ hasText: `Connected to ${provider.label}` }),
    ).toContainText(provider.company, { timeout: 20_000 })
    await expectAccessible(page, `callback, connected to ${provider.label}`)
    await page.getByRole('link', { name: 'Back to Integrations' }).click()
    const connection = page.getByRole('region', { name: `Connected to ${provider.label}` })
    await expect(connection).toContainText(provider.company)

    // Mapping: the chart read from the fake, the suggested accounts chosen; saved as they are.
    const income = page.getByLabel('Beer sales (income)')
    await expect(income.locator('option:checked')).toHaveText(/Sales/)
    await expect(page.getByLabel('Bank account for payments').locator('option:checked')).not.toHaveText(
      'Not mapped',
    )
    await page.getByRole('button', { name: 'Save mapping' }).click()
    await expect(page.getByText('Mapping saved.')).toBeVisible()
    await expectAccessible(page, `integrations, connected to ${provider.label}`)

    // Dispatch the order on the Sales page: its invoice is issued, and sent on the job queue.
    await page.goto('/secure/sales/orders')
    const order = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: new RegExp(`^${orderNumber} `) }) })
    await order.getByRole('button', { name: 'Dispatch' }).click()
    await expect(order.getByRole('button', { name: 'Delivered' })).toBeVisible({ timeout: 20_000 })
    await expectAccessible(page, 'sales orders, dispatched')
    const invoices = (await api(page, 'GET', '/api/sales/invoices')).body.data as {
      number: string
      orderId: string | null
      totalCents: number
    }[]
    const invoice = invoices.find((candidate) => candidate.number.startsWith(`${tag}-`))!
    expect(invoice.totalCents).toBe(Math.round(TOTAL_DOLLARS * 100))

    // The sync log shows the invoice sent (live: the page reads it again on its own).
    await page.goto('/secure/settings/integrations')
    const log = page.getByRole('list', { name: 'Sync log entries' })
    const invoiceLine = log.getByRole('listitem').filter({ hasText: `Invoice ${invoice.number}` })
    await expect(invoiceLine).toContainText(`Sent to ${provider.label}`, { timeout: 60_000 })
    // The customer went with its first invoice.
    let records = await provider.records(invoice.number, customerName)
    expect(records.invoices).toHaveLength(1)
    expect(records.customers).toHaveLength(1)

    // A forced retry updates the same records: still one invoice and one customer in the fake.
    const before = (await syncLog(page)).find((entry) => entry.label === `Invoice ${invoice.number}`)!
    await invoiceLine.getByRole('button', { name: `Retry Invoice ${invoice.number}` }).click()
    await expect(page.getByText(`Invoice ${invoice.number}: sending again.`)).toBeVisible()
    await expect
      .poll(async () => (await syncLog(page)).find((entry) => entry.id === before.id)?.at !== before.at, {
        timeout: 60_000,
      })
      .toBe(true)
    records = await provider.records(invoice.number, customerName)
    expect(records.invoices).toHaveLength(1)
    expect(records.customers).toHaveLength(1)

    // The bookkeeper enters the payment in the accounting system; Sync now reads it.
    await fakes('POST', `/${provider.name}/pay`, {
      invoiceId: records.invoiceId(records.invoices[0]),
      amount: TOTAL_DOLLARS,
    })
    await page.getByRole('button', { name: 'Sync now' }).click()
    await expect(
      log.getByRole('listitem').filter({ hasText: `Payment of invoice ${invoice.number}` }),
    ).toContainText(`Taken from ${provider.label}`, { timeout: 60_000 })

    // Paid here.
    await page.goto('/secure/sales/invoices')
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: new RegExp(`^${invoice.number} `) }) })
    await expect(card.getByText('Paid', { exact: true })).toBeVisible()
    await expect(card).toContainText('Balance $0.00')
    await expectAccessible(page, `sales invoices, paid through ${provider.label}`)

    // The phone layout of the connected page.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/secure/settings/integrations')
    await expect(page.getByRole('heading', { name: 'Sync log' })).toBeVisible()
    await expectAccessible(page, `integrations on a phone (${provider.label})`)

    // Disconnect asks first, then the CSV downloads are back.
    await page.getByRole('button', { name: 'Disconnect' }).click()
    const confirm = page.getByRole('alertdialog', { name: `Disconnect ${provider.label}?` })
    await expectAccessible(page, 'disconnect confirmation on a phone')
    await confirm.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('heading', { name: 'Download CSV' })).toBeVisible()
    await expect(page.getByRole('button', { name: `Connect ${provider.label}` })).toBeVisible()
    await expectAccessible(page, `integrations on a phone, disconnected (${provider.label})`)
  })
}

import { DEFAULT_BREWHOUSE_CONSTANTS, makeEnvelope, newRecipe } from '@brewcommand/domain'
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './support/accessibility.ts'
import { setUpNewBrewery } from './support/onboarding.ts'

/** One API call with the signed-in page's own token (the set-up a person would make through other screens). */
async function api(page: Page, method: 'POST' | 'GET', url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))
      const { access_token: token } = JSON.parse(localStorage.getItem(key!)!) as { access_token: string }
      const response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    },
    { method, url, body },
  )
}

/** What an iSpindel posts with its generic HTTP service. */
const ISPINDEL = {
  name: 'iSpindel000',
  ID: 1234567,
  token: '',
  angle: 64.5,
  temperature: 19.5,
  temp_units: 'C',
  battery: 4.07,
  gravity: 1.045,
  interval: 900,
  RSSI: -72,
}

test('the cellar: a device on a fermenter posts, the tank card and chart show it; transfer, package, the yield reconciles', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await setUpNewBrewery(page, 'Cora')

  // A batch in its fermenter, set up through the API as Plan Batch and brew day leave it (their own journeys
  // cover those screens): a product with kegs and cans, a brewhouse, FV-1 and BT-1, a batch brewed into FV-1.
  const productId = crypto.randomUUID()
  const recipe = {
    ...newRecipe(productId),
    yield: { quantity: 10, unit: 'BBL' },
    originalGravity: 1.05,
    finalGravity: 1.012,
    yeast: {
      type: 'ale',
      id: 'fermentis-safale-us-05',
      name: 'SafAle US-05',
      attenuation: 78,
      flocculation: 'Medium',
    },
  }
  const product = await api(
    page,
    'POST',
    '/api/products',
    makeEnvelope('product', { id: productId, name: 'Cellar Pale', description: '', recipes: [recipe] }),
  )
  expect(product.status, JSON.stringify(product.body)).toBe(201)
  const bootstrap = await api(page, 'GET', '/api/users/bootstrap')
  const types = (
    bootstrap.body.data as {
      entities: { packagingTypes: { packageTypeId: string; packageType: string }[] }[]
    }
  ).entities[0].packagingTypes
  for (const [packageType, sku] of [
    ['1/2 BBL Keg', 'CP-K2'],
    ['16oz Cans', 'CP-16'],
  ]) {
    const type = types.find((candidate) => candidate.packageType === packageType)!
    const created = await api(
      page,
      'POST',
      `/api/products/${productId}/packages`,
      makeEnvelope('product:package', {
        id: crypto.randomUUID(),
        type: packageType,
        typeId: type.packageTypeId,
        sku,
        upc: '',
      }),
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
  }
  const brewhouseId = crypto.randomUUID()
  expect(
    (
      await api(
        page,
        'POST',
        '/api/equipment/brewhouses',
        makeEnvelope('brewhouse', { id: brewhouseId, name: 'Main', ...DEFAULT_BREWHOUSE_CONSTANTS }),
      )
    ).status,
  ).toBe(201)
  const fermenterId = crypto.randomUUID()
  for (const [id, name, kind] of [
    [fermenterId, 'FV-1', 'fermenter'],
    [crypto.randomUUID(), 'BT-1', 'brite-tank'],
  ]) {
    const vessel = await api(
      page,
      'POST',
      '/api/equipment/vessels',
      // Dirty: never cleaned (a vessel set Sanitised would record a cleaning, ADR 253, and fill without warning).
      makeEnvelope('vessel', { id, name, kind, capacityBbl: 12, workingCapacityBbl: 11, state: 'dirty' }),
    )
    expect(vessel.status, JSON.stringify(vessel.body)).toBe(201)
  }
  const batchId = crypto.randomUUID()
  const batch = await api(
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
  expect(batch.status, JSON.stringify(batch.body)).toBe(201)
  expect(
    (await api(page, 'POST', `/api/batches/${batchId}/brew-day`, makeEnvelope('batch', {}))).status,
  ).toBe(201)
  const finished = await api(
    page,
    'POST',
    `/api/batches/${batchId}/brew-day/finish`,
    // FV-1 has no cleaning log yet: the brewer accepts the warning (the cellar's own fills are below).
    makeEnvelope('batch', { fermenterId, acceptCleaningWarning: true }),
  )
  expect(finished.status, JSON.stringify(finished.body)).toBe(200)

  // Settings → Devices: register an iSpindel on FV-1; its address is shown once.
  await page.goto('/secure/settings/devices')
  await page.getByRole('button', { name: 'Add Device' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Device' })
  await dialog.getByLabel('Name').fill('iSpindel FV-1')
  await dialog.getByLabel('Kind').selectOption({ label: 'iSpindel' })
  await dialog.getByLabel('Vessel').selectOption({ label: 'FV-1' })
  await dialog.getByRole('button', { name: 'Add Device' }).click()
  const address = (await page.getByTestId('ingest-address').textContent()) ?? ''
  expect(address).toMatch(/\/api\/ingest\/[A-Za-z0-9_-]{43}$/)
  await expect(page.getByText('iSpindel FV-1')).toBeVisible()
  await expectAccessible(page, 'settings devices')

  // The iSpindel posts to its address (once the registration reached the server).
  let posted = 0
  await expect
    .poll(async () => {
      const response = await page.request.post(address, { data: ISPINDEL })
      posted = response.status()
      return posted
    })
    .toBe(201)

  // The tank card shows it, live.
  await page.goto('/secure/operations/cellar')
  const fv1 = page.getByRole('button', { name: /^FV-1 / })
  await expect(fv1).toContainText('1.045')
  await expect(fv1).toContainText('67.1 °F')
  await expect(fv1).toContainText('Day 1')
  await expectAccessible(page, 'cellar tank board')

  // The chart and the readings of the batch.
  await fv1.click()
  const sheet = page.getByRole('dialog', { name: 'FV-1' })
  await expect(sheet.getByRole('figure', { name: /Gravity and temperature of batch/ })).toBeVisible()
  await expect(sheet.getByRole('cell', { name: '1.045' })).toBeVisible()

  // Transfer 9.5 bbl to the brite tank (not cleaned within 24 h: warned, accepted), and lose the rest as trub.
  await sheet.getByRole('button', { name: 'Transfer' }).click()
  const transfer = page.getByRole('dialog', { name: 'Transfer: FV-1' })
  await transfer.getByLabel('To vessel').selectOption({ label: 'BT-1' })
  await transfer.getByLabel('Volume').fill('9.5')
  await expect(transfer.getByText('BT-1 was not cleaned in the last 24 hours')).toBeVisible()
  await transfer.getByLabel('Fill it anyway').check()
  await transfer.getByRole('button', { name: 'Save' }).click()
  await expect(transfer).toBeHidden()
  await expect(page.getByText('Saving…')).toHaveCount(0)
  await expect(sheet.getByText('0.50 bbl').first()).toBeVisible()
  await sheet.getByRole('button', { name: 'Loss' }).click()
  const loss = page.getByRole('dialog', { name: 'Loss: FV-1' })
  await loss.getByLabel('Volume').fill('0.5')
  await loss.getByLabel('Reason').fill('Trub and yeast')
  await loss.getByRole('button', { name: 'Save' }).click()
  await expect(loss).toBeHidden()
  await page.keyboard.press('Escape')

  // Package from BT-1: 10 half-barrel kegs and 1000 cans.
  await page.getByRole('button', { name: /^BT-1 / }).click()
  const brite = page.getByRole('dialog', { name: 'BT-1' })
  await brite.getByRole('button', { name: 'Package' }).click()
  const pack = page.getByRole('dialog', { name: 'Package: BT-1' })
  await pack.getByLabel(/1\/2 BBL Keg/).fill('10')
  await pack.getByLabel(/16oz Cans/).fill('1000')
  await pack.getByRole('button', { name: 'Package' }).click()
  await expect(pack).toBeHidden()
  await expect(page.getByText('Saving…')).toHaveCount(0)

  // The batch's yield reconciles: 10 in, 9.03 packaged, 0.50 lost, 0.47 still in BT-1.
  await page.goto(`/secure/operations/cellar/batches/${batchId}`)
  const yieldList = page.getByRole('definition')
  await expect(page.getByText('Reconciles to 0.01 bbl')).toBeVisible()
  await expect(yieldList.filter({ hasText: '9.03 bbl' })).toBeVisible()
  await expect(yieldList.filter({ hasText: '0.47 bbl' })).toBeVisible()
  const read = await api(page, 'GET', `/api/cellar/batches/${batchId}`)
  expect((read.body.data as { yield: unknown }).yield).toMatchObject({
    intoFermenterBbl: 10,
    packagedBbl: 9.03226,
    lostBbl: 0.5,
    inVesselsBbl: 0.46774,
    reconciles: true,
  })
  await expectAccessible(page, 'cellar batch')
})

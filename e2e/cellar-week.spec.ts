import { DEFAULT_BREWHOUSE_CONSTANTS, makeEnvelope, newRecipe } from '@brewcommand/domain'
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './support/accessibility.ts'
import { onboardNewBrewery } from './support/onboarding.ts'

// A real week in a brewery (issue 34): two batches planned — the first booked, the second told which batch
// holds the brite tank —, the first brewed, transferred and packaged with Empty the tank, both tanks shown
// empty, the batch completed by its ledger, and the brite tank free for the second batch's booking.

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

const today = () => new Date().toISOString().slice(0, 10)
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)

test('a week in the cellar: plan two batches, brew, transfer and package with Empty the tank, the brite tank is free for the second', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await onboardNewBrewery(page, 'Wren')

  // Set-up through the API (their own journeys cover those screens): a product with half-barrel kegs, a
  // brewhouse, FV-1, FV-2 and BT-1 (never cleaned: Dirty).
  const productId = crypto.randomUUID()
  const recipe = { ...newRecipe(productId), yield: { quantity: 10, unit: 'BBL' } }
  const product = await api(
    page,
    'POST',
    '/api/products',
    makeEnvelope('product', { id: productId, name: 'Week Pale', description: '', recipes: [recipe] }),
  )
  expect(product.status, JSON.stringify(product.body)).toBe(201)
  const bootstrap = await api(page, 'GET', '/api/users/bootstrap')
  const types = (
    bootstrap.body.data as {
      entities: { packagingTypes: { packageTypeId: string; packageType: string }[] }[]
    }
  ).entities[0].packagingTypes
  const keg = types.find((candidate) => candidate.packageType === '1/2 BBL Keg')!
  const created = await api(
    page,
    'POST',
    `/api/products/${productId}/packages`,
    makeEnvelope('product:package', {
      id: crypto.randomUUID(),
      type: keg.packageType,
      typeId: keg.packageTypeId,
      sku: 'WP-K2',
      upc: '',
    }),
  )
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const brewhouseId = crypto.randomUUID()
  const brewhouse = await api(
    page,
    'POST',
    '/api/equipment/brewhouses',
    makeEnvelope('brewhouse', { id: brewhouseId, name: 'Main', ...DEFAULT_BREWHOUSE_CONSTANTS }),
  )
  expect(brewhouse.status, JSON.stringify(brewhouse.body)).toBe(201)
  const fv1 = crypto.randomUUID()
  for (const [id, name, kind] of [
    [fv1, 'FV-1', 'fermenter'],
    [crypto.randomUUID(), 'FV-2', 'fermenter'],
    [crypto.randomUUID(), 'BT-1', 'brite-tank'],
  ]) {
    const vessel = await api(
      page,
      'POST',
      '/api/equipment/vessels',
      makeEnvelope('vessel', { id, name, kind, capacityBbl: 12, workingCapacityBbl: 11, state: 'dirty' }),
    )
    expect(vessel.status, JSON.stringify(vessel.body)).toBe(201)
  }

  // Two batches planned: the first is booked into FV-1 and BT-1; the second would need BT-1 too.
  const plan = async (date: string) => {
    const id = crypto.randomUUID()
    const planned = await api(
      page,
      'POST',
      '/api/batches',
      makeEnvelope('batch', {
        id,
        productId,
        recipeId: recipe.id,
        brewhouseId,
        plannedBrewDate: date,
        targetVolume: { quantity: 10, unit: 'BBL' },
      }),
    )
    expect(planned.status, JSON.stringify(planned.body)).toBe(201)
    return { id, number: (planned.body.data as { number: string }).number }
  }
  const first = await plan(today())
  const second = await plan(tomorrow())

  await page.goto(`/secure/operations/batches/${first.id}`)
  await expect(page.getByText('Fermentation in FV-1')).toBeVisible()
  await expect(page.getByText('Conditioning in BT-1')).toBeVisible()
  await page.goto(`/secure/operations/batches/${second.id}`)
  await expect(page.getByText(`Batch ${second.number} is not booked yet.`)).toContainText(
    `BT-1 is booked for batch ${first.number}`,
  )
  await expectAccessible(page, 'batch not booked')

  // The first is brewed into FV-1 (brew day's own journey covers its screen).
  expect(
    (await api(page, 'POST', `/api/batches/${first.id}/brew-day`, makeEnvelope('batch', {}))).status,
  ).toBe(201)
  const finished = await api(
    page,
    'POST',
    `/api/batches/${first.id}/brew-day/finish`,
    makeEnvelope('batch', { fermenterId: fv1, acceptCleaningWarning: true }),
  )
  expect(finished.status, JSON.stringify(finished.body)).toBe(200)

  // Transfer 9.6 bbl to BT-1 and empty FV-1: the 0.40 left is a loss.
  await page.goto('/secure/operations/cellar')
  await page.getByRole('button', { name: /^FV-1 / }).click()
  const sheet = page.getByRole('dialog', { name: 'FV-1' })
  await sheet.getByRole('button', { name: 'Transfer' }).click()
  const transfer = page.getByRole('dialog', { name: 'Transfer: FV-1' })
  await transfer.getByLabel('To vessel').selectOption({ label: 'BT-1' })
  await transfer.getByLabel('Volume').fill('9.6')
  await transfer.getByLabel('Fill it anyway').check()
  await transfer.getByLabel('Empty the tank').check()
  await expect(
    transfer.getByText('The rest, 0.40 bbl, is booked as a loss and the tank is empty.'),
  ).toBeVisible()
  await transfer.getByLabel('Reason for the rest').fill('Yeast cake')
  await transfer.getByRole('button', { name: 'Save' }).click()
  await expect(transfer).toBeHidden()
  await expect(page.getByText('Saving…')).toHaveCount(0)
  await page.keyboard.press('Escape')
  const fvCard = page.getByRole('button', { name: /^FV-1 / })
  await expect(fvCard).toContainText('Dirty')
  await expect(fvCard).toContainText('Empty')

  // Package 18 kegs (9 bbl) from BT-1 and empty it: the 0.60 left is a loss; the batch is completed.
  await page.getByRole('button', { name: /^BT-1 / }).click()
  const brite = page.getByRole('dialog', { name: 'BT-1' })
  await brite.getByRole('button', { name: 'Package' }).click()
  const pack = page.getByRole('dialog', { name: 'Package: BT-1' })
  await pack.getByLabel(/1\/2 BBL Keg/).fill('18')
  await pack.getByLabel('Empty the tank').check()
  await expect(pack.getByText('The rest, 0.60 bbl, is booked as a loss and the tank is empty.')).toBeVisible()
  await pack.getByLabel('Reason for the rest').fill('Below the outlet')
  await pack.getByRole('button', { name: 'Package' }).click()
  await expect(pack).toBeHidden()
  await expect(page.getByText('Saving…')).toHaveCount(0)
  await page.keyboard.press('Escape')
  const btCard = page.getByRole('button', { name: /^BT-1 / })
  await expect(btCard).toContainText('Dirty')
  await expect(btCard).toContainText('Empty')
  await expectAccessible(page, 'cellar after the week')

  // The first batch is completed; its bookings ended today, so BT-1 is free for the second.
  await page.goto(`/secure/operations/batches/${first.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Completed')
  const booked = await api(
    page,
    'POST',
    `/api/schedule/batches/${second.id}/book`,
    makeEnvelope('schedule', {}),
  )
  expect(booked.status, JSON.stringify(booked.body)).toBe(201)
  await page.goto(`/secure/operations/batches/${second.id}`)
  await expect(page.getByText('Conditioning in BT-1')).toBeVisible()
  await expectAccessible(page, 'batch booked')
})

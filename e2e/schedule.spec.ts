import {
  DEFAULT_BREWHOUSE_CONSTANTS,
  makeEnvelope,
  newRecipe,
  YEASTS,
  type EnvelopeType,
  type Recipe,
} from '@brewcommand/domain'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectAccessible } from './support/accessibility.ts'
import { setUpNewBrewery } from './support/onboarding.ts'

const DAY_MS = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** A write through the API with the signed-in person's own token (the records the schedule builds on). */
async function apiWrite(page: Page, path: string, type: EnvelopeType, data: object) {
  const status = await page.evaluate(
    async ({ path, body }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))
      const { access_token: token } = JSON.parse(localStorage.getItem(key!)!) as { access_token: string }
      const response = await fetch(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return response.status
    },
    { path, body: makeEnvelope(type, data) },
  )
  expect(status, `POST ${path}`).toBe(201)
}

/** Drags `bar` by `days` columns and onto the row `to`, with the pointer, as a person does. */
async function drag(page: Page, bar: Locator, to: Locator, days: number, dayWidth: number) {
  const from = (await bar.boundingBox())!
  const row = (await to.boundingBox())!
  const x = from.x + 12
  const y = from.y + from.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + 10, y + 5, { steps: 3 })
  await page.mouse.move(x + days * dayWidth, row.y + row.height / 2, { steps: 10 })
  await page.mouse.up()
}

test('a Manager plans two batches into one fermenter, is refused the overlap naming the first, and drags the second to free days; a second browser sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  await setUpNewBrewery(page, 'Sam')

  // Equipment and a kveik recipe (7 days in the fermenter, no brite tank here), through the API.
  const brewhouseId = crypto.randomUUID()
  await apiWrite(page, '/api/equipment/brewhouses', 'brewhouse', {
    id: brewhouseId,
    name: 'Ten barrel',
    ...DEFAULT_BREWHOUSE_CONSTANTS,
  })
  for (const name of ['FV1', 'FV2']) {
    await apiWrite(page, '/api/equipment/vessels', 'vessel', {
      id: crypto.randomUUID(),
      name,
      kind: 'fermenter',
      capacityBbl: 12,
      workingCapacityBbl: 10,
      state: 'clean',
    })
  }
  const productId = crypto.randomUUID()
  const kveik = YEASTS.find((yeast) => yeast.type === 'kveik')!
  const recipe: Recipe = {
    ...newRecipe(productId),
    yield: { quantity: 5, unit: 'BBL' },
    yeast: { ...kveik, flocculation: kveik.flocculation ?? 'Medium' },
  }
  await apiWrite(page, '/api/products', 'product', {
    id: productId,
    name: 'Farmhouse Kveik',
    description: '',
    recipes: [recipe],
  })

  // Plan Batch books each batch into the first free fermenter: the first in FV1 from this week's Monday, the
  // second (a day later, FV1 being taken) in FV2.
  const now = Date.now()
  const today = Math.floor(now / DAY_MS) * DAY_MS
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS
  for (const offset of [0, 1]) {
    await apiWrite(page, '/api/batches', 'batch', {
      id: crypto.randomUUID(),
      productId,
      recipeId: recipe.id,
      brewhouseId,
      plannedBrewDate: iso(monday + offset * DAY_MS),
      targetVolume: { quantity: 5, unit: 'BBL' },
    })
  }

  // Operations → Schedule.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Operations' }).click()
  await page.getByRole('link', { name: 'Schedule' }).click()
  await expect(page).toHaveURL(/\/secure\/operations\/schedule$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible()
  const fv1 = page.getByRole('listitem', { name: 'FV1' })
  const fv2 = page.getByRole('listitem', { name: 'FV2' })
  const first = fv1.getByRole('button', { name: /Fermentation of batch \d{4}-001/ })
  await expect(first).toBeVisible()
  const second = () => page.getByRole('button', { name: /Fermentation of batch \d{4}-002/ })
  await expect(fv2.getByRole('button', { name: /batch \d{4}-002/ })).toBeVisible()
  await expect(page.getByTestId('today-line')).toBeVisible()
  const firstNumber = /batch (\d{4}-001)/.exec((await first.getAttribute('aria-label'))!)![1]

  // The second browser: the same person on another device, with the schedule open.
  const otherContext = await browser.newContext({ storageState: await page.context().storageState() })
  const other = await otherContext.newPage()
  await other.goto('/secure/operations/schedule')
  await expect(
    other.getByRole('listitem', { name: 'FV2' }).getByRole('button', { name: /batch \d{4}-002/ }),
  ).toBeVisible()

  // Onto FV1 at the same days: the server refuses, naming the first batch, beside the bar, which returns.
  const dayWidth = 72
  const refused = page.waitForResponse(
    (r) => r.url().includes('/api/schedule/occupancies/') && r.request().method() === 'PUT',
  )
  await drag(page, second(), fv1, 0, dayWidth)
  expect((await refused).status()).toBe(409)
  const alert = page.getByRole('alert').filter({ hasText: `batch ${firstNumber}` })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('FV1 is booked for batch')
  await expect(fv2.getByRole('button', { name: /batch \d{4}-002/ })).toBeVisible()

  // Seven days later in FV1 (after the first batch and its cleaning time): stored, and shown on both screens.
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/schedule/occupancies/') && r.request().method() === 'PUT' && r.ok(),
  )
  await drag(page, second(), fv1, 7, dayWidth)
  await saved
  const moved = new RegExp(
    `batch \\d{4}-002 Farmhouse Kveik, ${iso(monday + 8 * DAY_MS)} to ${iso(monday + 15 * DAY_MS)}`,
  )
  await expect(fv1.getByRole('button', { name: moved })).toBeVisible()
  await expect(alert).toBeHidden()
  await expect(
    other.getByRole('listitem', { name: 'FV1' }).getByRole('button', { name: moved }),
  ).toBeVisible()
  await expect(other.getByRole('listitem', { name: 'FV2' }).getByRole('button')).toHaveCount(0)

  // The keyboard way: focus a bar, Enter opens its dialog with its dates.
  await first.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: new RegExp(`Booking of batch ${firstNumber}`) })
  await expect(dialog.getByLabel('Start')).toHaveValue(iso(monday))
  await expect(dialog.getByLabel('End')).toHaveValue(iso(monday + 7 * DAY_MS))
  await expectAccessible(page, 'Schedule booking dialog')
  await page.keyboard.press('Escape')
  await expectAccessible(page, 'Schedule')
  await otherContext.close()
})

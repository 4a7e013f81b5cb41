import { DEFAULT_BREWHOUSE_CONSTANTS, makeEnvelope, newRecipe } from '@brewcommand/domain'
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './support/accessibility.ts'
import { appCached, WITH_SERVICE_WORKER } from './support/offline.ts'
import { setUpNewBrewery } from './support/onboarding.ts'

test.use(WITH_SERVICE_WORKER)

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
      return { status: response.status, body: (await response.json()) as { data?: { id?: string } } }
    },
    { method, url, body },
  )
}

/** The countdown's seconds (`m:ss` or `h:mm:ss`). */
const seconds = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0)

test('a brewer brews a batch: timeline, countdown on every screen, alarm, OG and efficiency, into a fermenter', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  await setUpNewBrewery(page, 'Bea')

  // The recipe, the brewhouse and a fermenter are set up through the API (their screens are the equipment
  // journey's): a 60-minute mash with a mash hop, due the moment the mash starts.
  const productId = crypto.randomUUID()
  const recipe = {
    ...newRecipe(productId),
    yield: { quantity: 10, unit: 'BBL' },
    grainBill: [
      {
        id: crypto.randomUUID(),
        ingredient: { id: 'pale-malt', type: 'grain', name: 'Pale Malt', extractFgMin: 0.8, lovibond: 3 },
        amount: { value: 400, unit: 'Pounds' },
      },
    ],
    hopsBill: [
      {
        id: crypto.randomUUID(),
        ingredient: { id: 'saaz', type: 'hop', name: 'Saaz', alphaAcids: 4 },
        amount: { value: 1, unit: 'Pounds' },
        additionType: 'Mash',
        time: null,
      },
    ],
    process: [
      {
        id: crypto.randomUUID(),
        order: 1,
        type: 'infusion-mash',
        temperature: '152 F',
        durationMins: '60',
        targetpH: '',
        brewersNotes: '',
      },
    ],
    boilTime: 60,
  }
  const product = await api(
    page,
    'POST',
    '/api/products',
    makeEnvelope('product', { id: productId, name: 'Brew Day Pale', description: '', recipes: [recipe] }),
  )
  expect(product.status, JSON.stringify(product.body)).toBe(201)
  const brewhouseId = crypto.randomUUID()
  const brewhouse = await api(
    page,
    'POST',
    '/api/equipment/brewhouses',
    makeEnvelope('brewhouse', { id: brewhouseId, name: 'Main 10 bbl', ...DEFAULT_BREWHOUSE_CONSTANTS }),
  )
  expect(brewhouse.status, JSON.stringify(brewhouse.body)).toBe(201)
  const vessel = await api(
    page,
    'POST',
    '/api/equipment/vessels',
    makeEnvelope('vessel', {
      id: crypto.randomUUID(),
      name: 'FV-1',
      kind: 'fermenter',
      capacityBbl: 12,
      workingCapacityBbl: 10,
      // Never cleaned: Finish Brew Day warns (a vessel set Sanitised records a cleaning, ADR 253).
      state: 'dirty',
    }),
  )
  expect(vessel.status, JSON.stringify(vessel.body)).toBe(201)
  // Plan Batch from the recipe card of the product page, then the batch page's way to its brew day.
  await page.goto(`/secure/products/${productId}`)
  await page.getByRole('button', { name: 'Plan Batch' }).click()
  const plan = page.getByRole('dialog', { name: 'Plan Batch' })
  await expect(plan.getByLabel('Brewhouse')).toHaveValue(/.+/)
  await plan.getByLabel('Planned brew date').fill('2026-12-01')
  await plan.getByLabel('Target volume').fill('10')
  const planned = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/batches' && r.request().method() === 'POST' && r.ok(),
  )
  await plan.getByRole('button', { name: 'Plan Batch' }).click()
  // The batch's id is the browser's own (in the write it sent).
  const batchId = ((await planned).request().postDataJSON() as { data: { id: string } }).data.id
  await page.goto(`/secure/operations/batches/${batchId}`)
  // (Exactly: the product, "Brew Day Pale", is linked from the batch page too.)
  await page.getByRole('link', { name: 'Brew Day', exact: true }).click()

  // Brew day not started: the screen explains it and offers Start Brew Day.
  const url = `/secure/operations/batches/${batchId}/brew-day`
  await expect(page).toHaveURL(url)
  await expect(page.getByRole('heading', { level: 1, name: 'Brew Day' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Brew day has not started' })).toBeVisible()
  await page.getByRole('button', { name: 'Start Brew Day' }).click()

  // The timeline: heat the strike water, then the mash.
  await expect(page.getByText('Heat strike water', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Coming steps' })).toBeVisible()
  await page.getByRole('button', { name: 'Start', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Current step' })).toBeVisible()
  await page.getByRole('button', { name: 'Done', exact: true }).click()
  await expect(page.getByText('Single Infusion Mash', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Start', exact: true }).click()
  const countdown = page.getByTestId('countdown')
  await expect(countdown).toHaveText(/^(60:00|59:\d\d)$/)
  // Saved: the step's instant is the server's now.
  await expect(page.getByText('Saving…')).toHaveCount(0)

  // The mash hop falls due as the mash starts: the alarm rings until someone acknowledges it.
  const alarms = page.getByRole('alert').filter({ hasText: 'Alarms' })
  await expect(alarms.getByText('Add Saaz is due')).toBeVisible()
  await expectAccessible(page, 'brew day with an alarm')

  // A reload shows the same countdown (time is stored, never counted).
  const before = seconds((await countdown.textContent()) ?? '')
  const reloadedAt = Date.now()
  await page.reload()
  await expect(countdown).toBeVisible()
  const afterReload = seconds((await countdown.textContent()) ?? '')
  const elapsed = (Date.now() - reloadedAt) / 1000
  expect(Math.abs(before - elapsed - afterReload)).toBeLessThanOrEqual(2)

  // A second signed-in browser shows the same countdown and the same alarm.
  const second = await browser.newContext({ storageState: await page.context().storageState() })
  const other = await second.newPage()
  await other.goto(url)
  const otherCountdown = other.getByTestId('countdown')
  await expect(otherCountdown).toBeVisible()
  const [mine, theirs] = await Promise.all([countdown.textContent(), otherCountdown.textContent()])
  expect(Math.abs(seconds(mine ?? '') - seconds(theirs ?? ''))).toBeLessThanOrEqual(2)
  const otherAlarms = other.getByRole('alert').filter({ hasText: 'Alarms' })
  await expect(otherAlarms.getByText('Add Saaz is due')).toBeVisible()

  // Confirmed on the second browser (an addition has one action, its amount: ADR 262): the alarm stops on both,
  // with who and when.
  await other.getByRole('button', { name: 'Confirm addition: Add Saaz' }).click()
  await expect(other.getByText('Add Saaz is due')).toBeHidden()
  await expect(page.getByText('Add Saaz is due')).toBeHidden()
  await expect(page.getByText(/Add Saaz — .*done by Bea/)).toBeVisible()

  // +5 min on the mash moves its end on the other screen too.
  await page.getByRole('button', { name: '+5 min' }).click()
  await expect(otherCountdown).toHaveText(/^1:0[45]:\d\d$/)

  // The OG (hydrometer at 68 °F) and the volume into the fermenter: measured beside expected, the efficiency.
  const form = page.getByRole('form', { name: 'Record measurement' })
  await form.getByLabel('What was measured').selectOption({ label: 'Original Gravity' })
  await form.getByLabel('Reading').fill('1.040')
  await form.getByLabel('Sample temperature').fill('68')
  await form.getByRole('button', { name: 'Record measurement' }).click()
  await expect(page.getByText(/1\.04 SG at 68 °F → 1\.04\d/)).toBeVisible()
  await form.getByLabel('What was measured').selectOption({ label: 'Into the fermenter' })
  await form.getByLabel('Reading').fill('300')
  await form.getByRole('button', { name: 'Record measurement' }).click()
  await expect(page.getByText(/Brewhouse efficiency reached:\s*\d+(\.\d)? %/)).toBeVisible()
  await expect(other.getByText(/Brewhouse efficiency reached:\s*\d+(\.\d)? %/)).toBeVisible()

  // Into the fermenter: the batch is fermenting in FV-1.
  await page.getByLabel('Fermenter', { exact: true }).selectOption({ label: 'FV-1 (10.00 BBL)' })
  // FV-1 has no cleaning log: the warning must be accepted before it is filled.
  await expect(page.getByText('FV-1 was not sanitised in the last 4 hours')).toBeVisible()
  await page.getByRole('button', { name: 'Finish Brew Day' }).click()
  await expect(page.getByText('Accept the cleaning warning to fill this vessel')).toBeVisible()
  await page.getByRole('checkbox', { name: /Fill it anyway/ }).check()
  await page.getByRole('button', { name: 'Finish Brew Day' }).click()
  await expect(page.getByText(/Brew day finished at .*; the wort is in FV-1\./)).toBeVisible()
  await expect(other.getByText(/the wort is in FV-1\./)).toBeVisible()
  await expect(page.getByText('Saving…')).toHaveCount(0)
  const read = await api(page, 'GET', `/api/batches/${batchId}/brew-day`)
  expect(read.body.data).toMatchObject({ status: 'fermenting' })
  await second.close()

  // Loaded once, the screen opens offline from the app's cache and its kept copy.
  await appCached(page)
  await page.context().setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Brew Day' })).toBeVisible()
  await expect(page.getByText(/Offline: showing this brew day as last loaded/)).toBeVisible()
  await expect(page.getByText(/the wort is in FV-1\./)).toBeVisible()
  await page.context().setOffline(false)
})

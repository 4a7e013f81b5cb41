import { DEFAULT_BREWHOUSE_CONSTANTS, makeEnvelope, newRecipe } from '@brewcommand/domain'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectAccessible } from './accessibility.ts'
import { setUpNewBrewery } from './onboarding.ts'
import { api } from './api.ts'

// A real week in a brewery (issue 34), one journey for the desktop and the 390 px phone
// (e2e/cellar-week.spec.ts, e2e/cellar-week-phone.spec.ts): two batches planned through Operations → Plan
// Batch, the first booked and the second told which batch holds the brite tank, its booking refused in words
// with nothing left failed; the first brewed (brew day's own journey covers that screen), dry hopped with one
// tap on the dashboard and cold crashed with one tap in the cellar at the temperature the person sets,
// transferred and packaged with Empty the tank, both tanks shown empty, the batch completed by its ledger, and
// the brite tank free for the second batch's booking on the schedule.

export type Viewport = 'desktop' | 'phone'
export const PHONE = { width: 390, height: 844 } as const

/** One API call with the signed-in page's own token (the set-up a person would make through other screens). */
const today = () => new Date().toISOString().slice(0, 10)
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)

/**
 * A page of the journey as shown: the axe-core check (no serious or critical finding) and, on the phone, nothing
 * wider than the screen (no sideways scrolling, no button cut off at the right edge).
 */
export async function checkPage(page: Page, viewport: Viewport, name: string) {
  await expectAccessible(page, viewport === 'phone' ? `${name} at 390 px` : name)
  if (viewport !== 'phone') return
  await test.step(`fits 390 px: ${name}`, async () => {
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth
      const wide = [
        ...document.querySelectorAll<HTMLElement>('button, a, input, select, textarea, [role="alert"]'),
      ]
        .filter((element) => {
          const box = element.getBoundingClientRect()
          const hidden = box.width === 0 || getComputedStyle(element).visibility === 'hidden'
          // Inside a scroller that is meant to scroll (a wide table, the schedule's timeline) is fine.
          let parent = element.parentElement
          while (parent && parent !== document.body) {
            const style = getComputedStyle(parent)
            if (/(auto|scroll)/.test(style.overflowX) && parent.scrollWidth > parent.clientWidth) return false
            parent = parent.parentElement
          }
          return !hidden && (box.right > width + 1 || box.left < -1)
        })
        .map(
          (element) =>
            `${element.tagName.toLowerCase()} “${(element.textContent ?? '').trim().slice(0, 40)}”`,
        )
      return { scroll: document.documentElement.scrollWidth - width, wide }
    })
    expect.soft(overflow, `nothing wider than the 390 px screen on ${name}`).toEqual({ scroll: 0, wide: [] })
  })
}

/** A control a thumb hits: at least 44 px high on the phone (WCAG 2.5.5's size, the house's "big targets"). */
export async function expectBigTarget(target: Locator, viewport: Viewport) {
  if (viewport !== 'phone') return
  const box = await target.boundingBox()
  expect.soft(box?.height ?? 0, `${await target.textContent()} is a big target`).toBeGreaterThanOrEqual(44)
}

/** The header's save status: all saved, nothing waiting and nothing kept as failed in this browser. */
async function expectNothingFailed(page: Page) {
  await expect(page.getByRole('banner').getByRole('button', { name: /sync status/ })).toHaveAccessibleName(
    /^All changes saved/,
  )
  await expect(page.getByText(/failed/i)).toHaveCount(0)
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter(
        (k) => k.startsWith('brewcommand:queue:') && localStorage.getItem(k) !== '[]',
      ),
    ),
  ).toEqual([])
}

/**
 * Set-up through the API (their own journeys cover those screens): a product whose recipe dry hops 2 lb of
 * Cascade for 3 days, with half-barrel kegs; a brewhouse; FV-1, FV-2 and BT-1 (never cleaned: Dirty).
 */
async function setUp(page: Page) {
  const productId = crypto.randomUUID()
  const recipe = {
    ...newRecipe(productId),
    yield: { quantity: 10, unit: 'BBL' as const },
    hopsBill: [
      {
        id: crypto.randomUUID(),
        ingredient: { id: 'cascade', type: 'hop', name: 'Cascade', alphaAcids: 5.5 },
        amount: { value: 2, unit: 'Pounds' },
        additionType: 'Dry Hop',
        time: { value: 3, unit: 'Days' },
      },
    ],
  }
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
  const brewhouse = await api(
    page,
    'POST',
    '/api/equipment/brewhouses',
    makeEnvelope('brewhouse', { id: crypto.randomUUID(), name: 'Main', ...DEFAULT_BREWHOUSE_CONSTANTS }),
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
  return { fv1 }
}

/** What this run has checked once already (the menu, the Operations page). */
const checked = new Set<string>()

/** A page of the main navigation: the sidebar on a desktop, the menu behind "Open navigation" on a phone. */
async function navigate(page: Page, viewport: Viewport, name: string) {
  if (viewport === 'phone') {
    await page.getByRole('button', { name: 'Open navigation' }).click()
    const menu = page.getByRole('dialog', { name: 'Navigation' })
    const link = menu.getByRole('link', { name, exact: true })
    await expectBigTarget(link, viewport)
    if (!checked.has('menu')) {
      checked.add('menu')
      await checkPage(page, viewport, 'navigation menu')
    }
    await link.click()
    await expect(menu).toBeHidden()
    return
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click()
}

/** Operations → Plan Batch: the recipe, then its brew date; answers the batch the server stored. */
async function planBatch(page: Page, viewport: Viewport, date: string) {
  await navigate(page, viewport, 'Operations')
  const button = page.getByRole('button', { name: 'Plan Batch' })
  await expectBigTarget(button, viewport)
  if (!checked.has('operations')) {
    checked.add('operations')
    await checkPage(page, viewport, 'Operations')
  }
  await button.click()
  await page.getByRole('dialog', { name: 'Plan Batch' }).getByRole('button', { name: 'Next' }).click()
  const dialog = page.getByRole('dialog', { name: 'Plan Batch' })
  await dialog.getByLabel('Planned brew date').fill(date)
  await expect(dialog.getByLabel('Target volume')).toHaveValue('10')
  await checkPage(page, viewport, 'Plan Batch')
  const stored = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/batches' && r.request().method() === 'POST',
  )
  await dialog.getByRole('button', { name: 'Plan Batch' }).click()
  const response = await stored
  expect(response.status()).toBe(201)
  const { id } = (response.request().postDataJSON() as { data: { id: string } }).data
  await expect(
    page.getByText('Batch planned: its page says which tanks it booked, or why not.'),
  ).toBeVisible()
  // The toast's link opens the batch, which says what it booked or why not.
  const open = page.getByRole('button', { name: 'Open batch' })
  await expectBigTarget(open, viewport)
  await open.click()
  await expect(page).toHaveURL(new RegExp(`/secure/operations/batches/${id}$`))
  const batch = await api(page, 'GET', `/api/batches/${id}`)
  return { id, number: (batch.body.data as { number: string }).number }
}

/** Operations → Cellar, the tank's card, then one of its actions. */
async function openTankAction(page: Page, viewport: Viewport, tank: string, action: string) {
  await page.getByRole('button', { name: new RegExp(`^${tank} `) }).click()
  const sheet = page.getByRole('dialog', { name: tank })
  const button = sheet.getByRole('button', { name: action })
  await button.scrollIntoViewIfNeeded()
  await expectBigTarget(button, viewport)
  await checkPage(page, viewport, `the ${tank} sheet`)
  await button.click()
}

export async function cellarWeek(page: Page, viewport: Viewport) {
  checked.clear()
  await setUpNewBrewery(page, 'Wren')
  if (viewport === 'phone') await page.setViewportSize(PHONE)
  const { fv1 } = await setUp(page)
  // The set-up went through the API, past this page: a fresh load reads it, as the person's next visit would
  // (its live update can reach the page before its socket has joined the brewery's room).
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Welcome, Wren' })).toBeVisible()

  // Two batches planned: the first is booked into FV-1 and BT-1; the second is told BT-1 is taken.
  const first = await planBatch(page, viewport, today())
  await expect(page.getByText('Fermentation in FV-1')).toBeVisible()
  await expect(page.getByText('Conditioning in BT-1')).toBeVisible()
  await checkPage(page, viewport, 'batch booked')
  const second = await planBatch(page, viewport, tomorrow())
  await expect(page.getByText(`Batch ${second.number} is not booked yet.`)).toContainText(
    `BT-1 is booked for batch ${first.number}`,
  )
  await checkPage(page, viewport, 'batch not booked')

  // Booking it anyway on the schedule is refused in words; nothing is left failed.
  await page.getByRole('link', { name: 'Open the Schedule' }).click()
  const unbooked = page.getByRole('listitem', { name: `Batch ${second.number}` })
  const book = unbooked.getByRole('button', { name: `Book batch ${second.number}` })
  await expectBigTarget(book, viewport)
  await book.click()
  const refusal = unbooked.getByRole('alert')
  await expect(refusal).toContainText(`BT-1 is booked for batch ${first.number}`)
  await expect(refusal).not.toContainText('{')
  await expectNothingFailed(page)
  await checkPage(page, viewport, 'schedule with a refusal')
  const dismiss = refusal.getByRole('button')
  await expectBigTarget(dismiss, viewport)
  await dismiss.click()
  await expect(refusal).toHaveCount(0)

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

  // The dry hop, one tap on the dashboard.
  await page.getByRole('link', { name: 'BrewCommand' }).click()
  const dashboardTasks = page.getByRole('region', { name: 'Cellar tasks' })
  const dryHop = dashboardTasks.getByRole('listitem', { name: new RegExp(`· ${first.number}$`) }).filter({
    hasText: 'Cascade',
  })
  await expect(dryHop).toBeVisible()
  await checkPage(page, viewport, 'dashboard with cellar tasks')
  const added = dryHop.getByRole('button', { name: 'Added' })
  await expectBigTarget(added, viewport)
  const dryHopped = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/cellar/tasks/dry-hop' && r.status() === 201,
  )
  await added.click()
  await dryHopped
  await expect(dryHop).toHaveCount(0)

  // The cold crash, one tap in Operations → Cellar, at the temperature the person sets.
  await page.goto('/secure/operations/cellar')
  const crash = page
    .getByRole('region', { name: 'Cellar tasks' })
    .getByRole('listitem', { name: `Cold crash FV-1 · ${first.number}` })
  await expect(crash).toBeVisible()
  const temperature = crash.getByLabel('Crash to (°F)')
  await expect(temperature).toHaveValue('34')
  await temperature.fill('90')
  await crash.getByRole('button', { name: 'Crashed to 90 °F' }).click()
  await expect(crash.getByText('A cold crash is between 14 and 68 °F (−10 and 20 °C)')).toBeVisible()
  await temperature.fill('32')
  await checkPage(page, viewport, 'cellar with cellar tasks')
  const crashed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/cellar/tasks/cold-crash' && r.status() === 201,
  )
  const crashButton = crash.getByRole('button', { name: 'Crashed to 32 °F' })
  await expectBigTarget(crashButton, viewport)
  await crashButton.click()
  const crashBody = (await (await crashed).request().postDataJSON()) as {
    data: { temperature: unknown }
  }
  expect(crashBody.data.temperature).toEqual({ value: 32, unit: 'F' })
  await expect(crash).toHaveCount(0)

  // Transfer 9.6 bbl to BT-1 and empty FV-1: the 0.40 left is a loss.
  await openTankAction(page, viewport, 'FV-1', 'Transfer')
  const transfer = page.getByRole('dialog', { name: 'Transfer: FV-1' })
  await transfer.getByLabel('To vessel').selectOption({ label: 'BT-1' })
  await transfer.getByLabel('Volume').fill('9.6')
  await transfer.getByLabel('Fill it anyway').check()
  await transfer.getByLabel('Empty the tank').check()
  await expect(
    transfer.getByText('The rest, 0.40 bbl, is booked as a loss and the tank is empty.'),
  ).toBeVisible()
  await transfer.getByLabel('Reason for the rest').fill('Yeast cake')
  await checkPage(page, viewport, 'transfer with Empty the tank')
  const save = transfer.getByRole('button', { name: 'Save' })
  await save.scrollIntoViewIfNeeded()
  await expectBigTarget(save, viewport)
  await save.click()
  await expect(transfer).toBeHidden()
  await expect(page.getByText('Saving…')).toHaveCount(0)
  await page.keyboard.press('Escape')
  const fvCard = page.getByRole('button', { name: /^FV-1 / })
  await expect(fvCard).toContainText('Dirty')
  await expect(fvCard).toContainText('Empty')

  // Package 18 kegs (9 bbl) from BT-1 and empty it: the 0.60 left is a loss; the batch is completed.
  await openTankAction(page, viewport, 'BT-1', 'Package')
  const pack = page.getByRole('dialog', { name: 'Package: BT-1' })
  await pack.getByLabel(/1\/2 BBL Keg/).fill('18')
  await pack.getByLabel('Empty the tank').check()
  await expect(pack.getByText('The rest, 0.60 bbl, is booked as a loss and the tank is empty.')).toBeVisible()
  await pack.getByLabel('Reason for the rest').fill('Below the outlet')
  await checkPage(page, viewport, 'packaging with Empty the tank')
  const packageButton = pack.getByRole('button', { name: 'Package' })
  await packageButton.scrollIntoViewIfNeeded()
  await expectBigTarget(packageButton, viewport)
  await packageButton.click()
  await expect(pack).toBeHidden()
  await expect(page.getByText('Saving…')).toHaveCount(0)
  await page.keyboard.press('Escape')
  const btCard = page.getByRole('button', { name: /^BT-1 / })
  await expect(btCard).toContainText('Dirty')
  await expect(btCard).toContainText('Empty')
  await checkPage(page, viewport, 'cellar after the week')

  // The first batch is completed; its bookings ended today, so BT-1 is free for the second, booked on the
  // schedule.
  await page.goto(`/secure/operations/batches/${first.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Completed')
  await checkPage(page, viewport, 'batch completed')
  await page.goto('/secure/operations/schedule')
  await page.getByRole('button', { name: `Book batch ${second.number}` }).click()
  await expect(page.getByRole('listitem', { name: `Batch ${second.number}` })).toHaveCount(0)
  await expectNothingFailed(page)
  await checkPage(page, viewport, 'schedule with both batches booked')
  await page.goto(`/secure/operations/batches/${second.id}`)
  await expect(page.getByText('Conditioning in BT-1')).toBeVisible()
  await checkPage(page, viewport, 'second batch booked')
}

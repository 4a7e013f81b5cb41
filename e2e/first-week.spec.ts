import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './support/accessibility.ts'
import { setUpNewBrewery } from './support/onboarding.ts'

const firstWeek = (page: Page) => page.getByRole('region', { name: 'Your first week' })

test('a new Oregon brewery is guided through its first week, on Pacific time, and can put the guide away', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await setUpNewBrewery(page, 'Ada')

  // The dashboard says what is there and shows the path, nothing done yet.
  await expect(page.getByText(/brew days, the cellar and its schedule, inventory, reports/)).toBeVisible()
  await expect(page.getByText(/soon/i)).toHaveCount(0)
  await expect(firstWeek(page)).toContainText('0 of 5 done')
  await expectAccessible(page, 'Dashboard with the first-week path')

  // Step 1 leads to Settings → Equipment; a brewhouse added there ticks it.
  await firstWeek(page)
    .getByRole('link', { name: /1\. Add your brewhouse/ })
    .click()
  await expect(page).toHaveURL(/\/secure\/settings\/equipment$/)
  await page.getByRole('button', { name: /Add Brewhouse/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Brewhouse' })
  await dialog.getByLabel('Name').fill('Seven barrel')
  await dialog.getByLabel('Maximum batch size').fill('7')
  const saved = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/equipment/brewhouses' && r.request().method() === 'POST' && r.ok(),
  )
  await dialog.getByRole('button', { name: 'Save' }).click()
  await saved
  await page.getByRole('link', { name: 'BrewCommand' }).click()
  await expect(firstWeek(page)).toContainText('1 of 5 done')
  await expect(firstWeek(page).getByRole('link', { name: /1\. Add your brewhouse \(done\)/ })).toBeVisible()
  await expect(firstWeek(page).getByRole('link', { name: /2\. Add vessels \(to do\)/ })).toHaveAttribute(
    'aria-current',
    'step',
  )

  // On a phone: the path fits, with big targets, and passes the accessibility check.
  await page.setViewportSize({ width: 390, height: 844 })
  const box = await firstWeek(page).boundingBox()
  expect(box!.width).toBeLessThanOrEqual(390)
  const step = await firstWeek(page)
    .getByRole('link', { name: /2\. Add vessels/ })
    .boundingBox()
  expect(step!.height).toBeGreaterThanOrEqual(44)
  await expectAccessible(page, 'Dashboard with the first-week path on a phone')

  // The reports say their zone: the Oregon address put the brewery on Pacific time.
  await page.goto('/secure/reporting')
  await expect(page.getByText('Days run from midnight America/Los Angeles', { exact: false })).toBeVisible()

  // Dismissed, the path is gone, and stays gone after a reload (stored on the server).
  await page.goto('/secure')
  const dismissed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/first-week/dismissal' && r.ok(),
  )
  await firstWeek(page).getByRole('button', { name: 'Dismiss the first-week guide' }).click()
  await expect(firstWeek(page)).toHaveCount(0)
  await dismissed
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible()
  await expect(firstWeek(page)).toHaveCount(0)
})

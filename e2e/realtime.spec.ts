import { expect, test } from '@playwright/test'
import { setUpNewBrewery } from './support/onboarding.ts'

test('two people in one brewery see each other’s changes live', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await setUpNewBrewery(page, 'Ada')
  // A product with a package and a tasting note, made by A.
  await page.goto('/secure/products')
  await page.getByRole('button', { name: 'Add Product' }).click()
  await page.getByPlaceholder('Product Name').fill('Live Lager')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Live Lager' })).toBeVisible()
  // One's own save is told by the header's save status, not a toast (issue 34).
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sync status' })).toHaveText(
    'All changes saved',
  )
  await expect(page.getByText('Changes successfully saved to the server.')).toHaveCount(0)
  await page.getByRole('button', { name: 'Add Tasting Note' }).click()
  await page.getByRole('dialog').getByLabel('Category').selectOption({ label: 'Aroma' })
  await page.getByRole('dialog').getByLabel('Notes').fill('Crisp and clean')
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Crisp and clean')).toBeVisible()
  const url = page.url()

  // B: the same user in a second browser context.
  const second = await browser.newContext({ storageState: await page.context().storageState() })
  const other = await second.newPage()
  await other.goto(url)
  await expect(other.getByRole('heading', { level: 1, name: 'Live Lager' })).toBeVisible()
  await expect(other.getByText('Crisp and clean')).toBeVisible()

  // A renames the product: B sees it without reloading, with the sync toast.
  await page.getByRole('button', { name: 'Edit name' }).click()
  await page.getByLabel('Product name').fill('Live Lager Reserve')
  await page.getByLabel('Product name').press('Enter')
  await expect(other.getByRole('heading', { level: 1, name: 'Live Lager Reserve' })).toBeVisible()
  await expect(other.getByText('Synchronizing changes from another user.').first()).toBeVisible()

  // A adds a package: B sees the barcode.
  await page.getByRole('button', { name: 'Add Packaging' }).click()
  await page.getByRole('dialog').getByLabel('UPC').fill('036000291452')
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(other.getByRole('img', { name: 'UPC barcode 036000291452' })).toBeVisible()

  // A deletes the tasting note: it goes from B's page too.
  await page.getByRole('button', { name: 'Delete Aroma note' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(other.getByText('Crisp and clean')).toBeHidden()
  await second.close()
})

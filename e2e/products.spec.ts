import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { setUpNewBrewery } from './support/onboarding.ts'
import { expectAccessible } from './support/accessibility.ts'

/** Runs `action` and waits until the queued write it causes has been answered by the API. */
async function andSaved(page: Page, method: string, action: () => Promise<void>) {
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/products') && r.request().method() === method && r.ok(),
  )
  await action()
  await saved
}

test('a brewery builds a product: create, rename, describe, packaging with a barcode, attribute, tasting note, delete', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await setUpNewBrewery(page, 'Ada')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click()
  await expect(page.getByRole('heading', { name: "Let's Create Your Products!" })).toBeVisible()
  await expect(page.getByText("Don't Worry, It's Easy...")).toBeVisible()
  await expectAccessible(page, 'products list, empty')

  // Create from the dialog; Create is disabled while the name is blank.
  await page.getByRole('button', { name: 'Add Product' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Product' })
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled()
  await expectAccessible(page, 'New Product dialog')
  await dialog.getByPlaceholder('Product Name').fill('   ')
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled()
  await dialog.getByPlaceholder('Product Name').fill('Hazy Daze')
  await dialog.getByPlaceholder('Optional: A brief description of the product.').fill('A soft, juicy IPA.')
  await andSaved(page, 'POST', () => dialog.getByRole('button', { name: 'Create' }).click())
  await expect(page.getByRole('heading', { level: 1, name: 'Hazy Daze' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Hazy Daze' })).toBeVisible()

  // Rename inline.
  await page.getByRole('button', { name: 'Edit name' }).click()
  await page.getByLabel('Product name').fill('Hazy Days')
  await andSaved(page, 'PUT', () => page.getByLabel('Product name').press('Enter'))
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Hazy Days' })).toBeVisible()

  // Describe.
  await page.getByRole('button', { name: 'A soft, juicy IPA.' }).click()
  await page.getByRole('textbox', { name: 'Description' }).fill('Soft, juicy and bright.')
  await andSaved(page, 'PUT', () => page.getByRole('button', { name: 'Save', exact: true }).click())
  await page.reload()
  await expect(page.getByText('Soft, juicy and bright.')).toBeVisible()

  // Packaging with a UPC drawn as a barcode; a wrong check digit is refused in the dialog.
  await page.getByRole('button', { name: 'Add Packaging' }).click()
  const packaging = page.getByRole('dialog', { name: 'Add Packaging' })
  await packaging.getByLabel('Packaging type').selectOption({ label: '16oz Cans' })
  await packaging.getByLabel('SKU').fill('HD-16')
  await packaging.getByLabel('UPC').fill('036000291453')
  await packaging.getByRole('button', { name: 'Save' }).click()
  await expect(packaging.getByText('The UPC check digit is wrong')).toBeVisible()
  await expectAccessible(page, 'Add Packaging dialog with an error')
  await packaging.getByLabel('UPC').fill('036000291452')
  await andSaved(page, 'POST', () => packaging.getByRole('button', { name: 'Save' }).click())
  await page.reload()
  const barcode = page.getByRole('img', { name: 'UPC barcode 036000291452' })
  await expect(barcode).toBeVisible()
  expect(await barcode.locator('rect').count()).toBeGreaterThan(10)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('barcode_036000291452.png')
  const png = readFileSync(await download.path())
  expect(png.subarray(1, 4).toString()).toBe('PNG')

  // An attribute and a tasting note.
  await page.getByRole('button', { name: 'Add Attribute' }).click()
  const attribute = page.getByRole('dialog', { name: 'Add Attribute' })
  await attribute.getByLabel('Attribute').selectOption('Glassware')
  await attribute.getByLabel('Value').fill('Teku')
  await andSaved(page, 'POST', () => attribute.getByRole('button', { name: 'Save' }).click())
  await page.getByRole('button', { name: 'Add Tasting Note' }).click()
  const note = page.getByRole('dialog', { name: 'Add Tasting Note' })
  await note.getByLabel('Category').selectOption({ label: 'Aroma' })
  // Saving with empty notes is silently ignored.
  await note.getByRole('button', { name: 'Save' }).click()
  await expect(note).toBeVisible()
  await note.getByLabel('Notes').fill('Mango, pine and a little peach.')
  await andSaved(page, 'POST', () => note.getByRole('button', { name: 'Save' }).click())
  await page.reload()
  await expect(page.getByText('Teku')).toBeVisible()
  await expect(page.getByText('Mango, pine and a little peach.')).toBeVisible()
  await expectAccessible(page, 'product page')

  // Delete the product from the list, after confirming.
  await page.getByRole('link', { name: 'Products' }).first().click()
  await expect(page.getByRole('link', { name: 'Hazy Days' })).toBeVisible()
  await expect(page.getByText('Soft, juicy and bright.')).toBeVisible()
  await page.getByRole('button', { name: 'Actions for Hazy Days' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await expect(page.getByRole('alertdialog')).toBeVisible()
  await expectAccessible(page, 'delete confirmation')
  await andSaved(page, 'DELETE', () =>
    page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click(),
  )
  await page.reload()
  await expect(page.getByRole('heading', { name: "Let's Create Your Products!" })).toBeVisible()

  // An unknown product id.
  await page.goto(`/secure/products/${crypto.randomUUID()}`)
  await expect(page.getByText('Product not found!')).toBeVisible()
})

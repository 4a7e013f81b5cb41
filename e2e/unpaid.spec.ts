import { expect, test } from '@playwright/test'
import { newAccount } from './support/auth.ts'
import { fillBusinessForm, payWithCard, signUpWithPlan } from './support/onboarding.ts'

// Payment is enforced (docs/decisions/121-payment-enforcement.md): a brewery that has not paid reads
// everything, is told so by a banner, and finishes paying from Settings → Billing.
test('an unpaid brewery sees the banner everywhere in the secure area and pays from Settings → Billing', async ({
  page,
}) => {
  await signUpWithPlan(page, 'Select Monthly', newAccount('Una'))
  await fillBusinessForm(page)
  await page.getByRole('button', { name: 'Continue to Billing Information' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Information' })).toBeVisible()

  // The person leaves without paying: the products page still shows, with the banner.
  await page.goto('/secure/products')
  const banner = page.getByRole('region', { name: 'Subscription' })
  await expect(banner).toContainText('changes cannot be saved until you finish paying')
  await banner.getByRole('link', { name: 'Finish paying in Settings → Billing' }).click()
  await expect(page).toHaveURL(/\/secure\/settings\/billing$/)
  await expect(page.getByText('Awaiting payment')).toBeVisible()

  await page.getByRole('link', { name: 'Finish payment' }).click()
  await payWithCard(page, '4242 4242 4242 4242')
  await page.getByRole('link', { name: 'Continue to Your Dashboard' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome, Una' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Subscription' })).toHaveCount(0)
})

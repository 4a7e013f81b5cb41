import { expect, test } from '@playwright/test'
import { newAccount } from './support/auth.ts'
import { BUSINESS, fillBusinessForm, payWithCard, signUpWithPlan } from './support/onboarding.ts'
import { expectAccessible } from './support/accessibility.ts'

test.describe('onboarding and billing', () => {
  test('Sign Up → Select Monthly → account → business form with every message → pay → dashboard', async ({
    page,
  }) => {
    await signUpWithPlan(page, 'Select Monthly', newAccount('Ada'))

    const submit = page.getByRole('button', { name: 'Continue to Billing Information' })
    await submit.click()
    for (const message of [
      'Business Name is required.',
      'Address is required.',
      'City is required.',
      'State is required',
      'Zip is required.',
      'Phone number is required.',
      'EIN is required.',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible()
    }
    await expectAccessible(page, 'business form with its messages')

    await fillBusinessForm(page, { ...BUSINESS, Zip: '9720', Phone: '503-555-0101', EIN: '123456789' })
    await submit.click()
    await expect(page.getByText('Zip is not valid.')).toBeVisible()
    await expect(page.getByText('This phone number is not valid.')).toBeVisible()
    await expect(page.getByText('EIN must be xx-xxxxxxx.')).toBeVisible()

    await fillBusinessForm(page)
    await expect(page.getByText('Zip is not valid.')).toBeHidden()
    await submit.click()

    await expect(page.getByRole('heading', { name: 'Payment Information' })).toBeVisible()
    await expectAccessible(page, 'payment step')
    await payWithCard(page, '4242 4242 4242 4242')
    await expect(page).toHaveURL(/\/plans\?session_id=cs_test_/)
    await expect(page.getByRole('heading', { name: 'Welcome to BrewCommand!' })).toBeVisible()
    await expectAccessible(page, 'payment result')
    await page.getByRole('link', { name: 'Continue to Your Dashboard' }).click()
    await expect(page).toHaveURL(/\/secure$/)
    await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible()

    // Settings → Billing shows the plan and the subscription status.
    await page.goto('/secure/settings/billing')
    await expect(page.getByText('Essential Monthly')).toBeVisible()
    await expect(page.getByText('Active', { exact: true })).toBeVisible()
    await expectAccessible(page, 'settings billing')
  })

  test('a declined card ends on the Oops page', async ({ page }) => {
    await signUpWithPlan(page, 'Select Yearly', newAccount('Grace'))
    await fillBusinessForm(page)
    await page.getByRole('button', { name: 'Continue to Billing Information' }).click()
    await payWithCard(page, '4000 0000 0000 0002')
    await expect(
      page.getByRole('heading', { name: 'Oops, Something Went Wrong with Your Payment' }),
    ).toBeVisible()
    await expect(page.getByText('Your card was declined.')).toBeVisible()
    for (const cause of ['Insufficient funds', 'Expired card or incorrect details', 'Bank restrictions']) {
      await expect(page.getByText(cause)).toBeVisible()
    }
    await expectAccessible(page, 'payment declined')
  })

  test('a card number that fails the Luhn check is refused inline', async ({ page }) => {
    await signUpWithPlan(page, 'Select Monthly', newAccount('Hedy'))
    await fillBusinessForm(page)
    await page.getByRole('button', { name: 'Continue to Billing Information' }).click()
    await payWithCard(page, '4242 4242 4242 4241')
    await expect(page.getByText('Your card number is invalid.')).toBeVisible()
    await expect(page).toHaveURL(/\/plans$/)
  })

  test('a signed-in user without a brewery who opens /secure is taken to finish onboarding', async ({
    page,
  }) => {
    await signUpWithPlan(page, 'Select Monthly', newAccount('Mary'))
    await page.goto('/secure')
    await expect(page).toHaveURL(/\/plans$/)
    await expect(page.getByRole('heading', { name: 'Tell Us About Your Business' })).toBeVisible()
  })

  test('the session id testing counts as paid without a call', async ({ page }) => {
    await page.goto('/plans?session_id=testing')
    await expect(page.getByRole('heading', { name: 'Welcome to BrewCommand!' })).toBeVisible()
  })
})

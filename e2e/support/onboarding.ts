import { expect, type Page } from '@playwright/test'
import { closed, fillCreateAccount, newAccount, type NewAccount } from './auth.ts'

export const BUSINESS = {
  'Business Name': 'Hoppy Co Brewing',
  Address: '1 Mash Lane',
  City: 'Portland',
  Zip: '97201',
  Phone: '(503) 555-0101',
  EIN: '12-3456789',
} as const

/** Sign Up → a plan → a new account in the sign-up popup; ends on step 2. */
export async function signUpWithPlan(
  page: Page,
  plan: 'Select Monthly' | 'Select Yearly',
  account: NewAccount,
) {
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign Up' }).click()
  await expect(page).toHaveURL(/\/plans$/)
  await expect(page.getByRole('heading', { name: 'Choose a Plan' })).toBeVisible()
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: plan }).click(),
  ])
  // The sign-up hint opens the provider's Create account page directly.
  await fillCreateAccount(popup, account)
  await closed(popup)
  await expect(page.getByRole('heading', { name: 'Tell Us About Your Business' })).toBeVisible()
}

export async function fillBusinessForm(
  page: Page,
  values: Partial<Record<keyof typeof BUSINESS, string>> = BUSINESS,
) {
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(label, { exact: true }).fill(value)
  await page.getByLabel('State').selectOption('OR')
}

export async function payWithCard(page: Page, number: string) {
  await expect(page.getByRole('heading', { name: 'Payment Information' })).toBeVisible()
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34')
  await page.getByLabel('CVC').fill('123')
  await page.getByLabel('Name on card').fill('Ada Lovelace')
  await page.getByRole('button', { name: /^Pay / }).click()
}

/** From step 1 as a signed-in user: a plan, the business form and the paying card; ends on the dashboard. */
export async function finishOnboarding(page: Page, givenName: string) {
  await expect(page).toHaveURL(/\/plans$/)
  // Right after the sign-in popup the page may still be settling; a person would simply click again.
  await expect(async () => {
    await page.getByRole('button', { name: 'Select Monthly' }).click({ timeout: 2000 })
    await expect(page.getByRole('heading', { name: 'Tell Us About Your Business' })).toBeVisible({
      timeout: 3000,
    })
  }).toPass({ timeout: 20_000 })
  await fillBusinessForm(page)
  await page.getByRole('button', { name: 'Continue to Billing Information' }).click()
  await payWithCard(page, '4242 4242 4242 4242')
  await page.getByRole('link', { name: 'Continue to Your Dashboard' }).click()
  await expect(page.getByRole('heading', { name: `Welcome, ${givenName}` })).toBeVisible()
}

/** A whole onboarding with the paying test card; ends on the dashboard. Returns the account. */
export async function onboardNewBrewery(page: Page, givenName = 'Ada'): Promise<NewAccount> {
  const account = newAccount(givenName)
  await signUpWithPlan(page, 'Select Monthly', account)
  await fillBusinessForm(page)
  await page.getByRole('button', { name: 'Continue to Billing Information' }).click()
  await payWithCard(page, '4242 4242 4242 4242')
  await page.getByRole('link', { name: 'Continue to Your Dashboard' }).click()
  await expect(page.getByRole('heading', { name: `Welcome, ${givenName}` })).toBeVisible()
  return account
}

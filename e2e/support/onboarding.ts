import { ENTITY_TYPE, makeEnvelope, type AppConfig } from '@brewcommand/domain'
import { expect, type Page } from '@playwright/test'
import { signUpAndSignIn } from '../../apps/server/src/testing/oidc-client.ts'
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

/**
 * The same new, paying brewery as `onboardNewBrewery`, set up without the screens (ADR 412): the account is
 * created on the built-in provider's Create account page and signed in through the real authorization code +
 * PKCE flow over HTTP (apps/server/src/testing/oidc-client.ts), the brewery is created and paid through the
 * calls the plans wizard makes (`POST /api/onboarding`, `POST /api/checkout`, `POST /api/checkout/test/confirm`),
 * and the tokens are stored where the app's OIDC client keeps them. Ends on the dashboard, signed in, as
 * `onboardNewBrewery` does. The screens themselves are the Onboarding, Payments and Identity journeys'.
 */
export async function setUpNewBrewery(page: Page, givenName = 'Ada'): Promise<NewAccount> {
  const account = newAccount(givenName)
  // The context's own server (a journey may start one of its own): page.request resolves against its base URL.
  const answer = await page.request.get('/api/config')
  const { oidc, plans } = ((await answer.json()) as { data: AppConfig }).data
  const publicUrl = new URL(answer.url()).origin
  const { tokens } = await signUpAndSignIn(
    { publicUrl, issuer: oidc.issuer, clientId: oidc.clientId, audience: oidc.audience },
    account,
  )
  const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1], 'base64url').toString()) as Record<
    string,
    unknown
  >
  const call = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await page.request.post(url, {
      data: body,
      headers: { authorization: `Bearer ${tokens.access_token}`, ...headers },
    })
    expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300)
    return ((await response.json()) as { data: Record<string, unknown> }).data
  }
  const envelope = makeEnvelope('OnboardingRequest', {
    user: {
      givenName: account.givenName,
      familyName: account.familyName,
      emailAddress: account.email,
      emailVerified: false,
      idpIdentifier: String(claims.sub),
    },
    entity: {
      name: BUSINESS['Business Name'],
      address: BUSINESS.Address,
      city: BUSINESS.City,
      state: 'OR',
      zip: BUSINESS.Zip,
      phone: BUSINESS.Phone,
      ein: BUSINESS.EIN,
      type: ENTITY_TYPE,
      timeZone: 'America/Los_Angeles',
    },
  })
  await call('/api/onboarding', envelope, { 'idempotency-key': envelope.metadata.correlationIdentifier })
  const monthly = plans.find((plan) => plan.id === 'monthly')!
  const checkout = await call('/api/checkout', { priceId: monthly.priceId })
  const paid = await call('/api/checkout/test/confirm', {
    clientSecret: checkout.client_secret,
    card: { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ada Lovelace' },
  })
  expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' })
  // oidc-client-ts's stored user (WebStorageStateStore, prefix "oidc."), written on the site's origin before
  // the app starts: a JSON answer of our own origin, so no page of the app is loaded for it.
  const user = {
    id_token: tokens.id_token,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    token_type: tokens.token_type,
    scope: tokens.scope,
    profile: claims,
    expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
  }
  await page.goto('/api/health')
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: `oidc.user:${oidc.issuer}:${oidc.clientId}`,
    value: JSON.stringify(user),
  })
  await page.goto('/secure')
  await expect(page.getByRole('heading', { name: `Welcome, ${givenName}` })).toBeVisible()
  return account
}

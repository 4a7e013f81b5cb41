import { expect, test } from '@playwright/test'
import { newAccount } from './support/auth.ts'
import { fillBusinessForm, signUpWithPlan } from './support/onboarding.ts'

// The e2e server runs without Stripe keys: the built-in checkout must not fetch anything of Stripe's
// (its code lives in a chunk loaded only in Stripe mode), and the CSP must not let Stripe in.
test('without Stripe keys, step 3 is the built-in checkout and nothing of Stripe is loaded', async ({
  page,
  context,
}) => {
  const requested: string[] = []
  context.on('request', (request) => requested.push(request.url()))

  await signUpWithPlan(page, 'Select Yearly', newAccount('Ida'))
  await fillBusinessForm(page)
  await page.getByRole('button', { name: 'Continue to Billing Information' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Information' })).toBeVisible()
  await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible()

  expect(requested.filter((url) => /stripe/i.test(url))).toEqual([])
  const config = await page.request.get('/api/config')
  expect(await config.json()).toMatchObject({ data: { payments: { mode: 'test', publishableKey: null } } })
  expect(config.headers()['content-security-policy']).not.toContain('stripe')
})

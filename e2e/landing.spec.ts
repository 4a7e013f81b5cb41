import { expect, test } from '@playwright/test'
import { makeEnvelope } from '@brewcommand/domain'
import { expectAccessible } from './support/accessibility.ts'

const THANK_YOU = 'Thank you! We will add you to our newsletter distribution!'

function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

test.describe('landing page', () => {
  test('says the product is in development and offers Sign In and Sign Up', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByText(/in development/i).first()).toBeVisible()
    await expect(page.getByText(/mid-to-late summer/i).first()).toBeVisible()
    await expect(page.getByText(/June/).first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible()
    await expectAccessible(page, 'landing page')
    await page
      .getByRole('link', { name: 'Sign Up' })
      .or(page.getByRole('button', { name: 'Sign Up' }))
      .first()
      .click()
    await expect(page).toHaveURL(/\/plans$/)
    await expect(page.getByRole('heading', { name: 'Choose a Plan' })).toBeVisible()
    await expectAccessible(page, 'plans')
  })

  test('newsletter form shows each validation message, then the thank-you text, and stores the contact', async ({
    page,
  }) => {
    await page.goto('/')
    // The form is fetched as its section nears the viewport (ADR 171), as a visitor scrolls to it.
    await page.getByRole('heading', { name: 'Join the newsletter' }).scrollIntoViewIfNeeded()
    const subscribe = page.getByRole('button', { name: 'Subscribe' })
    await subscribe.click()
    await expect(page.getByText('First name is required.')).toBeVisible()
    await expect(page.getByText('Last name is required.')).toBeVisible()
    await expect(page.getByText('Email address is required.')).toBeVisible()

    await page.getByLabel('First name').fill('Ada')
    await expect(page.getByText('First name is required.')).toBeHidden()
    await page.getByLabel('Last name').fill('Lovelace')
    await page.getByLabel('Email address').fill('not-an-email')
    await subscribe.click()
    await expect(page.getByText('Invalid email address.')).toBeVisible()

    const email = uniqueEmail('ada')
    await page.getByLabel('Email address').fill(email)
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/contacts') && r.request().method() === 'POST'),
      subscribe.click(),
    ])
    expect(response.status()).toBe(201)
    const stored = ((await response.json()) as { data: { id: string; emailAddress: string } }).data
    expect(stored.emailAddress).toBe(email)
    await expect(page.getByText(THANK_YOU)).toBeVisible()
    await expectAccessible(page, 'landing page after subscribing')
    await expect(subscribe).toBeHidden()

    // Signing up again with the same address (in other case) is answered exactly as a new sign-up (the
    // submitted record, never the stored one: the route is public and must not tell who subscribed).
    const repeated = {
      id: crypto.randomUUID(),
      givenName: 'Ada',
      familyName: 'Lovelace',
      emailAddress: email.toUpperCase(),
    }
    const again = await page.request.post('/api/contacts', { data: makeEnvelope('contact', repeated) })
    expect(again.status()).toBe(201)
    expect(((await again.json()) as { data: { id: string } }).data.id).toBe(repeated.id)
  })

  test('at 375 px the header collapses into a menu that offers the same choices', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
    // No horizontal scrolling on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)

    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('button', { name: 'Sign In' })).toBeVisible()
    await expectAccessible(page, 'landing menu sheet at 375 px')
    await expect(
      menu.getByRole('link', { name: 'Sign Up' }).or(menu.getByRole('button', { name: 'Sign Up' })),
    ).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('link', { name: 'Sign Up' })
      .or(page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign Up' }))
      .click()
    await expect(page).toHaveURL(/\/plans$/)
  })

  test('every route change scrolls back to the top', async ({ page }) => {
    // A short window so that both pages scroll; the click is a DOM click, which does not scroll by itself.
    await page.setViewportSize({ width: 1280, height: 240 })
    await page.goto('/')
    // The app renders once its run-time config is in; scroll only when the page is there to scroll.
    await expect(
      page
        .getByRole('button', { name: 'Sign Up' })
        .or(page.getByRole('link', { name: 'Sign Up' }))
        .first(),
    ).toBeVisible()
    await expect
      .poll(() => page.evaluate(() => (window.scrollTo(0, document.body.scrollHeight), window.scrollY)))
      .toBeGreaterThan(0)
    await page.evaluate(() => {
      const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href="/plans"]')]
      links.at(-1)?.click()
    })
    await expect(page).toHaveURL(/\/plans$/)
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('the API answers unknown routes with the JSON error shape and the page carries security headers', async ({
    request,
  }) => {
    const missing = await request.get('/api/does-not-exist')
    expect(missing.status()).toBe(404)
    expect(await missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
    const page = await request.get('/')
    expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.headers()['x-content-type-options']).toBe('nosniff')
  })
})

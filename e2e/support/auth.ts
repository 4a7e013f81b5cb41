import { expect, type Page } from '@playwright/test'

export type NewAccount = { givenName: string; familyName: string; email: string; password: string }

/** A fresh account's details, unique per call so specs can run in parallel. */
export function newAccount(givenName = 'Ada'): NewAccount {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
  return {
    givenName,
    familyName: 'Lovelace',
    email: `${givenName.toLowerCase()}-${tag}@example.com`,
    password: `Brew-${tag}-Hops!`,
  }
}

/**
 * Resolves once the popup has closed. The sign-in popup closes itself right after the callback, which
 * can happen before a `waitForEvent('close')` is attached; asking `isClosed()` first avoids that race.
 */
export async function closed(popup: Page) {
  if (popup.isClosed()) return
  await new Promise<void>((resolve) => {
    popup.once('close', () => resolve())
    if (popup.isClosed()) resolve()
  })
}

/** Fills the identity provider's Create account page (in whichever window shows it) and submits it. */
export async function fillCreateAccount(window: Page, account: NewAccount) {
  await expect(window.getByRole('heading', { name: 'Create account' })).toBeVisible()
  await window.getByLabel('Given name').fill(account.givenName)
  await window.getByLabel('Family name').fill(account.familyName)
  await window.getByLabel('Email').fill(account.email)
  await window.getByLabel('Password').fill(account.password)
  await window.getByRole('button', { name: 'Create account' }).click()
}

/**
 * Landing page → Sign In → the popup's Create account link → a new account. A new account has no
 * brewery yet, so the secure area sends it on to finish onboarding at /plans.
 */
export async function createAccountThroughSignInPopup(page: Page, account: NewAccount) {
  await page.goto('/')
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign In' }).click(),
  ])
  await expect(popup.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await popup.getByRole('link', { name: 'Create account' }).click()
  await fillCreateAccount(popup, account)
  await closed(popup)
  await expect(page).toHaveURL(/\/plans$/)
  await expect(page.getByRole('heading', { name: 'Choose a Plan' })).toBeVisible()
}

import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { closed, createAccountThroughSignInPopup, fillCreateAccount, newAccount } from './support/auth.ts'
import { latestMailTo } from './support/outbox.ts'
import { finishOnboarding, onboardNewBrewery } from './support/onboarding.ts'
import { freePort, startServer } from './support/server.ts'
import { expectAccessible } from './support/accessibility.ts'

test.describe('identity and the secure shell', () => {
  test('a new user creates an account through the Sign In popup, walks the shell and logs out', async ({
    page,
  }) => {
    // Onboarding, the shell and an accessibility check of each page it shows.
    test.setTimeout(120_000)
    const account = newAccount('Ada')
    await createAccountThroughSignInPopup(page, account)
    // A new account has no brewery: it finishes onboarding, then reaches the dashboard.
    await finishOnboarding(page, 'Ada')

    // The top navigation and its sections.
    const main = page.getByRole('navigation', { name: 'Main' })
    for (const [label, heading] of [
      ['Products', 'Products'],
      ['Inventory', 'Inventory'],
      ['Operations', 'Operations'],
      ['Reporting', 'Reporting'],
      ['Dashboard', 'Dashboard'],
    ] as const) {
      await main.getByRole('link', { name: label }).click()
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    }
    await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible()
    await expectAccessible(page, 'dashboard')

    // The avatar shows the initials; its menu has Profile, Settings and Logout.
    const avatar = page.getByRole('button', { name: 'Ada Lovelace' })
    await expect(avatar).toHaveText('AL')
    await avatar.click()
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible()
    await expectAccessible(page, 'account menu open')
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
    const settingsMenu = page.getByRole('navigation', { name: 'Settings' })
    for (const item of ['Users', 'Roles', 'Equipment', 'Billing']) {
      await expect(settingsMenu.getByRole('link', { name: item })).toBeVisible()
    }
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible()
    await expectAccessible(page, 'settings users')
    for (const [item, heading] of [
      ['Roles', 'Roles'],
      ['Equipment', 'Equipment'],
    ] as const) {
      await settingsMenu.getByRole('link', { name: item }).click()
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
      await expectAccessible(page, `settings ${item.toLowerCase()}`)
    }

    // A signed-in visitor of / sees Go to Dashboard.
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to Dashboard' }).click()
    await expect(page).toHaveURL(/\/secure$/)

    await page.getByRole('button', { name: 'Ada Lovelace' }).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign In' }),
    ).toBeVisible()

    // Signed out, the secure area sends the visitor back to /, in a new tab too (the session lived in local
    // storage). The tab starts from nowhere, so landing on / is the redirect's doing. The app may send the visitor
    // on before the navigation commits, which Playwright reports as net::ERR_ABORTED (the flake of a clean-clone
    // run): where the tab lands is what counts.
    const tab = await page.context().newPage()
    await tab.goto('/secure/reporting', { waitUntil: 'commit' }).catch((error: unknown) => {
      if (!String(error).includes('net::ERR_ABORTED')) throw error
    })
    await expect(tab).toHaveURL(/\/$/)
    await tab.close()
  })

  test('at 375 px the secure area has a Navigation sheet', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    // The popup flow starts from the Menu sheet on a phone.
    const account = newAccount('Grace')
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign In' }).click(),
    ])
    await expect(popup.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await expectAccessible(popup, 'identity provider: Sign in')
    await popup.getByRole('link', { name: 'Create account' }).click()
    await expect(popup.getByRole('heading', { name: 'Create account' })).toBeVisible()
    await expectAccessible(popup, 'identity provider: Create account')
    await fillCreateAccount(popup, account)
    await closed(popup)
    await finishOnboarding(page, 'Grace')

    await page.getByRole('button', { name: 'Open navigation' }).click()
    const sheet = page.getByRole('dialog', { name: 'Navigation' })
    await expect(sheet).toBeVisible()
    await sheet.getByRole('link', { name: 'Operations' }).click()
    await expect(sheet).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)

    // Nothing in the secure area is wider than a phone: the header with its save status, lists, the
    // recipe editor and settings. (SHOT_DIR=/some/folder keeps a screenshot of each for a person to look at.)
    for (const [path, heading] of [
      ['/secure', /Welcome, Grace/],
      ['/secure/products', 'Products'],
      ['/secure/products/editrecipe', 'Recipe Information'],
      ['/secure/settings/users', 'Settings'],
      ['/secure/settings/roles', 'Settings'],
      ['/secure/settings/billing', 'Settings'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible()
      if (process.env.SHOT_DIR) {
        await page.screenshot({
          path: `${process.env.SHOT_DIR}/phone${path.replaceAll('/', '-')}.png`,
          fullPage: true,
        })
      }
      const { wider, culprit } = await page.evaluate(() => {
        // The outermost element that reaches past the right edge, to name in the failure.
        const clipped = (element: HTMLElement) => {
          for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
            if (getComputedStyle(up).overflowX !== 'visible') return true
          }
          return false
        }
        const past = [...document.body.querySelectorAll<HTMLElement>('*')].find(
          (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(element),
        )
        const name = past ? `${past.tagName.toLowerCase()}.${[...past.classList].join('.')}` : 'none'
        return { wider: document.documentElement.scrollWidth - window.innerWidth, culprit: name }
      })
      expect(wider, `${path} is ${wider} px wider than the phone (${culprit})`).toBeLessThanOrEqual(0)
    }
  })

  test('visiting /secure signed out lands on /', async ({ page }) => {
    await page.goto('/secure')
    await expect(page).toHaveURL(/\/$/)
    await expect(
      page.getByRole('heading', { name: 'The command center for your craft brewery' }),
    ).toBeVisible()
  })

  test('a person changes their password from the avatar menu, forgets it and resets it through the mailed link', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    const account = await onboardNewBrewery(page, 'Rosa')

    // Change password: the avatar menu leads to the provider's page; the current password is required.
    const changed = `Kettle-${Date.now().toString(36)}-Whirlpool`
    await page.getByRole('button', { name: 'Rosa Lovelace' }).click()
    await page.getByRole('menuitem', { name: 'Change password' }).click()
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible()
    await page.getByLabel('Current password').fill('not my password 1')
    await page.getByLabel('New password').fill(changed)
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('The current password is not correct.')).toBeVisible()
    await page.getByLabel('Current password').fill(account.password)
    await page.getByLabel('New password').fill(changed)
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible()

    // Back in the app (this session stays signed in), then out.
    await page.getByRole('link', { name: 'Go to BrewCommand' }).click()
    await page.goto('/secure')
    await page.getByRole('button', { name: 'Rosa Lovelace' }).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)

    // Forgot password?: from the Sign in popup to a mailed, single-use link.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign In' }).click(),
    ])
    await popup.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(popup.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
    await popup.getByLabel('Email').fill(account.email)
    await popup.getByRole('button', { name: 'Send reset link' }).click()
    await expect(popup.getByRole('heading', { name: 'Check your email' })).toBeVisible()
    await popup.close()

    let link = ''
    await expect(async () => {
      link = /http\S+\/idp\/reset-password\?token=[\w-]+/.exec(await latestMailTo(account.email))?.[0] ?? ''
      expect(link).not.toBe('')
    }).toPass({ timeout: 10_000 })
    const mailPage = await context.newPage()
    await mailPage.goto(link)
    await expect(mailPage.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
    await mailPage.getByLabel('New password').fill('password123')
    await mailPage.getByRole('button', { name: 'Set new password' }).click()
    await expect(mailPage.getByText('on a list of common or breached passwords')).toBeVisible()
    const reset = `Mash-${Date.now().toString(36)}-Sparge`
    await mailPage.getByLabel('New password').fill(reset)
    await mailPage.getByRole('button', { name: 'Set new password' }).click()
    await expect(mailPage.getByRole('heading', { name: 'Password changed' })).toBeVisible()
    // The link works once.
    await mailPage.goto(link)
    await expect(mailPage.getByText('This password reset link has already been used.')).toBeVisible()
    await mailPage.close()

    // Sign in with the new password, in a fresh browser: this tab's own session was just ended by the reset.
    const fresh = await page.context().browser()!.newContext()
    const home = await fresh.newPage()
    const origin = new URL(page.url()).origin
    await home.goto(`${origin}/`)
    const [signIn] = await Promise.all([
      home.waitForEvent('popup'),
      home.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign In' }).click(),
    ])
    await expect(signIn.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await signIn.getByLabel('Email').fill(account.email)
    await signIn.getByLabel('Password').fill(changed)
    await signIn.getByRole('button', { name: 'Sign in' }).click()
    await expect(signIn.getByText('Incorrect email or password.')).toBeVisible()
    await signIn.getByLabel('Password').fill(reset)
    await signIn.getByRole('button', { name: 'Sign in' }).click()
    await closed(signIn)
    // The page finishes the sign-in (the token exchange) after the popup closes, then opens the dashboard: the
    // landing page's Go to Dashboard may show for a moment or not at all. Wait for either before leaving.
    await expect(
      home
        .getByRole('link', { name: 'Go to Dashboard' })
        .or(home.getByRole('heading', { name: 'Welcome, Rosa' }))
        .first(),
    ).toBeVisible()
    await home.goto(`${origin}/secure`)
    await expect(home.getByRole('heading', { name: 'Welcome, Rosa' })).toBeVisible()
    await fresh.close()
  })

  test('a restart of the server keeps the user signed in', async ({ browser }) => {
    // Onboarding plus two server starts of our own (each up to 120 s on a loaded machine).
    test.setTimeout(300_000)
    const port = await freePort()
    const dataDir = mkdtempSync(path.join(tmpdir(), 'brewcommand-e2e-restart-'))
    let server = await startServer({ port, dataDir })
    const context = await browser.newContext({ baseURL: server.url })
    const page = await context.newPage()
    try {
      await onboardNewBrewery(page, 'Hedy')
      await server.stop()
      server = await startServer({ port, dataDir })
      await page.reload()
      await expect(page.getByRole('heading', { name: 'Welcome, Hedy' })).toBeVisible()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reporting' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Reporting' })).toBeVisible()
    } finally {
      await context.close()
      await server.stop()
    }
  })
})

import { YEASTS } from '@brewcommand/domain'
import { expect, test, type Page } from '@playwright/test'
import { closed, fillCreateAccount, newAccount } from './support/auth.ts'
import { setUpNewBrewery } from './support/onboarding.ts'
import { firstLink, latestMailTo } from './support/outbox.ts'
import { expectAccessible } from './support/accessibility.ts'

async function usersPage(page: Page) {
  await page.goto('/secure/settings/users')
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible()
}

test('an admin invites a Brewer, who joins from the emailed link; promoted to Manager, they can delete', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  const admin = await setUpNewBrewery(page, 'Ada')

  // The admin writes a product with its first recipe.
  await page.goto('/secure/products')
  await page.getByRole('button', { name: 'Create Your First Product' }).click()
  await page.getByLabel('Product Name').fill('Team Pale')
  await page.getByLabel('Batch Size', { exact: true }).fill('10')
  await page.getByLabel('Batch Size Unit').selectOption({ label: 'Gallons' })
  await page.getByRole('combobox', { name: 'Yeast', exact: true }).click()
  await page.getByPlaceholder('Search Yeast').fill('1056')
  await page
    .getByRole('option', { name: YEASTS.find((y) => y.id === 'wyeast-1056-american-ale')!.name })
    .click()
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/products') && r.request().method() === 'POST' && r.status() === 201,
  )
  await page.getByRole('button', { name: 'Save Recipe' }).click()
  await created

  // Settings → Users: the admin is listed; an empty email is refused; the invitation goes out.
  await usersPage(page)
  const table = page.getByRole('table', { name: 'Users of the brewery' })
  await expect(table.getByRole('row', { name: new RegExp(admin.email) })).toContainText('Admin')
  await page.getByRole('button', { name: 'Invite User' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter an email address.' })).toBeVisible()
  const bea = newAccount('Bea')
  await page.getByLabel('Email', { exact: true }).fill(bea.email)
  await expect(page.getByLabel('Role', { exact: true })).toHaveValue('Brewer')
  await page.getByRole('button', { name: 'Invite User' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: `Invitation sent to ${bea.email} as Brewer.` }),
  ).toBeVisible()
  const invitedRow = table.getByRole('row', { name: new RegExp(bea.email) })
  await expect(invitedRow).toContainText('Invited User')
  await expect(invitedRow).toContainText('Brewer')
  await expect(invitedRow).toContainText('Invited')
  await expectAccessible(page, 'settings users with an invitation')
  // The message clears after 5 seconds.
  await expect(page.getByText(`Invitation sent to ${bea.email} as Brewer.`)).toBeHidden({ timeout: 7000 })

  // The invitee opens the emailed link in their own browser and creates an account.
  const mail = await latestMailTo(bea.email)
  expect(mail).toContain('invited you to join Hoppy Co Brewing on BrewCommand as Brewer.')
  const link = firstLink(mail)
  const inviteeContext = await browser.newContext()
  const invitee = await inviteeContext.newPage()
  await invitee.goto(link)
  await expect(invitee.getByText('You are invited to join Hoppy Co Brewing as Brewer.')).toBeVisible()
  await expectAccessible(invitee, 'invitation page')
  const [popup] = await Promise.all([
    invitee.waitForEvent('popup'),
    invitee.getByRole('button', { name: 'Create account' }).click(),
  ])
  await fillCreateAccount(popup, bea)
  await closed(popup)
  // Only a verified address equal to the invited one accepts: the new account confirms its address
  // (the verification mail's link), then accepts.
  await expect(invitee.getByRole('alert')).toContainText('Verify your email address')
  let verification = ''
  await expect(async () => {
    verification = await latestMailTo(bea.email)
    expect(verification).toContain('/verify-email?token=')
  }).toPass({ timeout: 10_000 })
  await invitee.goto(firstLink(verification))
  await expect(invitee.getByText('Your email address is verified.')).toBeVisible()
  await invitee.goto(link)
  await invitee.getByRole('button', { name: 'Accept invitation' }).click()
  await expect(invitee.getByRole('heading', { name: 'Welcome, Bea' })).toBeVisible()

  // The admin's list turns the invitation into the member, live.
  await expect(table.getByRole('row', { name: /Bea Lovelace/ })).toContainText('Active')
  await expect(table.getByText('Invited User')).toHaveCount(0)

  // As a Brewer: the brewery's product is there, without Delete; the recipe can be edited.
  await invitee.goto('/secure/products')
  await expect(invitee.getByRole('link', { name: 'Team Pale' })).toBeVisible()
  await expect(invitee.getByRole('button', { name: 'Actions for Team Pale' })).toHaveCount(0)
  await invitee.getByRole('link', { name: 'Team Pale' }).click()
  await invitee.getByRole('link', { name: '10 Gallons' }).click()
  await invitee.getByRole('link', { name: 'Edit Recipe' }).click()
  await invitee.getByLabel('Batch Size', { exact: true }).fill('12')
  const updated = invitee.waitForResponse(
    (r) => /\/recipes\//.test(r.url()) && r.request().method() === 'PUT' && r.status() === 200,
  )
  await invitee.getByRole('button', { name: 'Save Recipe' }).click()
  await updated

  // No user management for a Brewer.
  await usersPage(invitee)
  await expect(invitee.getByText('Only an Admin can invite, change or remove members.')).toBeVisible()
  await expect(invitee.getByRole('button', { name: 'Invite User' })).toHaveCount(0)
  await expect(invitee.getByRole('button', { name: 'Edit' })).toHaveCount(0)
  await expect(invitee.getByRole('button', { name: 'Delete' })).toHaveCount(0)

  // The admin makes them a Manager; their open products page offers Delete at once.
  await invitee.goto('/secure/products')
  await expect(invitee.getByRole('link', { name: 'Team Pale' })).toBeVisible()
  const beaRow = table.getByRole('row', { name: /Bea Lovelace/ })
  await beaRow.getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Role for Bea Lovelace').selectOption('Manager')
  await beaRow.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Bea Lovelace is now Manager.' })).toBeVisible()
  await expect(beaRow).toContainText('Manager')
  if (process.env.TEAM_SCREENSHOT)
    await page.screenshot({ path: process.env.TEAM_SCREENSHOT, fullPage: true })

  await invitee.getByRole('button', { name: 'Actions for Team Pale' }).click()
  await invitee.getByRole('menuitem', { name: 'Delete' }).click()
  const deleted = invitee.waitForResponse(
    (r) => /\/api\/products\/[^/]+$/.test(r.url()) && r.request().method() === 'DELETE' && r.ok(),
  )
  await invitee.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await deleted
  await expect(invitee.getByRole('link', { name: 'Team Pale' })).toHaveCount(0)
  await inviteeContext.close()
})

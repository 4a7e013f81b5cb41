import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Page, type Request } from '@playwright/test'
import { appCached, WITH_SERVICE_WORKER } from './support/offline.ts'
import { setUpNewBrewery } from './support/onboarding.ts'
import { freePort, startServer } from './support/server.ts'

test.use(WITH_SERVICE_WORKER)

type ApiProduct = { id: string; name: string; description: string; tastingNotes: { notes: string }[] }

/** The brewery's products as the server has them, read with the signed-in user's own token. */
async function serverProducts(page: Page): Promise<ApiProduct[]> {
  return page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))
    const { access_token: token } = JSON.parse(localStorage.getItem(key!)!) as { access_token: string }
    const response = await fetch('/api/products', { headers: { authorization: `Bearer ${token}` } })
    if (!response.ok) throw new Error(`GET /api/products answered ${response.status}`)
    return ((await response.json()) as { data: ApiProduct[] }).data
  })
}

/** Writes the page sends to the products API (method and path), in order. */
function recordWrites(page: Page) {
  const writes: Request[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/products') && request.method() !== 'GET') writes.push(request)
  })
  return writes
}

/** The header's save status (a button whose text is the state, named "<state> — sync status"). */
const status = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Sync status' })

/**
 * Opens the list of unsaved changes from the save status. The status re-renders as the queue settles, so a click
 * can land on a button being replaced (a loaded machine showed it): click again until the list is open.
 */
async function openUnsavedChanges(page: Page) {
  const list = page.getByRole('dialog', { name: 'Unsaved changes' })
  await expect(async () => {
    if (!(await list.isVisible())) await status(page).click({ timeout: 2_000 })
    await expect(list).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  return list
}

async function openProducts(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click()
  await expect(page.getByRole('heading', { name: "Let's Create Your Products!" })).toBeVisible()
}

async function createProduct(page: Page, name: string) {
  // A product without a recipe, from the New Product dialog.
  await page.getByRole('button', { name: 'Add Product' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Product' })
  await dialog.getByPlaceholder('Product Name').fill(name)
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

async function rename(page: Page, name: string) {
  await page.getByRole('button', { name: 'Edit name' }).click()
  await page.getByLabel('Product name').fill(name)
  await page.getByLabel('Product name').press('Enter')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

async function describeProduct(page: Page, text: string) {
  await page.getByRole('button', { name: 'Click to add a description' }).click()
  await page.getByRole('textbox', { name: 'Description' }).fill(text)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText(text)).toBeVisible()
}

test('offline: a new product and two edits survive a closed tab and reach the server exactly once', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await setUpNewBrewery(page, 'Olive')
  await openProducts(page)
  await expect(status(page)).toHaveText('All changes saved')
  // Set up through the API, the page is seconds old: the New Product dialog's code may not be cached yet.
  await appCached(page)

  await context.setOffline(true)
  await createProduct(page, 'Offline Stout')
  await expect(status(page)).toHaveText('Offline — 1 change pending')
  await rename(page, 'Offline Imperial Stout')
  await describeProduct(page, 'Brewed while the Wi-Fi was down.')
  await expect(status(page)).toHaveText('Offline — 3 changes pending')
  const list = await openUnsavedChanges(page)
  await expect(list.getByText('New product “Offline Stout”')).toBeVisible()
  await expect(list.getByText('Change to product “Offline Imperial Stout”')).toBeVisible()
  await expect(list.getByText('Change to product', { exact: true })).toBeVisible()
  await expect(list.getByText('Waiting for the connection')).toHaveCount(3)
  await page.keyboard.press('Escape')

  // Another tab stays open (closing the last one would end the browser session).
  const again = await context.newPage()
  // Closing the tab asks first; the person leaves anyway.
  const asked = page.waitForEvent('dialog').then(async (dialog) => {
    expect(dialog.type()).toBe('beforeunload')
    await dialog.accept()
  })
  const gone = page.waitForEvent('close')
  await page.close({ runBeforeUnload: true })
  await asked
  await gone

  await context.setOffline(false)
  const writes = recordWrites(again)
  await again.goto('/secure/products')
  await expect(status(again)).toHaveText('All changes saved')
  await expect(again.getByRole('link', { name: 'Offline Imperial Stout' })).toBeVisible()

  expect(
    writes.map((r) => `${r.method()} ${new URL(r.url()).pathname.replace(/[0-9a-f-]{36}/, ':id')}`),
  ).toEqual(['POST /api/products', 'PUT /api/products/:id', 'PUT /api/products/:id'])
  const products = await serverProducts(again)
  expect(products.filter((p) => p.name.startsWith('Offline'))).toEqual([
    expect.objectContaining({
      name: 'Offline Imperial Stout',
      description: 'Brewed while the Wi-Fi was down.',
    }),
  ])
  // Nothing is left in the browser's queue.
  expect(
    await again.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('brewcommand:queue:'))),
  ).toEqual([])
})

test('after a reload, unsent writes are shown at once from the browser and then sent', async ({ page }) => {
  test.setTimeout(90_000)
  await setUpNewBrewery(page, 'Nell')
  await openProducts(page)
  // The writes cannot get through (reads can): the API is unreachable for them.
  await page.route('**/api/products**', (route) =>
    route.request().method() === 'GET' ? route.fallback() : route.abort('connectionrefused'),
  )
  await createProduct(page, 'Reloaded Rye')
  await rename(page, 'Reloaded Rye Ale')
  await expect(status(page)).toHaveText('Saving 2 changes…')
  page.once('dialog', (dialog) => void dialog.accept())
  await page.reload()
  // The server has nothing yet; the page shows the product from the stored queue.
  await expect(page.getByRole('heading', { level: 1, name: 'Reloaded Rye Ale' })).toBeVisible()
  await expect(status(page)).toHaveText('Saving 2 changes…')
  expect((await serverProducts(page)).some((p) => p.name.startsWith('Reloaded'))).toBe(false)

  await page.unrouteAll()
  await expect(status(page)).toHaveText('All changes saved', { timeout: 70_000 })
  const products = await serverProducts(page)
  expect(products.filter((p) => p.name.startsWith('Reloaded')).map((p) => p.name)).toEqual([
    'Reloaded Rye Ale',
  ])
})

test('a create answered 500 twice (after the server stored it) and then 201 ends with one record', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await setUpNewBrewery(page, 'Rita')
  await openProducts(page)
  let attempts = 0
  const keys = new Set<string>()
  await page.route('**/api/products', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    attempts += 1
    keys.add(route.request().headers()['idempotency-key'])
    if (attempts > 2) return route.fallback()
    // The server really receives and stores the write; the answer is lost on the way back.
    await route.fetch()
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":{"code":"INTERNAL","message":"Upstream failed"}}',
    })
  })
  await createProduct(page, 'Retry Red')
  await expect(status(page)).toHaveText('All changes saved', { timeout: 20_000 })
  expect(attempts).toBe(3)
  expect(keys.size).toBe(1)
  const products = await serverProducts(page)
  expect(products.filter((p) => p.name === 'Retry Red')).toHaveLength(1)
})

// Issue 34, defect 3 (ADR 255): a refusal is told in the server's words and undone; nothing is kept failed.
test('a refused change is told in words and undone on screen; nothing waits as failed, and the next change is saved', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await setUpNewBrewery(page, 'Fay')
  await openProducts(page)
  await createProduct(page, 'Kept Kölsch')
  await expect(status(page)).toHaveText('All changes saved')

  let refuse = true
  await page.route('**/api/products/*', async (route) => {
    if (route.request().method() === 'PUT' && refuse) {
      return route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: '{"error":{"code":"CONFLICT","message":"Not today"}}',
      })
    }
    return route.fallback()
  })
  // Not rename(): the refusal may undo the new name before it could be seen.
  await page.getByRole('button', { name: 'Edit name' }).click()
  await page.getByLabel('Product name').fill('Lost Kölsch')
  await page.getByLabel('Product name').press('Enter')
  await expect(page.getByText('Not today', { exact: true })).toBeVisible()
  await expect(page.getByText(/Server responded with an error/)).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Kept Kölsch' })).toBeVisible()
  await expect(status(page)).toHaveText('All changes saved')
  await expect((await openUnsavedChanges(page)).getByRole('button', { name: 'Retry' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('brewcommand:queue:'))),
  ).toEqual([])

  refuse = false
  await rename(page, 'Second Kölsch')
  await expect(status(page)).toHaveText('All changes saved')
  expect((await serverProducts(page)).find((p) => p.name.endsWith('Kölsch'))?.name).toBe('Second Kölsch')
})

test('fault: the server is killed (SIGKILL) while the queue holds edits, one of them already stored; after a restart every edit lands once', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brewcommand-e2e-queue-kill-'))
  let server = await startServer({ port, dataDir })
  const context = await browser.newContext({ baseURL: server.url })
  const page = await context.newPage()
  try {
    await setUpNewBrewery(page, 'Kit')
    await openProducts(page)
    await createProduct(page, 'Crash Porter')
    await expect(status(page)).toHaveText('All changes saved')

    // The first edit reaches the server and is stored, then the server dies before answering.
    const crash: { killed: Promise<void> | null } = { killed: null }
    await page.route('**/api/products/*', async (route) => {
      if (route.request().method() !== 'PUT' || crash.killed) return route.fallback()
      await route.fetch()
      crash.killed = server.kill()
      await crash.killed
      await route.abort('connectionreset')
    })
    await rename(page, 'Crash Porter II')
    await expect.poll(() => crash.killed !== null).toBe(true)
    await crash.killed
    // More edits while the server is down: they wait in line behind the first.
    await describeProduct(page, 'Survived a crash.')
    await page.getByRole('button', { name: 'Add Tasting Note' }).click()
    const note = page.getByRole('dialog', { name: 'Add Tasting Note' })
    await note.getByLabel('Category').selectOption({ label: 'Aroma' })
    await note.getByLabel('Notes').fill('Roast and cocoa.')
    await note.getByRole('button', { name: 'Save' }).click()
    await expect(status(page)).toHaveText('Saving 3 changes…')

    server = await startServer({ port, dataDir })
    await expect(status(page)).toHaveText('All changes saved', { timeout: 90_000 })
    const products = await serverProducts(page)
    expect(products).toEqual([
      expect.objectContaining({
        name: 'Crash Porter II',
        description: 'Survived a crash.',
        tastingNotes: [expect.objectContaining({ notes: 'Roast and cocoa.' })],
      }),
    ])
  } finally {
    await context.close()
    await server.stop()
  }
})

import { expect, test, type Page } from '@playwright/test'
import { appCached, WITH_SERVICE_WORKER } from './support/offline.ts'
import { setUpNewBrewery } from './support/onboarding.ts'

test.use(WITH_SERVICE_WORKER)

/** The header's save status (a button named "Sync status" whose text is the state). */
const status = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Sync status' })

test('the installed app starts offline from the cached shell, queues a change and saves it back online', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  // Installable: the page links the manifest, which names the app, its start page and its icons.
  await page.goto('/')
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
  const manifest = (await (await page.request.get(manifestHref!)).json()) as Record<string, unknown>
  expect(manifest).toMatchObject({ name: 'BrewCommand', start_url: '/secure', display: 'standalone' })

  await setUpNewBrewery(page, 'Otto')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click()
  await expect(page.getByRole('heading', { name: "Let's Create Your Products!" })).toBeVisible()
  // The worker has installed (the app shell is precached) and controls the page.
  await appCached(page)

  await context.setOffline(true)
  await page.reload()
  // The shell came from the worker's cache: the header, the navigation and the save status.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }),
  ).toBeVisible()
  await expect(status(page)).toHaveText('All changes saved')

  // A change made offline waits in the queue like every other write.
  await page.getByRole('button', { name: 'Add Product' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Product' })
  await dialog.getByPlaceholder('Product Name').fill('Cellar Saison')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Cellar Saison' })).toBeVisible()
  await expect(status(page)).toHaveText('Offline — 1 change pending')

  await context.setOffline(false)
  await expect(status(page)).toHaveText('All changes saved', { timeout: 30_000 })
  const names = await page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))
    const { access_token: token } = JSON.parse(localStorage.getItem(key!)!) as { access_token: string }
    const response = await fetch('/api/products', { headers: { authorization: `Bearer ${token}` } })
    return ((await response.json()) as { data: { name: string }[] }).data.map((p) => p.name)
  })
  expect(names).toEqual(['Cellar Saison'])
})

test('the worker never answers for the API, the identity provider or uploads', async ({ page, context }) => {
  await page.goto('/')
  await appCached(page)
  // Nothing but the app shell is in the worker's caches.
  const cached = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname)
    return urls
  })
  expect(cached).toContain('/index.html')
  expect(cached.filter((url) => /^\/(api|idp|socket\.io|uploads)\//.test(url))).toEqual([])

  await context.setOffline(true)
  // A navigation to a server path is not given the app shell offline: it fails like any offline request.
  for (const url of ['/idp/auth', '/api/health'])
    await expect(page.goto(url)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/)
  await context.setOffline(false)
})

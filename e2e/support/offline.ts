import { expect, type Page } from '@playwright/test'

/**
 * For a journey that goes offline: `test.use(WITH_SERVICE_WORKER)`. The config blocks the app's service worker in
 * every other journey, where precaching the whole app shell in each new context was a quarter of the CPU (ADR 425).
 */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const

/**
 * Waits until the app can start offline: the service worker has installed (the app shell, every screen's code
 * included, is precached) and controls the page. A brewer who goes offline seconds after the first visit would
 * find screens not yet cached; a journey that means to go offline waits for this first. A journey without
 * WITH_SERVICE_WORKER is told so, instead of waiting for a worker that cannot register.
 */
export async function appCached(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined), {
      message:
        "the app's service worker never registered: a journey that goes offline needs test.use(WITH_SERVICE_WORKER)",
    })
    .toBe(true)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

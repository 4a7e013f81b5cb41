import { expect, type Page } from '@playwright/test'

/**
 * Waits until the app can start offline: the service worker has installed (the app shell, every screen's code
 * included, is precached) and controls the page. A brewer who goes offline seconds after the first visit would
 * find screens not yet cached; a journey that means to go offline waits for this first.
 */
export async function appCached(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

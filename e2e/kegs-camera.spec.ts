import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { makeEnvelope } from '@brewcommand/domain'
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './support/accessibility.ts'
import { fakeCameraArgs, writeQrY4m } from './support/fake-camera.ts'
import { WITH_SERVICE_WORKER } from './support/offline.ts'
import { setUpNewBrewery } from './support/onboarding.ts'
import { chromiumLaunchOptions } from './support/server.ts'

// Issue 36 "Done when": scanning works with the camera on a phone and offline. Chromium's fake camera plays a Y4M
// file written here (the QR code of keg K-0001, the first number of a new brewery's register, as its labels print
// it); the Scan screen reads it (BarcodeDetector where Chromium has it, jsQR otherwise) at 390 px. One scan online
// is recorded at once; one made offline waits in the request queue and is applied when the network returns.

const video = path.join(tmpdir(), `brewcommand-keg-qr-${process.pid}.y4m`)
writeQrY4m(video, 'K-0001')
test.afterAll(() => rmSync(video, { force: true }))

test.use({
  // Scans made offline.
  ...WITH_SERVICE_WORKER,
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...(chromiumLaunchOptions.args ?? []), ...fakeCameraArgs(video)],
  },
})

async function addKeg(page: Page) {
  const answer = await page.evaluate(
    async (body) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))
      const { access_token: token } = JSON.parse(localStorage.getItem(key!)!) as { access_token: string }
      const response = await fetch('/api/kegs', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return {
        status: response.status,
        body: (await response.json()) as { data: { id: string; assetNumber: string }[] },
      }
    },
    makeEnvelope('keg', { count: 1, size: '1/6 BBL', owner: 'ours' }),
  )
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body.data[0]
}

test('kegs: the phone’s camera reads a keg’s QR code, online and offline, and each scan is recorded', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await setUpNewBrewery(page, 'Cam')
  const keg = await addKeg(page)
  expect(keg.assetNumber).toBe('K-0001')
  // Signed up at a desk; scanning on a phone.
  await page.setViewportSize({ width: 390, height: 844 })

  await page.goto('/secure/inventory/kegs/scan')
  await expect(page.getByRole('heading', { level: 1, name: 'Scan kegs' })).toBeVisible()
  await expectAccessible(page, 'scan screen, phone')
  const decoder = await page.evaluate(() => ('BarcodeDetector' in window ? 'BarcodeDetector' : 'jsQR'))
  test.info().annotations.push({ type: 'decoder', description: decoder })
  const status = page.getByRole('status').filter({ hasText: 'recorded' })
  const scans = page.getByRole('list', { name: 'Scans' })

  // Online: Damaged, then the camera. The code is read, the scan goes to the server and is confirmed.
  await page.getByRole('button', { name: 'Damaged' }).click()
  await page.getByRole('button', { name: 'Use camera' }).click()
  await expect(page.getByLabel("Camera: hold the keg's QR code in view")).toBeVisible()
  await expect(status).toContainText('1 keg recorded', { timeout: 30_000 })
  await page.getByRole('button', { name: 'Stop camera' }).click()
  await expect(scans.getByRole('listitem')).toHaveCount(1)
  await expect(scans.getByRole('listitem').first()).toHaveText('K-0001 Damaged · recorded')
  await expectAccessible(page, 'scan screen after a camera scan, phone')

  // Offline: Cleaned, the camera again. The scan waits in the queue, said so on the screen.
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Cleaned' }).click()
  await page.getByRole('button', { name: 'Use camera' }).click()
  await expect(status).toContainText('1 keg recorded · 1 waiting for the network', { timeout: 30_000 })
  await expect(status).toContainText('K-0001: Cleaned — saved, sent when back online')
  await page.getByRole('button', { name: 'Stop camera' }).click()
  await expect(scans.getByRole('listitem')).toHaveCount(2)
  await expectAccessible(page, 'scan screen offline, phone')

  // Back online: the queued scan is applied, in order, after the first.
  await context.setOffline(false)
  await expect(status).toContainText('2 kegs recorded', { timeout: 30_000 })
  await expect(scans.getByRole('listitem').first()).toHaveText('K-0001 Cleaned · recorded')

  await page.goto(`/secure/inventory/kegs/${keg.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Keg K-0001' })).toBeVisible()
  const history = page.getByRole('region', { name: 'History' })
  await expect(history).toContainText('Damaged')
  await expect(history).toContainText('Cleaned')
  await expectAccessible(page, 'keg page after camera scans, phone')
})

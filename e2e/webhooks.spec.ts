import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility.ts'
import { setUpNewBrewery } from './support/onboarding.ts'

// Settings → Webhooks (ADR 282): an Admin adds an endpoint at a local receiver (the e2e server allows private
// addresses and http), copies the secret shown once, sends a test event, and sees the delivery in the log; the
// receiver checks the Standard Webhooks signature with that secret.

/** The Standard Webhooks signature: base64 HMAC-SHA256 of "id.timestamp.body" under the secret's bytes. */
function signatureOf(secret: string, headers: IncomingHttpHeaders, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const signed = `${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`
}

test('an Admin adds a webhook endpoint, sees its secret once, sends a test event and sees the delivery', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const received: { headers: IncomingHttpHeaders; body: string }[] = []
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.end('received')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
  try {
    await setUpNewBrewery(page, 'Ada')
    await page.goto('/secure/settings/webhooks')
    await expect(page.getByText('No webhook endpoints yet.')).toBeVisible()
    await expectAccessible(page, 'Settings → Webhooks, empty')

    // Add Endpoint, by keyboard where it counts.
    await page.getByRole('button', { name: 'Add Endpoint' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Endpoint' })
    await dialog.getByLabel('Endpoint URL').fill(url)
    await dialog.getByLabel('Description (optional)').fill('Taproom POS')
    await dialog.getByLabel('Products: created').check()
    await dialog.getByLabel('Orders: created').focus()
    await page.keyboard.press('Space')
    await expect(dialog.getByLabel('Orders: created')).toBeChecked()
    await expectAccessible(page, 'Add Endpoint dialog')
    await dialog.getByRole('button', { name: 'Add Endpoint' }).click()

    // The secret, once.
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim()
    expect(secret).toMatch(/^whsec_/)
    await page.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0)
    await page.reload()
    await expect(page.getByText(url)).toBeVisible()
    await expect(page.getByText(secret)).toHaveCount(0)

    // Send Test Event: the receiver gets it signed with that secret, and the log shows it.
    await page.getByRole('button', { name: 'Send Test Event' }).click()
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1)
    const [delivery] = received
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'webhook.test' })
    expect(delivery.headers['webhook-signature']).toBe(signatureOf(secret, delivery.headers, delivery.body))
    const log = page.getByRole('list', { name: `Deliveries to ${url}` })
    await expect(log.getByText('webhook.test')).toBeVisible({ timeout: 15_000 })
    await expect(log.getByText('received')).toBeVisible()
    await expectAccessible(page, 'Settings → Webhooks with the delivery log')

    // On a phone: nothing wider than the screen, big targets.
    await page.setViewportSize({ width: 390, height: 844 })
    const send = await page.getByRole('button', { name: 'Send Test Event' }).boundingBox()
    expect(send!.height).toBeGreaterThanOrEqual(44)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
    await expectAccessible(page, 'Settings → Webhooks on a phone')
  } finally {
    await new Promise((resolve) => receiver.close(resolve))
  }
})

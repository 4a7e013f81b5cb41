import { deflateSync } from 'node:zlib'
import { expect, test, type Page } from '@playwright/test'
import { setUpNewBrewery } from './support/onboarding.ts'
import { expectAccessible } from './support/accessibility.ts'

/** A small real PNG (a 64×64 gradient), so the thumbnail has something to draw. */
function gradientPng(size = 64): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = Array.from({ length: size }, (_, y) =>
    Buffer.concat([
      Buffer.from([0]),
      ...Array.from({ length: size }, (_, x) => Buffer.from([x * 4, y * 4, 160])),
    ]),
  )
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const filesCall = (page: Page, method: string) =>
  page.waitForResponse(
    (r) => /\/api\/products\/[^/]+\/files/.test(r.url()) && r.request().method() === method && r.ok(),
  )

test('a brewery keeps product media: upload a PNG with countdown and progress, see its thumbnail after a reload, rename it, delete it', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await setUpNewBrewery(page, 'Mia')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click()
  await page.getByRole('button', { name: 'Add Product' }).click()
  const create = page.getByRole('dialog', { name: 'New Product' })
  await create.getByPlaceholder('Product Name').fill('Label Lager')
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Label Lager' })).toBeVisible()

  // Hold the upload for a moment so its progress bar can be seen.
  await page.route('**/uploads/**', async (route) => {
    if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })

  await page.getByRole('button', { name: 'Add Media' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Media' })
  await dialog.getByLabel('Choose files to upload').setInputFiles([
    { name: 'front-label.png', mimeType: 'image/png', buffer: gradientPng() },
    { name: 'notes.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
  ])
  await expect(
    page.getByText('notes.exe cannot be uploaded because it is not a supported type.'),
  ).toBeVisible()
  const item = dialog.getByRole('listitem', { name: 'front-label.png' })
  await expect(item.getByText('Uploading in 5 seconds...')).toBeVisible()
  await expect(item.getByText('Uploading in 4 seconds...')).toBeVisible()
  const progress = item.getByRole('progressbar', { name: 'Uploading front-label.png' })
  await expect(progress).toBeVisible({ timeout: 8000 })
  const attached = filesCall(page, 'POST')
  await expect(item.getByText('Uploaded')).toBeVisible()
  await expectAccessible(page, 'Add Media dialog')
  await attached

  // A second file, cancelled during its countdown.
  await dialog
    .getByLabel('Choose files to upload')
    .setInputFiles([
      { name: 'sell-sheet.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ])
  const second = dialog.getByRole('listitem', { name: 'sell-sheet.pdf' })
  await expect(second.getByText('Uploading in 5 seconds...')).toBeVisible()
  await second.getByRole('button', { name: 'Cancel upload of sell-sheet.pdf' }).click()
  await expect(second.getByText('Upload aborted during countdown.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).first().click()

  // After a reload the thumbnail comes from the signed link.
  await page.reload()
  const media = page.getByRole('region', { name: 'Media Assets' })
  const thumbnail = media.getByRole('img', { name: 'front-label.png' })
  await expect(thumbnail).toBeVisible()
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64)
  const src = (await thumbnail.getAttribute('src'))!
  expect(src).toMatch(/\/uploads\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.png\?expires=\d+&signature=/)
  await expect(media.getByRole('listitem')).toHaveCount(2) // the file and the Add Media card

  // Rename and describe it.
  await media.getByRole('button', { name: 'Edit front-label.png' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Media' })
  await edit.getByLabel('Name').fill('Front label (approved)')
  await edit.getByLabel('Description').fill('Final art for the 16oz can.')
  await expectAccessible(page, 'Edit Media dialog')
  const renamed = filesCall(page, 'PUT')
  await edit.getByRole('button', { name: 'Save' }).click()
  await renamed
  await page.reload()
  await expect(media.getByText('Front label (approved)')).toBeVisible()
  await expect(media.getByText('Final art for the 16oz can.')).toBeVisible()

  // Delete it after confirming; the link stops working too.
  await media.getByRole('button', { name: 'Delete Front label (approved)' }).click()
  const deleted = filesCall(page, 'DELETE')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await deleted
  await page.reload()
  await expect(media.getByRole('button', { name: 'Add Media' })).toBeVisible()
  await expect(media.getByRole('img')).toHaveCount(0)
  expect((await page.request.get(src)).status()).toBe(404)
})

// A measurement, not part of the normal run: MEASURE_UPLOAD_BYTES=209715200 npm run e2e -w e2e -- media.spec.ts
const MEASURE_BYTES = Number(process.env.MEASURE_UPLOAD_BYTES ?? 0)
test('a large video goes from Chromium to local disk, with progress', async ({ page }, testInfo) => {
  test.skip(!MEASURE_BYTES, 'set MEASURE_UPLOAD_BYTES to measure')
  test.setTimeout(600_000)
  const { writeFileSync, openSync, closeSync, ftruncateSync } = await import('node:fs')
  const file = testInfo.outputPath('launch.mp4')
  writeFileSync(file, '')
  const fd = openSync(file, 'r+')
  ftruncateSync(fd, MEASURE_BYTES)
  closeSync(fd)

  await setUpNewBrewery(page, 'Max')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click()
  await page.getByRole('button', { name: 'Add Product' }).click()
  const create = page.getByRole('dialog', { name: 'New Product' })
  await create.getByPlaceholder('Product Name').fill('Big Launch')
  await create.getByRole('button', { name: 'Create' }).click()
  await page.getByRole('button', { name: 'Add Media' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Media' })
  await dialog.getByLabel('Choose files to upload').setInputFiles(file)
  const item = dialog.getByRole('listitem', { name: 'launch.mp4' })
  const progress = item.getByRole('progressbar', { name: 'Uploading launch.mp4' })
  await expect(progress).toBeVisible({ timeout: 10_000 })
  const started = Date.now()
  const seen = new Set<string>()
  while (!(await item.getByText('Uploaded').isVisible())) {
    const value = await progress.getAttribute('aria-valuenow').catch(() => null)
    if (value) seen.add(value)
    await page.waitForTimeout(100)
  }
  const seconds = (Date.now() - started) / 1000
  console.log(
    `Chromium upload of ${(MEASURE_BYTES / 1024 / 1024).toFixed(0)} MiB: ${seconds.toFixed(1)} s; progress values seen: ${[...seen].join(', ')}`,
  )
  expect(seen.size).toBeGreaterThan(1)
})

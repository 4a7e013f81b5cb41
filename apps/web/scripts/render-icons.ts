/**
 * Renders the install icons in `public/` from `public/favicon.svg` with the Chromium the journeys use:
 * `pwa-192.png`/`pwa-512.png` (the rounded tile, purpose "any") and `maskable-192.png`/`maskable-512.png`
 * (full-bleed background, the glyph inside the 80 % safe zone, purpose "maskable"). The PNGs are committed;
 * run `node --import tsx apps/web/scripts/render-icons.ts` again after changing the favicon.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { chromium } from '@playwright/test'

const publicDir = path.join(import.meta.dirname, '..', 'public')
const favicon = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8')
// The favicon's rounded tile, as a square without the rounding for the maskable icons.
const fullBleed = favicon.replace(/<rect ([^>]*?) rx="\d+"/, '<rect $1')
if (fullBleed === favicon) throw new Error('favicon.svg no longer starts with a rounded <rect rx="…">')

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  const page = await browser.newPage()
  for (const size of [192, 512]) {
    for (const [name, svg] of [
      ['pwa', favicon],
      ['maskable', fullBleed],
    ] as const) {
      await page.setViewportSize({ width: size, height: size })
      const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}img{display:block;width:${size}px;height:${size}px}</style><img src="${dataUrl}">`,
      )
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode())
      await page.screenshot({ path: path.join(publicDir, `${name}-${size}.png`), omitBackground: true })
    }
  }
} finally {
  await browser.close()
}

import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility.ts'
import { setUpNewBrewery } from './support/onboarding.ts'
import { freePort, REPO_ROOT, startServer } from './support/server.ts'

// The seeded quarter (packages/domain/src/production/ttb-fixture.ts) is written into the brewery's ledger by the
// test-only apps/server/src/testing/reporting-seed-cli.ts while the journey's own server is stopped: a quarter of
// brews, transfers and packaging through brew day and the cellar would take this journey many minutes.
const SEED_CLI = path.join(REPO_ROOT, 'apps/server/src/testing/reporting-seed-cli.ts')

test('reporting: choose the quarter, see the 5130.26 lines, drill into one, download the PDF and the CSV', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brewcommand-e2e-reporting-'))
  let server = await startServer({ port, dataDir })
  const context = await browser.newContext({ baseURL: server.url, acceptDownloads: true })
  const page = await context.newPage()
  try {
    await setUpNewBrewery(page, 'Rita')
    await server.stop()
    execFileSync(process.execPath, ['--import', 'tsx', SEED_CLI, dataDir], { cwd: REPO_ROOT, stdio: 'pipe' })
    server = await startServer({ port, dataDir })

    await page.goto('/secure/reporting')
    await expect(page.getByRole('heading', { level: 1, name: 'Reporting' })).toBeVisible()
    await page.getByLabel('Quarter').selectOption('2026-Q3')
    await expect(page.getByRole('cell', { name: 'Pils', exact: true })).toBeVisible()
    // The charts come with the tables (plain SVG, ADR 410): each named, the overview passing the accessibility check.
    await expect(page.getByRole('img', { name: /^Barrels brewed and packaged by month/ })).toBeVisible()
    await expectAccessible(page, 'reporting overview')
    // A row's events, listed on demand (ADR 419): the count opens them, and Escape returns to the count.
    const pilsEvents = page.getByRole('button', { name: '2 events behind Pils, 2026-08' })
    await pilsEvents.click()
    const eventsDialog = page.getByRole('dialog', { name: 'Events behind Pils, 2026-08' })
    await expect(eventsDialog.getByRole('table')).toBeVisible()
    await expect(eventsDialog.getByRole('row')).toHaveCount(3)
    await expectAccessible(page, 'reporting row events')
    await page.keyboard.press('Escape')
    await expect(eventsDialog).toBeHidden()
    await expect(pilsEvents).toBeFocused()
    // What the quarter cost and held: the seed wrote no stock, so its months are worth nothing.
    const value = page.getByRole('region', { name: 'Inventory value' })
    await expect(value.getByRole('row', { name: /^2026-09/ })).toContainText('$0.00')
    const [valueCsv] = await Promise.all([
      page.waitForEvent('download'),
      value.getByRole('button', { name: 'Download CSV' }).click(),
    ])
    expect(valueCsv.suggestedFilename()).toBe('inventory-value-2026-07-2026-09.csv')
    // An Oregon brewery's month ends at Pacific midnight (ADR 260): 07:00 UTC in October.
    expect(readFileSync(await valueCsv.path(), 'utf8')).toContain('2026-09,2026-10-01T07:00:00.000Z,0.00,')

    await page.getByRole('tab', { name: 'TTB' }).click()
    // TTB F 5130.26 in its own numbers and words: line 10 is removed for consumption or sale, 17 on hand at end.
    const removed = page.getByRole('row', { name: /^10 Beer removed for consumption or sale/ })
    await expect(removed).toContainText('37.62')
    await expect(
      page.getByRole('row', { name: /^17 Total amount of beer on hand at end of quarter/ }),
    ).toContainText('28.80')
    await expect(page.getByRole('row', { name: /^8 Total additions/ })).toContainText('71.05')
    await expect(page.getByText('The form balances.')).toBeVisible()
    await expectAccessible(page, 'reporting TTB 5130.26')

    await removed.getByRole('button', { name: /^Show the events of line 10, Beer removed/ }).click()
    const drill = page.getByRole('dialog', { name: /^Line 10: Beer removed for consumption or sale/ })
    await expect(drill.getByRole('row')).toHaveCount(6) // header, 4 events, the sum
    await expect(drill.getByRole('row', { name: /Sum of the events/ })).toContainText('37.62')
    await page.keyboard.press('Escape')
    await expect(drill).toBeHidden()

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ])
    expect(pdf.suggestedFilename()).toBe('ttb-5130-26-2026-Q3.pdf')
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ])
    expect(csv.suggestedFilename()).toBe('ttb-5130-26-2026-Q3.csv')
    const text = readFileSync(await csv.path(), 'utf8')
    expect(text).toContain(
      '10,Beer removed for consumption or sale including beer removed tax determined for consumption or sale in a tavern on brewery premises,37.62,37.62345,4,',
    )
    expect(text).toContain('17,Total amount of beer on hand at end of quarter,28.80')

    // TTB F 5130.9 for the quarter, by column: the August kegs racked in column (d).
    await page.getByRole('radio', { name: 'TTB F 5130.9' }).check()
    const racked = page.getByRole('row', { name: /^9 Racked/ })
    await expect(racked).toContainText('10.00')
    await expect(page.getByRole('row', { name: /^33 On hand end of period/ })).toContainText('28.80')
    await expectAccessible(page, 'reporting TTB 5130.9')
  } finally {
    await context.close()
    await server.stop()
  }
})

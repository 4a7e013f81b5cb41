import { expect, test } from '@playwright/test'
import { accessibilityFindings } from './support/accessibility.ts'

// The check every journey runs (expectAccessible) must see what the outside audit saw (ADR 140): axe-core
// leaves label-content-name-mismatch out unless it is asked for by name.
test('the accessibility check finds a control whose name does not contain its visible text (WCAG 2.5.3)', async ({
  page,
}) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Header</title></head><body>
    <header><button aria-label="Sync status">All changes saved</button>
    <button aria-label="Ada Lovelace">AL</button></header><main><h1>Page</h1></main></body></html>`)
  const { findings } = await accessibilityFindings(page)
  const mismatch = findings.find((finding) => finding.rule === 'label-content-name-mismatch')
  expect(mismatch?.impact).toBe('serious')
  expect(mismatch?.criteria).toBe('wcag253')
  expect(mismatch?.targets).toHaveLength(2)

  // Named as the header names them now (ADR 141): nothing to report.
  await page.setContent(`<!doctype html><html lang="en"><head><title>Header</title></head><body>
    <header><button aria-label="All changes saved — sync status">All changes saved</button>
    <button aria-label="AL, account menu for Ada Lovelace">AL</button></header><main><h1>Page</h1></main>
    </body></html>`)
  expect((await accessibilityFindings(page)).findings).toEqual([])
})

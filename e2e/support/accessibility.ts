import { appendFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

/** WCAG 2.0 and 2.1, levels A and AA (docs/decisions/142-accessibility-check-in-every-journey.md). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * axe-core leaves its experimental rules out even when their WCAG tag is asked for. These test WCAG 2.1
 * A/AA success criteria (2.5.3 label in name, 1.3.1 info and relationships, 1.3.4 orientation), and the
 * first is the one an outside audit found on every secure page (ADR 140), so they run too.
 */
export const EXPERIMENTAL_WCAG_RULES = [
  'label-content-name-mismatch',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
  'css-orientation-lock',
]

const NO_TRANSITIONS =
  '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; }'

/** Impacts that fail a journey; moderate and minor findings are reported (A11Y_REPORT) but allowed. */
const FAILING_IMPACTS = new Set(['serious', 'critical'])

/**
 * Waits until finite animations (a dialog fading in) are over, so colours are measured as seen: twice, two frames
 * apart, because a toast mounts first and starts its fade-in transition on a later frame (a toast's button was
 * once measured half-faded in, at 1.61:1).
 */
async function settled(page: Page) {
  const noAnimation = () =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    )
  await noAnimation()
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  await noAnimation()
}

export type AccessibilityFinding = {
  rule: string
  impact: string
  criteria: string
  help: string
  targets: string[]
}

/** Every WCAG 2.1 A/AA violation axe-core finds in what the page shows now, of every impact. */
export async function accessibilityFindings(
  page: Page,
): Promise<{ passed: number; findings: AccessibilityFinding[] }> {
  // Transitions end at once while the check runs, so a toast that appears meanwhile is measured as it will be seen,
  // not half faded in (a toast behind the Add Brewhouse dialog once measured 1.24:1). A constructed sheet, not a
  // <style>: the identity provider's pages allow no inline style.
  const still = await page.evaluateHandle((rule) => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(rule)
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
    return sheet
  }, NO_TRANSITIONS)
  let results: Awaited<ReturnType<AxeBuilder['analyze']>>
  try {
    await settled(page)
    results = await new AxeBuilder({ page })
      .options({
        runOnly: { type: 'tag', values: WCAG_TAGS },
        // Passing and inapplicable rules keep one node each, not a selector for every node they looked at: the
        // selectors were most of a check's time on a long page (ADR 423). Every rule still runs on every node.
        resultTypes: ['violations'],
        rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((rule) => [rule, { enabled: true }])),
      })
      // axe.run in the page itself. The default splits the run: a partial result in every frame, then a new blank
      // page opened in the context, axe injected into it again, to merge them: nearly a fifth of the journeys' CPU
      // (ADR 425). The default exists for cross-origin frames, and no page of ours has one; on 11 pages both ways
      // gave the same rules passed and the same findings.
      .setLegacyMode()
      .analyze()
  } finally {
    await still.evaluate((sheet) => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((kept) => kept !== sheet)
    })
    await still.dispose()
  }
  const findings = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    criteria: violation.tags.filter((tag) => /^wcag\d{3,}$/.test(tag)).join(', '),
    help: violation.help,
    targets: violation.nodes.map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  }))
  return { passed: results.passes.length, findings }
}

/**
 * Runs axe-core (WCAG 2.1 A and AA) on what the page shows now and fails on any serious or critical
 * violation, naming the rule, the WCAG criterion and the elements; the journey goes on and fails at its
 * end. Call it once the page (or the open dialog) has rendered: `await expectAccessible(page, 'products
 * list')`. With `A11Y_REPORT=<file>` every finding of every impact is appended to that file as one JSON
 * line per page.
 */
export async function expectAccessible(page: Page, name: string) {
  await test.step(`accessibility: ${name}`, async () => {
    const { passed, findings } = await accessibilityFindings(page)
    if (process.env.A11Y_REPORT) {
      appendFileSync(
        process.env.A11Y_REPORT,
        `${JSON.stringify({ page: name, url: page.url(), passed, findings })}\n`,
      )
    }
    const failing = findings.filter((finding) => FAILING_IMPACTS.has(finding.impact))
    expect
      .soft(failing, `serious or critical accessibility violations on ${name} (${page.url()})`)
      .toEqual([])
  })
}

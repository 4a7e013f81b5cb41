import { test } from '@playwright/test'
import { cellarWeek } from './support/cellar-week.ts'

// A real week in a brewery (issue 34) on a 390 px phone: the desktop journey's steps (e2e/support/cellar-week.ts)
// with every page visited checked by axe-core and for fitting the screen, and the buttons a thumb taps (Plan
// Batch, Book, the cellar tasks' one tap, Save, Package) at least 44 px high.

test('a week in the cellar on a phone: plan two batches, dry hop and cold crash with one tap, empty the tanks, the brite tank is free for the second', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await cellarWeek(page, 'phone')
})

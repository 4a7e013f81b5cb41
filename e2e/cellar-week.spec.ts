import { test } from '@playwright/test'
import { cellarWeek } from './support/cellar-week.ts'

// A real week in a brewery (issue 34) on a desktop; the same week on a 390 px phone is cellar-week-phone.spec.ts.
// The steps are shared (e2e/support/cellar-week.ts): two batches planned, the second told which batch holds the
// brite tank and its booking refused in words with nothing left failed; the first dry hopped and cold crashed
// with one tap each, transferred and packaged with Empty the tank, both tanks shown empty, the batch completed by
// its ledger, and the brite tank free for the second batch's booking.

test('a week in the cellar: plan two batches, brew, transfer and package with Empty the tank, the brite tank is free for the second', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await cellarWeek(page, 'desktop')
})

/** The schedule's texts a person reads (docs/production.md "Scheduling"). */

export const SCHEDULE_HEADING = 'Schedule'
export const SCHEDULE_INTRO =
  'Every vessel, day by day: fermentation and conditioning bars per batch, brew days on the brewhouse and packaging days. Drag a bar to move it, or open it to type its dates.'
export const SCHEDULE_LOAD_FAILED = 'The schedule could not be loaded.'
export const NO_VESSELS =
  'No vessels yet. Add your fermenters and brite tanks under Settings → Equipment, then plan batches onto them.'
export const ONLY_MANAGERS_SCHEDULE = 'Only a Manager or an Admin can change the schedule; you can see it.'
export const BREWHOUSE_ROW = 'Brewhouse'
export const PACKAGING_ROW = 'Packaging'
export const STAGE_LABEL: Record<string, string> = {
  brew: 'Brew day',
  fermentation: 'Fermentation',
  conditioning: 'Conditioning',
  packaging: 'Packaging',
}
export const GROWN_NOTE = 'still in the vessel past its planned end'
export const MOVE_DIALOG_TITLE = (batchNumber: string) => `Booking of batch ${batchNumber}`
export const MOVE_SAVE = 'Save dates'
export const MOVE_QUEUED = 'Move saved; it is being sent.'
export const REFUSED_DISMISS = 'Dismiss'
export const SHIFTS_HEADING = 'Overdue batches push later bookings'
export const SHIFT_SENTENCE = (shift: {
  batchNumber: string
  causedByBatchNumber: string
  shiftDays: number
  cause: 'vessel' | 'fermentation'
}) => {
  const days = `${shift.shiftDays} day${shift.shiftDays === 1 ? '' : 's'}`
  // Its own fermentation ends later in another vessel (ADR 223).
  if (shift.cause === 'fermentation') {
    return `Batch ${shift.batchNumber} ferments longer than planned: move its conditioning ${days} later?`
  }
  return `Batch ${shift.causedByBatchNumber} is still in its vessel: move batch ${shift.batchNumber} ${days} later?`
}
export const ACCEPT = 'Accept'
export const UNBOOKED_HEADING = 'Planned batches not booked yet'
export const BOOK = 'Book'
export const FIRST_FREE_FERMENTER = 'First free fermenter'
export const CAPACITY_HEADING = 'Can we brew this?'
export const CAPACITY_SUBMIT = 'Find a date'
export const CAPACITY_NONE = 'No fermenter and brite tank are free for it within a year.'
export const CAPACITY_ANSWER = (a: {
  productName: string
  brewDate: string
  fermenter: string
  briteTank: string
  packagingDate: string
}) =>
  `${a.productName} can be brewed on ${a.brewDate}: ${a.fermenter} is free for the fermentation and ${a.briteTank} for the conditioning; packaging on ${a.packagingDate}.`
export const FEED_HEADING = 'Calendar feed'
export const FEED_INTRO =
  'A private address with brew days and transfers for your calendar app. Anyone with the address can read it: make a new one to end the old.'
export const FEED_ACTIVE = (date: string) => `A feed address is active (made ${date}).`
export const FEED_NONE = 'No feed address is active.'
export const FEED_MAKE = 'Make a feed address'
export const FEED_REGENERATE = 'Make a new address'
export const FEED_REVOKE = 'Turn off the feed'
export const FEED_COPY_NOTE = 'Copy it now: it is shown only once.'
export const WEEK = 'Week'
export const MONTH = 'Month'
export const TODAY = 'Today'
export const EARLIER = 'Earlier'
export const LATER = 'Later'
export const CLEANING_HEADING = 'Cleaning time'
export const CLEANING_LABEL = 'Reserved between two bookings of a vessel'
export const CLEANING_SAVE = 'Save cleaning time'

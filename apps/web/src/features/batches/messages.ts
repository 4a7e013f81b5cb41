import type { BatchStatus } from '@brewcommand/domain'

/** The texts of Operations, Plan Batch and the batch page (docs/production.md "batch"). */
export const BATCH_TEXTS = {
  operations: 'Operations',
  // The Operations blurb of docs/product/01-access.md §1, now the page's empty state.
  blurb:
    'Run the brewhouse from one place: schedule brews and tank time, plan packaging runs, and keep the whole team on the same page from mash-in to the loading dock.',
  getStarted: 'Get Started',
  setUpEquipment:
    'Start with your equipment: add the brewhouse you brew on in Settings → Equipment, then plan a batch from a recipe.',
  howToPlan:
    'Open a product and choose Plan Batch on one of its recipes: pick the brewhouse, the brew date and the volume, and the batch appears here.',
  goToProducts: 'Go to Products',
  batches: 'Batches',
  filter: 'Status',
  allStatuses: 'All',
  noMatch: 'No batches with this status.',
  loadFailed: 'The batches could not be loaded.',
  retry: 'Try again',
  planBatch: 'Plan Batch',
  planDescription: (product: string) => `A batch of ${product}: the recipe is frozen as it is now.`,
  planned: 'Batch planned',
  openBatch: 'Open batch',
  noBrewhouse: 'There is no brewhouse yet: an Admin adds one in Settings → Equipment.',
  brewhouse: 'Brewhouse',
  plannedBrewDate: 'Planned brew date',
  targetVolume: 'Target volume',
  volumeUnit: 'Volume unit',
  changePlan: 'Change Plan',
  batchNotFound: 'Batch not found.',
  batchSaving: 'This batch is being saved; it appears as soon as the server has it.',
  thicknessFromBrewhouse: (qtPerLb: string) =>
    `The recipe gives no mash thickness: the strike water is planned at ${qtPerLb} qt/lb, the brewhouse's mash thickness (Settings → Equipment).`,
  batchFailed: 'This batch could not be saved: see the list of unsaved changes.',
  backToOperations: 'Back to Operations',
  brewDay: 'Brew Day',
  volumePlan: 'Volume plan',
  volumePlanIntro: (brewhouse: string, version: number) =>
    `From ${brewhouse}, version ${version}: each line shows its formula and this batch's numbers.`,
  scaled: (factor: string, volume: string) =>
    `The recipe is written for ${volume}: every ingredient is scaled ×${factor} for this batch.`,
  ogCompare: 'Original gravity',
  capacityWarnings: 'Capacity',
  recipe: 'Recipe (frozen when planned)',
  conditionInFermenter: 'Condition in the fermenter (no brite tank booked)',
  plannedBooking: 'Batch planned: its page says which tanks it booked, or why not.',
  schedule: 'Schedule',
  loadingSchedule: 'Loading…',
  scheduleFailed: 'The schedule of this batch could not be loaded.',
  fermentation: 'Fermentation',
  conditioning: 'Conditioning',
  ended: 'ended',
  inProgress: 'in progress',
  notBooked: (number: string) => `Batch ${number} is not booked yet.`,
  noBookings: 'No tank bookings.',
  openSchedule: 'Open the Schedule',
  completeBatch: 'Complete Batch',
  completeWithRest: (rest: string) =>
    `${rest} is still in its tanks: it is written off as a loss with the reason you give, and the tanks are empty.`,
  completeEmpty: 'Its beer is all packaged or written off: its tanks and remaining bookings are released.',
  restReason: 'Reason for what is left',
  giveReason: 'Give the reason for what is left in the tanks',
  completing: (number: string) => `Batch ${number} is being completed.`,
} as const

export const STATUS_LABELS: Record<BatchStatus, string> = {
  planned: 'Planned',
  brewing: 'Brewing',
  fermenting: 'Fermenting',
  conditioning: 'Conditioning',
  packaging: 'Packaging',
  completed: 'Completed',
  dumped: 'Dumped',
}

/** The batch page's cost section (GET /api/inventory/batches/{id}/cost; docs/decisions/240–241). */
export const BATCH_COST_TEXTS = {
  title: 'Cost',
  loading: 'Loading the cost…',
  loadError: 'The cost could not be loaded.',
  retry: 'Try again',
  empty: 'Nothing has been taken from stock for this batch yet: its cost appears once brew day starts.',
  intro:
    'What the batch took from stock, first in first out: each ingredient with the lots it drew from, and the packaging materials of its runs.',
  ingredients: 'Ingredients',
  materials: 'Packaging materials',
  item: 'Item',
  lot: 'Lot',
  quantity: 'Quantity',
  cost: 'Cost',
  lotLabel: (code: string) => `Lot ${code || '(no code)'}`,
  shortfall: 'Used beyond the stock on record (no cost yet)',
  incomplete:
    'Cost incomplete: some of what this batch used was not on record yet. It is settled, first in first out, when the stock is received.',
  total: 'Total',
  ingredientTotal: 'Ingredients',
  materialTotal: 'Packaging materials',
  perBarrel: 'Ingredients per barrel brewed',
  perBarrelNone: 'Known once the batch is in a fermenter',
  inTanks: 'Beer in tanks (work in progress)',
  lost: 'Dumped or lost',
} as const

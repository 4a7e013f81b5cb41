import { roundHalfAway, unitsToFormBarrels, unitsToHundredths, barrelsToUnits } from './barrels.ts'
import { monthOf, monthsOf, parsePeriod, type Period, type TaxSettings } from './reporting.schema.ts'
import { dayIn, DEFAULT_TIME_ZONE } from './time-zone.ts'

// The US TTB reports as a query over the liquid ledger (docs/production.md "US TTB facts"; the rules and
// their sources in docs/decisions/215-ttb-reports-from-the-ledger.md). Pure and exact: volumes are integer
// hundred-thousandths of a barrel ("units") until a form shows them to 2 decimals; money is integer cents.
// Every figure keeps the ledger events behind it, and a line's events always sum to the line.

/** One row of `liquid_events` as the reports read it (instants as ISO strings). */
export type TtbLedgerEvent = {
  id: string
  kind: string
  ttbClass: string
  volumeBbl: string
  reason: string
  occurredAt: string
  recordedAt: string
  supersedesId: string | null
  batchId?: string | null
  batchNumber?: string | null
  productName?: string | null
  fromVesselId?: string | null
  toVesselId?: string | null
  details?: Record<string, unknown> | null
}

/** The lines of the Brewer's Report of Operations that ledger events move beer on. */
export const FLOW_LINES = [
  'produced',
  'receivedInBond',
  'returned',
  'removedTaxpaid',
  'removedWithoutTax',
  'consumedOnPremises',
  'destroyed',
  'losses',
] as const
export type FlowLine = (typeof FLOW_LINES)[number]

/** Every line of the Brewer's Report of Operations, in the form's order. */
export const OPERATIONS_LINES = [
  { key: 'onHandStart', number: 1, label: 'On hand at start of period' },
  { key: 'produced', number: 2, label: 'Produced' },
  { key: 'receivedInBond', number: 3, label: 'Received in bond' },
  { key: 'returned', number: 4, label: 'Returned to the brewery' },
  { key: 'overage', number: 5, label: 'Overage (physical inventory)' },
  { key: 'totalAdditions', number: 6, label: 'Total (lines 1 through 5)' },
  { key: 'removedTaxpaid', number: 7, label: 'Removed for consumption or sale' },
  { key: 'removedWithoutTax', number: 8, label: 'Removed without payment of tax' },
  { key: 'consumedOnPremises', number: 9, label: 'Consumed on premises' },
  { key: 'destroyed', number: 10, label: 'Destroyed' },
  { key: 'losses', number: 11, label: 'Losses' },
  { key: 'shortage', number: 12, label: 'Shortage (physical inventory)' },
  { key: 'onHandEnd', number: 13, label: 'On hand at end of period' },
  { key: 'totalDispositions', number: 14, label: 'Total (lines 7 through 13)' },
] as const
export type OperationsLineKey = (typeof OPERATIONS_LINES)[number]['key']

const ADDITIONS = new Set<string>(['produced', 'receivedInBond', 'returned', 'overage'])
const REMOVALS = [
  'removedTaxpaid',
  'removedWithoutTax',
  'consumedOnPremises',
  'destroyed',
  'losses',
  'shortage',
]

/**
 * The ledger's `ttb_class` values and their line. The cellar, brew day and inventory write these; `none` is
 * beer that stays in the brewery (a transfer, a blend, packaging). Spellings of the same class are accepted,
 * so the vocabularies of the parts reconcile here, in one place.
 */
const TTB_CLASSES: Record<string, FlowLine | null> = {
  produced: 'produced',
  received_in_bond: 'receivedInBond',
  returned: 'returned',
  returned_to_brewery: 'returned',
  removed_taxpaid: 'removedTaxpaid',
  removed_for_consumption_or_sale: 'removedTaxpaid',
  removed_without_tax: 'removedWithoutTax',
  removed_tax_free: 'removedWithoutTax',
  consumed_on_premises: 'consumedOnPremises',
  destroyed: 'destroyed',
  loss: 'losses',
  losses: 'losses',
  none: null,
  internal: null,
  packaged: null,
}

/** The line of an event whose `ttb_class` is empty, from its kind. */
const KINDS: Record<string, FlowLine | null> = {
  brewed: 'produced',
  transferred: null,
  transfer: null,
  blended: null,
  packaged: null,
  package: null,
  sampled: 'consumedOnPremises',
  sample: 'consumedOnPremises',
  dumped: 'destroyed',
  dump: 'destroyed',
  lost: 'losses',
  loss: 'losses',
  returned: 'returned',
  removed: 'removedTaxpaid',
  received: 'receivedInBond',
}

/**
 * The TTB line of a ledger event: its `ttb_class` when it has one, else its kind's line; `null` for beer that
 * stays in the brewery; `'unclassified'` for a class or kind the reports do not know (shown, never dropped).
 */
export function classifyLedgerEvent(
  event: Pick<TtbLedgerEvent, 'kind' | 'ttbClass'>,
): FlowLine | null | 'unclassified' {
  const ttbClass = event.ttbClass
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
  if (ttbClass !== '') return ttbClass in TTB_CLASSES ? TTB_CLASSES[ttbClass] : 'unclassified'
  const kind = event.kind.trim().toLowerCase()
  return kind in KINDS ? KINDS[kind] : 'unclassified'
}

/** A closed report period: the span it covers and when it was closed. */
export type ClosedSpan = { from: string; to: string; closedAt: string }

/**
 * One event's effect on the books: `units` on its line (negative for the reversal of an event superseded after
 * its period closed), booked at `bookedAt`, on the day `bookedOn` in the brewery's time zone.
 */
export type Posting = {
  eventId: string
  line: FlowLine | null | 'unclassified'
  units: number
  bookedAt: string
  /** The day (YYYY-MM-DD) `bookedAt` falls on in the brewery's time zone: what periods are cut by. */
  bookedOn: string
  /** Booked later than it happened, because its month was closed when it was recorded. */
  adjustment: boolean
  /** For a reversal: the superseded event it takes back. */
  reversalOf: string | null
  event: TtbLedgerEvent
}

const inSpan = (day: string, span: ClosedSpan) => day >= span.from && day < span.to

/**
 * The postings of a ledger, honouring supersession: a superseded event counts as replaced by the event that
 * supersedes it. While the superseded event's period is open it simply drops out; once its period is closed it
 * stays in that closed period, and the correction books its reversal and its own volume in the period where
 * the correction was recorded (an adjustment, never an edit of a closed period).
 */
export function postLedger(
  events: readonly TtbLedgerEvent[],
  closed: readonly ClosedSpan[] = [],
  /** Where the brewery's days begin (docs/decisions/224-report-periods-in-the-brewery-time-zone.md). */
  timeZone: string = DEFAULT_TIME_ZONE,
): Posting[] {
  const spans = [...closed]
  const days = new Map<string, string>()
  const dayOf = (instant: string) => {
    let day = days.get(instant)
    if (day === undefined) days.set(instant, (day = dayIn(instant, timeZone)))
    return day
  }
  const closedAt = (instant: string, by: string) =>
    spans.some((span) => inSpan(dayOf(instant), span) && span.closedAt <= by)
  const supersededBy = new Map<string, TtbLedgerEvent>()
  for (const event of events) {
    if (!event.supersedesId) continue
    const previous = supersededBy.get(event.supersedesId)
    if (!previous || previous.recordedAt < event.recordedAt) supersededBy.set(event.supersedesId, event)
  }
  const booking = (event: TtbLedgerEvent) =>
    closedAt(event.occurredAt, event.recordedAt)
      ? { at: event.recordedAt, adjustment: true }
      : { at: event.occurredAt, adjustment: false }

  const postings: Posting[] = []
  for (const event of events) {
    const line = classifyLedgerEvent(event)
    const units = barrelsToUnits(event.volumeBbl)
    const own = booking(event)
    const replacement = supersededBy.get(event.id)
    if (replacement) {
      // Replaced while its period was open: it never counted.
      if (!closedAt(own.at, replacement.recordedAt)) continue
      const correction = booking(replacement)
      postings.push({
        eventId: replacement.id,
        line,
        units: -units,
        bookedAt: correction.at,
        bookedOn: dayOf(correction.at),
        adjustment: true,
        reversalOf: event.id,
        event: replacement,
      })
    }
    postings.push({
      eventId: event.id,
      line,
      units,
      bookedAt: own.at,
      bookedOn: dayOf(own.at),
      adjustment: own.adjustment,
      reversalOf: null,
      event,
    })
  }
  return postings.sort((a, b) => (a.bookedAt < b.bookedAt ? -1 : a.bookedAt > b.bookedAt ? 1 : 0))
}

/** A monthly physical inventory: beer counted on hand at the end of its month. */
export type InventoryCount = { id: string; month: string; totalBbl: string; note: string }

/** What stands behind a line: an event, the reversal of a superseded event, or a physical count. */
export type LineSource = {
  type: 'event' | 'reversal' | 'count'
  id: string
  /** Signed units this source adds to the line. */
  units: number
  at: string
  /** The line the source is posted on (for the on-hand lines, which gather every line). */
  line: string
  kind: string
  reason: string
  reversalOf: string | null
  adjustment: boolean
  batchNumber: string | null
  productName: string | null
}

export type ReportLine = {
  key: string
  number: number
  label: string
  units: number
  /** The form's figure: barrels to 2 decimals. */
  barrels: string
  sources: LineSource[]
}

/** The books of one month: where it started, what moved, the count at its end. */
export type MonthBooks = {
  month: string
  start: LineSource[]
  flows: Record<FlowLine | 'overage' | 'shortage', LineSource[]>
  bookEndUnits: number
  count: InventoryCount | null
  endUnits: number
  unclassified: string[]
}

const sum = (sources: readonly LineSource[]) => sources.reduce((total, source) => total + source.units, 0)

function sourceOf(posting: Posting): LineSource {
  return {
    type: posting.reversalOf ? 'reversal' : 'event',
    id: posting.eventId,
    units: posting.units,
    at: posting.bookedAt,
    line: posting.line ?? 'none',
    kind: posting.event.kind,
    reason: posting.event.reason,
    reversalOf: posting.reversalOf,
    adjustment: posting.adjustment,
    batchNumber: posting.event.batchNumber ?? null,
    productName: posting.event.productName ?? null,
  }
}

/** A source as it moves the balance on hand: additions add, removals take away. */
const asBalance = (source: LineSource): LineSource =>
  ADDITIONS.has(source.line) ? source : { ...source, units: -source.units }

const emptyFlows = (): MonthBooks['flows'] => ({
  produced: [],
  receivedInBond: [],
  returned: [],
  removedTaxpaid: [],
  removedWithoutTax: [],
  consumedOnPremises: [],
  destroyed: [],
  losses: [],
  overage: [],
  shortage: [],
})

/**
 * The books month by month from the ledger's first month through `lastMonth`: each month starts where the last
 * ended, adds and removes its postings, and ends on its physical count when there is one (the difference from the
 * books is the month's overage or shortage).
 */
export function monthlyBooks(
  postings: readonly Posting[],
  counts: readonly InventoryCount[],
  lastMonth: string,
) {
  const first = [
    ...postings.map((p) => monthOf(p.bookedOn)),
    ...counts.map((c) => c.month),
    lastMonth,
  ].sort()[0]
  const months = monthsOf({ kind: 'month', key: '', from: `${first}-01`, to: parsePeriod(lastMonth)!.to })
  const byMonth = new Map<string, Posting[]>()
  for (const posting of postings) {
    const month = monthOf(posting.bookedOn)
    byMonth.set(month, [...(byMonth.get(month) ?? []), posting])
  }
  const countOf = new Map(counts.map((count) => [count.month, count]))
  const books: MonthBooks[] = []
  let balance: LineSource[] = []
  for (const month of months) {
    const flows = emptyFlows()
    const unclassified: string[] = []
    for (const posting of byMonth.get(month) ?? []) {
      if (posting.line === 'unclassified') unclassified.push(posting.eventId)
      else if (posting.line !== null) flows[posting.line].push(sourceOf(posting))
    }
    const moved = FLOW_LINES.flatMap((line) => flows[line].map(asBalance))
    const bookEndUnits = sum(balance) + sum(moved)
    const count = countOf.get(month) ?? null
    if (count) {
      const difference = barrelsToUnits(count.totalBbl) - bookEndUnits
      if (difference !== 0) {
        flows[difference > 0 ? 'overage' : 'shortage'].push({
          type: 'count',
          id: count.id,
          units: Math.abs(difference),
          at: parsePeriod(month)!.to,
          line: difference > 0 ? 'overage' : 'shortage',
          kind: 'physical inventory',
          reason: count.note,
          reversalOf: null,
          adjustment: false,
          batchNumber: null,
          productName: null,
        })
      }
    }
    const start = balance
    balance = [...balance, ...moved, ...flows.overage, ...flows.shortage.map(asBalance)]
    books.push({ month, start, flows, bookEndUnits, count, endUnits: sum(balance), unclassified })
  }
  return books
}

/** One month's reconciliation: start + additions − removals = the books' end, against the count. */
export type Reconciliation = {
  month: string
  startUnits: number
  additionsUnits: number
  removalsUnits: number
  bookEndUnits: number
  physicalUnits: number | null
  overageUnits: number
  shortageUnits: number
  endUnits: number
  note: string
  /** False when the count differs from the books and its note says nothing about why. */
  explained: boolean
}

function reconcile(books: MonthBooks): Reconciliation {
  const additions = sum([...books.flows.produced, ...books.flows.receivedInBond, ...books.flows.returned])
  const removals = sum(
    (['removedTaxpaid', 'removedWithoutTax', 'consumedOnPremises', 'destroyed', 'losses'] as const).flatMap(
      (line) => books.flows[line],
    ),
  )
  const overage = sum(books.flows.overage)
  const shortage = sum(books.flows.shortage)
  return {
    month: books.month,
    startUnits: sum(books.start),
    additionsUnits: additions,
    removalsUnits: removals,
    bookEndUnits: books.bookEndUnits,
    physicalUnits: books.count ? barrelsToUnits(books.count.totalBbl) : null,
    overageUnits: overage,
    shortageUnits: shortage,
    endUnits: books.endUnits,
    note: books.count?.note ?? '',
    explained: overage + shortage === 0 || (books.count?.note.trim() ?? '') !== '',
  }
}

const line = (key: string, number: number, label: string, sources: LineSource[]): ReportLine => {
  const units = sum(sources)
  return { key, number, label, units, barrels: unitsToFormBarrels(units), sources }
}

/** The Brewer's Report of Operations for a month (TTB F 5130.9) or a quarter (TTB F 5130.26). */
export type OperationsReport = {
  form: '5130.9' | '5130.26'
  period: Period
  lines: ReportLine[]
  /** Beer packaged in the period (5130.9 only): bottled and canned, racked into kegs. Beer stays on hand. */
  packaging: ReportLine[]
  reconciliation: Reconciliation[]
  /** Events whose class the reports do not know: they count nowhere until the ledger's vocabulary has them. */
  unclassified: string[]
}

/** The Brewer's Report of Operations of a period from the ledger and the physical counts. */
export function operationsReport(
  form: '5130.9' | '5130.26',
  period: Period,
  postings: readonly Posting[],
  counts: readonly InventoryCount[],
): OperationsReport {
  const months = monthsOf(period)
  const all = monthlyBooks(postings, counts, months[months.length - 1])
  const books = all.filter((month) => months.includes(month.month))
  const flows = (key: FlowLine | 'overage' | 'shortage') => books.flatMap((month) => month.flows[key])
  const start = books[0].start
  const bySource: Record<string, LineSource[]> = { onHandStart: start }
  for (const key of [...FLOW_LINES, 'overage', 'shortage'] as const) bySource[key] = flows(key)
  bySource.onHandEnd = [
    ...start,
    ...[...FLOW_LINES, 'overage', 'shortage'].flatMap((key) => bySource[key].map(asBalance)),
  ]
  bySource.totalAdditions = ['onHandStart', 'produced', 'receivedInBond', 'returned', 'overage'].flatMap(
    (key) => bySource[key],
  )
  bySource.totalDispositions = [...REMOVALS, 'onHandEnd'].flatMap((key) => bySource[key])
  const lines = OPERATIONS_LINES.map((spec) => line(spec.key, spec.number, spec.label, bySource[spec.key]))
  const packaged = postings.filter(
    (posting) =>
      posting.line === null &&
      /^packag/.test(posting.event.kind) &&
      posting.bookedOn >= period.from &&
      posting.bookedOn < period.to,
  )
  // The container: `details.container`, or the packaging option's type the cellar's packaging runs record.
  const container = (posting: Posting) => {
    const details = posting.event.details ?? {}
    const value = details.container ?? details.packageType
    return typeof value === 'string' ? value : ''
  }
  const isKeg = (posting: Posting) => /keg|barrel|bbl/i.test(container(posting))
  return {
    form,
    period,
    lines,
    packaging:
      form === '5130.9'
        ? [
            line('bottledCanned', 15, 'Bottled and canned', packaged.filter((p) => !isKeg(p)).map(sourceOf)),
            line('racked', 16, 'Racked into kegs', packaged.filter(isKeg).map(sourceOf)),
          ]
        : [],
    reconciliation: books.map(reconcile),
    unclassified: books.flatMap((month) => month.unclassified),
  }
}

/** The excise rates per barrel, in cents (docs/production.md "US TTB facts"). */
export const EXCISE_RATES_CENTS = { reduced: 350, standard: 1600, full: 1800 } as const
/** The reduced rate's and the $16 rate's calendar-year quantities, in units, before a controlled group's share. */
export const REDUCED_RATE_BARRELS = 60_000
export const STANDARD_RATE_BARRELS = 6_000_000

export type ExciseTier = {
  key: 'reduced' | 'standard' | 'full'
  label: string
  rateCents: number
  /** Where the tier starts and ends in this calendar year's taxable barrels, in units (end null: no end). */
  fromUnits: number
  toUnits: number | null
  line: ReportLine
  taxCents: number
}

/** The excise tax return (TTB F 5000.24) for a period. */
export type ExciseReturn = {
  form: '5000.24'
  period: Period
  settings: TaxSettings
  lines: ReportLine[]
  /** Net taxable barrels of the same calendar year before the period: where the tiers start. */
  yearToDateBeforeUnits: number
  tiers: ExciseTier[]
  taxCents: number
  unclassified: string[]
}

/** The calendar-year tiers of a brewery (a controlled group's share applies to both quantities). */
export function exciseTiers(settings: TaxSettings) {
  const share = settings.controlledGroupShareBasisPoints
  // units = barrels × 100 000; × share ÷ 10 000 — exact in integers.
  const reduced = settings.reducedRateEligible ? REDUCED_RATE_BARRELS * 10 * share : 0
  const standard = STANDARD_RATE_BARRELS * 10 * share
  return [
    {
      key: 'reduced',
      label: '$3.50 per barrel',
      rateCents: EXCISE_RATES_CENTS.reduced,
      fromUnits: 0,
      toUnits: reduced,
    },
    {
      key: 'standard',
      label: '$16.00 per barrel',
      rateCents: EXCISE_RATES_CENTS.standard,
      fromUnits: reduced,
      toUnits: standard,
    },
    {
      key: 'full',
      label: '$18.00 per barrel',
      rateCents: EXCISE_RATES_CENTS.full,
      fromUnits: standard,
      toUnits: null,
    },
  ] as const
}

/** How much of the path from `a` to `b` lies inside [from, to): signed, so a walk's pieces add up. */
function overlap(a: number, b: number, from: number, to: number | null) {
  const measure = (x: number) => Math.max(0, Math.min(x, to ?? Number.MAX_SAFE_INTEGER) - from)
  return measure(b) - measure(a)
}

/**
 * The excise return: taxable removals (removed for consumption or sale, consumed on premises, and shortages no
 * note explains), less beer returned to the brewery, taxed by the calendar year's tiers from where the year's
 * earlier periods left off. Each tier's barrels are rounded to 2 decimals as the form shows them and taxed
 * at its rate, to the cent.
 */
export function exciseReturn(
  period: Period,
  postings: readonly Posting[],
  counts: readonly InventoryCount[],
  settings: TaxSettings,
): ExciseReturn {
  const months = monthsOf(period)
  const year = period.from.slice(0, 4)
  const books = monthlyBooks(postings, counts, months[months.length - 1])
  const unexplained = (month: MonthBooks) =>
    (month.count?.note.trim() ?? '') === '' ? month.flows.shortage : []
  const net = (month: MonthBooks) => [
    ...month.flows.removedTaxpaid,
    ...month.flows.consumedOnPremises,
    ...unexplained(month),
    ...month.flows.returned.map((source) => ({ ...source, units: -source.units })),
  ]
  const before = books.filter((month) => month.month.startsWith(year) && month.month < months[0])
  const inPeriod = books.filter((month) => months.includes(month.month))
  const yearToDateBeforeUnits = sum(before.flatMap(net))

  const taxpaid = inPeriod.flatMap((month) => month.flows.removedTaxpaid)
  const consumed = inPeriod.flatMap((month) => month.flows.consumedOnPremises)
  const shortage = inPeriod.flatMap(unexplained)
  const returned = inPeriod.flatMap((month) => month.flows.returned)
  const netSources = inPeriod.flatMap(net)

  // Walk the period's sources in booking order along the year's taxable barrels, splitting a source that
  // crosses a tier's edge, so that each tier's barrels keep their events and sum exactly.
  const ordered = [...netSources].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
  const tiers = exciseTiers(settings).map((tier, index) => {
    const sources: LineSource[] = []
    let position = yearToDateBeforeUnits
    for (const source of ordered) {
      const part = overlap(position, position + source.units, tier.fromUnits, tier.toUnits)
      if (part !== 0) sources.push({ ...source, units: part })
      position += source.units
    }
    const tierLine = line(tier.key, 7 + index, `Taxable at ${tier.label}`, sources)
    const taxCents = roundHalfAway(unitsToHundredths(tierLine.units) * tier.rateCents, 100)
    return { ...tier, line: tierLine, taxCents }
  })
  const lines = [
    line('removedTaxpaid', 1, 'Removed for consumption or sale', taxpaid),
    line('consumedOnPremises', 2, 'Consumed on premises', consumed),
    line('unexplainedShortage', 3, 'Shortage not explained by the physical inventory', shortage),
    line('grossTaxable', 4, 'Taxable removals (lines 1 through 3)', [...taxpaid, ...consumed, ...shortage]),
    line('returned', 5, 'Less beer returned to the brewery', returned),
    line('netTaxable', 6, 'Net taxable barrels (line 4 less line 5)', netSources),
    ...tiers.map((tier) => tier.line),
  ]
  return {
    form: '5000.24',
    period,
    settings,
    lines,
    yearToDateBeforeUnits,
    tiers,
    taxCents: tiers.reduce((total, tier) => total + tier.taxCents, 0),
    unclassified: inPeriod.flatMap((month) => month.unclassified),
  }
}

/** A line of a report by its key, or null. */
export const findLine = (lines: readonly ReportLine[], key: string): ReportLine | null =>
  lines.find((candidate) => candidate.key === key) ?? null

import { barrelsToUnits } from './barrels.ts'
import { TAX_FREE_REASONS, type TaxFreeReason } from './liquid-ledger.ts'
import { dayIn, DEFAULT_TIME_ZONE } from './time-zone.ts'

// The US TTB reports as a query over the liquid ledger (docs/production.md "US TTB facts"; which event lands on
// which line of which form: docs/decisions/235-which-event-lands-on-which-line.md). This file reads the ledger:
// it classifies each event (its flow line, its tax-free reason, the form column its beer sits in) and posts it
// into the periods. The books (ttb-books.ts), the operations reports (ttb-operations.ts) and the excise return
// (ttb-excise.ts) build on the postings. Volumes are integer hundred-thousandths of a barrel ("units") until a
// form shows them to 2 decimals; money is integer cents.

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
  /**
   * How many ledger events of one kind, class, reason, day and line-relevant details this one stands for, their
   * volumes summed (a summarised read, ADR 402); absent: one event.
   */
  weight?: number
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

/** The flow lines that add beer to the brewery's books; the others take it away. */
export const ADDITION_LINES: ReadonlySet<string> = new Set([
  'produced',
  'receivedInBond',
  'returned',
  'overage',
])

/**
 * The ledger's `ttb_class` values and their line (the ledger contract of issue 33). `internal` and `packaged` are
 * beer that stays in the brewery (a transfer, a blend, a packaging run). Spellings with `-`, `_` or spaces are the
 * same class, so the vocabularies of the parts reconcile here, in one place.
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

/** The line of an event whose `ttb_class` is empty, from its kind (a `sampled` event: see `classifyLedgerEvent`). */
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

const detailOf = (event: Pick<TtbLedgerEvent, 'details'>, key: string): unknown => event.details?.[key]
const textOf = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '')
const normal = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')

/** Whether an event is a laboratory sample (the contract: `sampled`, `details.purpose: 'lab'`). */
export const isLabSample = (event: Pick<TtbLedgerEvent, 'kind' | 'details'>) =>
  /^sample/.test(textOf(event.kind)) && textOf(detailOf(event, 'purpose')) === 'lab'

/**
 * The TTB line of a ledger event: its `ttb_class` when it has one, else its kind's line; `null` for beer that
 * stays in the brewery; `'unclassified'` for a class or kind the reports do not know (shown, never dropped). A
 * `sampled` event with no class is a laboratory sample (removed without payment of tax, 27 CFR 25.195) when its
 * purpose is `lab`, and beer consumed on premises otherwise.
 */
export function classifyLedgerEvent(
  event: Pick<TtbLedgerEvent, 'kind' | 'ttbClass'> & { details?: TtbLedgerEvent['details'] },
): FlowLine | null | 'unclassified' {
  const ttbClass = normal(event.ttbClass)
  if (ttbClass !== '') return ttbClass in TTB_CLASSES ? TTB_CLASSES[ttbClass] : 'unclassified'
  const kind = event.kind.trim().toLowerCase()
  if (isLabSample({ kind, details: event.details })) return 'removedWithoutTax'
  return kind in KINDS ? KINDS[kind] : 'unclassified'
}

// Why beer left without payment of tax (the 5130.9's lines 16–20, 27 CFR 25 subpart L): the ledger's one list.
export { TAX_FREE_REASONS, type TaxFreeReason } from './liquid-ledger.ts'

/**
 * The reason of a removal without payment of tax (`details.taxFreeReason`, or a laboratory sample's
 * research-testing); null when the event says none (it is still line 11 of the 5130.26, and the 5130.9 puts
 * it on line 18's neighbour only when it knows which: see ttb-operations.ts).
 */
export function taxFreeReasonOf(event: Pick<TtbLedgerEvent, 'kind' | 'details'>): TaxFreeReason | null {
  const reason = textOf(detailOf(event, 'taxFreeReason')).replace(/[\s_]+/g, '-')
  if ((TAX_FREE_REASONS as readonly string[]).includes(reason)) return reason as TaxFreeReason
  return isLabSample(event) ? 'research-testing' : null
}

/**
 * Where beer sits on the 5130.9: in bulk in the cellar (column b), racked into kegs (d) or bottled and canned
 * (f). The racking and bottling bulk columns (c, e) only carry beer on its way into kegs and cases.
 */
export type Stage = 'bulk' | 'keg' | 'case'
export const STAGES: readonly Stage[] = ['bulk', 'keg', 'case']

/** The packaged stage of a container name: kegs (and barrels) are racked; cans and bottles are bottled. */
export function stageOfContainer(container: unknown): Exclude<Stage, 'bulk'> {
  return /keg|barrel|bbl|cask/i.test(typeof container === 'string' ? container : '') ? 'keg' : 'case'
}

const containerOf = (event: Pick<TtbLedgerEvent, 'details'>) =>
  detailOf(event, 'container') ?? detailOf(event, 'packageType')

/** Whether an event moves packaged beer (`details.source: 'packaged'`, or a container and no bulk source). */
function isPackagedMovement(event: Pick<TtbLedgerEvent, 'kind' | 'details'>) {
  const source = textOf(detailOf(event, 'source'))
  if (source === 'packaged') return true
  if (source === 'bulk') return false
  return containerOf(event) !== undefined && !/^packag/.test(textOf(event.kind))
}

/** The stage an event takes beer from or brings it to (a packaging run: the stage it fills). */
export function stageOf(event: Pick<TtbLedgerEvent, 'kind' | 'details'>): Stage {
  if (/^packag/.test(textOf(event.kind))) return stageOfContainer(containerOf(event))
  return isPackagedMovement(event) ? stageOfContainer(containerOf(event)) : 'bulk'
}

/** Whether an event is a packaging run: bulk beer racked into kegs or bottled, staying on hand. */
export const isPackagingRun = (event: Pick<TtbLedgerEvent, 'kind'>) => /^packag/.test(textOf(event.kind))

/** A prior-period adjustment's facts (`details.priorPeriodAdjustment` of the contract). */
export type PriorPeriodAdjustment = { originalOccurredAt: string; remark: string }

export function priorPeriodAdjustmentOf(
  event: Pick<TtbLedgerEvent, 'details'>,
): PriorPeriodAdjustment | null {
  const value = detailOf(event, 'priorPeriodAdjustment')
  if (!value || typeof value !== 'object') return null
  const { originalOccurredAt, remark } = value as Record<string, unknown>
  return {
    originalOccurredAt: typeof originalOccurredAt === 'string' ? originalOccurredAt : '',
    remark: typeof remark === 'string' ? remark : '',
  }
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
  /**
   * A prior-period adjustment: booked in a later period than the one it belongs to (its month was closed when it
   * was recorded, or the write path carried it forward with `details.priorPeriodAdjustment`). It lands on the
   * forms' adjustment lines with its remark, never on the line of its class.
   */
  adjustment: boolean
  /** What the adjustment's remark says: the original date and the brewer's words. */
  remark: string
  /** For a reversal: the superseded event it takes back. */
  reversalOf: string | null
  event: TtbLedgerEvent
  /** The events it stands for (`TtbLedgerEvent.weight`, ADR 402); absent: one. */
  weight?: number
}

const inSpan = (day: string, span: ClosedSpan) => day >= span.from && day < span.to

/** The remark of an adjustment: the original date, and the brewer's words when there are any. */
function remarkOf(event: TtbLedgerEvent, timeZone: string, reversalOf: string | null): string {
  const prior = priorPeriodAdjustmentOf(event)
  const original = prior?.originalOccurredAt || event.occurredAt
  const day = /^\d{4}-\d{2}-\d{2}T/.test(original) ? dayIn(original, timeZone) : original
  const what = reversalOf
    ? `reverses ${event.kind} ${reversalOf.slice(0, 8)} of ${day}, superseded after its period closed`
    : `${event.kind} of ${day}, recorded after its period closed`
  const words = prior?.remark.trim() || event.reason.trim()
  return words ? `${what}: ${words}` : what
}

/**
 * The postings of a ledger, honouring supersession: a superseded event counts as replaced by the event that
 * supersedes it. While the superseded event's period is open it simply drops out; once its period is closed it
 * stays in that closed period, and the correction books its reversal and its own volume in the period where
 * the correction was recorded (a prior-period adjustment, never an edit of a closed period). An event the write
 * path carried forward (`details.priorPeriodAdjustment`) is an adjustment where it is booked.
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
      : { at: event.occurredAt, adjustment: priorPeriodAdjustmentOf(event) !== null }

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
        remark: remarkOf(event, timeZone, event.id),
        reversalOf: event.id,
        event: { ...replacement, kind: event.kind, ttbClass: event.ttbClass, details: event.details },
      })
    }
    postings.push({
      eventId: event.id,
      line,
      units,
      bookedAt: own.at,
      bookedOn: dayOf(own.at),
      adjustment: own.adjustment,
      remark: own.adjustment ? remarkOf(event, timeZone, null) : '',
      reversalOf: null,
      event,
      ...(event.weight === undefined ? {} : { weight: event.weight }),
    })
  }
  return postings.sort((a, b) => (a.bookedAt < b.bookedAt ? -1 : a.bookedAt > b.bookedAt ? 1 : 0))
}

/**
 * How a posting moves the beer on hand, stage by stage (signed units): an addition adds to its stage, a removal
 * takes from it, a packaging run moves its volume from bulk into kegs or cases; a transfer moves nothing.
 */
export function stageMoves(posting: Posting): { stage: Stage; units: number }[] {
  const { line, event, units } = posting
  if (line === null) {
    if (!isPackagingRun(event)) return []
    const stage = stageOf(event)
    return [
      { stage: 'bulk', units: -units },
      { stage, units },
    ]
  }
  if (line === 'unclassified') return []
  return [{ stage: stageOf(event), units: ADDITION_LINES.has(line) ? units : -units }]
}

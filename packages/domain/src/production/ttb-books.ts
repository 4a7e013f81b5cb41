import { barrelsToUnits } from './barrels.ts'
import {
  lastDayOf,
  monthOf,
  monthsOf,
  parsePeriod,
  type Period,
  type ShortageExplanation,
} from './reporting.schema.ts'
import {
  ADDITION_LINES,
  FLOW_LINES,
  isPackagingRun,
  stageMoves,
  stageOf,
  STAGES,
  type FlowLine,
  type Posting,
  type Stage,
} from './ttb.ts'

// The books month by month (docs/decisions/235-which-event-lands-on-which-line.md): each month starts where the
// last ended, adds and removes its postings stage by stage (bulk, kegs, cases: the 5130.9's columns), and ends on
// its physical count when there is one, the difference being the month's overage or shortage in each stage.

/** A monthly physical inventory: beer counted on hand at the end of its month, by 5130.9 column. */
export type InventoryCount = {
  id: string
  month: string
  bulkBbl: string
  kegBbl: string
  caseBbl: string
  note: string
  explanations: ShortageExplanation[]
}

/** What stands behind a figure: an event, the reversal of a superseded event, or a physical count. */
export type LineSource = {
  type: 'event' | 'reversal' | 'count'
  id: string
  /** Signed units this source adds to the figure. */
  units: number
  at: string
  /** The flow line the source is posted on (for the on-hand lines, which gather every line). */
  line: string
  /** The 5130.9 column the beer sits in (a packaging run: the column it fills). */
  stage: Stage
  kind: string
  reason: string
  reversalOf: string | null
  adjustment: boolean
  /** A prior-period adjustment's remark (original date and the brewer's words); '' otherwise. */
  remark: string
  /** The day it is booked on in the brewery's time zone (a count: its month's last day). */
  day: string
  batchNumber: string | null
  productName: string | null
  /** The ledger events it stands for (a summarised read's posting, ADR 402); absent: one. */
  weight?: number
}

export const sumUnits = (sources: readonly LineSource[]) =>
  sources.reduce((total, source) => total + source.units, 0)

export function sourceOf(posting: Posting, stage: Stage = stageOf(posting.event)): LineSource {
  return {
    type: posting.reversalOf ? 'reversal' : 'event',
    id: posting.eventId,
    units: posting.units,
    at: posting.bookedAt,
    line: posting.line ?? 'none',
    stage,
    kind: posting.event.kind,
    reason: posting.event.reason,
    reversalOf: posting.reversalOf,
    adjustment: posting.adjustment,
    remark: posting.remark,
    day: posting.bookedOn,
    batchNumber: posting.event.batchNumber ?? null,
    productName: posting.event.productName ?? null,
    ...(posting.weight === undefined ? {} : { weight: posting.weight }),
  }
}

/** How many sources a list stands for: a summarised source counts its events (ADR 402). */
export const countSources = (sources: readonly LineSource[]) =>
  sources.reduce((total, source) => total + (source.weight ?? 1), 0)

/** A source as it moves the balance on hand: additions add, removals take away. */
export const asBalance = (source: LineSource): LineSource =>
  ADDITION_LINES.has(source.line) ? source : { ...source, units: -source.units }

export type FlowKey = FlowLine | 'overage' | 'shortage'

/** The books of one month: where it started, what moved, the count at its end. */
export type MonthBooks = {
  month: string
  /** On hand at the start, per stage, as signed sources. */
  start: Record<Stage, LineSource[]>
  /** The month's postings by line (prior-period adjustments apart), and the count's difference. */
  flows: Record<FlowKey, LineSource[]>
  /** Prior-period adjustments booked in the month, on the line of their class. */
  adjustments: LineSource[]
  /** Packaging runs: bulk racked into kegs or bottled, each source in the stage it fills. */
  packaged: LineSource[]
  bookEndUnits: Record<Stage, number>
  count: InventoryCount | null
  /** The packaged shortage no explanation covers (theft or unknown counts as unexplained): taxable. */
  unexplainedPackagedShortage: LineSource[]
  end: Record<Stage, LineSource[]>
  unclassified: string[]
}

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

const byStage = <T>(make: () => T): Record<Stage, T> => ({ bulk: make(), keg: make(), case: make() })

/** A count's figure for a stage, in units. */
const countedUnits = (count: InventoryCount, stage: Stage) =>
  barrelsToUnits(stage === 'bulk' ? count.bulkBbl : stage === 'keg' ? count.kegBbl : count.caseBbl)

/** The units of a count's explanations for bulk or packaged beer, theft and unknown left out. */
export const explainedUnits = (count: InventoryCount, stage: 'bulk' | 'packaged') =>
  count.explanations
    .filter((explanation) => explanation.stage === stage && explanation.cause !== 'theft-unknown')
    .reduce((total, explanation) => total + barrelsToUnits(explanation.barrels), 0)

function countSource(count: InventoryCount, stage: Stage, line: 'overage' | 'shortage', units: number) {
  const source: LineSource = {
    type: 'count',
    id: count.id,
    units,
    at: parsePeriod(count.month)!.to,
    line,
    stage,
    kind: 'physical inventory',
    reason: count.note,
    reversalOf: null,
    adjustment: false,
    remark: '',
    day: lastDayOf(count.month),
    batchNumber: null,
    productName: null,
  }
  return source
}

/**
 * The packaged shortage of a month that no explanation covers, as count sources by stage (kegs first): what the
 * 5000.24 taxes (TTB Industry Circular 76-21: packaged shortages are taxable unless explained).
 */
function unexplainedShortage(count: InventoryCount, shortage: readonly LineSource[]): LineSource[] {
  let explained = explainedUnits(count, 'packaged')
  const taxable: LineSource[] = []
  for (const source of shortage.filter((candidate) => candidate.stage !== 'bulk')) {
    const covered = Math.min(explained, source.units)
    explained -= covered
    if (source.units > covered) taxable.push({ ...source, units: source.units - covered })
  }
  return taxable
}

/**
 * The books month by month from the ledger's first month through `lastMonth`: each month starts where the last
 * ended, adds and removes its postings stage by stage, and ends on its physical count when there is one.
 */
export function monthlyBooks(
  postings: readonly Posting[],
  counts: readonly InventoryCount[],
  lastMonth: string,
): MonthBooks[] {
  // One pass over the postings: the earliest month and each month's postings, in order (linear, ADR 385).
  let first = lastMonth
  for (const count of counts) if (count.month < first) first = count.month
  const byMonth = new Map<string, Posting[]>()
  for (const posting of postings) {
    const month = monthOf(posting.bookedOn)
    if (month < first) first = month
    const list = byMonth.get(month)
    if (list) list.push(posting)
    else byMonth.set(month, [posting])
  }
  const months = monthsOf({ kind: 'month', key: '', from: `${first}-01`, to: parsePeriod(lastMonth)!.to })
  const countOf = new Map(counts.map((count) => [count.month, count]))
  const books: MonthBooks[] = []
  let balance = byStage<LineSource[]>(() => [])
  for (const month of months) {
    const flows = emptyFlows()
    const adjustments: LineSource[] = []
    const packaged: LineSource[] = []
    const unclassified: string[] = []
    const moved = byStage<LineSource[]>(() => [])
    for (const posting of byMonth.get(month) ?? []) {
      if (posting.line === 'unclassified') {
        unclassified.push(posting.eventId)
        continue
      }
      for (const move of stageMoves(posting)) {
        const source = sourceOf(posting, move.stage)
        source.units = move.units
        moved[move.stage].push(source)
      }
      if (posting.line === null) {
        if (isPackagingRun(posting.event)) packaged.push(sourceOf(posting))
      } else if (posting.adjustment) adjustments.push(sourceOf(posting))
      else flows[posting.line].push(sourceOf(posting))
    }
    const bookEndUnits = byStage(() => 0)
    for (const stage of STAGES) bookEndUnits[stage] = sumUnits(balance[stage]) + sumUnits(moved[stage])
    const count = countOf.get(month) ?? null
    const differences = byStage<LineSource[]>(() => [])
    if (count) {
      for (const stage of STAGES) {
        const difference = countedUnits(count, stage) - bookEndUnits[stage]
        if (difference === 0) continue
        const line = difference > 0 ? 'overage' : 'shortage'
        const source = countSource(count, stage, line, Math.abs(difference))
        flows[line].push(source)
        differences[stage].push(asBalance(source))
      }
    }
    const start = balance
    balance = byStage(() => [])
    for (const stage of STAGES) balance[stage] = start[stage].concat(moved[stage], differences[stage])
    books.push({
      month,
      start,
      flows,
      adjustments,
      packaged,
      bookEndUnits,
      count,
      unexplainedPackagedShortage: count ? unexplainedShortage(count, flows.shortage) : [],
      end: balance,
      unclassified,
    })
  }
  return books
}

/**
 * The first day no report of `period` reads postings of: the end of the month its last day falls in (the books run
 * month by month, and a half-month return's books run to the end of its month). A ledger read may leave out every
 * event booked on or after it, as long as it keeps the events supersession ties together (ADR 385).
 */
export function booksEnd(period: Pick<Period, 'to'>): string {
  if (period.to.endsWith('-01')) return period.to
  return parsePeriod(period.to.slice(0, 7))!.to
}

/** One month's reconciliation: start + additions − removals (± adjustments) = the books' end, against the count. */
export type Reconciliation = {
  month: string
  startUnits: number
  additionsUnits: number
  removalsUnits: number
  /** Prior-period adjustments booked in the month, signed as they move the beer on hand. */
  adjustmentsUnits: number
  bookEndUnits: number
  physicalUnits: number | null
  overageUnits: number
  shortageUnits: number
  /** The packaged part of the shortage, what the count's explanations cover, and what is left (taxable). */
  packagedShortageUnits: number
  explainedUnits: number
  unexplainedPackagedUnits: number
  endUnits: number
  note: string
  explanations: ShortageExplanation[]
  /** False when packaged beer is short and the explanations do not cover it: the rest is taxed. */
  explained: boolean
}

const total = (record: Record<Stage, LineSource[]>) => STAGES.reduce((sum, s) => sum + sumUnits(record[s]), 0)

export function reconcile(books: MonthBooks): Reconciliation {
  const additions = sumUnits([
    ...books.flows.produced,
    ...books.flows.receivedInBond,
    ...books.flows.returned,
  ])
  const removals = sumUnits(
    (['removedTaxpaid', 'removedWithoutTax', 'consumedOnPremises', 'destroyed', 'losses'] as const).flatMap(
      (line) => books.flows[line],
    ),
  )
  const shortage = books.flows.shortage
  const packagedShortage = sumUnits(shortage.filter((source) => source.stage !== 'bulk'))
  const unexplained = sumUnits(books.unexplainedPackagedShortage)
  const count = books.count
  return {
    month: books.month,
    startUnits: total(books.start),
    additionsUnits: additions,
    removalsUnits: removals,
    adjustmentsUnits: sumUnits(books.adjustments.map(asBalance)),
    bookEndUnits: STAGES.reduce((sum, stage) => sum + books.bookEndUnits[stage], 0),
    physicalUnits: count ? STAGES.reduce((sum, stage) => sum + countedUnits(count, stage), 0) : null,
    overageUnits: sumUnits(books.flows.overage),
    shortageUnits: sumUnits(shortage),
    packagedShortageUnits: packagedShortage,
    explainedUnits: count
      ? Math.min(packagedShortage, explainedUnits(count, 'packaged')) +
        Math.min(sumUnits(shortage) - packagedShortage, explainedUnits(count, 'bulk'))
      : 0,
    unexplainedPackagedUnits: unexplained,
    endUnits: total(books.end),
    note: count?.note ?? '',
    explanations: count?.explanations ?? [],
    explained: unexplained === 0,
  }
}

/** Every flow key, in the order the books keep them. */
export const FLOW_KEYS: readonly FlowKey[] = [...FLOW_LINES, 'overage', 'shortage']

import { unitsToBarrels, unitsToFormBarrels } from './barrels.ts'
import { monthsOf, SHORTAGE_CAUSE_LABELS, type Period } from './reporting.schema.ts'
import {
  asBalance,
  monthlyBooks,
  reconcile,
  sumUnits,
  type FlowKey,
  type InventoryCount,
  type LineSource,
  type MonthBooks,
  type Reconciliation,
} from './ttb-books.ts'
import { ADDITION_LINES, isLabSample, STAGES, taxFreeReasonOf, type Posting, type Stage } from './ttb.ts'

// The Brewer's Report of Operations as TTB prints it (docs/decisions/235-which-event-lands-on-which-line.md):
// TTB F 5130.26 (quarterly) with its lines 1–17, and TTB F 5130.9 (monthly or quarterly) with its lines 1–34 in
// the columns Cellar (b), Racking bulk (c) and keg (d), Bottling bulk (e) and case (f), and the totals (g).

/** A figure of a form: its line, its words, its value, and every source behind it (they sum to it). */
export type ReportLine = {
  key: string
  number: number
  /** How the form names the line ('10', '14'; the 5000.24's worksheet 'A'). */
  ref: string
  label: string
  units: number
  /** The form's figure: barrels to 2 decimals. */
  barrels: string
  sources: LineSource[]
  /** The 5130.9's columns b–f (the line itself is column g, the total). */
  cells?: Partial<Record<Column, ReportLine>>
}

export const COLUMNS = ['cellar', 'rackingBulk', 'keg', 'bottlingBulk', 'case'] as const
export type Column = (typeof COLUMNS)[number]
/** The 5130.9's column letters and headings. */
export const COLUMN_HEADINGS: Record<Column | 'total', { letter: string; label: string }> = {
  cellar: { letter: 'b', label: 'Cellar (bulk)' },
  rackingBulk: { letter: 'c', label: 'Racking (bulk)' },
  keg: { letter: 'd', label: 'Racking (keg)' },
  bottlingBulk: { letter: 'e', label: 'Bottling (bulk)' },
  case: { letter: 'f', label: 'Bottling (case)' },
  total: { letter: 'g', label: 'Totals' },
}

export const makeLine = (
  key: string,
  number: number,
  label: string,
  sources: LineSource[],
  ref = String(number),
): ReportLine => {
  const units = sumUnits(sources)
  return { key, number, ref, label, units, barrels: unitsToFormBarrels(units), sources }
}

/** The lines of TTB F 5130.26, in the form's words (TTB F 5130.26, Part 1 Beer Summary). */
export const LINES_5130_26 = [
  { key: 'onHandStart', number: 1, label: 'Total amount of beer on hand at beginning of quarter' },
  {
    key: 'produced',
    number: 2,
    label: 'Total amount of beer produced by fermentation, plus total amount of water or other liquids added',
  },
  { key: 'receivedInBond', number: 3, label: 'Beer received in bond' },
  { key: 'returned', number: 4, label: 'Beer returned to the brewery after removal from the brewery' },
  { key: 'overage', number: 5, label: 'Physical inventory disclosed an overage' },
  { key: 'blank6', number: 6, label: '(blank line)' },
  { key: 'blank7', number: 7, label: '(blank line)' },
  {
    key: 'totalAdditions',
    number: 8,
    label: 'Total additions to inventory, plus beer on hand (add lines 1 through 7)',
  },
  {
    key: 'priorPeriodAdjustments',
    number: 9,
    label: 'Adjustments to additions from a prior reporting period (see Remarks)',
  },
  {
    key: 'removedTaxpaid',
    number: 10,
    label:
      'Beer removed for consumption or sale including beer removed tax determined for consumption or sale in a tavern on brewery premises',
  },
  {
    key: 'removedWithoutTax',
    number: 11,
    label: 'Beer removed without payment of tax as outlined under Subpart L of 27 CFR part 25',
  },
  { key: 'consumedOnPremises', number: 12, label: 'Beer consumed on premises' },
  { key: 'destroyed', number: 13, label: 'Beer destroyed on premises' },
  { key: 'losses', number: 14, label: 'Losses, including theft' },
  { key: 'shortage', number: 15, label: 'Physical inventory disclosed a shortage' },
  { key: 'blank16', number: 16, label: '(blank line)' },
  { key: 'onHandEnd', number: 17, label: 'Total amount of beer on hand at end of quarter' },
] as const

/** The lines of TTB F 5130.9, in the form's words (TTB F 5130.9, Part 1 Beer Summary). */
export const LINES_5130_9 = [
  { key: 'onHandStart', number: 1, label: 'On hand beginning of this report period' },
  { key: 'produced', number: 2, label: 'Beer produced by fermentation' },
  { key: 'waterAdded', number: 3, label: 'Addition of water and other liquids' },
  { key: 'receivedFromPackaging', number: 4, label: 'Beer received from racking and bottling' },
  { key: 'receivedInBond', number: 5, label: 'Beer received in bond' },
  { key: 'receivedFromCellars', number: 6, label: 'Beer received from cellars' },
  { key: 'returned', number: 7, label: 'Beer returned to this brewery after removal from this brewery' },
  {
    key: 'returnedSameOwnership',
    number: 8,
    label: 'Beer returned to this brewery after removal from another brewery of the same ownership',
  },
  { key: 'racked', number: 9, label: 'Racked' },
  { key: 'bottled', number: 10, label: 'Bottled' },
  { key: 'overage', number: 11, label: 'Physical inventory disclosed an overage' },
  {
    key: 'specialAdditions',
    number: 12,
    label: '(blank line) Adjustments from a prior reporting period (see Remarks)',
  },
  { key: 'totalAdditions', number: 13, label: 'Total beer (add lines 1 through 12)' },
  { key: 'removedTaxpaid', number: 14, label: 'Removed for consumption or sale' },
  { key: 'removedTavern', number: 15, label: 'Removed tax-determined for use at tavern on brewery premises' },
  { key: 'export', number: 16, label: 'Removed without payment of tax for export' },
  {
    key: 'supplies',
    number: 17,
    label: 'Removed without payment of tax for use as supplies (vessels/aircraft)',
  },
  {
    key: 'researchTesting',
    number: 18,
    label: 'Removed without payment of tax for use in research, development, or testing',
  },
  {
    key: 'sameOwnership',
    number: 19,
    label: 'Removed without payment of tax to other breweries and pilot brewing plants of same ownership',
  },
  { key: 'unfit', number: 20, label: 'Beer unfit for sale removed for use in manufacturing' },
  { key: 'consumedOnPremises', number: 21, label: 'Beer consumed on premises' },
  { key: 'transferredForRacking', number: 22, label: 'Beer transferred for racking' },
  { key: 'transferredForBottling', number: 23, label: 'Beer transferred for bottling' },
  { key: 'returnedToCellars', number: 24, label: 'Beer returned to cellars' },
  { key: 'rackedOut', number: 25, label: 'Racked' },
  { key: 'bottledOut', number: 26, label: 'Bottled' },
  { key: 'labSamples', number: 27, label: 'Laboratory samples' },
  { key: 'destroyed', number: 28, label: 'Beer destroyed at brewery' },
  { key: 'toDistilledSpiritsPlant', number: 29, label: 'Beer transferred to a distilled spirits plant' },
  { key: 'losses', number: 30, label: 'Losses, including theft' },
  { key: 'shortage', number: 31, label: 'Physical inventory disclosed a shortage' },
  {
    key: 'specialRemovals',
    number: 32,
    label: '(blank line) Adjustments from a prior reporting period (see Remarks)',
  },
  { key: 'onHandEnd', number: 33, label: 'On hand end of period' },
  { key: 'totalRemovals', number: 34, label: 'Total (add lines 14 through 33)' },
] as const

/** The Brewer's Report of Operations of a period. */
export type OperationsReport = {
  form: '5130.9' | '5130.26'
  period: Period
  lines: ReportLine[]
  /** Part 5 / Remarks: each prior-period adjustment, loss, count difference and its explanation. */
  remarks: string[]
  /** Whether every column balances: 8 + 9 − (10…16) = 17 on the 5130.26; 13 = 34 in each 5130.9 column. */
  balances: boolean
  reconciliation: Reconciliation[]
  /** Events whose class the reports do not know: they count nowhere until the ledger's vocabulary has them. */
  unclassified: string[]
}

/** The books of a period's months. */
export function periodBooks(period: Period, postings: readonly Posting[], counts: readonly InventoryCount[]) {
  const months = monthsOf(period)
  const all = monthlyBooks(postings, counts, months[months.length - 1])
  return all.filter((month) => months.includes(month.month))
}

const flowsOf = (books: readonly MonthBooks[], key: FlowKey) => books.flatMap((month) => month.flows[key])
const isTavern = (source: LineSource, postings: ReadonlyMap<string, Posting>) => {
  const details = postings.get(source.id)?.event.details ?? {}
  return details.tavern === true || details.purpose === 'tavern'
}

function signed(units: number) {
  return `${units < 0 ? '−' : ''}${unitsToFormBarrels(Math.abs(units))} bbl`
}

/** The remarks of a period: adjustments, losses, removals without a reason, count differences. */
function remarksOf(
  form: '5130.9' | '5130.26',
  books: readonly MonthBooks[],
  reconciliation: readonly Reconciliation[],
  missingReason: readonly LineSource[],
) {
  const remarks: string[] = []
  for (const source of books.flatMap((month) => month.adjustments)) {
    const where = form === '5130.26' ? 'Line 9' : ADDITION_LINES.has(source.line) ? 'Line 12' : 'Line 32'
    const sign = form === '5130.26' ? asBalance(source).units : source.units
    remarks.push(`${where}: ${signed(sign)} (${source.line}), ${source.remark}`)
  }
  const losses = flowsOf(books, 'losses')
  if (losses.length > 0) {
    const reasons = new Map<string, number>()
    for (const loss of losses) {
      const reason = loss.reason.trim() || loss.kind
      reasons.set(reason, (reasons.get(reason) ?? 0) + loss.units)
    }
    remarks.push(
      `Line ${form === '5130.26' ? 14 : 30}: losses ${signed(sumUnits(losses))}: ${[...reasons]
        .map(([reason, units]) => `${reason} ${unitsToBarrels(units)} bbl`)
        .join('; ')}`,
    )
  }
  for (const source of missingReason) {
    remarks.push(
      `Line 32: ${signed(source.units)} removed without payment of tax on ${source.at.slice(0, 10)} with no reason recorded (${source.reason || 'no words'}); record its reason`,
    )
  }
  for (const month of reconciliation) {
    if (month.overageUnits > 0) {
      remarks.push(
        `Line ${form === '5130.26' ? 5 : 11}: the physical inventory of ${month.month} disclosed an overage of ${signed(month.overageUnits)}${month.note ? `: ${month.note}` : ''}`,
      )
    }
    if (month.shortageUnits > 0) {
      const causes = month.explanations
        .map((e) => `${SHORTAGE_CAUSE_LABELS[e.cause]} ${e.barrels} bbl (${e.stage})`)
        .join('; ')
      remarks.push(
        `Line ${form === '5130.26' ? 15 : 31}: the physical inventory of ${month.month} disclosed a shortage of ${signed(month.shortageUnits)}, ${unitsToBarrels(month.packagedShortageUnits)} bbl of it packaged${causes ? `; explained: ${causes}` : '; not explained'}${month.unexplainedPackagedUnits > 0 ? `; ${unitsToBarrels(month.unexplainedPackagedUnits)} bbl of packaged shortage unexplained, taxpaid on TTB F 5000.24` : ''}${month.note ? `. ${month.note}` : ''}`,
      )
    }
  }
  return remarks
}

/** The quarterly TTB F 5130.26: lines 1–17 and the remarks. */
function report5130_26(books: readonly MonthBooks[]) {
  const total = (record: Record<Stage, LineSource[]>) => STAGES.flatMap((stage) => record[stage])
  const bySource: Record<string, LineSource[]> = {
    onHandStart: total(books[0].start),
    produced: flowsOf(books, 'produced'),
    receivedInBond: flowsOf(books, 'receivedInBond'),
    returned: flowsOf(books, 'returned'),
    overage: flowsOf(books, 'overage'),
    blank6: [],
    blank7: [],
    priorPeriodAdjustments: books.flatMap((month) => month.adjustments.map(asBalance)),
    removedTaxpaid: flowsOf(books, 'removedTaxpaid'),
    removedWithoutTax: flowsOf(books, 'removedWithoutTax'),
    consumedOnPremises: flowsOf(books, 'consumedOnPremises'),
    destroyed: flowsOf(books, 'destroyed'),
    losses: flowsOf(books, 'losses'),
    shortage: flowsOf(books, 'shortage'),
    blank16: [],
    onHandEnd: total(books[books.length - 1].end),
  }
  bySource.totalAdditions = ['onHandStart', 'produced', 'receivedInBond', 'returned', 'overage'].flatMap(
    (key) => bySource[key],
  )
  const lines = LINES_5130_26.map((spec) => makeLine(spec.key, spec.number, spec.label, bySource[spec.key]))
  const units = (key: string) => sumUnits(bySource[key])
  const removals = [
    'removedTaxpaid',
    'removedWithoutTax',
    'consumedOnPremises',
    'destroyed',
    'losses',
    'shortage',
  ]
  const balances =
    units('totalAdditions') + units('priorPeriodAdjustments') - removals.reduce((s, k) => s + units(k), 0) ===
    units('onHandEnd')
  return { lines, balances }
}

/** The 5130.9's lines 1–34 in columns b–f with their totals (g). */
function report5130_9(books: readonly MonthBooks[], postings: ReadonlyMap<string, Posting>) {
  type Cells = Partial<Record<Column, LineSource[]>>
  const column: Record<Stage, Column> = { bulk: 'cellar', keg: 'keg', case: 'case' }
  const inColumns = (sources: readonly LineSource[]): Cells => {
    const cells: Cells = {}
    for (const source of sources) (cells[column[source.stage]] ??= []).push(source)
    return cells
  }
  const packaged = books.flatMap((month) => month.packaged)
  const kegs = packaged.filter((source) => source.stage === 'keg')
  const cases = packaged.filter((source) => source.stage === 'case')
  const withoutTax = flowsOf(books, 'removedWithoutTax')
  const byReason = (reason: string) =>
    inColumns(withoutTax.filter((s) => !isLabSample(postings.get(s.id)!.event) && reasonOf(s) === reason))
  const reasonOf = (source: LineSource) => taxFreeReasonOf(postings.get(source.id)!.event)
  const missingReason = withoutTax.filter((source) => reasonOf(source) === null)
  const adjustments = books.flatMap((month) => month.adjustments)
  const taxpaid = flowsOf(books, 'removedTaxpaid')
  const start = books[0].start
  const end = books[books.length - 1].end
  const cells: Record<string, Cells> = {
    onHandStart: { cellar: start.bulk, keg: start.keg, case: start.case },
    produced: inColumns(flowsOf(books, 'produced')),
    waterAdded: {},
    receivedFromPackaging: {},
    receivedInBond: inColumns(flowsOf(books, 'receivedInBond')),
    receivedFromCellars: { rackingBulk: kegs, bottlingBulk: cases },
    returned: inColumns(flowsOf(books, 'returned')),
    returnedSameOwnership: {},
    racked: { keg: kegs },
    bottled: { case: cases },
    overage: inColumns(flowsOf(books, 'overage')),
    specialAdditions: inColumns(adjustments.filter((source) => ADDITION_LINES.has(source.line))),
    removedTaxpaid: inColumns(taxpaid.filter((source) => !isTavern(source, postings))),
    removedTavern: inColumns(taxpaid.filter((source) => isTavern(source, postings))),
    export: byReason('export'),
    supplies: byReason('vessels-aircraft'),
    researchTesting: byReason('research-testing'),
    sameOwnership: byReason('same-ownership'),
    unfit: byReason('unfit'),
    consumedOnPremises: inColumns(flowsOf(books, 'consumedOnPremises')),
    transferredForRacking: { cellar: kegs },
    transferredForBottling: { cellar: cases },
    returnedToCellars: {},
    rackedOut: { rackingBulk: kegs },
    bottledOut: { bottlingBulk: cases },
    labSamples: inColumns(withoutTax.filter((source) => isLabSample(postings.get(source.id)!.event))),
    destroyed: inColumns(flowsOf(books, 'destroyed')),
    toDistilledSpiritsPlant: {},
    losses: inColumns(flowsOf(books, 'losses')),
    shortage: inColumns(flowsOf(books, 'shortage')),
    specialRemovals: inColumns([
      ...adjustments.filter((source) => !ADDITION_LINES.has(source.line)),
      ...missingReason,
    ]),
    onHandEnd: { cellar: end.bulk, keg: end.keg, case: end.case },
  }
  const keysOf = (from: number, to: number) =>
    LINES_5130_9.filter((spec) => spec.number >= from && spec.number <= to).map((spec) => spec.key)
  const gather = (keys: readonly string[]): Cells =>
    Object.fromEntries(COLUMNS.map((col) => [col, keys.flatMap((key) => cells[key][col] ?? [])]))
  cells.totalAdditions = gather(keysOf(1, 12))
  cells.totalRemovals = gather(keysOf(14, 33))
  const lines = LINES_5130_9.map((spec) => {
    const row = cells[spec.key]
    const columnLines = Object.fromEntries(
      COLUMNS.map((col) => [
        col,
        makeLine(
          `${spec.key}${col[0].toUpperCase()}${col.slice(1)}`,
          spec.number,
          spec.label,
          row[col] ?? [],
        ),
      ]),
    ) as Record<Column, ReportLine>
    return {
      ...makeLine(
        spec.key,
        spec.number,
        spec.label,
        COLUMNS.flatMap((col) => row[col] ?? []),
      ),
      cells: columnLines,
    }
  })
  const balances = COLUMNS.every(
    (col) => sumUnits(cells.totalAdditions[col] ?? []) === sumUnits(cells.totalRemovals[col] ?? []),
  )
  return { lines, balances, missingReason }
}

/** The Brewer's Report of Operations of a period from the ledger and the physical counts. */
export function operationsReport(
  form: '5130.9' | '5130.26',
  period: Period,
  postings: readonly Posting[],
  counts: readonly InventoryCount[],
): OperationsReport {
  const books = periodBooks(period, postings, counts)
  const reconciliation = books.map(reconcile)
  const built =
    form === '5130.26'
      ? { ...report5130_26(books), missingReason: [] as LineSource[] }
      : report5130_9(books, new Map(postings.map((posting) => [posting.eventId, posting])))
  return {
    form,
    period,
    lines: built.lines,
    remarks: remarksOf(form, books, reconciliation, built.missingReason),
    balances: built.balances,
    reconciliation,
    unclassified: books.flatMap((month) => month.unclassified),
  }
}

/** A line of a report by its key (a 5130.9 column's figure by its own key), or null. */
export function findLine(lines: readonly ReportLine[], key: string): ReportLine | null {
  for (const candidate of lines) {
    if (candidate.key === key) return candidate
    for (const cell of Object.values(candidate.cells ?? {})) if (cell.key === key) return cell
  }
  return null
}

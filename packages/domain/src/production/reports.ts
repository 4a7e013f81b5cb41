import { unitsToBarrels } from './barrels.ts'
import { efficiencyPercent, gravityPoints } from './brew-day-maths.ts'
import { LOSS_ROW_LINES, monthOf, monthsOf, type Period } from './reporting.schema.ts'
import { classifyLedgerEvent, type Posting, type TtbLedgerEvent } from './ttb.ts'

// The Reporting page's tables (docs/production.md "Reporting"): queries over the ledger's postings, each row
// with how many postings stand behind it (ADR 419: the postings themselves are read a row at a time, `rowEvents`). Volumes stay exact (units) and are shown as barrels to 5 decimals.

/** Whether a day (YYYY-MM-DD, in the brewery's time zone) is in a period. */
const within = (period: Period, day: string) => day >= period.from && day < period.to

/** Barrels brewed and packaged by month and product. */
export type ProductionRow = {
  month: string
  product: string
  brewedUnits: number
  packagedUnits: number
  brewedBbl: string
  packagedBbl: string
  /** How many postings (events, and reversals of corrected events) the row sums. */
  eventCount: number
}

type Classified = Pick<TtbLedgerEvent, 'kind' | 'ttbClass' | 'details'>

/** Whether an event's postings can make a production row: brewed (the produced line), or a packaging run. */
export function feedsProduction(event: Classified): boolean {
  return productionColumn(classifyLedgerEvent(event), event.kind) !== null
}

/**
 * The production table's column a posting adds to: brewed (on the produced line), packaged (a packaging run, on no
 * line); null when neither. `line` and `kind` are those of the event the posting books (of the corrected event, for
 * a reversal).
 */
export function productionColumn(line: Posting['line'], kind: string): 'brewed' | 'packaged' | null {
  if (line === 'produced') return 'brewed'
  return line === null && /^packag/.test(kind) ? 'packaged' : null
}

/** The production table's order: by month, then product (rows it ties keep the order they were first booked in). */
export const productionOrder = (
  a: Pick<ProductionRow, 'month' | 'product'>,
  b: Pick<ProductionRow, 'month' | 'product'>,
) => a.month.localeCompare(b.month) || a.product.localeCompare(b.product)

/** The production rows in the table's order, each with its barrels. */
export function productionRows(
  rows: readonly Omit<ProductionRow, 'brewedBbl' | 'packagedBbl'>[],
): ProductionRow[] {
  return rows.toSorted(productionOrder).map((row) => ({
    ...row,
    brewedBbl: unitsToBarrels(row.brewedUnits),
    packagedBbl: unitsToBarrels(row.packagedUnits),
  }))
}

/** Brewed (the produced line) and packaged volumes by month and product, every month of the period listed. */
export function productionByMonth(period: Period, postings: readonly Posting[]): ProductionRow[] {
  const rows = new Map<string, Omit<ProductionRow, 'brewedBbl' | 'packagedBbl'>>()
  for (const posting of postings) {
    if (!within(period, posting.bookedOn)) continue
    const column = productionColumn(posting.line, posting.event.kind)
    if (column === null) continue
    const brewed = column === 'brewed'
    const month = monthOf(posting.bookedOn)
    const product = posting.event.productName || 'No product'
    const key = `${month}\u0000${product}`
    const row = rows.get(key) ?? { month, product, brewedUnits: 0, packagedUnits: 0, eventCount: 0 }
    if (brewed) row.brewedUnits += posting.units
    else row.packagedUnits += posting.units
    row.eventCount += posting.weight ?? 1
    rows.set(key, row)
  }
  return productionRows([...rows.values()])
}

/** Monthly totals of the production rows, with empty months as zero (what the chart draws). */
export function productionTotals(period: Period, rows: readonly ProductionRow[]) {
  return monthsOf(period).map((month) => {
    const ofMonth = rows.filter((row) => row.month === month)
    const brewedUnits = ofMonth.reduce((total, row) => total + row.brewedUnits, 0)
    const packagedUnits = ofMonth.reduce((total, row) => total + row.packagedUnits, 0)
    return {
      month,
      brewedUnits,
      packagedUnits,
      brewedBbl: unitsToBarrels(brewedUnits),
      packagedBbl: unitsToBarrels(packagedUnits),
    }
  })
}

/** Beer lost by reason: losses, dumps and samples of the period. */
export type LossRow = { line: string; reason: string; units: number; barrels: string; eventCount: number }

const LOSS_LINES = new Set<string>(LOSS_ROW_LINES)

/** Whether an event's postings can make a row of beer lost: losses, dumps and samples. */
export function feedsLosses(event: Classified): boolean {
  return isLossLine(classifyLedgerEvent(event))
}

/** Whether postings on a line are beer lost: losses, dumps and samples. */
export const isLossLine = (line: Posting['line']): line is NonNullable<Posting['line']> =>
  line !== null && LOSS_LINES.has(line)

/** The reason a loss row is listed by: the event's words without the spaces around them, or that there are none. */
export const lossReason = (reason: string) => reason.trim() || 'No reason given'

/** The losses table's order: most beer first, then by reason (rows it ties keep the order they were first booked in). */
export const lossOrder = (a: Pick<LossRow, 'units' | 'reason'>, b: Pick<LossRow, 'units' | 'reason'>) =>
  b.units - a.units || a.reason.localeCompare(b.reason)

/** The loss rows in the table's order, each with its barrels. */
export function lossRows(rows: readonly Omit<LossRow, 'barrels'>[]): LossRow[] {
  return rows.toSorted(lossOrder).map((row) => ({ ...row, barrels: unitsToBarrels(row.units) }))
}

export function lossesByReason(period: Period, postings: readonly Posting[]): LossRow[] {
  const rows = new Map<string, Omit<LossRow, 'barrels'>>()
  for (const posting of postings) {
    if (!within(period, posting.bookedOn) || !isLossLine(posting.line)) continue
    const reason = lossReason(posting.event.reason)
    const key = `${posting.line}\u0000${reason}`
    const row = rows.get(key) ?? { line: posting.line, reason, units: 0, eventCount: 0 }
    row.units += posting.units
    row.eventCount += posting.weight ?? 1
    rows.set(key, row)
  }
  return lossRows([...rows.values()])
}

/** One posting behind a production or losses row, as its audit trail lists it (ADR 419). */
export type RowEvent = {
  /** The event posted (for a reversal, the correction's id). */
  id: string
  /** The instant it is booked at. */
  bookedAt: string
  /** The kind of the event it books (for a reversal, the corrected event's). */
  kind: string
  /** Signed: a reversal takes its event's volume back. */
  units: number
  barrels: string
  /** For a reversal: the corrected event. */
  reversalOf: string | null
}

/** Which row's postings: a production row by month and product, or a losses row by line and reason. */
export type RowKey =
  { table: 'production'; month: string; product: string } | { table: 'losses'; line: string; reason: string }

/** The postings of one row of the production or losses table, in posting order (what `eventCount` counts). */
export function rowEvents(period: Period, postings: readonly Posting[], key: RowKey): RowEvent[] {
  return postings
    .filter((posting) => {
      if (!within(period, posting.bookedOn)) return false
      if (key.table === 'production')
        return (
          productionColumn(posting.line, posting.event.kind) !== null &&
          monthOf(posting.bookedOn) === key.month &&
          (posting.event.productName || 'No product') === key.product
        )
      return (
        isLossLine(posting.line) &&
        posting.line === key.line &&
        lossReason(posting.event.reason) === key.reason
      )
    })
    .map((posting) => ({
      id: posting.eventId,
      bookedAt: new Date(posting.bookedAt).toISOString(),
      kind: posting.event.kind,
      units: posting.units,
      barrels: unitsToBarrels(posting.units),
      reversalOf: posting.reversalOf,
    }))
}

/** One brew's measured efficiency: what the reports need of a batch, its plan and its measurements. */
export type BrewMeasurement = {
  batchId: string
  batchNumber: string
  brewhouseId: string
  brewhouseName: string
  brewedAt: string
  /** The day `brewedAt` falls on in the brewery's time zone (YYYY-MM-DD). */
  brewedOn: string
  /** The brewhouse efficiency the batch was planned with (%), and the gravity and gallons it planned for. */
  plannedEfficiencyPercent: number
  plannedGravity: number
  plannedGallons: number
  /** Measured into the fermenter: gravity (SG) and volume (gallons). */
  measuredGravity: number
  measuredGallons: number
  measurementIds: string[]
}

export type EfficiencyRow = {
  batchId: string
  batchNumber: string
  brewhouseId: string
  brewhouseName: string
  month: string
  brewedAt: string
  plannedPercent: number
  achievedPercent: number
  measurementIds: string[]
}

/**
 * The brewhouse efficiency a brew reached: the plan's efficiency scaled by the extract measured (gravity points ×
 * gallons) against the extract planned — the grain bill's potential is the same on both sides
 * (`efficiencyPercent` of brew-day-maths with that potential).
 */
export function achievedEfficiencyPercent(brew: BrewMeasurement): number {
  const plannedExtract = gravityPoints(brew.plannedGravity) * brew.plannedGallons
  if (plannedExtract <= 0 || brew.plannedEfficiencyPercent <= 0) return 0
  const potential = plannedExtract / (brew.plannedEfficiencyPercent / 100)
  return efficiencyPercent(brew.measuredGravity, brew.measuredGallons, potential)
}

/** Efficiency per brewhouse over time: one row per measured brew of the period, oldest first. */
export function efficiencyOverTime(period: Period, brews: readonly BrewMeasurement[]): EfficiencyRow[] {
  return brews
    .filter((brew) => within(period, brew.brewedOn))
    .sort((a, b) => a.brewedAt.localeCompare(b.brewedAt))
    .map((brew) => ({
      batchId: brew.batchId,
      batchNumber: brew.batchNumber,
      brewhouseId: brew.brewhouseId,
      brewhouseName: brew.brewhouseName,
      month: monthOf(brew.brewedOn),
      brewedAt: brew.brewedAt,
      plannedPercent: Math.round(brew.plannedEfficiencyPercent * 10) / 10,
      achievedPercent: Math.round(achievedEfficiencyPercent(brew) * 10) / 10,
      measurementIds: brew.measurementIds,
    }))
}

/**
 * JSON with object keys sorted at every depth and no spaces: the same value always gives the same text, so a
 * closed period's snapshot has one content hash.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError('Not a finite number')
    return JSON.stringify(value) ?? 'null'
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
}

/** A cell a spreadsheet reads as a number, never as a formula: a minus sign, digits and one decimal point. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/
/** A leading =, +, -, @, tab or carriage return starts a formula in Excel, LibreOffice or Google Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * Rows as CSV (RFC 4180): a header, then one line per row; every cell quoted when it needs to be. A cell that a
 * spreadsheet would run as a formula gets OWASP's escape (a leading single quote, the cell quoted); a plain number
 * ('-1.50000', the app's own figures) stays a number (docs/decisions/245-csv-cells-escaped-unless-plain-numbers.md).
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value)
    if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) return quoted(`'${text}`)
    return /[",\r\n]/.test(text) ? quoted(text) : text
  }
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n'
}

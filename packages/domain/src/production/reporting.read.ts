import { z } from 'zod'
import { REPORT_KINDS } from './reporting.schema.ts'

// What the reporting routes answer (docs/production.md "Reporting"), parsed by the browser with the same
// schemas. Volumes come both exact (`units`, hundred-thousandths of a barrel) and as the figure shown.

const PeriodReadSchema = z.object({
  kind: z.enum(['semimonth', 'month', 'quarter', 'year']),
  key: z.string(),
  from: z.string(),
  to: z.string(),
})

/** One event (or reversal, or physical count) behind a line. */
export const LineSourceSchema = z.object({
  type: z.enum(['event', 'reversal', 'count']),
  id: z.string(),
  units: z.number().int(),
  at: z.string(),
  line: z.string(),
  kind: z.string(),
  reason: z.string(),
  stage: z.enum(['bulk', 'keg', 'case']),
  reversalOf: z.string().nullable(),
  adjustment: z.boolean(),
  remark: z.string(),
  day: z.string(),
  batchNumber: z.string().nullable(),
  productName: z.string().nullable(),
})
export type LineSourceRead = z.infer<typeof LineSourceSchema>

const FigureReadSchema = z.object({
  key: z.string(),
  number: z.number().int(),
  /** The form's name of the line ('10'; the 5000.24 worksheet's 'A'). */
  ref: z.string(),
  label: z.string(),
  units: z.number().int(),
  barrels: z.string(),
  sourceCount: z.number().int(),
})

/** A line as listed: its figure, how many sources stand behind it, and (5130.9) its columns b–f. */
export const ReportLineReadSchema = FigureReadSchema.extend({
  cells: z.record(z.string(), FigureReadSchema).optional(),
})
export type ReportLineRead = z.infer<typeof ReportLineReadSchema>

/** A line (or a 5130.9 column's figure) with its drill-down: every source, summing to it. */
export const ReportLineDetailSchema = FigureReadSchema.extend({ sources: z.array(LineSourceSchema) })
export type ReportLineDetail = z.infer<typeof ReportLineDetailSchema>

export const ReconciliationReadSchema = z.object({
  month: z.string(),
  startUnits: z.number().int(),
  additionsUnits: z.number().int(),
  removalsUnits: z.number().int(),
  adjustmentsUnits: z.number().int(),
  bookEndUnits: z.number().int(),
  physicalUnits: z.number().int().nullable(),
  overageUnits: z.number().int(),
  shortageUnits: z.number().int(),
  packagedShortageUnits: z.number().int(),
  explainedUnits: z.number().int(),
  unexplainedPackagedUnits: z.number().int(),
  endUnits: z.number().int(),
  note: z.string(),
  explanations: z.array(z.object({ cause: z.string(), stage: z.string(), barrels: z.string() })),
  explained: z.boolean(),
})
export type ReconciliationRead = z.infer<typeof ReconciliationReadSchema>

/** Who closed the period, when, and the snapshot's hash; null while it is open. */
export const ClosedReadSchema = z
  .object({ id: z.string(), closedAt: z.string(), closedBy: z.string().nullable(), contentHash: z.string() })
  .nullable()

export const OperationsReportReadSchema = z.object({
  form: z.enum(['5130.9', '5130.26']),
  period: PeriodReadSchema,
  brewery: z.string(),
  brewersNoticeNumber: z.string(),
  /** Where the period's days begin (ADR 224); UTC for a period closed before a brewery could choose. */
  timeZone: z.string(),
  lines: z.array(ReportLineReadSchema),
  /** Remarks (Part 5): prior-period adjustments, losses, count differences and their causes. */
  remarks: z.array(z.string()),
  /** Whether the form balances (every column, for the 5130.9). */
  balances: z.boolean(),
  reconciliation: z.array(ReconciliationReadSchema),
  unclassified: z.array(z.string()),
  closed: ClosedReadSchema,
})
export type OperationsReportRead = z.infer<typeof OperationsReportReadSchema>

const ExciseAdjustmentReadSchema = z.object({
  ref: z.string(),
  explanation: z.string(),
  units: z.number().int(),
  cents: z.number().int(),
})

export const ExciseTierReadSchema = z.object({
  key: z.enum(['reduced', 'standard', 'full']),
  label: z.string(),
  rateCents: z.number().int(),
  fromUnits: z.number().int(),
  toUnits: z.number().int().nullable(),
  barrels: z.string(),
  taxCents: z.number().int(),
})

export const ExciseReturnReadSchema = z.object({
  form: z.literal('5000.24'),
  period: PeriodReadSchema,
  brewery: z.string(),
  brewersNoticeNumber: z.string(),
  /** Where the period's days begin (ADR 224); UTC for a period closed before a brewery could choose. */
  timeZone: z.string(),
  lines: z.array(ReportLineReadSchema),
  yearToDateBeforeUnits: z.number().int(),
  tiers: z.array(ExciseTierReadSchema),
  taxCents: z.number().int(),
  /** Lines 11 and 17–21 of the return. */
  amounts: z.array(z.object({ ref: z.string(), label: z.string(), cents: z.number().int() })),
  /** Schedules A (increasing) and B (decreasing): prior-period adjustments with their explanation. */
  scheduleA: z.array(ExciseAdjustmentReadSchema),
  scheduleB: z.array(ExciseAdjustmentReadSchema),
  /** What the brewery must act on: return-period eligibility (27 CFR 25.164). */
  notices: z.array(z.string()),
  unclassified: z.array(z.string()),
  closed: ClosedReadSchema,
})
export type ExciseReturnRead = z.infer<typeof ExciseReturnReadSchema>

export const ProductionReadSchema = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      brewedUnits: z.number().int(),
      packagedUnits: z.number().int(),
      brewedBbl: z.string(),
      packagedBbl: z.string(),
    }),
  ),
  rows: z.array(
    z.object({
      month: z.string(),
      product: z.string(),
      brewedUnits: z.number().int(),
      packagedUnits: z.number().int(),
      brewedBbl: z.string(),
      packagedBbl: z.string(),
      /** How many postings the row sums; `GET /production/events` lists them (ADR 419). */
      eventCount: z.number().int(),
    }),
  ),
})
export type ProductionRead = z.infer<typeof ProductionReadSchema>

export const LossesReadSchema = z.object({
  rows: z.array(
    z.object({
      line: z.string(),
      reason: z.string(),
      units: z.number().int(),
      barrels: z.string(),
      /** How many postings the row sums; `GET /losses/events` lists them (ADR 419). */
      eventCount: z.number().int(),
    }),
  ),
})
export type LossesRead = z.infer<typeof LossesReadSchema>

/** One posting behind a production or losses row (`rowEvents`): a page of `GET /production/events` or `/losses/events`. */
export const RowEventReadSchema = z.object({
  id: z.string(),
  bookedAt: z.string(),
  kind: z.string(),
  units: z.number().int(),
  barrels: z.string(),
  reversalOf: z.string().nullable(),
})
export type RowEventRead = z.infer<typeof RowEventReadSchema>

export const EfficiencyReadSchema = z.object({
  rows: z.array(
    z.object({
      batchId: z.string(),
      batchNumber: z.string(),
      brewhouseId: z.string(),
      brewhouseName: z.string(),
      month: z.string(),
      brewedAt: z.string(),
      plannedPercent: z.number(),
      achievedPercent: z.number(),
      measurementIds: z.array(z.string()),
    }),
  ),
})
export type EfficiencyRead = z.infer<typeof EfficiencyReadSchema>

export const ReportPeriodReadSchema = z.object({
  id: z.string(),
  report: z.enum(REPORT_KINDS),
  period: z.string(),
  from: z.string(),
  to: z.string(),
  contentHash: z.string(),
  closedBy: z.string().nullable(),
  closedAt: z.string(),
})
export type ReportPeriodRead = z.infer<typeof ReportPeriodReadSchema>

/** A closed period with its snapshot: the report exactly as it was closed, every line's sources included. */
export const ReportPeriodSnapshotSchema = ReportPeriodReadSchema.extend({
  snapshot: z.record(z.string(), z.unknown()),
})

import { z } from 'zod'
import { REPORT_KINDS } from './reporting.schema.ts'

// What the reporting routes answer (docs/production.md "Reporting"), parsed by the browser with the same
// schemas. Volumes come both exact (`units`, hundred-thousandths of a barrel) and as the figure shown.

const PeriodReadSchema = z.object({
  kind: z.enum(['month', 'quarter', 'year']),
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
  reversalOf: z.string().nullable(),
  adjustment: z.boolean(),
  batchNumber: z.string().nullable(),
  productName: z.string().nullable(),
})
export type LineSourceRead = z.infer<typeof LineSourceSchema>

/** A line as listed: its figure and how many sources stand behind it (the drill-down route lists them). */
export const ReportLineReadSchema = z.object({
  key: z.string(),
  number: z.number().int(),
  label: z.string(),
  units: z.number().int(),
  barrels: z.string(),
  sourceCount: z.number().int(),
})
export type ReportLineRead = z.infer<typeof ReportLineReadSchema>

/** A line with its drill-down: every source, summing to the line. */
export const ReportLineDetailSchema = ReportLineReadSchema.extend({ sources: z.array(LineSourceSchema) })
export type ReportLineDetail = z.infer<typeof ReportLineDetailSchema>

export const ReconciliationReadSchema = z.object({
  month: z.string(),
  startUnits: z.number().int(),
  additionsUnits: z.number().int(),
  removalsUnits: z.number().int(),
  bookEndUnits: z.number().int(),
  physicalUnits: z.number().int().nullable(),
  overageUnits: z.number().int(),
  shortageUnits: z.number().int(),
  endUnits: z.number().int(),
  note: z.string(),
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
  packaging: z.array(ReportLineReadSchema),
  reconciliation: z.array(ReconciliationReadSchema),
  unclassified: z.array(z.string()),
  closed: ClosedReadSchema,
})
export type OperationsReportRead = z.infer<typeof OperationsReportReadSchema>

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
      eventIds: z.array(z.string()),
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
      eventIds: z.array(z.string()),
    }),
  ),
})
export type LossesRead = z.infer<typeof LossesReadSchema>

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

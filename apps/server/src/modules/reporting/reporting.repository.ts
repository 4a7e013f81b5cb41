import {
  barrelsToUnits,
  DEFAULT_TAX_SETTINGS,
  unitsToBarrels,
  ShortageExplanationSchema,
  TaxSettingsSchema,
  type ClosedSpan,
  type ShortageExplanation,
  type InventoryCount,
  type TaxSettings,
} from '@brewcommand/domain'
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { readLedger } from './ledger-read.ts'
import { readLedgerSummary } from './ledger-summary.ts'
import { readLedgerOf } from './ledger-lines.ts'
import { entities } from '../../db/schema/entities.ts'
import { batches, brewhouses, brewhouseVersions, measurements, vessels } from '../../db/schema/production.ts'
import { breweryTaxSettings, physicalInventories, reportPeriods } from '../../db/schema/reporting.ts'

export type PeriodRow = typeof reportPeriods.$inferSelect
export type CountRow = typeof physicalInventories.$inferSelect

/** A brew with what its efficiency needs: the batch, its brewhouse version and its measurements. */
export type BrewRow = {
  batchId: string
  batchNumber: string
  brewhouseId: string
  brewhouseName: string
  constants: Record<string, unknown>
  recipeSnapshot: Record<string, unknown>
  targetVolumeBbl: string
  brewDayFinishedAt: Date
  measurements: { id: string; point: string; gravity: number | null; gallons: number | null; takenAt: Date }[]
}

/** Reporting's SQL: every query scoped by the brewery (its first argument). */
export function createReportingRepository(db: Db) {
  return {
    /** The brewery's liquid ledger as the reports read it (ledger-read.ts; `before`: what periods up to a day read). */
    ledger(entityId: string, options: { before?: string | null; movements?: boolean } = {}) {
      return readLedger(db, entityId, options)
    },

    /** The ledger summarised for the TTB reports' figures (ledger-summary.ts, ADR 402); null: read it whole. */
    ledgerSummary(entityId: string, options: Parameters<typeof readLedgerSummary>[2]) {
      return readLedgerSummary(db, entityId, options)
    },

    /** The ledger of the events `wanted` keeps and their corrections (ledger-lines.ts, ADR 402). */
    ledgerOf(entityId: string, before: string, wanted: Parameters<typeof readLedgerOf>[3]) {
      return readLedgerOf(db, entityId, before, wanted)
    },

    /** Every vessel's name by id, archived ones too (the records name where beer was, not its id). */
    async vesselNames(entityId: string): Promise<Map<string, string>> {
      const rows = await db
        .select({ id: vessels.id, name: vessels.name })
        .from(vessels)
        .where(eq(vessels.entityId, entityId))
      return new Map(rows.map((row) => [row.id, row.name]))
    },

    async closedPeriods(entityId: string): Promise<PeriodRow[]> {
      return db
        .select()
        .from(reportPeriods)
        .where(eq(reportPeriods.entityId, entityId))
        .orderBy(asc(reportPeriods.fromDate), asc(reportPeriods.report))
    },

    async closedPeriod(entityId: string, id: string): Promise<PeriodRow | null> {
      const [row] = await db
        .select()
        .from(reportPeriods)
        .where(and(eq(reportPeriods.entityId, entityId), eq(reportPeriods.id, id)))
      return row ?? null
    },

    async closedPeriodOf(entityId: string, report: string, period: string): Promise<PeriodRow | null> {
      const [row] = await db
        .select()
        .from(reportPeriods)
        .where(
          and(
            eq(reportPeriods.entityId, entityId),
            eq(reportPeriods.report, report),
            eq(reportPeriods.period, period),
          ),
        )
      return row ?? null
    },

    /** Inserts a closed period; false when its id or its report and period are taken (a concurrent close). */
    async insertPeriod(row: typeof reportPeriods.$inferInsert): Promise<PeriodRow | null> {
      const [inserted] = await db.insert(reportPeriods).values(row).onConflictDoNothing().returning()
      return inserted ?? null
    },

    async counts(entityId: string): Promise<CountRow[]> {
      return db
        .select()
        .from(physicalInventories)
        .where(eq(physicalInventories.entityId, entityId))
        .orderBy(asc(physicalInventories.month))
    },

    async countsBetween(entityId: string, fromMonth: string, toMonth: string): Promise<CountRow[]> {
      return db
        .select()
        .from(physicalInventories)
        .where(
          and(
            eq(physicalInventories.entityId, entityId),
            gte(physicalInventories.month, fromMonth),
            lt(physicalInventories.month, toMonth),
          ),
        )
        .orderBy(asc(physicalInventories.month))
    },

    async saveCount(
      entityId: string,
      count: {
        month: string
        bulkBbl: string
        kegBbl: string
        caseBbl: string
        explanations: ShortageExplanation[]
        note: string
        countedBy: string
      },
    ): Promise<CountRow> {
      const now = new Date()
      const packagedBbl = unitsToBarrels(barrelsToUnits(count.kegBbl) + barrelsToUnits(count.caseBbl))
      const [row] = await db
        .insert(physicalInventories)
        .values({ entityId, ...count, packagedBbl, countedAt: now })
        .onConflictDoUpdate({
          target: [physicalInventories.entityId, physicalInventories.month],
          set: {
            bulkBbl: count.bulkBbl,
            packagedBbl,
            kegBbl: count.kegBbl,
            caseBbl: count.caseBbl,
            explanations: count.explanations,
            note: count.note,
            countedBy: count.countedBy,
            countedAt: now,
            updatedAt: now,
          },
        })
        .returning()
      return row
    },

    async taxSettings(entityId: string): Promise<TaxSettings> {
      const [row] = await db
        .select()
        .from(breweryTaxSettings)
        .where(eq(breweryTaxSettings.entityId, entityId))
      if (!row) return DEFAULT_TAX_SETTINGS
      const parsed = TaxSettingsSchema.safeParse(row)
      return parsed.success ? parsed.data : DEFAULT_TAX_SETTINGS
    },

    async saveTaxSettings(entityId: string, settings: TaxSettings, userId: string): Promise<TaxSettings> {
      const now = new Date()
      await db
        .insert(breweryTaxSettings)
        .values({ entityId, ...settings, updatedBy: userId })
        .onConflictDoUpdate({
          target: breweryTaxSettings.entityId,
          set: { ...settings, updatedBy: userId, updatedAt: now },
        })
      return settings
    },

    async breweryName(entityId: string): Promise<string> {
      const [row] = await db.select({ name: entities.name }).from(entities).where(eq(entities.id, entityId))
      return row?.name ?? ''
    },

    /** The brews finished in [from, to), with their brewhouse version and measurements. */
    async brews(entityId: string, from: Date, to: Date): Promise<BrewRow[]> {
      const rows = await db
        .select({
          batchId: batches.id,
          batchNumber: batches.number,
          brewhouseId: batches.brewhouseId,
          brewhouseName: brewhouses.name,
          constants: brewhouseVersions.constants,
          recipeSnapshot: batches.recipeSnapshot,
          targetVolumeBbl: batches.targetVolumeBbl,
          brewDayFinishedAt: batches.brewDayFinishedAt,
        })
        .from(batches)
        .innerJoin(brewhouses, and(eq(brewhouses.id, batches.brewhouseId), eq(brewhouses.entityId, entityId)))
        .innerJoin(
          brewhouseVersions,
          and(eq(brewhouseVersions.id, batches.brewhouseVersionId), eq(brewhouseVersions.entityId, entityId)),
        )
        .where(
          and(
            eq(batches.entityId, entityId),
            gte(batches.brewDayFinishedAt, from),
            lt(batches.brewDayFinishedAt, to),
          ),
        )
      if (rows.length === 0) return []
      const taken = await db
        .select({
          id: measurements.id,
          batchId: measurements.batchId,
          point: measurements.point,
          gravity: measurements.gravity,
          gallons: measurements.gallons,
          takenAt: measurements.takenAt,
        })
        .from(measurements)
        .where(
          and(
            eq(measurements.entityId, entityId),
            inArray(
              measurements.batchId,
              rows.map((row) => row.batchId),
            ),
          ),
        )
        .orderBy(asc(measurements.takenAt))
      return rows.map((row) => ({
        ...row,
        brewDayFinishedAt: row.brewDayFinishedAt!,
        measurements: taken.filter((measurement) => measurement.batchId === row.batchId),
      }))
    },
  }
}
export type ReportingRepository = ReturnType<typeof createReportingRepository>

/** What a closed span of the ledger is, from a closed period's row. */
export const spanOf = (row: PeriodRow): ClosedSpan => ({
  from: row.fromDate,
  to: row.toDate,
  closedAt: row.closedAt.toISOString(),
})

/** A count as the domain reads it, by column: a count saved before kegs and cases were apart has them in cases. */
export const countOf = (row: CountRow): InventoryCount => {
  const kegBbl = row.kegBbl ?? '0'
  return {
    id: row.id,
    month: row.month,
    bulkBbl: row.bulkBbl,
    kegBbl,
    caseBbl: row.caseBbl ?? unitsToBarrels(barrelsToUnits(row.packagedBbl) - barrelsToUnits(kegBbl)),
    note: row.note,
    explanations: ShortageExplanationSchema.array().catch([]).parse(row.explanations),
  }
}

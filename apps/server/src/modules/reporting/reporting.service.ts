import { createHash } from 'node:crypto'
import {
  barrelsToUnits,
  booksEnd,
  canonicalJson,
  canonicalTimeZone,
  countSources,
  dayIn,
  DEFAULT_TIME_ZONE,
  efficiencyOverTime,
  feedsLosses,
  feedsProduction,
  exciseReturn,
  findLine,
  isCountable,
  lastDayOf,
  returnPeriodRefusal,
  lossesByReason,
  monthOf,
  operationsReport,
  originalGravity,
  parsePeriod,
  postLedger,
  productionByMonth,
  productionTotals,
  rangePeriod,
  silentLogger,
  startOfDayIn,
  todayIn,
  totalGravityPoints,
  unitsToBarrels,
  type BrewMeasurement,
  type ClosePeriodInput,
  type CostsRead,
  type ExciseReturn,
  type ExciseReturnRead,
  type LineSource,
  type MonthRange,
  type OperationsReport,
  type OperationsReportRead,
  type Period,
  type PhysicalInventory,
  type PhysicalInventoryInput,
  type Posting,
  type ReportKind,
  type ReportLine,
  type ReportLineDetail,
  type ReportPeriodRead,
  type TaxSettings,
  type TaxSettingsInput,
  rowEvents,
  type RowEvent,
  type RowKey,
} from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import { lockForTransaction, type Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import {
  countOf,
  createReportingRepository,
  spanOf,
  type BrewRow,
  type CountRow,
  type PeriodRow,
} from './reporting.repository.ts'
import { assertCan } from '../../auth/tenant.ts'
import { summarisedReport } from './report-summary.ts'
import { readLossRows, readProductionRows, readRowEvents } from './report-rows.ts'

/** The operations reports by their route name. */
export type OperationsForm = '5130.26' | '5130.9'

const GALLONS_PER_BARREL = 31

/** A figure as listed: its sources counted (a summarised source counts its events, ADR 402), not sent. */
const figure = ({ sources, cells: _cells, ...line }: ReportLine) => ({
  ...line,
  sourceCount: countSources(sources),
})
/** A line as listed, with its 5130.9 columns. */
const summary = (line: ReportLine) => ({
  ...figure(line),
  ...(line.cells
    ? {
        cells: Object.fromEntries(Object.entries(line.cells).map(([column, cell]) => [column, figure(cell)])),
      }
    : {}),
})
const detail = (line: ReportLine): ReportLineDetail => ({ ...figure(line), sources: line.sources })

type Legacy = Record<string, unknown>

/** A source of a snapshot closed before ADR 235: its stage, remark and day. */
const upgradeSource = (source: LineSource): LineSource => ({
  ...source,
  stage: source.stage ?? 'bulk',
  remark: source.remark ?? '',
  day: source.day ?? source.at.slice(0, 10),
})
const upgradeLine = (line: ReportLine): ReportLine => ({
  ...line,
  ref: line.ref ?? String(line.number),
  sources: line.sources.map(upgradeSource),
  ...(line.cells
    ? { cells: Object.fromEntries(Object.entries(line.cells).map(([key, cell]) => [key, upgradeLine(cell)])) }
    : {}),
})

/**
 * A report as closed before ADR 235 (the app's own line numbers, no remarks, no columns) read with today's
 * shape: its lines and figures stay exactly as they were closed; what it lacks is empty.
 */
function upgradeSnapshot(report: OperationsReport | ExciseReturn): OperationsReport | ExciseReturn {
  const lines = report.lines.map(upgradeLine)
  if (report.form === '5000.24') {
    const old = report as ExciseReturn & Legacy
    return {
      ...old,
      lines,
      amounts: old.amounts ?? [{ ref: '11', label: 'Beer', cents: old.taxCents }],
      scheduleA: old.scheduleA ?? [],
      scheduleB: old.scheduleB ?? [],
      notices: old.notices ?? [],
    }
  }
  const old = report as OperationsReport & Legacy
  return {
    ...old,
    lines,
    remarks: old.remarks ?? [],
    balances: old.balances ?? true,
    reconciliation: old.reconciliation.map((month) => ({
      ...month,
      adjustmentsUnits: month.adjustmentsUnits ?? 0,
      packagedShortageUnits: month.packagedShortageUnits ?? 0,
      explainedUnits: month.explainedUnits ?? 0,
      unexplainedPackagedUnits: month.unexplainedPackagedUnits ?? 0,
      explanations: month.explanations ?? [],
    })),
  }
}

/** The sha-256 of a snapshot's canonical JSON (hex). */
export const contentHash = (snapshot: unknown) =>
  createHash('sha256').update(canonicalJson(snapshot)).digest('hex')

const closedRead = (row: PeriodRow | null) =>
  row
    ? {
        id: row.id,
        closedAt: row.closedAt.toISOString(),
        closedBy: row.closedBy,
        contentHash: row.contentHash,
      }
    : null

export const periodRead = (row: PeriodRow): ReportPeriodRead => ({
  id: row.id,
  report: row.report as ReportKind,
  period: row.period,
  from: row.fromDate,
  to: row.toDate,
  contentHash: row.contentHash,
  closedBy: row.closedBy,
  closedAt: row.closedAt.toISOString(),
})

const countRead = (row: CountRow): PhysicalInventory => {
  const count = countOf(row)
  return {
    id: row.id,
    month: row.month,
    bulkBbl: count.bulkBbl,
    kegBbl: count.kegBbl,
    caseBbl: count.caseBbl,
    packagedBbl: row.packagedBbl,
    totalBbl: unitsToBarrels(barrelsToUnits(row.bulkBbl) + barrelsToUnits(row.packagedBbl)),
    explanations: count.explanations,
    note: row.note,
    countedBy: row.countedBy,
    countedAt: row.countedAt.toISOString(),
  }
}

/** One brewery's reporting changes one at a time: closing a period, changing the time zone. */
const lockPeriods = (tx: Db, entityId: string) => lockForTransaction(tx, `reporting.periods:${entityId}`)

/**
 * What the efficiency table needs of a brew: planned from its snapshot and version, measured into the fermenter;
 * its day in the brewery's time zone.
 */
function brewMeasurement(row: BrewRow, timeZone: string): BrewMeasurement | null {
  const latest = (points: string[], field: 'gravity' | 'gallons') =>
    row.measurements.filter((m) => points.includes(m.point) && m[field] !== null).at(-1) ?? null
  const gravity = latest(['into-fermenter', 'original-gravity'], 'gravity')
  const volume = latest(['into-fermenter'], 'gallons')
  if (!gravity || !volume) return null
  const snapshot = row.recipeSnapshot as { grainBill?: unknown; otherIngredients?: unknown }
  const efficiency = Number(row.constants.brewhouseEfficiency)
  const plannedGallons = Number(row.targetVolumeBbl) * GALLONS_PER_BARREL
  const potential = totalGravityPoints(
    Array.isArray(snapshot.grainBill) ? snapshot.grainBill : [],
    Array.isArray(snapshot.otherIngredients) ? snapshot.otherIngredients : [],
    silentLogger,
  )
  return {
    batchId: row.batchId,
    batchNumber: row.batchNumber,
    brewhouseId: row.brewhouseId,
    brewhouseName: row.brewhouseName,
    brewedAt: row.brewDayFinishedAt.toISOString(),
    brewedOn: dayIn(row.brewDayFinishedAt, timeZone),
    plannedEfficiencyPercent: Number.isFinite(efficiency) ? efficiency : 0,
    plannedGravity: originalGravity(potential, plannedGallons, efficiency),
    plannedGallons,
    measuredGravity: gravity.gravity!,
    measuredGallons: volume.gallons!,
    measurementIds: [gravity.id, ...(volume.id === gravity.id ? [] : [volume.id])],
  }
}

/**
 * Reporting (docs/production.md "Reporting"): the tables of the Reporting page and the TTB reports, computed by the
 * domain from the brewery's ledger, closed periods and physical counts; a closed period answers its snapshot.
 */
export function createReportingService(
  db: Db,
  {
    costs,
    summarise = true,
  }: {
    /** Inventory's cost tables (modules/inventory/inventory.service.ts `costReport`): FIFO cost lives there. */
    costs: { costReport: (entityId: string, period: Period, timeZone: string) => Promise<CostsRead> }
    /**
     * Whether the TTB reports' figures come from the summarised ledger (ADR 402); false books every event, the
     * reference the summary is tested against.
     */
    summarise?: boolean
  },
) {
  const repo = createReportingRepository(db)

  /**
   * The ledger's postings, honouring supersession and the closed periods, each on its day in the brewery's time
   * zone, the physical counts, and the tax facts (that time zone among them).
   */
  async function books(
    entityId: string,
    /** The reports' period: the ledger is read up to where their books end (ADR 385). */
    period: Pick<Period, 'to'>,
    { connection = db, movements = false }: { connection?: Db; movements?: boolean } = {},
  ) {
    const reader = connection === db ? repo : createReportingRepository(connection)
    const [events, closed, counts, settings] = await Promise.all([
      reader.ledger(entityId, { before: booksEnd(period), movements }),
      reader.closedPeriods(entityId),
      reader.counts(entityId),
      reader.taxSettings(entityId),
    ])
    return {
      postings: postLedger(events, closed.map(spanOf), settings.timeZone),
      closed,
      counts: counts.map(countOf),
      settings,
    }
  }

  /**
   * The postings of the events `wanted` keeps (and their corrections) up to where the period's books end: every
   * posting on the lines they land on, as the whole ledger books it (ADR 402).
   */
  async function linesBooks(entityId: string, period: Pick<Period, 'to'>, wanted: typeof feedsLosses) {
    if (!summarise) return books(entityId, period)
    const [events, closed, settings] = await Promise.all([
      repo.ledgerOf(entityId, booksEnd(period), wanted),
      repo.closedPeriods(entityId),
      repo.taxSettings(entityId),
    ])
    return { postings: postLedger(events, closed.map(spanOf), settings.timeZone) }
  }

  /**
   * What a Reporting table computed in SQL needs besides the ledger (ADR 406): the closed periods and the time zone;
   * null when the summary is off (the event-by-event books are the reference).
   */
  async function sqlBooks(entityId: string) {
    if (!summarise) return null
    const [closed, { timeZone }] = await Promise.all([
      repo.closedPeriods(entityId),
      repo.taxSettings(entityId),
    ])
    return { closed: closed.map(spanOf), timeZone }
  }

  function parse(key: string): Period {
    const period = parsePeriod(key)
    if (!period) throw new AppError('VALIDATION_FAILED', `Not a period: ${key}`)
    return period
  }

  /** The report computed now from the ledger (with every line's sources). */
  async function compute(entityId: string, report: ReportKind, key: string, connection: Db = db) {
    const period = parse(key)
    const reader = connection === db ? repo : createReportingRepository(connection)
    const [{ postings, counts, settings }, brewery] = await Promise.all([
      books(entityId, period, { connection }),
      reader.breweryName(entityId),
    ])
    const computed: OperationsReport | ExciseReturn =
      report === '5000.24'
        ? exciseReturn(period, postings, counts, settings)
        : operationsReport(report, period, postings, counts)
    return { computed, brewery, settings }
  }

  /**
   * The report's figures computed now from the summarised ledger (ADR 402): every line's figure and count of
   * sources, never its sources; null when the summary cannot give them exactly (compute them event by event).
   */
  async function computeFigures(entityId: string, report: ReportKind, key: string) {
    const period = parse(key)
    const [closed, counts, settings, brewery] = await Promise.all([
      repo.closedPeriods(entityId),
      repo.counts(entityId),
      repo.taxSettings(entityId),
      repo.breweryName(entityId),
    ])
    const spans = closed.map(spanOf)
    const read = () =>
      repo.ledgerSummary(entityId, { before: booksEnd(period), closed: spans, timeZone: settings.timeZone })
    const computed = await summarisedReport(read, report, period, {
      spans,
      counts: counts.map(countOf),
      settings,
    })
    return computed && { computed, brewery, settings }
  }

  /**
   * The report as stored at its close, or as computed now while its period is open; `figures`: only its figures
   * and their counts of sources are read, so the summarised ledger may give them (ADR 402).
   */
  async function reportOf(tenant: Tenant, report: ReportKind, key: string, figures = false) {
    assertCan(tenant, 'viewReports')
    const closed = await repo.closedPeriodOf(tenant.entityId, report, key)
    if (closed) {
      const snapshot = closed.snapshot as {
        report: OperationsReport | ExciseReturn
        brewery: string
        settings: Omit<TaxSettings, 'timeZone'> & { timeZone?: string }
      }
      // A period closed before there was a time zone has none in its settings: it was cut at UTC midnight.
      const settings: TaxSettings = { timeZone: DEFAULT_TIME_ZONE, ...snapshot.settings }
      return { computed: upgradeSnapshot(snapshot.report), brewery: snapshot.brewery, settings, closed }
    }
    const summarised = figures && summarise ? await computeFigures(tenant.entityId, report, key) : null
    return { ...(summarised ?? (await compute(tenant.entityId, report, key))), closed: null }
  }

  return {
    async operations(tenant: Tenant, form: OperationsForm, key: string): Promise<OperationsReportRead> {
      const { computed, brewery, settings, closed } = await reportOf(tenant, form, key, true)
      const report = computed as OperationsReport
      return {
        form: report.form,
        period: report.period,
        brewery,
        brewersNoticeNumber: settings.brewersNoticeNumber,
        timeZone: settings.timeZone,
        lines: report.lines.map(summary),
        remarks: report.remarks,
        balances: report.balances,
        reconciliation: report.reconciliation,
        unclassified: report.unclassified,
        closed: closedRead(closed),
      }
    },

    async excise(tenant: Tenant, key: string): Promise<ExciseReturnRead> {
      const { computed, brewery, settings, closed } = await reportOf(tenant, '5000.24', key, true)
      const report = computed as ExciseReturn
      return {
        form: '5000.24',
        period: report.period,
        brewery,
        brewersNoticeNumber: settings.brewersNoticeNumber,
        timeZone: settings.timeZone,
        lines: report.lines.map(summary),
        yearToDateBeforeUnits: report.yearToDateBeforeUnits,
        tiers: report.tiers.map((tier) => ({
          key: tier.key,
          label: tier.label,
          rateCents: tier.rateCents,
          fromUnits: tier.fromUnits,
          toUnits: tier.toUnits,
          barrels: tier.line.barrels,
          taxCents: tier.taxCents,
        })),
        taxCents: report.taxCents,
        amounts: report.amounts,
        scheduleA: report.scheduleA.map(({ sources: _sources, ...row }) => row),
        scheduleB: report.scheduleB.map(({ sources: _sources, ...row }) => row),
        notices: report.notices,
        unclassified: report.unclassified,
        closed: closedRead(closed),
      }
    },

    /** One line with every source behind it; 404 for a line the report does not have. */
    async line(tenant: Tenant, report: ReportKind, key: string, lineKey: string): Promise<ReportLineDetail> {
      const { computed } = await reportOf(tenant, report, key)
      const found = findLine(computed.lines, lineKey)
      if (!found) throw new AppError('NOT_FOUND', `The report has no line ${lineKey}`)
      return detail(found)
    },

    /** The whole report with its sources, for the PDF and the CSV. */
    async full(tenant: Tenant, report: ReportKind, key: string) {
      const { computed, brewery, settings, closed } = await reportOf(tenant, report, key)
      return { report: computed, brewery, settings, closed: closedRead(closed) }
    },

    async production(tenant: Tenant, range: MonthRange) {
      assertCan(tenant, 'viewReports')
      const period = rangePeriod(range)
      const sqlOf = await sqlBooks(tenant.entityId)
      // The rows in SQL, or event by event when the brewery's days do not line up with its months.
      const rows =
        (sqlOf && (await readProductionRows(db, tenant.entityId, period, booksEnd(period), sqlOf))) ??
        productionByMonth(period, (await linesBooks(tenant.entityId, period, feedsProduction)).postings)
      return { months: productionTotals(period, rows), rows }
    },

    async losses(tenant: Tenant, range: MonthRange) {
      assertCan(tenant, 'viewReports')
      const period = rangePeriod(range)
      const sqlOf = await sqlBooks(tenant.entityId)
      const rows =
        (sqlOf && (await readLossRows(db, tenant.entityId, period, booksEnd(period), sqlOf))) ??
        lossesByReason(period, (await linesBooks(tenant.entityId, period, feedsLosses)).postings)
      return { rows }
    },

    /**
     * A page of one production or losses row's postings in posting order (ADR 419): what its `eventCount` counts.
     * A row the table does not have answers an empty page.
     */
    async rowEvents(
      tenant: Tenant,
      range: MonthRange,
      row: RowKey,
      page: { offset: number; limit: number },
    ): Promise<RowEvent[]> {
      assertCan(tenant, 'viewReports')
      const period = rangePeriod(range)
      const sqlOf = await sqlBooks(tenant.entityId)
      const inSql =
        sqlOf && (await readRowEvents(db, tenant.entityId, period, booksEnd(period), sqlOf, row, page))
      if (inSql) return inSql
      const wanted = row.table === 'production' ? feedsProduction : feedsLosses
      const { postings } = await linesBooks(tenant.entityId, period, wanted)
      return rowEvents(period, postings, row).slice(page.offset, page.offset + page.limit)
    },

    /** Batch cost, cost per unit of finished goods and inventory value for a range of months. */
    async costs(tenant: Tenant, range: MonthRange): Promise<CostsRead> {
      assertCan(tenant, 'viewReports')
      const { timeZone } = await repo.taxSettings(tenant.entityId)
      return costs.costReport(tenant.entityId, rangePeriod(range), timeZone)
    },

    async efficiency(tenant: Tenant, range: MonthRange) {
      assertCan(tenant, 'viewReports')
      const period = rangePeriod(range)
      const { timeZone } = await repo.taxSettings(tenant.entityId)
      const rows = await repo.brews(
        tenant.entityId,
        startOfDayIn(period.from, timeZone),
        startOfDayIn(period.to, timeZone),
      )
      const brews = rows
        .map((row) => brewMeasurement(row, timeZone))
        .filter((brew): brew is BrewMeasurement => brew !== null)
      return { rows: efficiencyOverTime(period, brews) }
    },

    /** The daily records: every posting booked in the range, oldest first, with the vessels' names. */
    async daily(
      tenant: Tenant,
      range: MonthRange,
    ): Promise<{ postings: Posting[]; vesselNames: Map<string, string> }> {
      assertCan(tenant, 'viewReports')
      const period = rangePeriod(range)
      const [{ postings }, vesselNames] = await Promise.all([
        books(tenant.entityId, period, { movements: true }),
        repo.vesselNames(tenant.entityId),
      ])
      return {
        postings: postings.filter((p) => p.bookedOn >= period.from && p.bookedOn < period.to),
        vesselNames,
      }
    },

    async counts(tenant: Tenant, range: MonthRange): Promise<PhysicalInventory[]> {
      assertCan(tenant, 'viewReports')
      const period = rangePeriod(range)
      const rows = await repo.countsBetween(tenant.entityId, monthOf(period.from), monthOf(period.to))
      return rows.map(countRead)
    },

    /**
     * Records a month's physical count: once the month has ended, or on its last day, in the brewery's time zone; a
     * month inside a closed period is a 409 (a later count adjusts it).
     */
    async saveCount(
      tx: Db,
      tenant: Tenant,
      month: string,
      input: PhysicalInventoryInput,
    ): Promise<PhysicalInventory> {
      assertCan(tenant, 'manageStock')
      if (input.month !== month)
        throw new AppError('VALIDATION_FAILED', 'The month in the body must be the month of the path')
      const writer = createReportingRepository(tx)
      const { timeZone } = await writer.taxSettings(tenant.entityId)
      if (!isCountable(month, todayIn(timeZone))) {
        throw new AppError(
          'CONFLICT',
          `${month} has not ended yet in ${timeZone}: count it on its last day, ${lastDayOf(month)}, or later`,
        )
      }
      const closed = (await writer.closedPeriods(tenant.entityId)).find(
        (row) => `${month}-01` >= row.fromDate && `${month}-01` < row.toDate,
      )
      if (closed) {
        throw new AppError(
          'CONFLICT',
          `${month} is in the closed period ${closed.period} (TTB F ${closed.report}); record the difference in an open month`,
        )
      }
      return countRead(await writer.saveCount(tenant.entityId, { ...input, month, countedBy: tenant.userId }))
    },

    async taxSettings(tenant: Tenant): Promise<TaxSettings> {
      assertCan(tenant, 'manageTaxAndPeriods')
      return repo.taxSettings(tenant.entityId)
    },

    /**
     * Saves the tax facts. A time zone left out keeps the stored one; changing it once a period is closed is a
     * 409, since the closed periods were cut at midnight in the old one (ADR 224).
     */
    async saveTaxSettings(tx: Db, tenant: Tenant, input: TaxSettingsInput): Promise<TaxSettings> {
      assertCan(tenant, 'manageTaxAndPeriods')
      await lockPeriods(tx, tenant.entityId)
      const writer = createReportingRepository(tx)
      const stored = await writer.taxSettings(tenant.entityId)
      const timeZone = input.timeZone === undefined ? stored.timeZone : canonicalTimeZone(input.timeZone)
      if (timeZone === null) throw new AppError('VALIDATION_FAILED', `${input.timeZone} is not a time zone`)
      if (timeZone !== stored.timeZone) {
        const [closed] = await writer.closedPeriods(tenant.entityId)
        if (closed) {
          throw new AppError(
            'CONFLICT',
            `The brewery's time zone stays ${stored.timeZone}: ${closed.period} (TTB F ${closed.report}) is closed, and closed periods were cut at midnight there`,
          )
        }
      }
      return writer.saveTaxSettings(tenant.entityId, { ...input, timeZone }, tenant.userId)
    },

    async periods(tenant: Tenant): Promise<ReportPeriodRead[]> {
      assertCan(tenant, 'viewReports')
      return (await repo.closedPeriods(tenant.entityId)).map(periodRead)
    },

    async period(tenant: Tenant, id: string) {
      const row = await repo.closedPeriod(tenant.entityId, id)
      if (!row) throw new AppError('NOT_FOUND', 'Closed period not found')
      assertCan(tenant, 'viewReports')
      const snapshot = { ...row.snapshot }
      // The brewery's tax facts are the Admins' (Settings → Tax).
      if (tenant.role !== 'Admin') delete snapshot.settings
      return { ...periodRead(row), snapshot }
    },

    /**
     * Closes a period: the report as computed now, stored whole with who and when and the sha-256 of its canonical
     * JSON. The same report's period closed already, or overlapping one that is, is a 409.
     */
    async close(tx: Db, tenant: Tenant, input: ClosePeriodInput): Promise<ReportPeriodRead> {
      assertCan(tenant, 'manageTaxAndPeriods')
      const period = parse(input.period)
      await lockPeriods(tx, tenant.entityId)
      const writer = createReportingRepository(tx)
      const overlapping = (await writer.closedPeriods(tenant.entityId)).find(
        (row) => row.report === input.report && row.fromDate < period.to && period.from < row.toDate,
      )
      if (overlapping) {
        throw new AppError('CONFLICT', `TTB F ${input.report} for ${overlapping.period} is already closed`)
      }
      const { computed, brewery, settings } = await compute(tenant.entityId, input.report, input.period, tx)
      const refusal = input.report === '5000.24' ? returnPeriodRefusal(settings, input.period) : null
      if (refusal) throw new AppError('CONFLICT', refusal)
      if (period.to > todayIn(settings.timeZone)) {
        throw new AppError(
          'CONFLICT',
          `${input.period} has not ended yet in ${settings.timeZone}; close it once it has`,
        )
      }
      const snapshot = { report: computed, brewery, settings }
      const row = await writer.insertPeriod({
        id: input.id,
        entityId: tenant.entityId,
        report: input.report,
        period: period.key,
        fromDate: period.from,
        toDate: period.to,
        snapshot,
        contentHash: contentHash(snapshot),
        closedBy: tenant.userId,
        closedAt: new Date(),
      })
      if (!row)
        throw new AppError(
          'CONFLICT',
          `A closed period with id ${input.id} or TTB F ${input.report} for ${period.key} exists`,
        )
      return periodRead(row)
    },
  }
}
export type ReportingService = ReturnType<typeof createReportingService>

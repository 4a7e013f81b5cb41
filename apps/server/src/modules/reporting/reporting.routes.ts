import {
  ClosePeriodInputSchema,
  CostsReadSchema,
  decimalOfCents,
  EfficiencyReadSchema,
  envelopeOf,
  ExcisePeriodQuerySchema,
  ExciseReturnReadSchema,
  INVENTORY_CATEGORIES,
  LossesReadSchema,
  LossEventsQuerySchema,
  MonthQuerySchema,
  MonthRangeQuerySchema,
  OBJECT_URI_SCHEME,
  OperationsReportReadSchema,
  PhysicalInventoryInputSchema,
  PhysicalInventorySchema,
  ProductionEventsQuerySchema,
  ProductionReadSchema,
  QuarterQuerySchema,
  ReportLineDetailSchema,
  ReportPeriodReadSchema,
  ReportPeriodSnapshotSchema,
  RowEventReadSchema,
  TaxSettingsInputSchema,
  TaxSettingsSchema,
  toCsv,
} from '@brewcommand/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import { WriteHeadersSchema, type Broadcast, type WriteRunner } from '../../writes/write-runner.ts'
import { createQueryKeys, reportQueryValidator, type ReportCache } from './report-cache.ts'
import { dailyCsv, reportCsv, reportPdf } from './reporting.documents.ts'
import type { ReportingService } from './reporting.service.ts'

const LineParams = z.object({
  line: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, 'The line is a key like removedTaxpaid or rackedKeg'),
})
const MonthParams = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month must be like 2026-09'),
})
const PeriodParams = z.object({ periodId: z.uuid('The period id must be a UUID') })

/** The three TTB reports by their path: which report, which query parameter names its period. */
const FORMS = [
  {
    path: '5130-26',
    report: '5130.26',
    query: QuarterQuerySchema,
    key: (q: Record<string, string>) => q.quarter,
  },
  { path: '5130-9', report: '5130.9', query: MonthQuerySchema, key: (q: Record<string, string>) => q.month },
  {
    path: '5000-24',
    report: '5000.24',
    query: ExcisePeriodQuerySchema,
    key: (q: Record<string, string>) => q.period,
  },
] as const

/**
 * A cached report's route (ADR 415): the auth plugin reads the brewery's data version with the caller's row, and
 * @fastify/compress stays out (the cache sends its bodies encoded itself, and a GET has no body to decompress).
 */
const KEPT = { config: { dataVersion: true }, compress: false, decompress: false } as const

const reportUri = (path: string) => `${OBJECT_URI_SCHEME}reports/${path}`
const broadcast = (path: string, data: Record<string, unknown>): Broadcast => ({
  objectUri: reportUri(path),
  data: { id: path, ...data },
})

function download(reply: FastifyReply, name: string, type: 'csv' | 'pdf', body: string | Uint8Array) {
  return reply
    .header('content-type', type === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}.${type}"`)
    .header('cache-control', 'no-store')
    .send(type === 'pdf' ? Buffer.from(body as Uint8Array) : body)
}

/**
 * `/api/reports`: the Reporting page's tables, the TTB reports with their drill-downs, CSV and PDF, the
 * physical inventory, the tax settings and closed periods (docs/production.md "Reporting"). Managers see
 * reports (viewReports); Admins close periods and hold the tax settings (manageTaxAndPeriods).
 */
export const reportingRoutes: FastifyPluginAsyncZod<{
  reports: ReportingService
  runWrite: WriteRunner
  /** The reports' answers by brewery data version (ADR 376). */
  cache: ReportCache
}> = async (app, { reports, runWrite, cache }) => {
  app.setValidatorCompiler(reportQueryValidator)
  const keyOf = createQueryKeys()
  const headers = WriteHeadersSchema
  const range = { querystring: MonthRangeQuerySchema }
  /**
   * A report's JSON from the cache (ADR 376): the permission checked on every request, then the answer of the
   * brewery's current data version with its ETag (304 when the browser holds it).
   */
  const cached = <T>(
    request: FastifyRequest<{ Querystring: unknown }> & { tenant: Tenant },
    reply: FastifyReply,
    schema: z.ZodType<T>,
    compute: () => Promise<T>,
  ) => {
    assertCan(request.tenant, 'viewReports')
    const key = keyOf(() => request.routeOptions.url ?? request.url.split('?')[0], request.query)
    return cache.send(request, reply, request.tenant, key, schema, compute)
  }

  app.get(
    '/production',
    {
      ...KEPT,
      schema: { ...range, response: { 200: z.object({ data: ProductionReadSchema }) } },
    },
    (request, reply) =>
      cached(request, reply, ProductionReadSchema, () => reports.production(request.tenant, request.query)),
  )
  app.get('/production.csv', { schema: range }, async (request, reply) => {
    const { rows } = await reports.production(request.tenant, request.query)
    const csv = toCsv(
      ['month', 'product', 'brewed_bbl', 'packaged_bbl', 'events'],
      rows.map((row) => [row.month, row.product, row.brewedBbl, row.packagedBbl, row.eventCount]),
    )
    return download(reply, `production-${request.query.from}-${request.query.to}`, 'csv', csv)
  })

  app.get(
    '/losses',
    { ...KEPT, schema: { ...range, response: { 200: z.object({ data: LossesReadSchema }) } } },
    (request, reply) =>
      cached(request, reply, LossesReadSchema, () => reports.losses(request.tenant, request.query)),
  )
  app.get('/losses.csv', { schema: range }, async (request, reply) => {
    const { rows } = await reports.losses(request.tenant, request.query)
    const csv = toCsv(
      ['ttb_line', 'reason', 'barrels', 'events'],
      rows.map((row) => [row.line, row.reason, row.barrels, row.eventCount]),
    )
    return download(reply, `losses-${request.query.from}-${request.query.to}`, 'csv', csv)
  })

  // A row's postings, a page at a time (ADR 419): read when a brewer opens the row, not cached (each page of each row
  // would be an entry of its own in the brewery's cache, read once).
  const events = z.object({ data: z.array(RowEventReadSchema) })
  app.get(
    '/production/events',
    { schema: { querystring: ProductionEventsQuerySchema, response: { 200: events } } },
    async (request) => {
      const { from, to, month, product, offset, limit } = request.query
      return {
        data: await reports.rowEvents(
          request.tenant,
          { from, to },
          { table: 'production', month, product },
          { offset, limit },
        ),
      }
    },
  )
  app.get(
    '/losses/events',
    { schema: { querystring: LossEventsQuerySchema, response: { 200: events } } },
    async (request) => {
      const { from, to, line, reason, offset, limit } = request.query
      return {
        data: await reports.rowEvents(
          request.tenant,
          { from, to },
          { table: 'losses', line, reason },
          { offset, limit },
        ),
      }
    },
  )

  app.get(
    '/efficiency',
    {
      ...KEPT,
      schema: { ...range, response: { 200: z.object({ data: EfficiencyReadSchema }) } },
    },
    (request, reply) =>
      cached(request, reply, EfficiencyReadSchema, () => reports.efficiency(request.tenant, request.query)),
  )
  app.get('/efficiency.csv', { schema: range }, async (request, reply) => {
    const { rows } = await reports.efficiency(request.tenant, request.query)
    const csv = toCsv(
      ['brewed_at', 'batch', 'brewhouse', 'planned_percent', 'achieved_percent'],
      rows.map((row) => [
        row.brewedAt,
        row.batchNumber,
        row.brewhouseName,
        row.plannedPercent,
        row.achievedPercent,
      ]),
    )
    return download(reply, `efficiency-${request.query.from}-${request.query.to}`, 'csv', csv)
  })

  app.get(
    '/costs',
    { ...KEPT, schema: { ...range, response: { 200: z.object({ data: CostsReadSchema }) } } },
    (request, reply) =>
      cached(request, reply, CostsReadSchema, () => reports.costs(request.tenant, request.query)),
  )
  app.get('/batch-costs.csv', { schema: range }, async (request, reply) => {
    const { batches } = await reports.costs(request.tenant, request.query)
    const csv = toCsv(
      [
        'batch',
        'product',
        'brewed_at',
        'ingredients_usd',
        'packaging_materials_usd',
        'total_usd',
        'packaged_units',
        'packaged_bbl',
        'brewed_bbl',
        'ingredient_cost_per_bbl_usd',
        'cost_incomplete',
      ],
      batches.map((row) => [
        row.batchNumber,
        row.productName,
        row.brewedAt,
        decimalOfCents(row.ingredientCents),
        decimalOfCents(row.materialCents),
        decimalOfCents(row.totalCents),
        row.packagedUnits,
        row.packagedBbl,
        row.brewedBbl,
        decimalOfCents(row.costPerBblCents),
        row.incomplete ? 'yes' : 'no',
      ]),
    )
    return download(reply, `batch-costs-${request.query.from}-${request.query.to}`, 'csv', csv)
  })
  app.get('/unit-costs.csv', { schema: range }, async (request, reply) => {
    const { units } = await reports.costs(request.tenant, request.query)
    const csv = toCsv(
      [
        'batch',
        'product',
        'package',
        'sku',
        'units',
        'bbl',
        'ingredients_usd',
        'packaging_materials_usd',
        'cost_usd',
        'cost_per_unit_usd',
      ],
      units.map((row) => [
        row.batchNumber,
        row.productName,
        row.packageType,
        row.sku,
        row.units,
        row.volumeBbl,
        decimalOfCents(row.ingredientCents),
        decimalOfCents(row.materialCents),
        decimalOfCents(row.costCents),
        decimalOfCents(row.costPerUnitCents),
      ]),
    )
    return download(reply, `unit-costs-${request.query.from}-${request.query.to}`, 'csv', csv)
  })
  app.get('/inventory-value.csv', { schema: range }, async (request, reply) => {
    const { inventoryValue } = await reports.costs(request.tenant, request.query)
    const csv = toCsv(
      [
        'month',
        'as_of',
        ...INVENTORY_CATEGORIES.map((c) => `${c}_usd`),
        'beer_in_tanks_usd',
        'finished_goods_usd',
        'total_usd',
        'loss_usd',
      ],
      inventoryValue.map((row) => [
        row.month,
        row.asOf,
        ...INVENTORY_CATEGORIES.map((category) => decimalOfCents(row.categories[category])),
        decimalOfCents(row.wipCents),
        decimalOfCents(row.finishedGoodsCents),
        decimalOfCents(row.totalCents),
        decimalOfCents(row.lossCents),
      ]),
    )
    return download(reply, `inventory-value-${request.query.from}-${request.query.to}`, 'csv', csv)
  })

  app.get('/daily.csv', { schema: range }, async (request, reply) =>
    download(
      reply,
      `daily-records-${request.query.from}-${request.query.to}`,
      'csv',
      dailyCsv(await reports.daily(request.tenant, request.query)),
    ),
  )

  for (const form of FORMS) {
    const report = form.report
    const key = (query: unknown) => form.key(query as Record<string, string>)
    const schema = form.report === '5000.24' ? ExciseReturnReadSchema : OperationsReportReadSchema
    app.get(
      `/ttb/${form.path}`,
      {
        ...KEPT,
        schema: { querystring: form.query, response: { 200: z.object({ data: schema }) } },
      },
      (request, reply) =>
        cached(request, reply, schema as z.ZodType<unknown>, () =>
          report === '5000.24'
            ? reports.excise(request.tenant, key(request.query))
            : reports.operations(request.tenant, report, key(request.query)),
        ),
    )
    app.get(
      `/ttb/${form.path}/lines/:line`,
      {
        schema: {
          querystring: form.query,
          params: LineParams,
          response: { 200: z.object({ data: ReportLineDetailSchema }) },
        },
      },
      async (request) => ({
        data: await reports.line(request.tenant, report, key(request.query), request.params.line),
      }),
    )
    app.get(`/ttb/${form.path}.csv`, { schema: { querystring: form.query } }, async (request, reply) => {
      const { report: computed } = await reports.full(request.tenant, report, key(request.query))
      return download(reply, `ttb-${form.path}-${key(request.query)}`, 'csv', reportCsv(computed))
    })
    app.get(`/ttb/${form.path}.pdf`, { schema: { querystring: form.query } }, async (request, reply) => {
      const full = await reports.full(request.tenant, report, key(request.query))
      const pdf = await reportPdf(full.report, {
        brewery: full.brewery,
        brewersNoticeNumber: full.settings.brewersNoticeNumber,
        timeZone: full.settings.timeZone,
        closed: full.closed,
      })
      return download(reply, `ttb-${form.path}-${key(request.query)}`, 'pdf', pdf)
    })
  }

  app.get(
    '/physical-inventories',
    { schema: { ...range, response: { 200: z.object({ data: z.array(PhysicalInventorySchema) }) } } },
    async (request) => ({ data: await reports.counts(request.tenant, request.query) }),
  )
  app.put(
    '/physical-inventories/:month',
    {
      schema: {
        params: MonthParams,
        body: envelopeOf('physical-inventory', PhysicalInventoryInputSchema),
        headers,
      },
    },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => reports.saveCount(tx, request.tenant, request.params.month, request.body.data),
        body: (count) => ({ data: count }),
        broadcast: (count) => broadcast(`physical-inventories/${count.month}`, { month: count.month }),
      }),
  )

  app.get(
    '/tax-settings',
    { schema: { response: { 200: z.object({ data: TaxSettingsSchema }) } } },
    async (request) => ({
      data: await reports.taxSettings(request.tenant),
    }),
  )
  app.put(
    '/tax-settings',
    { schema: { body: envelopeOf('tax-settings', TaxSettingsInputSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => reports.saveTaxSettings(tx, request.tenant, request.body.data),
        body: (settings) => ({ data: settings }),
        broadcast: () => broadcast('tax-settings', {}),
      }),
  )

  app.get(
    '/periods',
    { schema: { response: { 200: z.object({ data: z.array(ReportPeriodReadSchema) }) } } },
    async (request) => ({
      data: await reports.periods(request.tenant),
    }),
  )
  app.get(
    '/periods/:periodId',
    { schema: { params: PeriodParams, response: { 200: z.object({ data: ReportPeriodSnapshotSchema }) } } },
    async (request) => ({ data: await reports.period(request.tenant, request.params.periodId) }),
  )
  app.post(
    '/periods',
    { schema: { body: envelopeOf('report-period', ClosePeriodInputSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => reports.close(tx, request.tenant, request.body.data),
        body: (period) => ({ data: period }),
        broadcast: (period) =>
          broadcast(`periods/${period.id}`, { report: period.report, period: period.period }),
      }),
  )
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.ts'
import { CSV_DATASETS, CSV_PROVIDERS } from './accounting-csv.ts'
import type { AccountingExports } from './accounting-exports.ts'
import type { ConnectionService } from './connection.service.ts'
import type { JournalService } from './journal.service.ts'
import { PROVIDERS } from './provider.ts'
import type { PushTask, SyncService } from './sync.service.ts'

const ExportParams = z.object({
  provider: z.enum(CSV_PROVIDERS, 'Choose quickbooks or xero'),
  dataset: z.enum(CSV_DATASETS, 'Choose invoices, payments or customers'),
})
const ProviderParams = z.object({ provider: z.enum(PROVIDERS, 'Choose quickbooks or xero') })
const MonthParams = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month must be written YYYY-MM, e.g. 2026-09')
    .refine((month) => month >= '2000-01', 'The month must be 2000-01 or later'),
})
const cents = z.number().int()
const HeldSchema = z.object({ rawMaterialsCents: cents, wipCents: cents, finishedGoodsCents: cents })
const JournalSchema = z.object({
  month: z.string(),
  label: z.string(),
  date: z.string(),
  memo: z.string(),
  figures: z.object({
    month: z.string(),
    opening: HeldSchema,
    closing: HeldSchema,
    flows: z.object({
      receivedCents: cents,
      ingredientsCents: cents,
      packagingCents: cents,
      adjustedCents: cents,
    }),
  }),
  lines: z.array(
    z.object({
      role: z.enum(['workInProgress', 'inventoryAsset', 'cogs']),
      roleLabel: z.string(),
      account: z.object({ id: z.string(), code: z.string(), name: z.string() }).nullable(),
      description: z.string(),
      debitCents: cents,
      creditCents: cents,
    }),
  ),
  debitCents: cents,
  creditCents: cents,
  posted: z.object({ provider: z.enum(PROVIDERS), externalId: z.string(), at: z.string() }).nullable(),
  /** Why it cannot be posted now, in words; null when Post may be pressed. */
  refusal: z.string().nullable(),
})
const EntryParams = z.object({ entryId: z.uuid('The log entry id must be a UUID') })

const CallbackSchema = z.strictObject({
  provider: z.enum(PROVIDERS, 'Choose quickbooks or xero'),
  code: z.string().trim().min(1, 'The authorization code is missing').max(2000),
  state: z.string().trim().min(1, 'The state is missing').max(200),
  realmId: z
    .string()
    .regex(/^\d{1,32}$/, 'The QuickBooks company id must be digits')
    .optional(),
})
const AccountRefSchema = z.strictObject({
  id: z.string().trim().min(1).max(100),
  code: z.string().max(50).default(''),
  name: z.string().max(200).default(''),
})
const MappingSchema = z.strictObject({
  income: AccountRefSchema.optional(),
  incomeByPackageType: z.record(z.string().trim().min(1).max(100), AccountRefSchema).optional(),
  kegDeposits: AccountRefSchema.optional(),
  salesTax: AccountRefSchema.optional(),
  receivables: AccountRefSchema.optional(),
  bank: AccountRefSchema.optional(),
  cogs: AccountRefSchema.optional(),
  inventoryAsset: AccountRefSchema.optional(),
  workInProgress: AccountRefSchema.optional(),
})
const StatusSchema = z.object({
  providers: z.array(z.object({ name: z.enum(PROVIDERS), label: z.string(), configured: z.boolean() })),
  connection: z
    .object({
      provider: z.enum(PROVIDERS),
      companyName: z.string(),
      connectedAt: z.string(),
      mapping: z.record(z.string(), z.unknown()),
    })
    .nullable(),
})
const ChartSchema = z.object({
  accounts: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), group: z.string() })),
  suggested: z.record(z.string(), z.unknown()),
})
const LogSchema = z.array(
  z.object({
    id: z.string(),
    provider: z.enum(PROVIDERS),
    kind: z.string(),
    label: z.string(),
    direction: z.enum(['push', 'pull']),
    outcome: z.enum(['ok', 'failed']),
    message: z.string(),
    failures: z.number(),
    at: z.string(),
  }),
)

/**
 * `/api/accounting` (docs/decisions/310-accounting-sync.md): people only (no API key scope reaches this path).
 * The CSV exports need `sell`, as the invoices they hold; the connection, mapping and log need `manageAccounting`
 * (Admins). The OAuth callback is not public: the provider sends the browser back to the app's page, which hands
 * code and state to `POST /callback` as the signed-in Admin, and the state must be that Admin's.
 */
export const accountingRoutes: FastifyPluginAsyncZod<{
  exports: AccountingExports
  connections: ConnectionService
  journals: JournalService
  sync: SyncService
  queuePush: (task: PushTask) => Promise<void>
  queueSweep: (entityId: string) => Promise<void>
}> = async (app, { exports, connections, journals, sync, queuePush, queueSweep }) => {
  app.get('/exports/:provider/:dataset', { schema: { params: ExportParams } }, async (request, reply) => {
    const { body, fileName } = await exports.csv(
      request.tenant,
      request.params.provider,
      request.params.dataset,
    )
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(body)
  })

  app.get('/', { schema: { response: { 200: z.object({ data: StatusSchema }) } } }, async (request) => ({
    data: await connections.status(request.tenant),
  }))

  app.post(
    '/connect/:provider',
    {
      schema: {
        params: ProviderParams,
        response: { 200: z.object({ data: z.object({ authorizeUrl: z.string() }) }) },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => ({ data: await connections.start(request.tenant, request.params.provider) }),
  )

  app.post(
    '/callback',
    {
      schema: { body: CallbackSchema, response: { 200: z.object({ data: StatusSchema }) } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      const data = await connections.finish(request.tenant, request.body)
      await queueSweep(request.tenant.entityId)
      return { data }
    },
  )

  app.post(
    '/disconnect',
    { schema: { response: { 200: z.object({ data: StatusSchema }) } } },
    async (request) => ({ data: await connections.disconnect(request.tenant, request.log) }),
  )

  app.get(
    '/accounts',
    { schema: { response: { 200: z.object({ data: ChartSchema }) } } },
    async (request) => ({
      data: await connections.accounts(request.tenant),
    }),
  )

  app.put(
    '/mapping',
    { schema: { body: MappingSchema, response: { 200: z.object({ data: StatusSchema }) } } },
    async (request) => {
      const data = await connections.saveMapping(request.tenant, request.body)
      await queueSweep(request.tenant.entityId)
      return { data }
    },
  )

  // The month-end journal (docs/decisions/365-month-end-journal.md): shown before posting, posted once.
  app.get(
    '/journal/:month',
    { schema: { params: MonthParams, response: { 200: z.object({ data: JournalSchema }) } } },
    async (request) => ({ data: await journals.preview(request.tenant, request.params.month) }),
  )

  app.post(
    '/journal/:month',
    {
      schema: { params: MonthParams, response: { 201: z.object({ data: JournalSchema }) } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await journals.post(request.tenant, request.params.month) }),
  )

  // Sync now: the brewery's sweep at once (what is not sent yet, and the payments entered there), instead of waiting
  // for the 15-minute one.
  app.post(
    '/sync',
    {
      schema: { response: { 202: z.object({ data: z.object({ queued: z.boolean() }) }) } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { connection } = await connections.status(request.tenant)
      if (!connection)
        throw new AppError(
          'CONFLICT',
          'The brewery is not connected to an accounting system; connect QuickBooks Online or Xero first.',
        )
      await queueSweep(request.tenant.entityId)
      return reply.status(202).send({ data: { queued: true } })
    },
  )

  app.get('/log', { schema: { response: { 200: z.object({ data: LogSchema }) } } }, async (request) => ({
    data: await sync.log(request.tenant),
  }))

  app.post(
    '/log/:entryId/retry',
    {
      schema: {
        params: EntryParams,
        response: { 202: z.object({ data: z.object({ queued: z.boolean() }) }) },
      },
    },
    async (request, reply) => {
      await queuePush(await sync.retryTask(request.tenant, request.params.entryId))
      return reply.status(202).send({ data: { queued: true } })
    },
  )
}

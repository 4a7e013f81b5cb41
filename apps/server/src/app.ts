import type { AppConfig as BrowserConfig, PlanId } from '@brewcommand/domain'
import compress from '@fastify/compress'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyBaseLogger, type RouteOptions } from 'fastify'
import type { HelmetOptions } from 'helmet'
import { decodeJwt } from 'jose'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { fastifyTrustProxy, type AppConfig } from './config.ts'
import type { Database } from './db/client.ts'
import { AppError } from './errors.ts'
import { registerIdentity } from './auth/identity.ts'
import type { SignInLimits } from './idp/idp.ts'
import { createOnboardingRepository } from './modules/onboarding/onboarding.repository.ts'
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts'
import { createOnboardingService } from './modules/onboarding/onboarding.service.ts'
import { createBreweryReads } from './cache/brewery-reads.ts'
import { createUserRepository } from './modules/users/users.repository.ts'
import { userRoutes } from './modules/users/users.routes.ts'
import { createUserService } from './modules/users/users.service.ts'
import { createTeamRepository } from './modules/users/team.repository.ts'
import { invitationRoutes, teamRoutes } from './modules/users/team.routes.ts'
import { createTeamService } from './modules/users/team.service.ts'
import { createTestGateway } from './payments/test-gateway.ts'
import { stripePlanPrices, type StripeApiAddress } from './payments/stripe-gateway.ts'
import paymentGuard from './payments/payment-guard.ts'
import { registerStripePayments, STRIPE_CSP } from './payments/stripe-payments.ts'
import { billingRoutes } from './modules/billing/billing.routes.ts'
import { createBillingService } from './modules/billing/billing.service.ts'
import { createProductRepository } from './modules/products/products.repository.ts'
import { mediaRoutes } from './modules/media/media.routes.ts'
import { createMediaService } from './modules/media/media.service.ts'
import { uploadsRoutes } from './modules/media/uploads.routes.ts'
import { createMediaStorage } from './storage/media-storage.ts'
import { createUploadGrants, UPLOAD_SWEEP_CRON, uploadSweepJob } from './storage/upload-grants.ts'
import { s3BrowserOrigin } from './storage/s3-storage.ts'
import { productRoutes } from './modules/products/products.routes.ts'
import { createEquipmentRepository } from './modules/equipment/equipment.repository.ts'
import { equipmentRoutes } from './modules/equipment/equipment.routes.ts'
import { createEquipmentService } from './modules/equipment/equipment.service.ts'
import { createBatchRepository } from './modules/batches/batches.repository.ts'
import { batchRoutes } from './modules/batches/batches.routes.ts'
import { createBatchService } from './modules/batches/batches.service.ts'
import { createProductService } from './modules/products/products.service.ts'
import { createBrewDayRepository } from './modules/brew-day/brew-day.repository.ts'
import { brewDayRoutes } from './modules/brew-day/brew-day.routes.ts'
import { createBrewDayService } from './modules/brew-day/brew-day.service.ts'
import { calendarRoutes, scheduleRoutes } from './modules/schedule/schedule.routes.ts'
import { createScheduleService } from './modules/schedule/schedule.service.ts'
import { createRealtime, type Realtime } from './realtime/realtime.ts'
import { createWriteRunner, type LastStatement } from './writes/write-runner.ts'
import { bumpBreweryVersionStatement } from './cache/brewery-version.ts'
import { createCatalogRepository } from './modules/catalog/catalog.repository.ts'
import { catalogRoutes } from './modules/catalog/catalog.routes.ts'
import { eq } from 'drizzle-orm'
import { users } from './db/schema/users.ts'
import { createContactRepository } from './modules/contacts/contacts.repository.ts'
import { contactRoutes } from './modules/contacts/contacts.routes.ts'
import { createContactService } from './modules/contacts/contacts.service.ts'
import { systemRoutes } from './modules/system/system.routes.ts'
import { reportingRoutes } from './modules/reporting/reporting.routes.ts'
import { createReportingService } from './modules/reporting/reporting.service.ts'
import { createReportCache } from './modules/reporting/report-cache.ts'
import { cellarRoutes, ingestRoutes } from './modules/cellar/cellar.routes.ts'
import { cellarTaskRoutes } from './modules/cellar/cellar-tasks.routes.ts'
import { createCellarTaskService } from './modules/cellar/cellar-tasks.ts'
import { createFirstWeekService, firstWeekRoutes } from './modules/first-week/first-week.routes.ts'
import { createCellarService } from './modules/cellar/cellar.service.ts'
import { CELLAR_ALERTS_CRON, cellarAlertsJob } from './modules/cellar/cellar-alerts.ts'
import { coalescedAfterReading, createIngest } from './modules/cellar/ingest.ts'
import { createBulkIngest } from './modules/cellar/ingest-bulk.ts'
import { IDEMPOTENCY_PRUNE_CRON, idempotencyPruneJob } from './idempotency/idempotency.ts'
import { createJobQueue } from './jobs/job-queue.ts'
import { inventoryRoutes } from './modules/inventory/inventory.routes.ts'
import { createCustomerService } from './modules/sales/customers.service.ts'
import { createOrderService } from './modules/sales/orders.service.ts'
import { createPriceListService } from './modules/sales/price-lists.service.ts'
import { salesRoutes } from './modules/sales/sales.routes.ts'
import { createRecallService } from './modules/trace/recall.service.ts'
import { createTraceService } from './modules/trace/trace.service.ts'
import { traceRoutes } from './modules/trace/trace.routes.ts'
import { invoiceRoutes } from './modules/sales/invoices.routes.ts'
import { createInvoiceService } from './modules/sales/invoices.service.ts'
import { createDispatchService } from './modules/sales/dispatch.service.ts'
import { removeFinishedGoodsLots, returnFinishedGoods } from './modules/inventory/finished-goods.service.ts'
import { creditNoteRoutes } from './modules/sales/credit-notes.routes.ts'
import { createCreditNoteService } from './modules/sales/credit-notes.service.ts'
import { kegDepositCredits } from './modules/sales/keg-deposit-credit.ts'
import { takeFinishedGoods } from './modules/inventory/finished-goods-ledger.ts'
import { createSalesReportService } from './modules/sales/sales-report.service.ts'
import { INVOICE_MAIL_CRON, invoiceMailJob, invoiceMailQueuer } from './modules/sales/invoice-mail.job.ts'
import { kegRoutes } from './modules/kegs/kegs.routes.ts'
import { createKegService } from './modules/kegs/kegs.service.ts'
import { createKegScans } from './modules/kegs/keg-scans.ts'
import { createKegBoard } from './modules/kegs/keg-board.ts'
import { KEGS_OVERDUE_CRON, kegsOverdueJob } from './modules/kegs/kegs-overdue.job.ts'
import { createInventoryService } from './modules/inventory/inventory.service.ts'
import { PAR_LEVELS_CRON, parLevelsJob, parLevelsQueuer } from './modules/inventory/par-levels.job.ts'
import errorHandler, { sendFrameworkError } from './plugins/error-handler.ts'
import storableText from './plugins/storable-text.ts'
import './plugins/public-routes.ts'
import staticWeb from './plugins/static-web.ts'
import { requestIdOf, serializeRequest } from './plugins/request-log.ts'
import { applySecurityHeaders, securityHeadersOf } from './plugins/security-headers.ts'
import { enforceRequestTimeout } from './plugins/request-timeout.ts'
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.ts'
import { createApiKeyService } from './modules/api-keys/api-keys.service.ts'
import { registerApiReference, registerOpenApi } from './openapi/openapi.ts'
import { createWebhookPublisher } from './modules/webhooks/webhook-publisher.ts'
import { webhookDeliveryJob, type DeliveryJobData } from './modules/webhooks/webhook-delivery.job.ts'
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts'
import { createWebhookService } from './modules/webhooks/webhooks.service.ts'
import { accountingRoutes } from './modules/accounting/accounting.routes.ts'
import { createAccountingExports } from './modules/accounting/accounting-exports.ts'
import {
  ACCOUNTING_SWEEP_CRON,
  accountingPushJob,
  accountingSweepJob,
  accountingSweepQueuer,
} from './modules/accounting/accounting.jobs.ts'
import {
  createConnectionService,
  createProviders,
  type AccountingApi,
} from './modules/accounting/connection.service.ts'
import { createSyncService } from './modules/accounting/sync.service.ts'
import { createJournalService } from './modules/accounting/journal.service.ts'
import { accountingWebhookRoutes } from './modules/accounting/webhooks.ts'

export type BuildAppOptions = {
  config: AppConfig
  database: Database
  logger?: FastifyBaseLogger
  /** Failed sign-in limits of the built-in provider; overrides the configuration (tests tighten them). */
  signInLimits?: Partial<SignInLimits>
  /** Sees every route as it is added (the security matrix reads the route table with it). */
  onRoute?: (route: RouteOptions) => void
  /** Where the Stripe SDK sends its calls (tests: a local server answering like Stripe's API). */
  stripeApi?: StripeApiAddress
  /** Where the QuickBooks and Xero adapters send their calls (tests: the local fakes). */
  accountingApi?: AccountingApi
}

/** Price ids of the plans with the built-in test gateway (docs/product/01-access.md §9). */
export const TEST_PLAN_PRICES: { id: PlanId; priceId: string }[] = [
  { id: 'monthly', priceId: 'price_monthly' },
  { id: 'annual', priceId: 'price_annual' },
]

/** What the browser learns at run time from `GET /api/config`. */
export function browserConfigFor(config: AppConfig): BrowserConfig {
  const env = process.env.NODE_ENV
  return {
    publicUrl: config.publicUrl,
    environment: env === 'production' ? 'production' : env === 'test' ? 'test' : 'development',
    oidc: {
      issuer: config.oidc.issuer,
      clientId: config.oidc.clientId,
      audience: config.oidc.audience,
      builtIn: config.oidc.isBuiltIn,
    },
    payments: config.stripe
      ? { mode: 'stripe', publishableKey: config.stripe.publishableKey }
      : { mode: 'test', publishableKey: null },
    plans: config.stripe ? stripePlanPrices(config.stripe) : TEST_PLAN_PRICES,
  }
}

/** Content-Security-Policy: this origin only, plus the identity and payment providers once configured. */
function contentSecurityPolicy(config: AppConfig) {
  const isHttps = config.publicUrl.startsWith('https://')
  // An external identity provider is reached by the browser: discovery, token calls, the popup.
  const idp = config.oidc.isBuiltIn ? [] : [new URL(config.oidc.issuer).origin]
  // With S3 the browser uploads to the bucket and follows read redirects to it.
  const s3 = config.s3 ? [s3BrowserOrigin(config.s3)] : []
  // Stripe.js and its embedded Checkout, only when Stripe is the payment gateway.
  const stripe = config.stripe ? STRIPE_CSP : { scriptSrc: [], connectSrc: [], frameSrc: [] }
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'", ...stripe.scriptSrc],
      // Radix and sonner set inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...s3],
      mediaSrc: ["'self'", 'blob:', ...s3],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...idp, ...s3, ...stripe.connectSrc],
      frameSrc: ["'self'", ...idp, ...stripe.frameSrc],
      formAction: ["'self'", ...idp],
      // The app's own service worker and web app manifest (apps/web/vite.config.ts).
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
    },
  }
}

/** helmet's options: every response carries the headers they make (plugins/security-headers.ts, ADR 421). */
export function helmetOptions(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: contentSecurityPolicy(config),
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
    crossOriginEmbedderPolicy: false,
  }
}

/**
 * Sent last in every write's transaction, with its stored response (writes/write-runner.ts): the
 * brewery's read-cache version moves with the write, so no instance serves a cached list older than an
 * acknowledged write (cache/brewery-version.ts, ADRs 170 and 218). Last, so the version slot's row lock is
 * held only until the commit.
 */
const insideEveryWrite: LastStatement = ({ entityId }) =>
  entityId ? bumpBreweryVersionStatement(entityId) : null

/** The whole application, ready for `listen()` or `inject()`. */
export async function buildApp({
  config,
  database,
  logger,
  signInLimits,
  onRoute,
  stripeApi,
  accountingApi,
}: BuildAppOptions) {
  // helmet's headers, computed once at start-up and set in one loop per response (ADR 421; ADR 221 had built its
  // middleware once, which still ran eleven middlewares per response).
  const securityHeaders = securityHeadersOf(helmetOptions(config))
  // No secret in a log line: invitation and reset tokens and signed-link signatures are redacted.
  const serializers = { req: serializeRequest }
  const app = Fastify({
    ...(logger
      ? { loggerInstance: logger.child({}, { serializers }) }
      : { logger: { level: config.logLevel, serializers } }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Request ids in every log line; a caller's X-Request-Id is kept when it is 1–64 plain characters.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A client must send its whole request within REQUEST_TIMEOUT_SECONDS (uploads: their own allowance,
    // below) and may not leave a connection idle longer.
    connectionTimeout: config.requestTimeoutMs,
    requestTimeout: Math.max(config.requestTimeoutMs, config.uploadTimeoutMs),
    routerOptions: { ignoreTrailingSlash: true },
    // The router's refusals (a path too long, a bad one) with the same headers and error shape as the rest.
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(reply.raw, securityHeaders)
      sendFrameworkError(error, request, reply)
    },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  if (onRoute) app.addHook('onRoute', onRoute)

  await app.register(errorHandler)
  await app.register(storableText)
  // The OpenAPI document collects every route as it is added (ADR 280).
  await registerOpenApi(app, { publicUrl: config.publicUrl })
  app.addHook('onRequest', (_request, reply, done) => {
    applySecurityHeaders(reply.raw, securityHeaders)
    done()
  })
  await app.register(rateLimit, {
    global: false,
    // The standard RateLimit-Limit / -Remaining / -Reset headers (draft-ietf-httpapi-ratelimit-headers).
    enableDraftSpec: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests from this address. Try again in ${context.after}.`),
  })
  app.server.headersTimeout = Math.min(config.requestTimeoutMs, 60_000)
  enforceRequestTimeout(app, config.requestTimeoutMs)
  // A callback hook: it never waits, so it takes no promise (ADR 421).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id)
    // API answers are the caller's own: no browser or proxy keeps them, unless a route chose its
    // caching itself (the catalogue's ETag).
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store')
    }
    done(null, payload)
  })
  // JSON (and other text) above 1 KB compressed per Accept-Encoding; a body already encoded (the
  // cached brewery reads, the precompressed static files) goes out as it is.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] })

  // Background work (a database-stored queue, ADR 130): defined here, started by server.ts
  // (`app.jobs.start()`), stopped before anything closes.
  const jobs = createJobQueue(database, { logger: app.log, pollingIntervalSeconds: config.jobPollSeconds })
  app.decorate('jobs', jobs)
  app.addHook('preClose', async () => jobs.stop())
  jobs.schedule(jobs.define(idempotencyPruneJob(database.db, { logger: app.log })), IDEMPOTENCY_PRUNE_CRON)

  const onboardingRepository = createOnboardingRepository(database.db)
  const mediaStorage = await createMediaStorage(config, database.db)
  jobs.schedule(
    jobs.define(uploadSweepJob(database.db, mediaStorage.storage, { logger: app.log })),
    UPLOAD_SWEEP_CRON,
  )
  const userService = createUserService(createUserRepository(database.db))
  // The product list and bootstrap's brewery part, serialised once per brewery data version.
  const breweryReads = createBreweryReads({
    db: database.db,
    fileUrl: mediaStorage.fileUrl,
    readLinkExpires: mediaStorage.readLinkExpires,
  })

  // Identity first: the auth plugin watches every /api route being added.
  const apiKeys = createApiKeyService({ db: database.db })
  const identity = await registerIdentity(app, database.db, {
    apiKeys,
    writeGeneration: database.writeGeneration,
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    issuer: config.oidc.issuer,
    clientId: config.oidc.clientId,
    audience: config.oidc.audience,
    trustProxy: config.trustProxy,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    signInLimits: { ...config.signInLimits, ...signInLimits },
    onEmailVerified: (accountId, email) => userService.markEmailVerified(accountId, email),
  })
  // Right after authentication: an unpaid brewery's writes are a 402 on every route at once.
  await app.register(paymentGuard, { db: database.db })
  await app.register(systemRoutes, {
    prefix: '/api',
    browserConfig: browserConfigFor(config),
    database,
    // Called per health check, long after `realtime` below is set.
    redisStatus: () => realtime.redisStatus(),
  })
  await app.register(contactRoutes, {
    prefix: '/api/contacts',
    contacts: createContactService(createContactRepository(database.db)),
    perMinute: config.contactsRateLimitPerMinute,
  })

  await app.register(userRoutes, { prefix: '/api/users', users: userService, reads: breweryReads })
  // Payments: Stripe when its keys are configured, otherwise the built-in test checkout.
  const stripe = config.stripe
    ? await registerStripePayments(app, { config: config.stripe, db: database.db, api: stripeApi })
    : null
  const testGateway = stripe ? null : createTestGateway(database.db)
  // Webhooks (ADR 282): every committed write of a publishing route is queued for the brewery's subscribed
  // endpoints (the write runner's publisher), each attempt a job.
  if (config.webhooks.secretKeyDerived && process.env.NODE_ENV === 'production') {
    app.log.warn(
      'WEBHOOK_SECRET_KEY is not set: webhook secrets are encrypted with a key derived from the database address',
    )
  }
  const webhookPolicy = { allowHttp: config.webhooks.allowHttp, allowPrivate: config.webhooks.allowPrivate }
  const webhookDelivery = jobs.define(
    webhookDeliveryJob({
      db: database.db,
      secretKey: config.webhooks.secretKey,
      policy: webhookPolicy,
      retryDelaysSeconds: config.webhooks.retryDelaysSeconds,
      queue: async (data, startAfterSeconds) => {
        await jobs.enqueue(webhookDelivery, data, { startAfterSeconds })
      },
      mailer: identity.mailer,
      publicUrl: config.publicUrl,
      logger: app.log,
    }),
  )
  const queueDelivery = async (deliveryId: string) => {
    try {
      await jobs.enqueue<DeliveryJobData>(webhookDelivery, { deliveryId, attempt: 1 })
    } catch (error) {
      app.log.error({ err: error, deliveryId }, 'webhooks: could not queue a delivery')
    }
  }
  const webhookPublisher = createWebhookPublisher({ db: database.db, queueDelivery, logger: app.log })
  // Every write route runs through this (writes/write-runner.ts). `realtime` is set below, before the
  // first request; the runner reads it per write.
  const runWrite = createWriteRunner({
    db: database.db,
    realtime: {
      dataModified: (entityId, event) => realtime.dataModified(entityId, event),
      isHeard: (entityId) => realtime.isHeard(entityId),
    },
    lastStatement: insideEveryWrite,
    publisher: webhookPublisher,
  })
  await app.register(apiKeyRoutes, { prefix: '/api/api-keys', keys: apiKeys, runWrite })
  await app.register(webhookRoutes, {
    prefix: '/api/webhook-endpoints',
    webhooks: createWebhookService({
      db: database.db,
      secretKey: config.webhooks.secretKey,
      policy: webhookPolicy,
      onEndpointsChanged: (entityId) => webhookPublisher.invalidate(entityId),
    }),
    runWrite,
    queueDelivery,
  })
  await app.register(onboardingRoutes, {
    runWrite,
    prefix: '/api',
    onboarding: createOnboardingService({
      db: database.db,
      repo: onboardingRepository,
      gateway: stripe?.gateway ?? testGateway!,
      testGateway,
      plans: stripe?.prices ?? TEST_PLAN_PRICES,
      publicUrl: config.publicUrl,
    }),
  })
  await app.register(billingRoutes, {
    prefix: '/api/billing',
    billing: createBillingService({
      db: database.db,
      stripe: stripe?.gateway ?? null,
      publicUrl: config.publicUrl,
    }),
  })

  // Real-time: a socket's token is checked like a bearer token and it joins its brewery's room only.
  const realtime: Realtime = await createRealtime(app.server, {
    logger: app.log,
    ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}),
    authenticate: async (token) => {
      const auth = await identity.verifier.verifyAccessToken(token).catch(() => null)
      if (!auth) return null
      // Verified above, so its expiry and grant can be read as they are.
      const { exp, grant_id: grantId } = decodeJwt(token)
      // A token of a grant that has ended (logout, revoked refresh token) opens no socket, although it
      // has not expired yet (the built-in provider's grants; another issuer's tokens carry none).
      if (typeof grantId === 'string' && identity.idp && !(await identity.idp.provider.Grant.find(grantId))) {
        return null
      }
      const [user] = await database.db
        .select({ entityId: users.entityId })
        .from(users)
        .where(eq(users.idpIdentifier, auth.sub))
      if (!user?.entityId) return null
      return {
        sub: auth.sub,
        entityId: user.entityId,
        ...(typeof exp === 'number' ? { expiresAt: exp * 1000 } : {}),
        ...(typeof grantId === 'string' ? { grantId } : {}),
      }
    },
  })
  app.addHook('onClose', () => realtime.close())
  // A session that ends at the built-in provider (logout, a revoked refresh token, a reused rotated
  // one) closes its sockets on every instance at once.
  identity.idp?.provider.on('grant.revoked', (_ctx: unknown, grantId: string) => {
    realtime.disconnectGrant(grantId).catch((error: unknown) => {
      app.log.warn({ err: error }, 'realtime: could not close the sockets of an ended session')
    })
  })

  await app.register(catalogRoutes, {
    prefix: '/api/catalog',
    catalog: createCatalogRepository(database.db),
  })

  const teamService = createTeamService({
    db: database.db,
    repoFor: createTeamRepository,
    users: createUserRepository(database.db),
    realtime,
    mailer: identity.mailer,
    publicUrl: config.publicUrl,
    mailLimits: config.invitationMailLimits,
    logError: (error, message) => app.log.error({ err: error }, message),
  })
  await app.register(teamRoutes, { prefix: '/api/entities', team: teamService })
  await app.register(invitationRoutes, { prefix: '/api/invitations', team: teamService, perMinute: 60 })

  const productService = createProductService({
    db: database.db,
    repoFor: (connection) => createProductRepository(connection, { fileUrl: mediaStorage.fileUrl }),
  })
  const mediaService = createMediaService({ db: database.db, media: mediaStorage })
  await app.register(productRoutes, {
    prefix: '/api/products',
    products: productService,
    media: mediaService,
    reads: breweryReads,
    runWrite,
  })
  await app.register(mediaRoutes, { prefix: '/api', media: mediaService, runWrite })
  await app.register(uploadsRoutes, { media: mediaStorage, grants: createUploadGrants(database.db) })
  // Inventory (docs/production.md): its par-level check runs on the job queue, after stock changes and hourly.
  const inventoryService = createInventoryService({ db: database.db })
  // Reporting (docs/production.md): production, losses, efficiency, cost and the TTB reports, queries over the
  // ledgers; the cost tables are inventory's FIFO costs.
  await app.register(reportingRoutes, {
    prefix: '/api/reports',
    reports: createReportingService(database.db, { costs: inventoryService }),
    runWrite,
    // Answers kept per brewery data version, which every write moves (ADR 376).
    cache: createReportCache({ db: database.db }),
  })
  // What the cellar's rules and the par levels raise reaches the bell and the mail alike.
  const alertDeps = { realtime, mailer: identity.mailer, publicUrl: config.publicUrl, logger: app.log }
  const parLevels = jobs.define(parLevelsJob(inventoryService, database.db, alertDeps))
  jobs.schedule(parLevels, PAR_LEVELS_CRON)
  // Brew day (docs/production.md "brew_step"): it consumes the stock as it goes.
  await app.register(brewDayRoutes, {
    prefix: '/api/batches',
    brewDay: createBrewDayService({
      db: database.db,
      repoFor: createBrewDayRepository,
      stock: inventoryService,
    }),
    runWrite,
  })
  await app.register(inventoryRoutes, {
    prefix: '/api/inventory',
    inventory: inventoryService,
    runWrite,
    checkParLevels: parLevelsQueuer(jobs, parLevels),
  })
  // Sales (docs/production.md "Sales"): customers, price lists, orders, invoices and payments.
  const salesOrders = createOrderService({ db: database.db })
  await app.register(salesRoutes, {
    prefix: '/api/sales',
    customers: createCustomerService({ db: database.db, orders: () => salesOrders }),
    priceLists: createPriceListService({ db: database.db }),
    orders: salesOrders,
    runWrite,
    db: database.db,
  })
  // Accounting (docs/decisions/310-accounting-sync.md): QuickBooks Online and Xero when configured; a sales write
  // queues its brewery's sync once committed.
  const accountingConnections = createConnectionService({
    db: database.db,
    config: config.accounting,
    providers: createProviders(config.accounting, accountingApi),
  })
  const accountingSync = createSyncService({
    db: database.db,
    connections: accountingConnections,
    alerts: {
      realtime: { dataModified: (id, event) => realtime.dataModified(id, event) },
      mailer: identity.mailer,
      publicUrl: config.publicUrl,
    },
  })
  const accountingPush = jobs.define(accountingPushJob(accountingSync))
  const queuePush = async (task: Parameters<typeof accountingSync.push>[0]) => {
    await jobs.enqueue(accountingPush, task, { singletonKey: `accounting.push:${task.kind}:${task.localId}` })
  }
  const accountingSweep = jobs.define(accountingSweepJob(accountingSync, queuePush, app.log))
  jobs.schedule(accountingSweep, ACCOUNTING_SWEEP_CRON)
  const queueAccountingSweep = accountingSweepQueuer(jobs, accountingSweep)
  const salesInvoices = createInvoiceService({ db: database.db, publicUrl: config.publicUrl })
  const invoiceMail = jobs.define(invoiceMailJob(salesInvoices, identity.mailer))
  jobs.schedule(invoiceMail, INVOICE_MAIL_CRON)
  await app.register(invoiceRoutes, {
    prefix: '/api/sales',
    invoices: salesInvoices,
    orders: salesOrders,
    // Dispatch is the removal: the ledger's removal of packaged beer, in the dispatch's transaction.
    dispatch: createDispatchService({
      orders: salesOrders,
      invoices: salesInvoices,
      removeFinishedGoods: removeFinishedGoodsLots,
    }),
    runWrite,
    queueMail: invoiceMailQueuer(jobs, invoiceMail),
    afterSalesWrite: queueAccountingSweep,
  })
  await app.register(accountingRoutes, {
    prefix: '/api/accounting',
    exports: createAccountingExports(database.db),
    connections: accountingConnections,
    journals: createJournalService({
      db: database.db,
      connections: accountingConnections,
      costs: inventoryService,
      alertAdmins: accountingSync.alertAdmins,
    }),
    sync: accountingSync,
    queuePush,
    queueSweep: (entityId) => queueAccountingSweep(entityId, app.log),
  })
  // QuickBooks' and Xero's webhooks: a payment entered there queues the brewery's sweep (ADR 366).
  await app.register(accountingWebhookRoutes, {
    prefix: '/api/webhooks',
    db: database.db,
    config: config.accounting,
    queueSweep: (entityId) => queueAccountingSweep(entityId, app.log),
  })
  // Kegs (docs/decisions/290-kegs.md): the register, scans (filled from a package run, shipped on an order with
  // its deposit, returned, cleaned, damaged, lost), the board; a daily check alerts on kegs out past the limit.
  await app.register(kegRoutes, {
    prefix: '/api/kegs',
    kegs: createKegService({ db: database.db }),
    scans: createKegScans({
      db: database.db,
      // A keg back empty: its deposit credited on the invoice that charged it, a Sales credit note (ADR 350).
      kegDepositCredits,
      // A full keg damaged or lost at the brewery: its beer a breakage on the ledger (ADR 351).
      loseKegBeer: (tx, tenant, input) => takeFinishedGoods(tx, tenant, { kind: 'broken', ...input }),
    }),
    board: createKegBoard({ db: database.db }),
    runWrite,
  })
  jobs.schedule(jobs.define(kegsOverdueJob(database.db, alertDeps)), KEGS_OVERDUE_CRON)

  // Trace and recall (docs/decisions/300–303): a query over the links above, and recalls with their holds.
  const traceService = createTraceService({ db: database.db })
  await app.register(traceRoutes, {
    prefix: '/api/trace',
    trace: traceService,
    recalls: createRecallService({ db: database.db, trace: traceService }),
    runWrite,
  })

  // Credit notes: returns come back on the ledger through its own return (ADR 273).
  await app.register(creditNoteRoutes, {
    prefix: '/api/sales',
    credits: createCreditNoteService({ db: database.db, invoices: salesInvoices, returnFinishedGoods }),
    invoices: salesInvoices,
    report: createSalesReportService({ db: database.db }),
    runWrite,
    afterSalesWrite: queueAccountingSweep,
  })

  // The vessel schedule (docs/production.md "Scheduling"): Plan Batch books a new batch's stages with it.
  const scheduleService = createScheduleService({ db: database.db, publicUrl: config.publicUrl })
  // The production side: Settings → Equipment and batches (docs/production.md).
  await app.register(equipmentRoutes, {
    prefix: '/api/equipment',
    equipment: createEquipmentService({ db: database.db, repoFor: createEquipmentRepository }),
    runWrite,
  })
  await app.register(batchRoutes, {
    prefix: '/api/batches',
    batches: createBatchService({
      db: database.db,
      repoFor: createBatchRepository,
      equipmentFor: createEquipmentRepository,
      // A planned batch books its tanks and reserves its ingredients, in Plan Batch's own transaction.
      onPlanned: async (tx, tenant, batchId, plan) => {
        await scheduleService.bookIfFree(tx, tenant, batchId, plan)
        await inventoryService.reserveForBatch(tx, tenant, batchId)
      },
      onChanged: async (tx, tenant, batchId) => {
        await scheduleService.followPlan(tx, tenant, batchId)
        await inventoryService.reserveForBatch(tx, tenant, batchId)
      },
    }),
    runWrite,
  })
  await app.register(scheduleRoutes, { prefix: '/api/schedule', schedule: scheduleService, runWrite })
  await app.register(calendarRoutes, { prefix: '/api/calendar', schedule: scheduleService, perMinute: 30 })

  // The cellar (docs/production.md): the tank board, readings, the liquid ledger, cleaning, devices, alerts; the
  // alert rules run on the job queue, every five minutes and after a device posts.
  const cellar = createCellarService({
    db: database.db,
    finishedGoods: (tx, tenant, event) => inventoryService.finishedGoodsFromPackaging(tx, tenant, event),
  })
  await app.register(cellarRoutes, { prefix: '/api/cellar', cellar, runWrite })
  // Cellar tasks (ADR 263): dry hops, cold crash, transfer and packaging from the recipe and the schedule.
  await app.register(cellarTaskRoutes, {
    prefix: '/api/cellar/tasks',
    tasks: createCellarTaskService({ db: database.db, stock: inventoryService }),
    runWrite,
  })
  // The dashboard's first-run path (ADR 261): steps from the brewery's records, the person's dismissal.
  await app.register(firstWeekRoutes, {
    prefix: '/api/first-week',
    firstWeek: createFirstWeekService(database.db),
    runWrite,
  })
  const cellarAlerts = jobs.define(cellarAlertsJob(database.db, alertDeps))
  jobs.schedule(cellarAlerts, CELLAR_ALERTS_CRON)
  await app.register(ingestRoutes, {
    prefix: '/api/ingest',
    // Per client address: a brewery's devices behind one address, each posting every 15 minutes or so.
    perMinute: 60,
    ingest: createIngest({
      db: database.db,
      cellar,
      // Posts gathered into one statement (ADR 395): two at once on PostgreSQL's pool, one on PGlite.
      statementsAtOnce: database.kind === 'postgres' ? 2 : 1,
      // A device's reading reaches the room and, like every committed write, the brewery's webhooks.
      realtime: () => ({
        dataModified: (entityId, event) => {
          realtime.dataModified(entityId, event)
          void webhookPublisher
            .wants(entityId)
            .then((wanted) =>
              wanted
                ? webhookPublisher.publish(entityId, {
                    route: 'POST /api/ingest/:deviceToken',
                    status: 201,
                    payload: event.payload,
                  })
                : undefined,
            )
            .catch((error: unknown) =>
              app.log.error({ err: error }, 'webhooks: a device reading was not queued'),
            )
        },
      }),
      // Queued a few seconds ahead, once per brewery meanwhile: the job then reads every reading posted before it
      // starts, and a brewery's hundred devices do not queue a hundred jobs (ADR 375).
      afterReading: coalescedAfterReading(async (entityId, startAfterSeconds) => {
        await jobs.enqueue(
          cellarAlerts,
          { entityId },
          { singletonKey: `cellar.alerts:${entityId}`, startAfterSeconds },
        )
      }),
    }),
  })

  // A device's buffered readings at once (issue 40, ADR 370): the seed writes a year of readings through it.
  app.decorate(
    'bulkIngest',
    createBulkIngest({
      db: database.db,
      realtime: () => realtime,
      afterReading: async (entityId) => {
        await jobs.enqueue(cellarAlerts, { entityId }, { singletonKey: `cellar.alerts:${entityId}` })
      },
    }),
  )

  await registerApiReference(app)
  await app.register(staticWeb, {
    root: config.webDist,
    sourceMaps: process.env.NODE_ENV === 'development',
  })
  return app
}
export type App = Awaited<ReturnType<typeof buildApp>>

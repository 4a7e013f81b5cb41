import type { AppConfig as BrowserConfig, PlanId } from '@brewcommand/domain'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyBaseLogger, type RouteOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppConfig } from './config.ts'
import type { Database } from './db/client.ts'
import { AppError } from './errors.ts'
import { registerIdentity } from './auth/identity.ts'
import type { SignInLimits } from './idp/idp.ts'
import { createOnboardingRepository } from './modules/onboarding/onboarding.repository.ts'
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts'
import { createOnboardingService, toEntitySummary } from './modules/onboarding/onboarding.service.ts'
import { createUserRepository } from './modules/users/users.repository.ts'
import { userRoutes } from './modules/users/users.routes.ts'
import { createUserService } from './modules/users/users.service.ts'
import { createTeamRepository } from './modules/users/team.repository.ts'
import { invitationRoutes, teamRoutes } from './modules/users/team.routes.ts'
import { createTeamService } from './modules/users/team.service.ts'
import { createTestGateway } from './payments/test-gateway.ts'
import { stripePlanPrices, type StripeApiAddress } from './payments/stripe-gateway.ts'
import { registerStripePayments, STRIPE_CSP } from './payments/stripe-payments.ts'
import { billingRoutes } from './modules/billing/billing.routes.ts'
import { createBillingService } from './modules/billing/billing.service.ts'
import { createTenantResolver } from './auth/tenant.ts'
import { createProductRepository } from './modules/products/products.repository.ts'
import { mediaRoutes } from './modules/media/media.routes.ts'
import productMediaCleanup from './modules/media/product-cleanup.ts'
import { createMediaService } from './modules/media/media.service.ts'
import { uploadsRoutes } from './modules/media/uploads.routes.ts'
import { createMediaStorage } from './storage/media-storage.ts'
import { s3BrowserOrigin } from './storage/s3-storage.ts'
import { productRoutes } from './modules/products/products.routes.ts'
import { createProductService } from './modules/products/products.service.ts'
import { createRealtime, type Realtime } from './realtime/realtime.ts'
import { createCatalogRepository } from './modules/catalog/catalog.repository.ts'
import { catalogRoutes } from './modules/catalog/catalog.routes.ts'
import { eq } from 'drizzle-orm'
import { users } from './db/schema/users.ts'
import { createContactRepository } from './modules/contacts/contacts.repository.ts'
import { contactRoutes } from './modules/contacts/contacts.routes.ts'
import { createContactService } from './modules/contacts/contacts.service.ts'
import { systemRoutes } from './modules/system/system.routes.ts'
import errorHandler from './plugins/error-handler.ts'
import storableText from './plugins/storable-text.ts'
import './plugins/public-routes.ts'
import staticWeb from './plugins/static-web.ts'

export type BuildAppOptions = {
  config: AppConfig
  database: Database
  logger?: FastifyBaseLogger
  /** Failed sign-in limits of the built-in provider; overrides the configuration (tests tighten them). */
  signInLimits?: SignInLimits
  /** Sees every route as it is added (the security matrix reads the route table with it). */
  onRoute?: (route: RouteOptions) => void
  /** Where the Stripe SDK sends its calls (tests: a local server answering like Stripe's API). */
  stripeApi?: StripeApiAddress
}

/** Price ids of the plans with the built-in test gateway (spec 01 §9). */
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

/** The whole application, ready for `listen()` or `inject()`. */
export async function buildApp({
  config,
  database,
  logger,
  signInLimits,
  onRoute,
  stripeApi,
}: BuildAppOptions) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: { level: config.logLevel } }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Request ids in every log line; a caller's X-Request-Id is kept when it looks like one.
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  if (onRoute) app.addHook('onRoute', onRoute)

  await app.register(errorHandler)
  await app.register(storableText)
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
    crossOriginEmbedderPolicy: false,
  })
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests from this address. Try again in ${context.after}.`),
  })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  const onboardingRepository = createOnboardingRepository(database.db)
  const mediaStorage = await createMediaStorage(config, database.db)
  const userService = createUserService(createUserRepository(database.db), async (entityId, role) => {
    const entity = await onboardingRepository.findEntity(entityId)
    if (!entity) return null
    return {
      ...toEntitySummary(entity),
      role,
      packagingTypes: await onboardingRepository.listPackagingTypes(entityId),
      products: await createProductRepository(database.db, { fileUrl: mediaStorage.fileUrl }).list(entityId),
    }
  })

  // Identity first: the auth plugin watches every /api route being added.
  const identity = await registerIdentity(app, database.db, {
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    issuer: config.oidc.issuer,
    clientId: config.oidc.clientId,
    audience: config.oidc.audience,
    trustProxy: config.trustProxy,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    signInLimits: signInLimits ?? config.signInLimits,
    onEmailVerified: (accountId) => userService.markEmailVerified(accountId),
  })
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

  await app.register(userRoutes, { prefix: '/api/users', users: userService })
  // Payments: Stripe when its keys are configured, otherwise the built-in test checkout.
  const stripe = config.stripe
    ? await registerStripePayments(app, { config: config.stripe, db: database.db, api: stripeApi })
    : null
  const testGateway = stripe ? null : createTestGateway(database.db)
  await app.register(onboardingRoutes, {
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
    tenantOf: createTenantResolver(database.db),
  })

  // Real-time: a socket's token is checked like a bearer token and it joins its brewery's room only.
  const realtime: Realtime = await createRealtime(app.server, {
    logger: app.log,
    ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}),
    authenticate: async (token) => {
      const auth = await identity.verifier.verifyAccessToken(token).catch(() => null)
      if (!auth) return null
      const [user] = await database.db
        .select({ entityId: users.entityId })
        .from(users)
        .where(eq(users.idpIdentifier, auth.sub))
      return user?.entityId ? { sub: auth.sub, entityId: user.entityId } : null
    },
  })
  app.addHook('onClose', () => realtime.close())

  const tenantOf = createTenantResolver(database.db)
  await app.register(catalogRoutes, {
    prefix: '/api/catalog',
    catalog: createCatalogRepository(database.db),
    tenantOf,
  })

  const teamService = createTeamService({
    db: database.db,
    repoFor: createTeamRepository,
    users: createUserRepository(database.db),
    realtime,
    mailer: identity.mailer,
    publicUrl: config.publicUrl,
    logError: (error, message) => app.log.error({ err: error }, message),
  })
  await app.register(teamRoutes, { prefix: '/api/entities', team: teamService, tenantOf })
  await app.register(invitationRoutes, { prefix: '/api/invitations', team: teamService, perMinute: 60 })

  const productService = createProductService({
    db: database.db,
    repoFor: (connection) => createProductRepository(connection, { fileUrl: mediaStorage.fileUrl }),
    realtime,
  })
  // Before the product routes, so its hooks see their DELETE.
  await app.register(productMediaCleanup, { db: database.db, storage: mediaStorage.storage, tenantOf })
  await app.register(productRoutes, {
    prefix: '/api/products',
    products: productService,
    tenantOf,
  })

  await app.register(mediaRoutes, {
    prefix: '/api',
    media: createMediaService({ db: database.db, media: mediaStorage, realtime }),
    tenantOf,
  })
  await app.register(uploadsRoutes, { media: mediaStorage })

  await app.register(staticWeb, { root: config.webDist })
  return app
}
export type App = Awaited<ReturnType<typeof buildApp>>

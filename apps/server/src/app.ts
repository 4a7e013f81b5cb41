import type { AppConfig as BrowserConfig } from '@brewcommand/domain'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyBaseLogger } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppConfig } from './config.ts'
import type { Database } from './db/client.ts'
import { AppError } from './errors.ts'
import { createContactRepository } from './modules/contacts/contacts.repository.ts'
import { contactRoutes } from './modules/contacts/contacts.routes.ts'
import { createContactService } from './modules/contacts/contacts.service.ts'
import { systemRoutes } from './modules/system/system.routes.ts'
import errorHandler from './plugins/error-handler.ts'
import './plugins/public-routes.ts'
import staticWeb from './plugins/static-web.ts'

export type BuildAppOptions = {
  config: AppConfig
  database: Database
  logger?: FastifyBaseLogger
}

/** What the browser learns at run time from `GET /api/config`. */
export function browserConfigFor(config: AppConfig): BrowserConfig {
  const env = process.env.NODE_ENV
  return {
    publicUrl: config.publicUrl,
    environment: env === 'production' ? 'production' : env === 'test' ? 'test' : 'development',
    oidc: {
      issuer: `${config.publicUrl}/idp`,
      clientId: 'brewcommand-web',
      audience: `${config.publicUrl}/api`,
      builtIn: true,
    },
    payments: { mode: 'test', publishableKey: null },
    plans: [
      { id: 'monthly', priceId: 'price_essential_monthly' },
      { id: 'annual', priceId: 'price_essential_annual' },
    ],
  }
}

/** Content-Security-Policy: this origin only, plus the identity and payment providers once configured. */
function contentSecurityPolicy(config: AppConfig) {
  const isHttps = config.publicUrl.startsWith('https://')
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and sonner set inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
    },
  }
}

/** The whole application, ready for `listen()` or `inject()`. */
export async function buildApp({ config, database, logger }: BuildAppOptions) {
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

  await app.register(errorHandler)
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

  await app.register(systemRoutes, { prefix: '/api', browserConfig: browserConfigFor(config), database })
  await app.register(contactRoutes, {
    prefix: '/api/contacts',
    contacts: createContactService(createContactRepository(database.db)),
    perMinute: config.contactsRateLimitPerMinute,
  })

  await app.register(staticWeb, { root: config.webDist })
  return app
}
export type App = Awaited<ReturnType<typeof buildApp>>

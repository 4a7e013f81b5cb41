import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createBuiltInIdp, type BuiltInIdp, type SignInLimits } from '../idp/idp.ts'
import type { Db } from '../db/client.ts'
import { idpRoutes } from '../idp/idp.routes.ts'
import { createMailer, type Mailer } from '../mail/mailer.ts'
import type { ApiKeyService } from '../modules/api-keys/api-keys.service.ts'
import authPlugin from './auth.plugin.ts'
import { createTenantLookup } from './tenant.ts'
import { createTokenVerifier, type TokenVerifier } from './token-verifier.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in identity provider, or null when an external issuer is configured. */
    builtInIdp: BuiltInIdp | null
    mailer: Mailer
  }
}

export interface IdentityOptions {
  publicUrl: string
  dataDir: string
  issuer: string
  clientId: string
  audience: string
  trustProxy: false | number | string[]
  smtpUrl?: string | undefined
  mailFrom: string
  signInLimits?: Partial<SignInLimits>
  /** Called when an account of the built-in provider verifies its email address. */
  onEmailVerified?: (accountId: string, email: string) => Promise<void>
  /** API keys as callers (ADR 281). */
  apiKeys?: Pick<ApiKeyService, 'authenticate' | 'recordUse'>
  /** PGlite's count of writes (`Database.writeGeneration`): callers' rows are kept while it stands (ADR 415). */
  writeGeneration?: (() => number) | null
}

export interface Identity {
  verifier: TokenVerifier
  idp: BuiltInIdp | null
  mailer: Mailer
}

/** The built-in provider runs when the issuer is this server's own `/idp`. */
export function isBuiltInIssuer(publicUrl: string, issuer: string): boolean {
  return issuer.replace(/\/$/, '') === `${publicUrl.replace(/\/$/, '')}/idp`
}

/**
 * Mail, the built-in identity provider (unless an external issuer is configured) and API
 * authentication. Call before registering any /api routes: the auth plugin watches them being added.
 */
export async function registerIdentity(
  app: FastifyInstance,
  db: Db,
  options: IdentityOptions,
): Promise<Identity> {
  const publicUrl = options.publicUrl.replace(/\/$/, '')
  const mailer = createMailer({
    smtpUrl: options.smtpUrl,
    from: options.mailFrom,
    outboxDir: join(options.dataDir, 'outbox'),
  })
  app.addHook('onClose', () => mailer.close())

  const idp = isBuiltInIssuer(publicUrl, options.issuer)
    ? await createBuiltInIdp({
        db,
        settings: {
          publicUrl,
          issuer: `${publicUrl}/idp`,
          clientId: options.clientId,
          audience: options.audience,
          trustProxy: options.trustProxy,
        },
        mailer,
        ...(options.signInLimits ? { limits: options.signInLimits } : {}),
        ...(options.onEmailVerified ? { onEmailVerified: options.onEmailVerified } : {}),
        logError: (error, message) => app.log.error({ err: error }, message),
      })
    : null

  const verifier = createTokenVerifier({
    issuer: options.issuer,
    audience: options.audience,
    clientId: options.clientId,
    ...(idp ? { localJwks: idp.keys.publicJwks, requireAtJwtType: true } : {}),
  })

  app.decorate('builtInIdp', idp)
  app.decorate('mailer', mailer)
  await app.register(authPlugin, {
    verifier,
    lookUpTenant: createTenantLookup(db, { writeGeneration: options.writeGeneration ?? null }),
    apiKeys: options.apiKeys,
  })
  if (idp) await app.register(idpRoutes, { prefix: '/idp', idp })
  return { verifier, idp, mailer }
}

import { isApiKeyToken, missingScopeMessage, scopesForRoute } from '@brewcommand/domain'
import type { FastifyContextConfig, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../errors.ts'
import type { ApiKeyCaller, ApiKeyService } from '../modules/api-keys/api-keys.service.ts'
import '../plugins/public-routes.ts'
import type { Tenant, TenantLookup, TenantRow } from './tenant.ts'
import { InvalidTokenError, type AuthContext, type TokenVerifier } from './token-verifier.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of an authenticated /api route; null on public routes. */
    auth: AuthContext | null
    /**
     * The caller's brewery and role, resolved once per request before the handler (after the body is
     * validated). Set on every authenticated /api route except those with `config: { tenant: false }`.
     */
    tenant: Tenant
    /**
     * The caller's users row with the subscription, read as soon as the token is verified (one query for
     * the tenant and the payment guard); undefined on routes without a tenant.
     */
    tenantRow: Promise<TenantRow | null> | undefined
    /** The API key the request was made with (ADR 281); null for a person's access token. */
    apiKey: ApiKeyCaller | null
  }
  interface FastifyInstance {
    verifyAccessToken: TokenVerifier['verifyAccessToken']
    verifyIdToken: TokenVerifier['verifyIdToken']
    /** `METHOD /path` of every /api route that opted out of authentication. */
    publicRoutes: ReadonlySet<string>
  }
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i

/** Characters at the end of an Authorization header that key the headers seen before (the token's signature). */
const HEADER_TAIL = 32
/** Authorization headers remembered with their token; the oldest is forgotten past this many. */
const REMEMBERED_HEADERS = 1_000

/**
 * The bearer token of an Authorization header of an access token verified before, without the pattern (ADR 427): a
 * signed-in client sends the same header with every request, and the pattern's match over its ~800 characters and
 * the hashing of a new token string to find it among the verified ones were about a tenth of a kept report's CPU.
 * Keyed by the header's last characters, answered only when the whole header is the same; the token answered is a
 * string whose hash V8 has computed already. Only headers that carried a valid access token are remembered (never an
 * API key's), and the verifier still checks the token's validity window on every request.
 */
function createKnownHeaders() {
  const headers = new Map<string, { header: string; token: string }>()
  return {
    token(header: string): string | undefined {
      const kept = headers.get(header.slice(-HEADER_TAIL))
      return kept?.header === header ? kept.token : undefined
    },
    remember(header: string, token: string) {
      const tail = header.slice(-HEADER_TAIL)
      if (headers.size >= REMEMBERED_HEADERS && !headers.has(tail))
        headers.delete(headers.keys().next().value!)
      headers.set(tail, { header, token })
    },
  }
}

function unauthenticated(reply: FastifyReply, message: string, invalidToken: boolean) {
  // RFC 6750 §3: no error code when the request carried no token at all.
  reply.header(
    'www-authenticate',
    invalidToken ? 'Bearer realm="api", error="invalid_token"' : 'Bearer realm="api"',
  )
  return reply.code(401).send({ error: { code: 'UNAUTHENTICATED', message } })
}

/**
 * Requires a valid bearer access token on every /api route, except routes registered with
 * `config: { public: true }`, and resolves the caller's tenant (`request.tenant`) once, unless the route
 * says `config: { tenant: false }`. Register before the routes (it watches them being added).
 */
/** Requests a minute one API key may make, on each server instance (ADR 281). */
export const API_KEY_REQUESTS_PER_MINUTE = 600

const authPlugin: FastifyPluginCallback<{
  verifier: TokenVerifier
  lookUpTenant: TenantLookup
  apiKeys?: Pick<ApiKeyService, 'authenticate' | 'recordUse'> | undefined
}> = (app, { verifier, lookUpTenant, apiKeys }, done) => {
  const publicRoutes = new Set<string>()
  const knownHeaders = createKnownHeaders()
  app.decorate('publicRoutes', publicRoutes as ReadonlySet<string>)
  app.decorate('verifyAccessToken', verifier.verifyAccessToken)
  app.decorate('verifyIdToken', verifier.verifyIdToken)
  app.decorateRequest('auth', null)
  app.decorateRequest('tenant', null as unknown as Tenant)
  app.decorateRequest('tenantRow', undefined)
  app.decorateRequest('apiKey', null)
  // Per key, with the standard RateLimit headers (draft-ietf-httpapi-ratelimit-headers) on every answer.
  const keyRateLimit = app.hasDecorator('rateLimit')
    ? app.rateLimit({
        max: API_KEY_REQUESTS_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (request) => `api-key:${request.apiKey?.keyId ?? ''}`,
        errorResponseBuilder: (_request, context) =>
          new AppError('RATE_LIMITED', `Too many requests with this API key. Try again in ${context.after}.`),
      })
    : null

  /** A request made with an API key: the key, then its scope for this route, then its rate. */
  async function authenticateKey(request: FastifyRequest, reply: FastifyReply, secret: string, url: string) {
    const caller = apiKeys ? await apiKeys.authenticate(secret) : null
    if (!caller) return unauthenticated(reply, 'Invalid, expired or revoked API key', true)
    request.apiKey = caller
    request.auth = { sub: `api-key:${caller.keyId}` }
    const scopes = request.routeOptions.config.tenant === false ? null : scopesForRoute(request.method, url)
    if (!scopes) {
      throw new AppError(
        'FORBIDDEN',
        'API keys cannot reach this route: team, billing, onboarding, API keys and webhooks are for people signed in.',
      )
    }
    if (!scopes.some((scope) => caller.scopes.includes(scope))) {
      throw new AppError('FORBIDDEN', missingScopeMessage(scopes))
    }
    await keyRateLimit?.call(app, request, reply)
    request.tenantRow = Promise.resolve(caller.row)
  }

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.config?.public !== true) return
    for (const method of [route.method].flat()) publicRoutes.add(`${method} ${route.url}`)
  })

  /** Starts reading the caller's row (with the brewery's data version on a cached report's route, ADR 415). */
  function authenticated(request: FastifyRequest, auth: AuthContext, config: FastifyContextConfig) {
    request.auth = auth
    if (config.tenant === false) return
    const row = lookUpTenant.find(auth.sub, { dataVersion: config.dataVersion === true })
    // Awaited by the preHandler, or by nobody when the request is refused first (a 400): a failed read
    // must not become an unhandled rejection then.
    row.catch(() => {})
    request.tenantRow = row
  }

  // A callback hook, not an async one: a token verified before (every request of a signed-in client) takes no
  // promise and no turn of the event loop before the tenant read starts (ADR 421). Replying ends the request here
  // (Fastify runs no further hook once the reply is sent).
  app.addHook('onRequest', (request, reply, done) => {
    // One read of the route's options: Fastify builds the object on every access.
    const { url, config } = request.routeOptions
    // Unknown routes fall through to the 404 handler.
    if (url === undefined || !(url === '/api' || url.startsWith('/api/'))) return done()
    if (config.public === true) return done()

    const header = request.headers.authorization
    if (!header) return void unauthenticated(reply, 'Missing bearer token', false)
    // A header seen before gives its token without the pattern; its token is still checked below like any other.
    const seen = knownHeaders.token(header)
    const token = seen ?? BEARER.exec(header)?.[1]
    if (token === undefined) return void unauthenticated(reply, 'Invalid or expired access token', true)
    if (isApiKeyToken(token)) {
      return void authenticateKey(request, reply, token, url).then(() => done(), done)
    }
    const known = verifier.knownAccessToken(token)
    if (known) {
      if (seen === undefined) knownHeaders.remember(header, token)
      authenticated(request, known, config)
      return done()
    }
    verifier.verifyAccessToken(token).then(
      (auth) => {
        knownHeaders.remember(header, token)
        authenticated(request, auth, config)
        done()
      },
      (error: unknown) => {
        if (error instanceof InvalidTokenError) unauthenticated(reply, error.message, true)
        else done(error as Error)
      },
    )
  })

  // After validation, as the handlers asked before: a malformed request is a 400 whoever sends it.
  app.addHook('preHandler', async (request) => {
    if (!request.auth || request.routeOptions.config.tenant === false) return
    const row = await (request.tenantRow ?? lookUpTenant.find(request.auth.sub))
    request.tenant = lookUpTenant.toTenant(row, request.auth.sub)
    if (request.apiKey) request.tenant.apiKeyId = request.apiKey.keyId
  })

  // Every use of a key, in its brewery's audit list, once the answer is out.
  async function recordKeyUse(request: FastifyRequest, reply: FastifyReply, caller: ApiKeyCaller) {
    try {
      await apiKeys!.recordUse(caller, {
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0],
        status: reply.statusCode,
        address: request.ip,
        // When the request arrived: the list's order is the order of the calls, whichever write lands first.
        at: new Date(Date.now() - reply.elapsedTime),
      })
    } catch (error) {
      request.log.error({ err: error }, 'recording the use of an API key failed')
    }
  }
  // A person's request (nearly all) passes without a promise.
  app.addHook('onResponse', (request, reply, done) => {
    const caller = request.apiKey
    if (!caller || !apiKeys) return done()
    void recordKeyUse(request, reply, caller).then(() => done())
  })
  done()
}

export default fp(authPlugin, { name: 'auth', fastify: '5.x' })

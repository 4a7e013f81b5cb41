import type { FastifyPluginCallback, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
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
  }
  interface FastifyInstance {
    verifyAccessToken: TokenVerifier['verifyAccessToken']
    verifyIdToken: TokenVerifier['verifyIdToken']
    /** `METHOD /path` of every /api route that opted out of authentication. */
    publicRoutes: ReadonlySet<string>
  }
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i

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
const authPlugin: FastifyPluginCallback<{ verifier: TokenVerifier; lookUpTenant: TenantLookup }> = (
  app,
  { verifier, lookUpTenant },
  done,
) => {
  const publicRoutes = new Set<string>()
  app.decorate('publicRoutes', publicRoutes as ReadonlySet<string>)
  app.decorate('verifyAccessToken', verifier.verifyAccessToken)
  app.decorate('verifyIdToken', verifier.verifyIdToken)
  app.decorateRequest('auth', null)
  app.decorateRequest('tenant', null as unknown as Tenant)
  app.decorateRequest('tenantRow', undefined)

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.config?.public !== true) return
    for (const method of [route.method].flat()) publicRoutes.add(`${method} ${route.url}`)
  })

  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url
    // Unknown routes fall through to the 404 handler.
    if (url === undefined || !(url === '/api' || url.startsWith('/api/'))) return
    if (request.routeOptions.config.public === true) return

    const header = request.headers.authorization
    if (!header) return unauthenticated(reply, 'Missing bearer token', false)
    const match = BEARER.exec(header)
    if (!match) return unauthenticated(reply, 'Invalid or expired access token', true)
    try {
      request.auth = await verifier.verifyAccessToken(match[1])
    } catch (error) {
      if (error instanceof InvalidTokenError) return unauthenticated(reply, error.message, true)
      throw error
    }
    if (request.routeOptions.config.tenant !== false) {
      const row = lookUpTenant.find(request.auth.sub)
      // Awaited by the preHandler, or by nobody when the request is refused first (a 400): a failed read
      // must not become an unhandled rejection then.
      row.catch(() => {})
      request.tenantRow = row
    }
  })

  // After validation, as the handlers asked before: a malformed request is a 400 whoever sends it.
  app.addHook('preHandler', async (request) => {
    if (!request.auth || request.routeOptions.config.tenant === false) return
    const row = await (request.tenantRow ?? lookUpTenant.find(request.auth.sub))
    request.tenant = lookUpTenant.toTenant(row, request.auth.sub)
  })
  done()
}

export default fp(authPlugin, { name: 'auth', fastify: '5.x' })

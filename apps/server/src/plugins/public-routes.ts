declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a bearer token (only the few `security/route-matrix.ts` lists). */
    public?: boolean
    /**
     * `false`: an authenticated route that works before the caller has a brewery (bootstrap,
     * onboarding, accepting an invitation), so `request.tenant` is not resolved. Every other /api
     * route with a token has its tenant resolved once, before its handler (`auth/auth.plugin.ts`).
     */
    tenant?: boolean
    /**
     * `true`: the route reads the brewery's data version (a cached report, ADR 415; the product list, ADR 421), so the auth plugin reads it
     * with the caller's row, in one statement, as `request.tenant.dataVersion`.
     */
    dataVersion?: boolean
  }
}
export {}

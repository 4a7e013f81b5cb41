declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a bearer token (only the few DESIGN.md lists). */
    public?: boolean
  }
}
export {}

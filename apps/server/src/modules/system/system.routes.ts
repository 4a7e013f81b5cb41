import { AppConfigSchema, type AppConfig as BrowserConfig } from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/client.ts'

const HealthSchema = z.object({
  data: z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'unavailable']) }),
})

/** `GET /api/config` (the browser's run-time settings) and `GET /api/health`; both public. */
export const systemRoutes: FastifyPluginAsyncZod<{
  browserConfig: BrowserConfig
  database: Database
}> = async (app, { browserConfig, database }) => {
  const config = AppConfigSchema.parse(browserConfig)
  app.get(
    '/config',
    { config: { public: true }, schema: { response: { 200: z.object({ data: AppConfigSchema }) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache')
      return { data: config }
    },
  )

  app.get(
    '/health',
    { config: { public: true }, schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      try {
        await database.ping()
        return { data: { status: 'ok' as const, database: 'ok' as const } }
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable')
        return reply.code(503).send({ data: { status: 'degraded', database: 'unavailable' } })
      }
    },
  )
}

import { AppConfigSchema, type AppConfig as BrowserConfig } from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/client.ts'

const HealthSchema = z.object({
  data: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['ok', 'unavailable']),
    redis: z.enum(['ok', 'unavailable', 'off']),
  }),
})
/** A database that does not answer within this time counts as unavailable. */
const PING_TIMEOUT_MS = 2000

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise,
    new Promise<void>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

/**
 * `GET /api/config` (the browser's run-time settings) and `GET /api/health`; both public. Health is 503
 * while the database is unavailable; Redis being unavailable is `degraded` but still 200, because the
 * instance keeps serving and syncing its own clients (ADR 090).
 */
export const systemRoutes: FastifyPluginAsyncZod<{
  browserConfig: BrowserConfig
  database: Database
  /** Redis as the real-time layer sees it; 'off' without REDIS_URL. */
  redisStatus?: () => 'ok' | 'unavailable' | 'off'
}> = async (app, { browserConfig, database, redisStatus = () => 'off' }) => {
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
      const redis = redisStatus()
      try {
        await withTimeout(database.ping(), PING_TIMEOUT_MS)
        const status = redis === 'unavailable' ? ('degraded' as const) : ('ok' as const)
        return { data: { status, database: 'ok' as const, redis } }
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable')
        return reply.code(503).send({ data: { status: 'degraded', database: 'unavailable', redis } })
      }
    },
  )
}

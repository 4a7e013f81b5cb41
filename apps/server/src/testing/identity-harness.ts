import { randomUUID } from 'node:crypto'
import type { AccountingApi } from '../modules/accounting/connection.service.ts'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { Database, Db } from '../db/client.ts'
import type { BuiltInIdp, SignInLimits } from '../idp/idp.ts'
import { openTestDatabase, type DatabaseKind } from './test-app.ts'
import { paidBreweries } from './paid-breweries.ts'

export interface TestDb {
  db: Db
  database: Database
  client: { close(): Promise<void> }
}

/**
 * A migrated database of the test file's own (see test-app.ts). `own`: on PostgreSQL too, a database no other
 * file shares, dropped when closed (openPrivatePostgres).
 */
export async function createTestDb(
  kind: DatabaseKind = 'pglite',
  options: { onQuery?: (query: string) => void; own?: boolean } = {},
): Promise<TestDb> {
  const database = await openTestDatabase(kind, options)
  return { db: database.db, database, client: { close: () => database.close() } }
}

export interface TestApp {
  app: FastifyInstance
  idp: BuiltInIdp
  outboxDir: string
  publicUrl: string
  /** The app's DATA_DIR (removed when the app closes). */
  dataDir: string
}

/**
 * The whole app with the built-in identity provider on a test database, its mail in a fresh outbox,
 * plus `GET /api/private`, a route that needs nothing but a valid token.
 */
export async function createTestApp(options: {
  db: TestDb
  publicUrl?: string
  smtpUrl?: string
  /** Sign-in limits; each app counts in its own namespace unless `limits.namespace` names a shared one. */
  limits?: Partial<SignInLimits>
  redisUrl?: string
  /** More configuration variables (e.g. UPLOAD_MAX_BYTES). */
  env?: Record<string, string>
  /** Breweries onboarded through the app start paid (default); false leaves them to pay. */
  paid?: boolean
  /** Where the QuickBooks and Xero adapters call (the local fakes of modules/accounting/testing). */
  accountingApi?: AccountingApi
  /** A logger of the test's own (a test that reads what the server logs). */
  logger?: FastifyBaseLogger
}): Promise<TestApp> {
  const publicUrl = options.publicUrl ?? 'http://localhost:3000'
  const dataDir = await mkdtemp(join(tmpdir(), 'brewcommand-data-'))
  const config = loadConfig({
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    // Every test request comes from 127.0.0.1; the sign-up limit itself is tested in src/idp.
    SIGN_UP_MAX_PER_ADDRESS: '10000',
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl, MAIL_FROM: 'BrewCommand <no-reply@brew.test>' } : {}),
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.env,
  })
  const app = await buildApp({
    config,
    database: options.db.database,
    signInLimits: { namespace: randomUUID(), ...options.limits },
    ...(options.accountingApi ? { accountingApi: options.accountingApi } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.paid !== false ? { onRoute: paidBreweries(options.db.db) } : {}),
  })
  app.get('/api/private', { config: { tenant: false } }, () => ({ data: { ok: true } }))
  app.addHook('onClose', () => rm(dataDir, { recursive: true, force: true }))
  await app.ready()
  return { app, idp: app.builtInIdp!, outboxDir: join(dataDir, 'outbox'), publicUrl, dataDir }
}

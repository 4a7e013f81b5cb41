import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { AccountingConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { accountingConnections } from '../../db/schema/accounting.ts'
import { AppError } from '../../errors.ts'
import type { ProviderName } from './provider.ts'

// The accounting systems' webhooks (docs/decisions/366-accounting-webhooks.md): QuickBooks Online and Xero tell us
// that something changed in a company we are connected to; a payment (QuickBooks' Payment entity, Xero's INVOICE
// category, since a payment changes its invoice) queues that brewery's sweep, which pulls the payments and marks
// our invoices paid (the 15-minute poll stays as the safety net). Both sign the raw body: base64 HMAC-SHA256 with
// the app's verifier token (header `intuit-signature`) or webhook key (`x-xero-signature`), compared in constant
// time before the body is even parsed. Xero's "intent to receive" check is an empty list of events: 200 when
// correctly signed, 401 otherwise, with no body on success.

/** Whether `signature` (base64) is the HMAC-SHA256 of `raw` with `key`, in constant time. */
export function signatureMatches(raw: Buffer, signature: string | undefined, key: string): boolean {
  if (!signature || signature.length > 200) return false
  const expected = createHmac('sha256', key).update(raw).digest()
  const given = Buffer.from(signature.trim(), 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Signs a body as the providers do (the tests and the fakes). */
export const signBody = (raw: string | Buffer, key: string) =>
  createHmac('sha256', key).update(raw).digest('base64')

const id = z.string().trim().min(1).max(100)

/** Intuit's classic notification: `{ eventNotifications: [{ realmId, dataChangeEvent: { entities: [...] } }] }`. */
const QuickBooksNotificationSchema = z.object({
  eventNotifications: z
    .array(
      z.object({
        realmId: id,
        dataChangeEvent: z.object({
          entities: z
            .array(z.object({ name: id, id: id.optional(), operation: z.string().max(40).optional() }))
            .max(1000),
        }),
      }),
    )
    .max(1000),
})
/** Intuit's CloudEvents form (2025): `[{ specversion, type: "qbo.payment.created.v1", intuitaccountid, ... }]`. */
const QuickBooksCloudEventsSchema = z
  .array(z.object({ type: z.string().max(100), intuitaccountid: id, intuitentityid: id.optional() }))
  .max(1000)

/** Xero's events: `{ events: [{ tenantId, eventCategory, eventType, resourceId, ... }], entropy, ... }`. */
const XeroEventsSchema = z.object({
  events: z
    .array(
      z.object({
        tenantId: id,
        eventCategory: z.string().max(40),
        eventType: z.string().max(40).optional(),
        resourceId: id.optional(),
      }),
    )
    .max(1000),
})

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'))
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The notification is not valid JSON.')
  }
}

/** The companies a QuickBooks notification says had a payment change (realm ids). */
export function quickbooksPaymentRealms(body: unknown): string[] {
  const classic = QuickBooksNotificationSchema.safeParse(body)
  if (classic.success)
    return classic.data.eventNotifications
      .filter((n) => n.dataChangeEvent.entities.some((e) => e.name === 'Payment'))
      .map((n) => n.realmId)
  const cloud = QuickBooksCloudEventsSchema.safeParse(body)
  if (cloud.success)
    return cloud.data.filter((e) => /^qbo\.payment\./i.test(e.type)).map((e) => e.intuitaccountid)
  throw new AppError(
    'VALIDATION_FAILED',
    'The notification is not one QuickBooks sends: eventNotifications with realmId and dataChangeEvent are expected.',
  )
}

/** The organisations a Xero notification says had an invoice (so a payment) change (tenant ids). */
export function xeroPaymentTenants(body: unknown): string[] {
  const parsed = XeroEventsSchema.safeParse(body)
  if (!parsed.success)
    throw new AppError(
      'VALIDATION_FAILED',
      'The notification is not one Xero sends: events with tenantId and eventCategory are expected.',
    )
  return parsed.data.events
    .filter((e) => e.eventCategory === 'INVOICE' || e.eventCategory === 'PAYMENT')
    .map((e) => e.tenantId)
}

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/**
 * `POST /api/webhooks/quickbooks` and `POST /api/webhooks/xero`: public (the providers hold no token of ours; the
 * signature is the proof), rate limited per address. This plugin's parser keeps the raw bytes.
 */
export const accountingWebhookRoutes: FastifyPluginAsync<{
  db: Db
  config: AccountingConfig
  queueSweep: (entityId: string) => Promise<void>
}> = async (app, { db, config, queueSweep }) => {
  // Every body is kept as its bytes (the signature is over them); JSON is parsed only once it is verified.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body)
  })
  const limit = { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } }

  /** Queues the sweep of each brewery connected to one of `companies` of `provider`. */
  async function queueFor(provider: ProviderName, companies: string[]) {
    if (companies.length === 0) return 0
    const rows = await db
      .select({ entityId: accountingConnections.entityId })
      .from(accountingConnections)
      .where(
        and(
          eq(accountingConnections.provider, provider),
          inArray(accountingConnections.companyId, [...new Set(companies)]),
        ),
      )
    for (const row of rows) await queueSweep(row.entityId)
    return rows.length
  }

  const verified = (raw: unknown, signature: string | undefined, key: string | undefined, label: string) => {
    if (!key) throw new AppError('NOT_FOUND', `${label} webhooks are not set up on this server.`)
    const body = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0)
    if (!signatureMatches(body, signature, key))
      throw new AppError('UNAUTHENTICATED', `The ${label} signature is missing or does not match the body.`)
    return body
  }

  app.post('/quickbooks', { config: limit }, async (request, reply) => {
    const raw = verified(
      request.body,
      headerOf(request.headers['intuit-signature']),
      config.quickbooks?.webhookVerifier,
      'QuickBooks',
    )
    const realms = quickbooksPaymentRealms(parseJson(raw))
    const queued = await queueFor('quickbooks', realms)
    request.log.info({ payments: realms.length, queued }, 'quickbooks webhook')
    return reply.code(200).send({ data: { received: true, queued } })
  })

  app.post('/xero', { config: limit }, async (request, reply) => {
    const raw = verified(
      request.body,
      headerOf(request.headers['x-xero-signature']),
      config.xero?.webhookKey,
      'Xero',
    )
    const tenants = xeroPaymentTenants(parseJson(raw))
    const queued = await queueFor('xero', tenants)
    request.log.info({ invoices: tenants.length, queued }, 'xero webhook')
    // Xero asks for a 200 with no body (its intent-to-receive check included).
    return reply.code(200).send()
  })
}

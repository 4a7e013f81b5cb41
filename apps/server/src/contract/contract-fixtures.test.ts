import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { makeEnvelope } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountingSyncLog } from '../db/schema/accounting.ts'
import { entities } from '../db/schema/entities.ts'
import {
  FAKE_QUICKBOOKS_CLIENT,
  startFakeQuickBooks,
  type FakeQuickBooks,
} from '../modules/accounting/testing/fake-quickbooks.ts'
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema/webhooks.ts'
import { seedCellar } from '../testing/cellar-seed.ts'
import { firstLink, readOutbox } from '../testing/mail.ts'
import { startProductionApp, type Members, type ProductionApp } from '../testing/production-harness.ts'
import { brewableRecipe, seedBatch } from '../testing/production-seed.ts'
import { seedReportingQuarter } from '../testing/reporting-seed.ts'

// Contract fixtures (docs/decisions/256-contract-fixtures-from-the-server.md): a real brewery on PGlite, driven
// through its routes, and the exact body each GET route the web app reads answers, kept as JSON under
// apps/web/src/testing/contract-fixtures/. The web's contract test feeds each one to its hook through the real
// api client, so a hook that expects another shape (issue 41: `{ data: [...] }` inside `{ data }`) fails a test.
// A fixture is stale when the route's answer has another shape (keys, types, nesting): this test then fails;
// `UPDATE_CONTRACT_FIXTURES=1 npx vitest run src/contract` writes them again.

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/src/testing/contract-fixtures',
)
const UPDATE = process.env.UPDATE_CONTRACT_FIXTURES === '1'

/**
 * Ids and instants change with every run: ids are numbered in order of appearance so a rewrite diffs little;
 * the run's other secrets (a checkout session, an invitation's token) are kept under fixed names.
 */
function normalise(body: unknown, secrets: Record<string, string> = {}): unknown {
  const ids = new Map<string, string>()
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi
  let json = JSON.stringify(body)
  for (const [secret, name] of Object.entries(secrets)) json = json.split(secret).join(name)
  const text = json.replace(uuid, (id) => {
    if (!ids.has(id)) ids.set(id, `00000000-0000-4000-8000-${String(ids.size + 1).padStart(12, '0')}`)
    return ids.get(id)!
  })
  return JSON.parse(text)
}

/** The shape of a body: keys, value types and nesting (arrays by their first element), not the values. */
export function shapeOf(value: unknown): unknown {
  if (value === null) return 'null'
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])]
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    )
  return typeof value
}

type Seeded = {
  members: Members
  batchId: string
  brewingBatchId: string
  hopItemId: string
  vesselId: string
  productId: string
  customerId: string
  /** A keg option with a unit sold taxpaid (its returnable removals). */
  kegId: string
  /** The caller's own checkout session (`GET /api/onboarding?session_id=`). */
  sessionId: string
  /** The link token of a pending invitation (`GET /api/invitations/:token`). */
  invitationToken: string
  /** A keg of the register (`/api/kegs/:kegId`). */
  registerKegId: string
  /** A mock recall drill (`/api/trace/recalls/:recallId`). */
  recallId: string
  webhookEndpointId: string
}

/** The names the fixtures give the run's secrets (the web's contract test asks for these). */
export const SESSION_NAME = 'cs_contract_session'
export const INVITATION_NAME = 'contract-invitation-token'

/** Every GET route the web app reads, by fixture name (one line each; the web's list uses the same names). */
const ROUTES: Record<string, (s: Seeded) => string> = {
  'users-bootstrap': () => '/api/users/bootstrap',
  catalog: () => '/api/catalog',
  'equipment-brewhouses': () => '/api/equipment/brewhouses',
  'equipment-vessels': () => '/api/equipment/vessels',
  batches: () => '/api/batches',
  batch: (s) => `/api/batches/${s.batchId}`,
  'brew-day': (s) => `/api/batches/${s.brewingBatchId}/brew-day`,
  'hop-amounts': (s) => `/api/inventory/batches/${s.brewingBatchId}/hop-amounts`,
  'inventory-items': () => '/api/inventory/items',
  'inventory-item': (s) => `/api/inventory/items/${s.hopItemId}`,
  'can-we-brew': () => '/api/inventory/can-we-brew?weeks=4',
  'finished-goods': () => '/api/inventory/finished-goods',
  'inventory-alerts': () => '/api/inventory/alerts',
  'cellar-tanks': () => '/api/cellar/tanks',
  'cellar-vessel': (s) => `/api/cellar/vessels/${s.vesselId}`,
  'cellar-batch': (s) => `/api/cellar/batches/${s.batchId}`,
  'cellar-devices': () => '/api/cellar/devices',
  'cellar-settings': () => '/api/cellar/settings',
  'cellar-alerts': () => '/api/cellar/alerts',
  'cellar-dashboard': () => '/api/cellar/dashboard',
  'cellar-tasks': () => '/api/cellar/tasks',
  schedule: () => '/api/schedule?from=2026-11-01&to=2026-12-31',
  'schedule-capacity': (s) => `/api/schedule/capacity?productId=${s.productId}&date=2026-12-01`,
  'reports-production': () => '/api/reports/production?from=2026-07&to=2026-09',
  'reports-losses': () => '/api/reports/losses?from=2026-07&to=2026-09',
  'reports-production-events': () =>
    '/api/reports/production/events?from=2026-07&to=2026-09&month=2026-08&product=Pils&limit=100',
  'reports-losses-events': () =>
    '/api/reports/losses/events?from=2026-07&to=2026-09&line=losses&reason=Trub%20and%20yeast&limit=100',
  'reports-efficiency': () => '/api/reports/efficiency?from=2026-07&to=2026-09',
  'reports-costs': () => '/api/reports/costs?from=2026-07&to=2026-09',
  'reports-5130-26': () => '/api/reports/ttb/5130-26?quarter=2026-Q3',
  'reports-5130-9': () => '/api/reports/ttb/5130-9?month=2026-07',
  'reports-5000-24': () => '/api/reports/ttb/5000-24?period=2026-Q3',
  'reports-physical-inventories': () => '/api/reports/physical-inventories?from=2026-07&to=2026-09',
  'reports-tax-settings': () => '/api/reports/tax-settings',
  'reports-periods': () => '/api/reports/periods',
  billing: () => '/api/billing',
  'first-week': () => '/api/first-week',
  'batch-cost': (s) => `/api/inventory/batches/${s.brewingBatchId}/cost`,
  'api-keys': () => '/api/api-keys',
  'api-keys-uses': () => '/api/api-keys/uses?limit=100',
  'sales-customers': () => '/api/sales/customers',
  'sales-price-lists': () => '/api/sales/price-lists',
  'sales-settings': () => '/api/sales/settings',
  'sales-availability': () => '/api/sales/availability',
  'sales-today': () => '/api/sales/today',
  'sales-orders': () => '/api/sales/orders',
  'sales-invoices': () => '/api/sales/invoices',
  'sales-aging': () => '/api/sales/aging',
  'trace-search': () => '/api/trace/search?q=HOP',
  'trace-node': (s) => `/api/trace/nodes/batch/${s.brewingBatchId}`,
  'trace-recalls': () => '/api/trace/recalls',
  'trace-recall': (s) => `/api/trace/recalls/${s.recallId}`,
  'sales-report': () => '/api/sales/report?from=2025-07&to=2025-09',
  'team-users': (s) => `/api/entities/${s.members.entityId}/users`,
  'sales-customer': (s) => `/api/sales/customers/${s.customerId}`,
  'returnable-removals': (s) => `/api/inventory/finished-goods/${s.kegId}/removals`,
  'schedule-batch': (s) => `/api/schedule/batches/${s.batchId}`,
  'can-we-brew-batch': (s) => `/api/inventory/can-we-brew/${s.brewingBatchId}`,
  'reports-line': () => '/api/reports/ttb/5130-26/lines/removedTaxpaid?quarter=2026-Q3',
  'onboarding-status': (s) => `/api/onboarding?session_id=${encodeURIComponent(s.sessionId)}`,
  invitation: (s) => `/api/invitations/${s.invitationToken}`,
  config: () => '/api/config',
  kegs: () => '/api/kegs',
  'kegs-board': () => '/api/kegs/board',
  'kegs-package-runs': () => '/api/kegs/package-runs',
  'kegs-orders': () => '/api/kegs/orders',
  'kegs-settings': () => '/api/kegs/settings',
  keg: (s) => `/api/kegs/${s.registerKegId}`,
  'keg-trace': (s) => `/api/kegs/${s.registerKegId}/trace`,
  'webhook-endpoints': () => '/api/webhook-endpoints',
  'webhook-attempts': (s) => `/api/webhook-endpoints/${s.webhookEndpointId}/attempts`,
  'accounting-status': () => '/api/accounting',
  'accounting-accounts': () => '/api/accounting/accounts',
  'accounting-log': () => '/api/accounting/log',
}

const QB_REDIRECT = 'http://localhost:3000/secure/settings/integrations/callback/quickbooks'

/** The brewery connected to the local fake QuickBooks as its Admin would (Connect, the consent page, the callback). */
async function connectQuickBooks(app: ProductionApp, members: Members) {
  const started = await app.call(members.Admin, 'POST', '/api/accounting/connect/quickbooks')
  expect(started.statusCode, started.body).toBe(200)
  const consent = await fetch(started.json<{ data: { authorizeUrl: string } }>().data.authorizeUrl, {
    redirect: 'manual',
  })
  const back = new URL(consent.headers.get('location')!)
  const finished = await app.call(members.Admin, 'POST', '/api/accounting/callback', {
    provider: 'quickbooks',
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
    realmId: back.searchParams.get('realmId'),
  })
  expect(finished.statusCode, finished.body).toBe(200)
  // A failed push, as the push job leaves it (its Retry is what the log offers).
  await app.testDb.db.insert(accountingSyncLog).values({
    entityId: members.entityId,
    provider: 'quickbooks',
    kind: 'invoice',
    localId: crypto.randomUUID(),
    label: 'Invoice INV-0001',
    direction: 'push',
    outcome: 'failed',
    message: 'Invalid Reference Id: The account of item Pale Ale no longer exists',
    failures: 2,
  })
}

/** An endpoint with one delivery and its failed attempt, as the delivery job leaves them. */
async function seedWebhookLog(app: ProductionApp, entityId: string): Promise<string> {
  const id = crypto.randomUUID()
  await app.testDb.db.insert(webhookEndpoints).values({
    id,
    entityId,
    url: 'https://hooks.example.com/brewcommand',
    description: 'Taproom POS',
    eventTypes: ['product.created', 'order.created'],
    secretCiphertext: 'v1:seeded:seeded:seeded',
    secretHint: 'whsec_AbCdEf',
  })
  const [delivery] = await app.testDb.db
    .insert(webhookDeliveries)
    .values({
      entityId,
      endpointId: id,
      messageId: 'msg_seeded',
      eventType: 'product.created',
      payload: '{}',
    })
    .returning()
  await app.testDb.db.insert(webhookAttempts).values({
    entityId,
    endpointId: id,
    deliveryId: delivery.id,
    attempt: 1,
    status: 'failed',
    statusCode: 500,
    error: 'The endpoint answered 500.',
    durationMs: 120,
    responseExcerpt: 'Internal Server Error',
  })
  return id
}

describe('contract fixtures: what each GET route the web reads answers', () => {
  let app: ProductionApp
  let seeded: Seeded
  let quickbooks: FakeQuickBooks

  beforeAll(async () => {
    quickbooks = await startFakeQuickBooks({ redirectUri: QB_REDIRECT })
    app = await startProductionApp('pglite', {
      QUICKBOOKS_CLIENT_ID: FAKE_QUICKBOOKS_CLIENT.id,
      QUICKBOOKS_CLIENT_SECRET: FAKE_QUICKBOOKS_CLIENT.secret,
      QUICKBOOKS_REDIRECT_URI: QB_REDIRECT,
      QUICKBOOKS_ENVIRONMENT: 'sandbox',
      QUICKBOOKS_BASE_URL: quickbooks.url,
      ACCOUNTING_TOKEN_KEY: '0'.repeat(64),
    })
    const members = await app.brewery()
    const { id: productId } = await app.product(members)
    await app.brewhouse(members)
    const cellar = await seedCellar(app.testDb.db, members.entityId)
    // A hop lot at a higher alpha acid than the recipe's Magnum (12 %), and a batch in brew day that uses it.
    const hopItemId = crypto.randomUUID()
    const stock = (url: string, data: object) => app.write(members.Admin, 'POST', url, 'stock', data)
    const item = await stock('/api/inventory/items', {
      id: hopItemId,
      name: 'Magnum',
      category: 'hop',
      ingredientId: 'magnum',
      unit: 'kg',
      parLevel: 5,
      packageTypeId: null,
      perUnit: null,
    })
    expect(item.statusCode, item.body).toBe(201)
    const hopLotId = crypto.randomUUID()
    const lot = await stock(`/api/inventory/items/${hopItemId}/lots`, {
      id: hopLotId,
      supplier: 'Hop Co',
      lotCode: 'HOP-1',
      receivedOn: '2026-11-01',
      bestBefore: null,
      quantity: 2,
      unit: 'kg',
      unitCostCents: 3000,
      alphaAcid: 14,
      colorLovibond: null,
      extractPct: null,
    })
    expect(lot.statusCode, lot.body).toBe(201)
    // Brewed today: the batch list (newest planned first) starts with it whatever the date, ahead of the
    // cellar's batch brewed three days ago.
    const brewing = await seedBatch(app.testDb.db, members.entityId, {
      recipe: brewableRecipe(productId),
      plannedBrewDate: new Date().toISOString().slice(0, 10),
    })
    const started = await app.write(
      members.Brewer,
      'POST',
      `/api/batches/${brewing.id}/brew-day`,
      'batch',
      {},
    )
    expect(started.statusCode, started.body).toBe(201)
    await seedReportingQuarter(app.testDb.db, members.entityId)
    await connectQuickBooks(app, members)
    const kegs = await app.write(members.Admin, 'POST', '/api/kegs', 'keg', {
      count: 1,
      size: '1/6 BBL',
      owner: 'ours',
      costCents: 12_000,
      prefix: 'K-',
    })
    expect(kegs.statusCode, kegs.body).toBe(201)
    const damaged = await app.write(members.Brewer, 'POST', '/api/kegs/scans', 'keg', {
      kind: 'damaged',
      assetNumber: 'K-0001',
    })
    expect(damaged.statusCode, damaged.body).toBe(201)
    // A mock recall drill from the hop lot (a recall's page reads it).
    const recallId = crypto.randomUUID()
    const drill = await app.write(members.Admin, 'POST', '/api/trace/recalls', 'recall', {
      id: recallId,
      kind: 'drill',
      originKind: 'lot',
      originId: hopLotId,
      reason: 'Contract drill',
    })
    expect(drill.statusCode, drill.body).toBe(201)
    seeded = {
      recallId,
      ...(await seedSales(members, cellar)),
      sessionId: await checkoutSession(members),
      invitationToken: await invitation(members),
      webhookEndpointId: await seedWebhookLog(app, members.entityId),
      members,
      batchId: cellar.batchId,
      brewingBatchId: brewing.id,
      hopItemId,
      vesselId: cellar.fermenterId,
      productId,
      registerKegId: kegs.json<{ data: { id: string }[] }>().data[0].id,
    }
  })
  afterAll(async () => {
    await app?.close()
    await quickbooks?.close()
  })

  /** A customer, and 2 kegs of the cellar's batch packaged (through the cellar's route) and sold taxpaid. */
  async function seedSales(members: Members, cellar: { fermenterId: string; packages: { half: string } }) {
    const customerId = crypto.randomUUID()
    const customer = await app.write(members.Admin, 'POST', '/api/sales/customers', 'sales', {
      id: customerId,
      name: 'Corner Bar',
      kind: 'bar',
      contacts: [{ name: 'Sam', email: 'sam@corner.example', phone: '' }],
      priceListId: null,
    })
    expect(customer.statusCode, customer.body).toBe(201)
    const keg = cellar.packages.half
    const packaged = await app.write(members.Admin, 'POST', '/api/cellar/packaging-runs', 'liquid-event', {
      id: crypto.randomUUID(),
      fromVesselId: cellar.fermenterId,
      lines: [{ id: crypto.randomUUID(), packageId: keg, units: 2 }],
    })
    expect(packaged.statusCode, packaged.body).toBe(201)
    const sold = await app.write(members.Admin, 'POST', '/api/inventory/finished-goods/movements', 'stock', {
      id: crypto.randomUUID(),
      packageId: keg,
      kind: 'sold',
      units: 1,
      customer: 'Corner Bar',
      reason: '',
    })
    expect(sold.statusCode, sold.body).toBe(201)
    return { customerId, kegId: keg }
  }

  /** A checkout session of the brewery's own (it is paid, and a paid brewery starts none: unpaid meanwhile). */
  async function checkoutSession(members: Members) {
    const config = await app.call(members.Admin, 'GET', '/api/config')
    const priceId = config.json<{ data: { plans: { priceId: string }[] } }>().data.plans[0].priceId
    const where = eq(entities.id, members.entityId)
    const [{ subscriptionStatus }] = await app.testDb.db
      .select({ subscriptionStatus: entities.subscriptionStatus })
      .from(entities)
      .where(where)
    await app.testDb.db.update(entities).set({ subscriptionStatus: 'incomplete' }).where(where)
    const checkout = await app.call(members.Admin, 'POST', '/api/checkout', { priceId })
    await app.testDb.db.update(entities).set({ subscriptionStatus }).where(where)
    expect(checkout.statusCode, checkout.body).toBe(201)
    return checkout.json<{ data: { sessionId: string } }>().data.sessionId
  }

  /** An invitation of a Brewer, its token read from the link in the mail. */
  async function invitation(members: Members) {
    const email = `invited-${crypto.randomUUID()}@example.com`
    const invited = await app.call(
      members.Admin,
      'POST',
      `/api/entities/${members.entityId}/users`,
      makeEnvelope('entities:user-invite', { email, role: 'Brewer' }),
    )
    expect(invited.statusCode, invited.body).toBe(201)
    const [mail] = (await readOutbox(app.t.outboxDir, email)).slice(-1)
    return firstLink(mail.text)!.split('/invitations/')[1]
  }

  it.each(Object.keys(ROUTES))('%s', async (name) => {
    const url = ROUTES[name](seeded)
    const response = await app.call(seeded.members.Admin, 'GET', url)
    expect(response.statusCode, response.body).toBe(200)
    const secrets = {
      [seeded.sessionId]: SESSION_NAME,
      [seeded.invitationToken]: INVITATION_NAME,
      [encodeURIComponent(seeded.sessionId)]: SESSION_NAME,
    }
    const body = normalise(response.json(), secrets)
    const file = path.join(FIXTURES, `${name}.json`)
    const fixture = { method: 'GET', url: normalise(url, secrets) as string, body }
    if (UPDATE || !existsSync(file)) {
      mkdirSync(FIXTURES, { recursive: true })
      writeFileSync(file, `${JSON.stringify(fixture, null, 2)}\n`)
      if (!UPDATE) throw new Error(`${name}.json was missing and has been written: commit it`)
      return
    }
    const kept = JSON.parse(readFileSync(file, 'utf8')) as typeof fixture
    expect(
      shapeOf(body),
      `${name}.json is stale: run UPDATE_CONTRACT_FIXTURES=1 npx vitest run src/contract in apps/server`,
    ).toEqual(shapeOf(kept.body))
  })
})

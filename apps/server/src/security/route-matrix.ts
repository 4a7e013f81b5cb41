// The security matrix's table: one descriptor per route of the server ("METHOD /path" exactly as
// Fastify registers it, e.g. "PUT /api/products/:productId/recipes/:recipeId"). The matrix tests
// (security/*.test.ts) read the server's own route table and fail for any route missing here.
//
// Adding a route? Add its line below:
// - a route anyone may call without a token → `PUBLIC_ROUTES` (with the reason; keep it short);
// - a route for any signed-in user, with or without a brewery (onboarding, bootstrap) → `account(…)`;
// - a route on the caller's brewery → `tenant(permission, scope, okStatus, request)`:
//     permission: the row of the permission table (packages/domain/src/access/roles.ts) it needs;
//     scope 'record': the path names one record of the brewery (another brewery's member gets 404);
//     scope 'brewery': it lists or creates within the caller's own brewery;
//     request: builds a valid request of brewery A (the positive case), e.g. with `ctx.product()`.
// HEAD routes that Fastify adds for a GET share the GET's line.
import {
  DEFAULT_BREWHOUSE_CONSTANTS,
  makeEnvelope,
  newRecipe,
  type Permission,
  type Role,
} from '@brewcommand/domain'

export interface MatrixRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  payload?: unknown
  headers?: Record<string, string>
}

/** Records of the brewery under test, created fresh through the API by its Admin. */
export interface SeededProduct {
  id: string
  recipeId: string
  packageId: string
  tastingNoteId: string
  attributeId: string
}

/** What a request factory may use; everything belongs to the brewery under test ("brewery A"). */
export interface RequestContext {
  entityId: string
  /** The price id of the first plan (`GET /api/config`; the test checkout's or Stripe's). */
  priceId: string
  /** The id of the brewery's "16oz Cans" packaging type. */
  packagingTypeId: string
  /** A fresh product with one recipe, package, tasting note and attribute. */
  product(): Promise<SeededProduct>
  /** A fresh, unpaid checkout session of the brewery. */
  checkout(): Promise<{ sessionId: string; clientSecret: string }>
  /** The text of the latest mail sent to `address` (invitation links, verification links). */
  mailTo(address: string): Promise<string>
  /**
   * Fresh schedule records of brewery A (testing/schedule-seed.ts): a booked batch, a batch not yet booked with
   * a free fermenter, and a later booking an overdue batch pushes (it has a proposed shift).
   */
  scheduleSeed(): Promise<ScheduleSeed>
  /** Any call as the brewery's Admin, to seed records a new route needs (answers status and JSON). */
  asAdmin(request: MatrixRequest): Promise<{ statusCode: number; body: unknown }>
  /**
   * A fresh batch in a fermenter (10 bbl), an empty brite tank, the batch's product with its packaging options
   * and an unread alert of the batch (testing/cellar-seed.ts; inserted as brew day leaves them).
   */
  cellar(): Promise<SeededCellar>
  /**
   * A fresh planned batch on a fresh brewhouse (testing/production-seed.ts: a 60-minute mash with a mash hop),
   * the keys of its mash step and mash hop, and a fresh free fermenter.
   */
  plannedBatch(): Promise<{ id: string; mashKey: string; mashHopKey: string; fermenterId: string }>
  /** A fresh planned batch of the brewery, seeded in the database (testing/inventory-seed.ts). */
  inventoryBatch(): Promise<string>
  /** A fresh open invoice of $254.83 of a dispatched order, issued as Dispatch issues it (testing/sales-seed.ts). */
  salesInvoice(): Promise<{ invoiceId: string; orderId: string }>
}

export interface SeededCellar {
  fermenterId: string
  briteId: string
  batchId: string
  alertId: string
  packages: { half: string }
  /** The key of the batch's dry hop, a later-day brew step (a cellar task). */
  dryHopKey: string
}

/** What `ctx.scheduleSeed()` made. */
export interface ScheduleSeed {
  /** A free fermenter the booked occupancy can move to. */
  vesselId: string
  occupancyId: string
  bookedBatchId: string
  unbookedBatchId: string
  shiftedOccupancyId: string
}

export type RequestFactory = (ctx: RequestContext) => Promise<MatrixRequest> | MatrixRequest

/** Who calls in the role matrix: a member of brewery A with each role, or a user without a brewery. */
export type Caller = Role | 'newcomer'

export type RouteDescriptor =
  | {
      kind: 'public'
      reason: string
      /** A valid request, for routes that take a body (the fuzzing starts from it). */
      request?: RequestFactory
    }
  | {
      /** Any signed-in user, with or without a brewery; the status each caller gets. */
      kind: 'account'
      expect: Record<Caller, number>
      request: RequestFactory
    }
  | {
      kind: 'tenant'
      permission: Permission
      scope: 'record' | 'brewery'
      /** The status of the positive case (allowed role, own brewery). */
      ok: number
      request: RequestFactory
      /** What a signed-in user without a brewery gets, when not the usual 403. */
      newcomer?: number
    }

const account = (expect: Record<Caller, number>, request: RequestFactory): RouteDescriptor => ({
  kind: 'account',
  expect,
  request,
})
const tenant = (
  permission: Permission,
  scope: 'record' | 'brewery',
  ok: number,
  request: RequestFactory,
  options: { newcomer?: number } = {},
): RouteDescriptor => ({ kind: 'tenant', permission, scope, ok, request, ...options })

const uuid = () => crypto.randomUUID()
const BUSINESS = {
  name: 'Matrix Malting',
  address: '2 Kettle Road',
  city: 'Bend',
  state: 'OR',
  zip: '97701',
  phone: '(541) 555-0199',
  ein: '98-7654321',
  type: 'Brewery',
}
const NO_PROFILE = {
  givenName: '',
  familyName: '',
  emailAddress: '',
  emailVerified: false,
  idpIdentifier: '',
}
export const onboardingEnvelope = () =>
  makeEnvelope('OnboardingRequest', { user: NO_PROFILE, entity: BUSINESS })
/** A card the built-in test checkout declines: the session stays unpaid, so the case can repeat. */
export const DECLINED_CARD = {
  number: '4000000000000002',
  expiry: '12/40',
  cvc: '123',
  name: 'Matrix Tester',
}

const pkg = (ctx: RequestContext, id: string = uuid()) => ({
  id,
  type: '16oz Cans',
  typeId: ctx.packagingTypeId,
  sku: 'MX-16',
  upc: '036000291452',
})
const note = (id: string = uuid()) => ({ id, category: 'Aroma', notes: 'Citrus and pine' })
const attribute = (id: string = uuid()) => ({ id, attribute: 'Color', value: 'Gold' })

/** A 1×1 PNG for the media routes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const mediaFile = (s3Key: string, id: string = uuid()) => ({
  id,
  name: 'label.png',
  description: '',
  s3Key,
  fileType: 'image/png',
  size: PNG.length,
})
/** An object of brewery A uploaded through its signed URL (not yet attached to the product). */
async function uploaded(ctx: RequestContext) {
  const productId = (await ctx.product()).id
  const location = await ctx.asAdmin({
    method: 'POST',
    url: '/api/media/upload',
    payload: { fileName: 'label.png', fileType: 'image/png', entityId: ctx.entityId, productId },
  })
  const { uploadUrl, s3Key } = location.body as { uploadUrl: string; s3Key: string }
  const url = new URL(uploadUrl)
  const put = await ctx.asAdmin({
    method: 'PUT',
    url: `${url.pathname}${url.search}`,
    payload: PNG,
    headers: { 'content-type': 'image/png' },
  })
  if (put.statusCode !== 200) throw new Error(`seeding an upload: ${JSON.stringify(put.body)}`)
  return { productId, s3Key }
}
/** A file attached to a product of brewery A. */
async function attached(ctx: RequestContext) {
  const { productId, s3Key } = await uploaded(ctx)
  const file = mediaFile(s3Key)
  const response = await ctx.asAdmin({
    method: 'POST',
    url: `/api/products/${productId}/files`,
    payload: makeEnvelope('product:file', file),
  })
  if (response.statusCode !== 201) throw new Error(`seeding a file: ${JSON.stringify(response.body)}`)
  return { productId, id: file.id }
}

// ---- brew day ----
const brewStep = (batchId: string, key: string, verb: string) =>
  `/api/batches/${batchId}/brew-day/steps/${encodeURIComponent(key)}/${verb}`
/** A fresh batch of brewery A with brew day started, then the given step writes (`key/verb`) made by its Admin. */
async function brewing(ctx: RequestContext, then: string[] = []) {
  const batch = await ctx.plannedBatch()
  for (const [url, type] of [
    [`/api/batches/${batch.id}/brew-day`, 'batch'],
    ...then.map((write) => {
      const [key, verb] = write.split('/')
      return [brewStep(batch.id, key === 'mash' ? batch.mashKey : key, verb), 'brew-step']
    }),
  ]) {
    const response = await ctx.asAdmin({ method: 'POST', url, payload: makeEnvelope(type, {}) })
    if (response.statusCode >= 300) throw new Error(`seeding ${url}: ${JSON.stringify(response.body)}`)
  }
  return batch
}
/** A brewing batch whose mash step runs (and its mash hop is due). */
const mashing = (ctx: RequestContext) =>
  brewing(ctx, ['strike-water/start', 'strike-water/complete', 'mash/start'])

// ---- team (docs/product/01-access.md §8) ----
/** A pending invitation of brewery A (a fresh address), as the team list shows it. */
async function invited(ctx: RequestContext, role: Role = 'Brewer') {
  const email = `invitee-${uuid()}@example.com`
  const response = await ctx.asAdmin({
    method: 'POST',
    url: `/api/entities/${ctx.entityId}/users`,
    payload: makeEnvelope('entities:user-invite', { email, role }),
  })
  if (response.statusCode !== 201) throw new Error(`seeding an invitation: ${JSON.stringify(response.body)}`)
  const user = (response.body as { data: { id: string; rev: number } }).data
  return { id: user.id, rev: user.rev, email }
}
/** The token of a fresh invitation link of brewery A, read from its mail. */
async function invitationToken(ctx: RequestContext) {
  const { email } = await invited(ctx)
  const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(await ctx.mailTo(email))?.[1]
  if (!token) throw new Error(`no invitation link in the mail to ${email}`)
  return token
}
/** 43 base64url characters, like a real link's token, that no invitation has. */
const unknownToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')

/**
 * Public routes: they answer without a token. The test fails when a route answers without a token
 * but is not here, and when a route here asks for a token. Everything under /idp is the built-in
 * identity provider's own (sign in, create account, OIDC endpoints) and `*` is the web app.
 */
export const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/config': "the browser's run-time settings, needed before sign-in",
  'GET /api/health': 'load balancer and uptime probes',
  'POST /api/contacts': 'the landing page newsletter form (rate limited)',
  'POST /api/webhooks/stripe': "Stripe's events; the signature is the key (decision 060; Stripe mode only)",
  'GET /api/invitations/:token':
    'what an invitation link offers, before sign-in; the token is the key (rate limited)',
  'POST /api/ingest/:deviceToken':
    "fermentation devices' readings; the device token is the key (hashed; rate limited per address and per device)",
  'GET /api/calendar/:feedToken.ics':
    "a brewery's private calendar feed for calendar apps; the secret address is the key, stored hashed (rate limited)",
  'GET /api/openapi.json': "the API's OpenAPI document: routes and shapes, no data (ADR 280; rate limited)",
  'GET /api/docs': 'the API reference page that renders the OpenAPI document (ADR 280; rate limited)',
  'GET /api/docs/static/:file': "the reference page's files, from the swagger-ui-dist package (rate limited)",
  'POST /api/webhooks/quickbooks':
    "QuickBooks Online's change notifications; the intuit-signature HMAC of the raw body is the key (ADR 366; rate limited)",
  'POST /api/webhooks/xero':
    "Xero's events and intent-to-receive check; the x-xero-signature HMAC of the raw body is the key (ADR 366; rate limited)",
}

/** Path prefixes that are public as a whole (not API routes). */
export const PUBLIC_PREFIXES: Record<string, string> = {
  '/idp': "the built-in identity provider's own pages and OIDC endpoints",
  '*': 'the web app (static files and the SPA fallback)',
  '/uploads':
    'media links and local-disk upload URLs: an expiring HMAC signature is the permission (decision 030)',
}

/**
 * The built-in identity provider's own routes under /idp (public by nature: they are how one signs in),
 * each with why it is public and what limits it. The matrix fails when /idp has a route not named here
 * (`ALL` stands for every method of the provider's catch-all). The SIGN_IN_* and SIGN_UP_MAX_PER_ADDRESS
 * limits count in the database (decisions 110 and 111).
 */
export const IDP_ROUTES: Record<string, { reason: string; limit: string }> = {
  'GET /idp/assets/idp.css': {
    reason: "the provider pages' style sheet",
    limit: 'none: a constant file from memory',
  },
  'GET /idp/assets/logout.js': {
    reason: 'submits the sign-out form',
    limit: 'none: a constant file from memory',
  },
  'GET /idp/verify-email': {
    reason: 'the link mailed to verify an address; the single-use token is the key',
    limit: 'none: one indexed lookup of a 256-bit token',
  },
  'GET /idp/interaction/:uid': {
    reason: 'the Sign in page',
    limit: 'none: renders a form; the uid cookie is the key',
  },
  'POST /idp/interaction/:uid': {
    reason: 'signs in',
    limit:
      'SIGN_IN_MAX_FAILURES_PER_ADDRESS, _PER_ACCOUNT (per address), _PER_ACCOUNT_TOTAL, reserved before the compare',
  },
  'GET /idp/interaction/:uid/signup': { reason: 'the Create account page', limit: 'none: renders a form' },
  'POST /idp/interaction/:uid/signup': { reason: 'creates an account', limit: 'SIGN_UP_MAX_PER_ADDRESS' },
  'GET /idp/interaction/:uid/abort': { reason: 'cancels a sign-in', limit: 'none: ends the interaction' },
  'GET /idp/forgot-password': { reason: 'the Forgot password page', limit: 'none: renders a form' },
  'POST /idp/forgot-password': {
    reason: 'mails a password reset link',
    limit: 'SIGN_UP_MAX_PER_ADDRESS per address, and at most 3 reset mails per account per window',
  },
  'GET /idp/reset-password': {
    reason: 'the page a reset link opens; the single-use token is the key',
    limit: 'none: one indexed lookup of a 256-bit token',
  },
  'POST /idp/reset-password': {
    reason: 'sets a new password with a reset token',
    limit: 'SIGN_UP_MAX_PER_ADDRESS (the hash), after the token check',
  },
  'GET /idp/account/password': {
    reason: 'the Change password page; the provider session cookie is the key',
    limit: 'none: renders a form',
  },
  'POST /idp/account/password': {
    reason: 'changes the password of the signed-in person (session cookie, form token, current password)',
    limit: 'the sign-in limits: the current password counts as a sign-in guess',
  },
  'GET /idp/oauth/logout': {
    reason: 'signs out (OIDC end-session)',
    limit: 'none: ends the caller’s own session',
  },
  'ALL /idp/*': {
    reason: 'oidc-provider: discovery, keys, authorize, token, userinfo, revocation, end-session',
    limit: 'none of our own: the token endpoint needs a code, PKCE verifier or refresh token',
  },
}

/**
 * Every public route is rate limited per client address (the test sends until it sees a 429), or is
 * exempt here with the reason (decision 081). Sign-in at /idp has its own limits (SIGN_IN_*).
 */
export const RATE_LIMITED_PUBLIC_ROUTES = [
  'POST /api/contacts',
  'GET /api/invitations/:token',
  'POST /api/ingest/:deviceToken',
  'GET /api/calendar/:feedToken.ics',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/static/:file',
  'POST /api/webhooks/quickbooks',
  'POST /api/webhooks/xero',
]
export const RATE_LIMIT_EXEMPT: Record<string, string> = {
  'GET /api/config': 'answers constant settings from memory; no database, mail or payment work',
  'GET /api/health': 'load balancers and uptime probes poll it; a limit would take healthy instances out',
  'POST /api/webhooks/stripe':
    "an HMAC checked before any work; Stripe's bursts and retries must never be refused (decision 060)",
}

/**
 * Routes registered only in some configurations, with the configuration. The default matrix does not
 * flag them as stale; stripe-mode.test.ts runs the matrix with Stripe keys and requires them.
 */
export const CONDITIONAL_ROUTES: Record<string, string> = {
  'POST /api/webhooks/stripe': 'STRIPE_* set',
}

/** Valid requests of the public routes that take a body. */
/** One fermenter of brewery A for the ingest route's devices (the rate-limit test asks for hundreds). */
const ingestFermenters = new WeakMap<RequestContext, Promise<string>>()
const PUBLIC_REQUESTS: Record<string, RequestFactory> = {
  // A fresh device of brewery A in its fermenter, posting what an iSpindel sends.
  'POST /api/ingest/:deviceToken': async (ctx) => {
    let fermenter = ingestFermenters.get(ctx)
    if (!fermenter) ingestFermenters.set(ctx, (fermenter = ctx.cellar().then((seeded) => seeded.fermenterId)))
    const device = await ctx.asAdmin({
      method: 'POST',
      url: '/api/cellar/devices',
      payload: makeEnvelope('device', {
        id: uuid(),
        name: 'Matrix iSpindel',
        kind: 'ispindel',
        vesselId: await fermenter,
      }),
    })
    if (device.statusCode !== 201) throw new Error(`seeding a device: ${JSON.stringify(device.body)}`)
    // The server makes the token and answers it once.
    const { token } = (device.body as { data: { token: string } }).data
    return {
      method: 'POST',
      url: `/api/ingest/${token}`,
      payload: {
        name: 'iSpindel000',
        ID: 1234567,
        angle: 64.5,
        temperature: 19.5,
        temp_units: 'C',
        battery: 4.07,
        gravity: 1.0452,
        interval: 900,
        RSSI: -72,
      },
    }
  },
  // The matrix's server has no webhook secret set: the notifications are refused as not set up (404); the
  // signatures, bodies and the pull they queue are tested in modules/accounting/accounting.webhooks.test.ts.
  'POST /api/webhooks/quickbooks': () => ({
    method: 'POST',
    url: '/api/webhooks/quickbooks',
    headers: { 'intuit-signature': 'bWF0cml4' },
    payload: {
      eventNotifications: [
        { realmId: '9130350000000001', dataChangeEvent: { entities: [{ name: 'Payment', id: '1' }] } },
      ],
    },
  }),
  'POST /api/webhooks/xero': () => ({
    method: 'POST',
    url: '/api/webhooks/xero',
    headers: { 'x-xero-signature': 'bWF0cml4' },
    payload: { events: [], lastEventSequence: 0, firstEventSequence: 0, entropy: 'MATRIXENTROPY' },
  }),
  'GET /api/calendar/:feedToken.ics': () => ({ method: 'GET', url: `/api/calendar/${unknownToken()}.ics` }),
  'GET /api/invitations/:token': () => ({ method: 'GET', url: `/api/invitations/${unknownToken()}` }),
  'POST /api/contacts': () => ({
    method: 'POST',
    url: '/api/contacts',
    payload: makeEnvelope('contact', {
      id: uuid(),
      givenName: 'Mia',
      familyName: 'Matrix',
      emailAddress: `mia-${uuid()}@example.com`,
    }),
  }),
}

/**
 * Body paths (dotted, array indexes as numbers) whose objects keep fields they do not know, on
 * purpose: catalogue items copied into a recipe keep their data-file fields (docs/architecture.md
 * "Brewing calculations and reference data"; decision 080). Extra fields anywhere else must be dropped or refused.
 */
export const FREE_FORM_BODY_PATHS: RegExp[] = [/(^|\.)yeast$/, /(^|\.)ingredient$/]

// ---- inventory (docs/production.md "inventory_item, lot, stock_movement, reservation") ----
const stockItem = (id: string = uuid()) => ({
  id,
  name: 'Matrix Malt',
  category: 'fermentable',
  ingredientId: null,
  unit: 'kg',
  parLevel: 10,
  packageTypeId: null,
  perUnit: null,
})
const stockLot = (id: string = uuid()) => ({
  id,
  supplier: 'Matrix Maltings',
  lotCode: 'MX-1',
  receivedOn: '2026-01-05',
  bestBefore: '2027-01-05',
  quantity: 25,
  unit: 'kg',
  unitCostCents: 110,
  alphaAcid: null,
  colorLovibond: 2,
  extractPct: 80,
})
/** An item of brewery A with one lot of 25 kg. */
async function stocked(ctx: RequestContext) {
  const itemId = uuid()
  await ctx.asAdmin({
    method: 'POST',
    url: '/api/inventory/items',
    payload: makeEnvelope('stock', stockItem(itemId)),
  })
  await ctx.asAdmin({
    method: 'POST',
    url: `/api/inventory/items/${itemId}/lots`,
    payload: makeEnvelope('stock', stockLot()),
  })
  return itemId
}
const OPENING_STOCK =
  'item,category,unit,quantity,received,unit cost\nMatrix Wheat,fermentable,kg,10,2026-01-02,1.20'

export const INVENTORY_MATRIX: Record<string, RouteDescriptor> = {
  'GET /api/inventory/items': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/inventory/items',
  })),
  'POST /api/inventory/items': tenant('manageStock', 'brewery', 201, () => ({
    method: 'POST',
    url: '/api/inventory/items',
    payload: makeEnvelope('stock', stockItem()),
  })),
  'GET /api/inventory/items/:itemId': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/inventory/items/${await stocked(ctx)}`,
  })),
  'PUT /api/inventory/items/:itemId': tenant('manageStock', 'record', 200, async (ctx) => ({
    method: 'PUT',
    url: `/api/inventory/items/${await stocked(ctx)}`,
    payload: makeEnvelope('stock', { name: 'Renamed Malt', parLevel: 5 }),
  })),
  'POST /api/inventory/items/:itemId/lots': tenant('manageStock', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: `/api/inventory/items/${await stocked(ctx)}/lots`,
    payload: makeEnvelope('stock', stockLot()),
  })),
  'POST /api/inventory/items/:itemId/adjustments': tenant('manageStock', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: `/api/inventory/items/${await stocked(ctx)}/adjustments`,
    payload: makeEnvelope('stock', {
      id: uuid(),
      direction: 'remove',
      quantity: 1,
      unit: 'kg',
      lotId: null,
      reason: 'Spilled',
    }),
  })),
  'POST /api/inventory/items/:itemId/counts': tenant('manageStock', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: `/api/inventory/items/${await stocked(ctx)}/counts`,
    payload: makeEnvelope('stock', { id: uuid(), countedQuantity: 24, unit: 'kg', note: 'Monthly count' }),
  })),
  'POST /api/inventory/import/preview': tenant('manageStock', 'brewery', 200, () => ({
    method: 'POST',
    url: '/api/inventory/import/preview',
    payload: { csv: OPENING_STOCK },
  })),
  'POST /api/inventory/import': tenant('manageStock', 'brewery', 201, () => ({
    method: 'POST',
    url: '/api/inventory/import',
    payload: makeEnvelope('stock', { csv: OPENING_STOCK }),
  })),
  'GET /api/inventory/can-we-brew': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/inventory/can-we-brew?weeks=4',
  })),
  'GET /api/inventory/can-we-brew/:batchId': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/inventory/can-we-brew/${await ctx.inventoryBatch()}`,
  })),
  'GET /api/inventory/batches/:batchId/cost': tenant('viewCosts', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/inventory/batches/${await ctx.inventoryBatch()}/cost`,
  })),
  'GET /api/inventory/batches/:batchId/hop-amounts': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/inventory/batches/${await ctx.inventoryBatch()}/hop-amounts`,
  })),
  'GET /api/inventory/finished-goods': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/inventory/finished-goods',
  })),
  'POST /api/inventory/finished-goods/movements': tenant('manageStock', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: '/api/inventory/finished-goods/movements',
    payload: makeEnvelope('stock', {
      id: uuid(),
      packageId: (await ctx.product()).packageId,
      kind: 'received',
      units: 2,
      fromBrewery: 'Matrix Sister Brewing',
      customer: '',
      reason: 'Received in bond',
    }),
  })),
  'GET /api/inventory/finished-goods/:packageId/removals': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/inventory/finished-goods/${(await ctx.product()).packageId}/removals`,
  })),
  'GET /api/inventory/alerts': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/inventory/alerts',
  })),
}

// ---- reporting (docs/production.md "Reporting"): Managers see reports, Admins close periods and hold the
// tax settings. Each close takes a month of its own (the same month twice is a 409).
let closableMonth = Math.floor(Math.random() * 300)
const closeRequest = (): MatrixRequest => {
  const index = closableMonth++ % 300
  const period = `${2000 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
  return {
    method: 'POST',
    url: '/api/reports/periods',
    payload: makeEnvelope('report-period', { id: uuid(), report: '5130.9', period }),
  }
}
const report = (path: string): RouteDescriptor =>
  tenant('viewReports', 'brewery', 200, () => ({ method: 'GET', url: `/api/reports/${path}` }))
const RANGE = 'from=2026-07&to=2026-09'
const TTB_QUERIES = { '5130-26': 'quarter=2026-Q3', '5130-9': 'month=2026-08', '5000-24': 'period=2026-Q3' }
const REPORTING_ROUTES: Record<string, RouteDescriptor> = {
  'GET /api/reports/production': report(`production?${RANGE}`),
  'GET /api/reports/production.csv': report(`production.csv?${RANGE}`),
  'GET /api/reports/losses': report(`losses?${RANGE}`),
  'GET /api/reports/losses.csv': report(`losses.csv?${RANGE}`),
  'GET /api/reports/production/events': report(`production/events?${RANGE}&month=2026-08&product=Pale`),
  'GET /api/reports/losses/events': report(`losses/events?${RANGE}&line=losses&reason=Spill`),
  'GET /api/reports/efficiency': report(`efficiency?${RANGE}`),
  'GET /api/reports/efficiency.csv': report(`efficiency.csv?${RANGE}`),
  'GET /api/reports/costs': report(`costs?${RANGE}`),
  'GET /api/reports/batch-costs.csv': report(`batch-costs.csv?${RANGE}`),
  'GET /api/reports/unit-costs.csv': report(`unit-costs.csv?${RANGE}`),
  'GET /api/reports/inventory-value.csv': report(`inventory-value.csv?${RANGE}`),
  'GET /api/reports/daily.csv': report(`daily.csv?${RANGE}`),
  ...Object.fromEntries(
    Object.entries(TTB_QUERIES).flatMap(([form, query]) => [
      [`GET /api/reports/ttb/${form}`, report(`ttb/${form}?${query}`)],
      [`GET /api/reports/ttb/${form}.csv`, report(`ttb/${form}.csv?${query}`)],
      [`GET /api/reports/ttb/${form}.pdf`, report(`ttb/${form}.pdf?${query}`)],
      [`GET /api/reports/ttb/${form}/lines/:line`, report(`ttb/${form}/lines/removedTaxpaid?${query}`)],
    ]),
  ),
  'GET /api/reports/physical-inventories': report(`physical-inventories?${RANGE}`),
  'PUT /api/reports/physical-inventories/:month': tenant('manageStock', 'brewery', 200, () => ({
    method: 'PUT',
    url: '/api/reports/physical-inventories/2026-07',
    payload: makeEnvelope('physical-inventory', {
      month: '2026-07',
      bulkBbl: '12.5',
      kegBbl: '2',
      caseBbl: '1',
      note: '',
    }),
  })),
  'GET /api/reports/tax-settings': tenant('manageTaxAndPeriods', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/reports/tax-settings',
  })),
  'PUT /api/reports/tax-settings': tenant('manageTaxAndPeriods', 'brewery', 200, () => ({
    method: 'PUT',
    url: '/api/reports/tax-settings',
    payload: makeEnvelope('tax-settings', {
      reducedRateEligible: true,
      controlledGroupShareBasisPoints: 10_000,
      exciseFilingFrequency: 'quarterly',
      operationsReportFrequency: 'quarterly',
      brewersNoticeNumber: 'BR-OR-99999',
    }),
  })),
  'GET /api/reports/periods': report('periods'),
  'POST /api/reports/periods': tenant('manageTaxAndPeriods', 'brewery', 201, closeRequest),
  'GET /api/reports/periods/:periodId': tenant('viewReports', 'record', 200, async (ctx) => {
    const closed = await ctx.asAdmin(closeRequest())
    if (closed.statusCode !== 201) throw new Error(`seeding a closed period: ${JSON.stringify(closed.body)}`)
    return { method: 'GET', url: `/api/reports/periods/${(closed.body as { data: { id: string } }).data.id}` }
  }),
}

// ---- sales (docs/production.md "Sales") ----
const salesCustomer = (id: string = uuid(), priceListId: string | null = null, invoiceAtDispatch = true) => ({
  id,
  name: `Matrix Tap ${id.slice(0, 8)}`,
  kind: 'bar',
  contacts: [{ name: 'Sam', email: 'sam@matrix.example', phone: '' }],
  priceListId,
  invoiceAtDispatch,
})
/** A customer of brewery A (invoiced at dispatch unless told otherwise). */
async function salesCustomerOf(ctx: RequestContext, invoiceAtDispatch = true) {
  const id = uuid()
  await ctx.asAdmin({
    method: 'POST',
    url: '/api/sales/customers',
    payload: makeEnvelope('sales', salesCustomer(id, null, invoiceAtDispatch)),
  })
  return id
}
/** A price list of brewery A pricing a fresh product's packaging option. */
async function salesPriceList(ctx: RequestContext) {
  const id = uuid()
  const packageId = (await ctx.product()).packageId
  await ctx.asAdmin({
    method: 'POST',
    url: '/api/sales/price-lists',
    payload: makeEnvelope('sales', { id, name: 'Matrix list', prices: [{ packageId, unitPriceCents: 215 }] }),
  })
  return id
}
const salesOrder = (customerId: string, packageId: string, id: string = uuid()) => ({
  id,
  customerId,
  requestedDeliveryOn: '2026-12-01',
  notes: 'Back door',
  lines: [{ id: uuid(), packageId, quantity: 2, unitPriceCents: 8999 }],
})
/** A draft order of brewery A for 2 units of an option with 2 units on hand; confirmed or picked when told. */
async function salesOrderOf(
  ctx: RequestContext,
  status: 'draft' | 'confirmed' | 'picked' = 'draft',
  invoiceAtDispatch = true,
) {
  const packageId = (await ctx.product()).packageId
  // Two units on hand, received in bond through the ledger (a return must name the removal it undoes).
  const stocked = await ctx.asAdmin({
    method: 'POST',
    url: '/api/inventory/finished-goods/movements',
    payload: makeEnvelope('stock', {
      id: uuid(),
      packageId,
      kind: 'received',
      units: 2,
      fromBrewery: 'Matrix Sister Brewing',
      customer: '',
      reason: 'Received in bond',
    }),
  })
  if (stocked.statusCode !== 201)
    throw new Error(`seeding stock for an order: ${JSON.stringify(stocked.body)}`)
  const id = uuid()
  await ctx.asAdmin({
    method: 'POST',
    url: '/api/sales/orders',
    payload: makeEnvelope('sales', salesOrder(await salesCustomerOf(ctx, invoiceAtDispatch), packageId, id)),
  })
  for (const step of status === 'draft' ? [] : status === 'confirmed' ? ['confirm'] : ['confirm', 'pick'])
    await ctx.asAdmin({
      method: 'POST',
      url: `/api/sales/orders/${id}/${step}`,
      payload: makeEnvelope('sales', {}),
    })
  return id
}
/** An invoice of brewery A issued by a real dispatch (its line sent 2 units out on the ledger). */
async function salesDispatchedInvoice(ctx: RequestContext) {
  const orderId = await salesOrderOf(ctx, 'picked')
  const dispatched = await ctx.asAdmin({
    method: 'POST',
    url: `/api/sales/orders/${orderId}/dispatch`,
    payload: makeEnvelope('sales', { dispatchedAt: null }),
  })
  if (dispatched.statusCode !== 200) throw new Error(`seeding a dispatch: ${JSON.stringify(dispatched.body)}`)
  const invoiceId = (dispatched.body as { data: { invoiceId: string } }).data.invoiceId
  const invoice = await ctx.asAdmin({ method: 'GET', url: `/api/sales/invoices/${invoiceId}` })
  const lineId = (invoice.body as { data: { lines: { id: string }[] } }).data.lines[0].id
  return { invoiceId, lineId, orderId }
}
/** A dispatched order of brewery A that waits for Create Invoice (its customer is not invoiced at dispatch). */
async function salesUninvoicedOrder(ctx: RequestContext) {
  const orderId = await salesOrderOf(ctx, 'picked', false)
  const dispatched = await ctx.asAdmin({
    method: 'POST',
    url: `/api/sales/orders/${orderId}/dispatch`,
    payload: makeEnvelope('sales', { dispatchedAt: null }),
  })
  if (dispatched.statusCode !== 200) throw new Error(`seeding a dispatch: ${JSON.stringify(dispatched.body)}`)
  return orderId
}
/** A credit note of brewery A (1 unit back of a dispatched invoice). */
async function salesCreditNote(ctx: RequestContext) {
  const { invoiceId, lineId } = await salesDispatchedInvoice(ctx)
  const credited = await ctx.asAdmin({
    method: 'POST',
    url: `/api/sales/invoices/${invoiceId}/credit-notes`,
    payload: makeEnvelope('sales', {
      id: uuid(),
      reason: 'Matrix return',
      lines: [{ invoiceLineId: lineId, quantity: 1 }],
    }),
  })
  if (credited.statusCode !== 201) throw new Error(`seeding a credit note: ${JSON.stringify(credited.body)}`)
  return (credited.body as { data: { creditNotes: { id: string }[] } }).data.creditNotes[0].id
}
const CUSTOMERS_CSV = 'name,email,city\nMatrix Import Bar,bar@matrix.example,Bend'

export const SALES_MATRIX: Record<string, RouteDescriptor> = {
  'GET /api/sales/customers': tenant('sell', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/sales/customers',
  })),
  'POST /api/sales/customers': tenant('sell', 'brewery', 201, () => ({
    method: 'POST',
    url: '/api/sales/customers',
    payload: makeEnvelope('sales', salesCustomer()),
  })),
  'GET /api/sales/customers/:customerId': tenant('sell', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/sales/customers/${await salesCustomerOf(ctx)}`,
  })),
  'PUT /api/sales/customers/:customerId': tenant('sell', 'record', 200, async (ctx) => {
    const id = await salesCustomerOf(ctx)
    const { id: _id, ...change } = salesCustomer(id)
    return {
      method: 'PUT',
      url: `/api/sales/customers/${id}`,
      payload: makeEnvelope('sales', { ...change, notes: 'Edited' }),
    }
  }),
  'POST /api/sales/customers/import/preview': tenant('sell', 'brewery', 200, () => ({
    method: 'POST',
    url: '/api/sales/customers/import/preview',
    payload: { csv: CUSTOMERS_CSV },
  })),
  'POST /api/sales/customers/import': tenant('sell', 'brewery', 201, () => ({
    method: 'POST',
    url: '/api/sales/customers/import',
    payload: makeEnvelope('sales', { csv: `name\nMatrix Import ${uuid()}` }),
  })),
  'GET /api/sales/price-lists': tenant('sell', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/sales/price-lists',
  })),
  'POST /api/sales/price-lists': tenant('sell', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: '/api/sales/price-lists',
    payload: makeEnvelope('sales', {
      id: uuid(),
      name: 'Matrix wholesale',
      isDefault: false,
      prices: [{ packageId: (await ctx.product()).packageId, minQuantity: 1, unitPriceCents: 8999 }],
    }),
  })),
  'PUT /api/sales/price-lists/:priceListId': tenant('sell', 'record', 200, async (ctx) => ({
    method: 'PUT',
    url: `/api/sales/price-lists/${await salesPriceList(ctx)}`,
    payload: makeEnvelope('sales', { name: 'Matrix list 2', isDefault: false, prices: [] }),
  })),
  'GET /api/sales/settings': tenant('sell', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/sales/settings',
  })),
  'PUT /api/sales/settings': tenant('sell', 'brewery', 200, () => ({
    method: 'PUT',
    url: '/api/sales/settings',
    payload: makeEnvelope('sales', {
      taxRateBasisPoints: 825,
      invoicePrefix: 'INV-',
      deposits: [{ packageTypeId: 'matrix-keg', depositCents: 3000 }],
    }),
  })),
  'GET /api/sales/availability': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/sales/availability',
  })),
  'GET /api/sales/orders': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/sales/orders',
  })),
  'POST /api/sales/orders': tenant('sell', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: '/api/sales/orders',
    payload: makeEnvelope('sales', salesOrder(await salesCustomerOf(ctx), (await ctx.product()).packageId)),
  })),
  // Several orders of brewery A's customer: another brewery does not know the customer (404).
  'POST /api/sales/orders/many': tenant('sell', 'record', 201, async (ctx) => {
    const customerId = await salesCustomerOf(ctx)
    const packageId = (await ctx.product()).packageId
    return {
      method: 'POST',
      url: '/api/sales/orders/many',
      payload: makeEnvelope('sales', {
        orders: [salesOrder(customerId, packageId), salesOrder(customerId, packageId)],
      }),
    }
  }),
  'GET /api/sales/orders/:orderId': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/sales/orders/${await salesOrderOf(ctx)}`,
  })),
  'PUT /api/sales/orders/:orderId': tenant('sell', 'record', 200, async (ctx) => {
    const id = await salesOrderOf(ctx)
    const { id: _id, ...change } = salesOrder(await salesCustomerOf(ctx), (await ctx.product()).packageId)
    return { method: 'PUT', url: `/api/sales/orders/${id}`, payload: makeEnvelope('sales', change) }
  }),
  'POST /api/sales/orders/:orderId/confirm': tenant('sell', 'record', 200, async (ctx) => ({
    method: 'POST',
    url: `/api/sales/orders/${await salesOrderOf(ctx)}/confirm`,
    payload: makeEnvelope('sales', { note: '' }),
  })),
  'POST /api/sales/orders/:orderId/pick': tenant('fulfilOrders', 'record', 200, async (ctx) => ({
    method: 'POST',
    url: `/api/sales/orders/${await salesOrderOf(ctx, 'confirmed')}/pick`,
    payload: makeEnvelope('sales', { note: '' }),
  })),
  'POST /api/sales/orders/:orderId/cancel': tenant('sell', 'record', 200, async (ctx) => ({
    method: 'POST',
    url: `/api/sales/orders/${await salesOrderOf(ctx, 'confirmed')}/cancel`,
    payload: makeEnvelope('sales', { note: 'Customer called' }),
  })),
  'POST /api/sales/orders/:orderId/dispatch': tenant('fulfilOrders', 'record', 200, async (ctx) => ({
    method: 'POST',
    url: `/api/sales/orders/${await salesOrderOf(ctx, 'picked')}/dispatch`,
    payload: makeEnvelope('sales', { dispatchedAt: null }),
  })),
  // A van's load of brewery A's orders: another brewery does not know them (404).
  'POST /api/sales/orders/dispatch': tenant('fulfilOrders', 'record', 200, async (ctx) => ({
    method: 'POST',
    url: '/api/sales/orders/dispatch',
    payload: makeEnvelope('sales', { orderIds: [await salesOrderOf(ctx, 'picked')], dispatchedAt: null }),
  })),
  'POST /api/sales/orders/:orderId/deliver': tenant('fulfilOrders', 'record', 200, async (ctx) => ({
    method: 'POST',
    url: `/api/sales/orders/${(await ctx.salesInvoice()).orderId}/deliver`,
    payload: makeEnvelope('sales', { note: 'Left with the bar manager' }),
  })),
  'GET /api/sales/today': tenant('read', 'brewery', 200, () => ({ method: 'GET', url: '/api/sales/today' })),
  'GET /api/sales/invoices': tenant('sell', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/sales/invoices',
  })),
  'POST /api/sales/invoices': tenant('sell', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: '/api/sales/invoices',
    payload: makeEnvelope('sales', { id: uuid(), orderIds: [await salesUninvoicedOrder(ctx)] }),
  })),
  'GET /api/sales/invoices/:invoiceId': tenant('sell', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/sales/invoices/${(await ctx.salesInvoice()).invoiceId}`,
  })),
  'GET /api/sales/invoices/:invoiceId/pdf': tenant('sell', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/sales/invoices/${(await ctx.salesInvoice()).invoiceId}/pdf`,
  })),
  'POST /api/sales/invoices/:invoiceId/payments': tenant('sell', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: `/api/sales/invoices/${(await ctx.salesInvoice()).invoiceId}/payments`,
    payload: makeEnvelope('sales', {
      id: uuid(),
      method: 'check',
      amountCents: 10_000,
      receivedOn: '2026-11-20',
      reference: 'Check 1042',
    }),
  })),
  // A deposit paying brewery A's invoice: another brewery does not know the invoice (404).
  'POST /api/sales/invoices/payments': tenant('sell', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: '/api/sales/invoices/payments',
    payload: makeEnvelope('sales', {
      payments: [
        {
          invoiceId: (await ctx.salesInvoice()).invoiceId,
          id: uuid(),
          method: 'check',
          amountCents: 10_000,
          receivedOn: '2026-11-20',
          reference: 'Deposit 12',
        },
      ],
    }),
  })),
  'POST /api/sales/invoices/:invoiceId/void': tenant('voidInvoices', 'record', 200, async (ctx) => ({
    method: 'POST',
    url: `/api/sales/invoices/${(await ctx.salesInvoice()).invoiceId}/void`,
    payload: makeEnvelope('sales', { reason: 'Entered twice' }),
  })),
  'POST /api/sales/invoices/:invoiceId/email': tenant('sell', 'record', 200, async (ctx) => ({
    method: 'POST',
    url: `/api/sales/invoices/${(await ctx.salesInvoice()).invoiceId}/email`,
    payload: makeEnvelope('sales', { to: 'accounts@matrix.example' }),
  })),
  'GET /api/sales/aging': tenant('sell', 'brewery', 200, () => ({ method: 'GET', url: '/api/sales/aging' })),
  'POST /api/sales/invoices/:invoiceId/credit-notes': tenant('sell', 'record', 201, async (ctx) => {
    const { invoiceId, lineId } = await salesDispatchedInvoice(ctx)
    return {
      method: 'POST',
      url: `/api/sales/invoices/${invoiceId}/credit-notes`,
      payload: makeEnvelope('sales', {
        id: uuid(),
        reason: 'Two kegs came back',
        lines: [{ invoiceLineId: lineId, quantity: 2 }],
      }),
    }
  }),
  'GET /api/sales/report': tenant('sell', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/sales/report?from=2026-10&to=2026-12',
  })),
  'GET /api/sales/customers/:customerId/statement': tenant('sell', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/sales/customers/${await salesCustomerOf(ctx)}/statement`,
  })),
  'GET /api/sales/credit-notes/:creditNoteId/pdf': tenant('sell', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/sales/credit-notes/${await salesCreditNote(ctx)}/pdf`,
  })),
}

// ---- kegs (docs/decisions/290-kegs.md): each keg of its own prefix, so no two requests share a number ----
const kegPrefix = () => `M${uuid().slice(0, 6).toUpperCase()}-`
const addKegs = (prefix = kegPrefix()) =>
  makeEnvelope('keg', { count: 1, size: '1/6 BBL', owner: 'ours', costCents: 12_000, prefix })
/** A fresh keg of brewery A, clean at the brewery. */
async function kegOf(ctx: RequestContext): Promise<{ id: string; assetNumber: string }> {
  const added = await ctx.asAdmin({ method: 'POST', url: '/api/kegs', payload: addKegs() })
  if (added.statusCode !== 201) throw new Error(`seeding a keg: ${JSON.stringify(added.body)}`)
  return (added.body as { data: { id: string; assetNumber: string }[] }).data[0]
}
export const KEGS_MATRIX: Record<string, RouteDescriptor> = {
  'GET /api/kegs': tenant('read', 'brewery', 200, () => ({ method: 'GET', url: '/api/kegs' })),
  'POST /api/kegs': tenant('manageKegs', 'brewery', 201, () => ({
    method: 'POST',
    url: '/api/kegs',
    payload: addKegs(),
  })),
  'POST /api/kegs/import/preview': tenant('manageKegs', 'brewery', 200, () => ({
    method: 'POST',
    url: '/api/kegs/import/preview',
    payload: { csv: `asset number,size,owner\n${kegPrefix()}1,1/6 BBL,ours` },
  })),
  'POST /api/kegs/import': tenant('manageKegs', 'brewery', 201, () => ({
    method: 'POST',
    url: '/api/kegs/import',
    payload: makeEnvelope('keg', { csv: `asset number,size,owner\n${kegPrefix()}1,1/6 BBL,ours` }),
  })),
  'GET /api/kegs/labels': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/kegs/labels?numbers=${(await kegOf(ctx)).assetNumber}`,
  })),
  // A clean keg marked damaged: a scan any Brewer may make; another brewery does not know the number (404).
  'POST /api/kegs/scans': tenant('scanKegs', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: '/api/kegs/scans',
    payload: makeEnvelope('keg', { kind: 'damaged', assetNumber: (await kegOf(ctx)).assetNumber }),
  })),
  // The same for several kegs at once: another brewery does not know the numbers (404).
  'POST /api/kegs/scans/many': tenant('scanKegs', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: '/api/kegs/scans/many',
    payload: makeEnvelope('keg', { kind: 'damaged', assetNumbers: [(await kegOf(ctx)).assetNumber] }),
  })),
  'GET /api/kegs/board': tenant('read', 'brewery', 200, () => ({ method: 'GET', url: '/api/kegs/board' })),
  'GET /api/kegs/package-runs': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/kegs/package-runs',
  })),
  'GET /api/kegs/orders': tenant('read', 'brewery', 200, () => ({ method: 'GET', url: '/api/kegs/orders' })),
  'GET /api/kegs/customers/:customerId': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/kegs/customers/${await salesCustomerOf(ctx)}`,
  })),
  'GET /api/kegs/settings': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/kegs/settings',
  })),
  'PUT /api/kegs/settings': tenant('manageKegs', 'brewery', 200, () => ({
    method: 'PUT',
    url: '/api/kegs/settings',
    payload: makeEnvelope('keg', { daysOutLimit: 60 }),
  })),
  'GET /api/kegs/:kegId': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/kegs/${(await kegOf(ctx)).id}`,
  })),
  'GET /api/kegs/:kegId/trace': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/kegs/${(await kegOf(ctx)).id}/trace`,
  })),
}

// ---- trace and recall (docs/decisions/300–303) ----
/** A lot of brewery A (an item with one 25 kg lot), by its id. */
async function tracedLot(ctx: RequestContext) {
  const itemId = uuid()
  const lotId = uuid()
  await ctx.asAdmin({
    method: 'POST',
    url: '/api/inventory/items',
    payload: makeEnvelope('stock', stockItem(itemId)),
  })
  await ctx.asAdmin({
    method: 'POST',
    url: `/api/inventory/items/${itemId}/lots`,
    payload: makeEnvelope('stock', stockLot(lotId)),
  })
  return lotId
}
/** A recall of brewery A from a fresh lot (its 25 kg on hold): the recall's id and its hold's. */
async function tracedRecall(ctx: RequestContext, kind: 'recall' | 'drill' = 'recall') {
  const response = await ctx.asAdmin({
    method: 'POST',
    url: '/api/trace/recalls',
    payload: makeEnvelope('recall', {
      id: uuid(),
      kind,
      originKind: 'lot',
      originId: await tracedLot(ctx),
      reason: 'Matrix recall',
    }),
  })
  if (response.statusCode !== 201) throw new Error(`seeding a recall: ${JSON.stringify(response.body)}`)
  const data = (response.body as { data: { id: string; holds: { id: string }[] } }).data
  return { id: data.id, holdId: data.holds[0]?.id ?? uuid() }
}

export const TRACE_MATRIX: Record<string, RouteDescriptor> = {
  'GET /api/trace/search': tenant('viewReports', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/trace/search?q=MX-1',
  })),
  'GET /api/trace/nodes/:kind/:id': tenant('viewReports', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/trace/nodes/lot/${await tracedLot(ctx)}`,
  })),
  'GET /api/trace/recalls': tenant('viewReports', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/trace/recalls',
  })),
  'POST /api/trace/recalls': tenant('runRecalls', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: '/api/trace/recalls',
    payload: makeEnvelope('recall', {
      id: uuid(),
      kind: 'drill',
      originKind: 'lot',
      originId: await tracedLot(ctx),
      reason: 'Matrix drill',
    }),
  })),
  'GET /api/trace/recalls/:recallId': tenant('viewReports', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/trace/recalls/${(await tracedRecall(ctx, 'drill')).id}`,
  })),
  // A recall from a lot never shipped lists no customer: the positive case reaches the service's own 404 for a
  // customer not on the recall (after the brewery's and the permission's checks).
  'PUT /api/trace/recalls/:recallId/customers/:customerRowId': tenant(
    'runRecalls',
    'record',
    404,
    async (ctx) => ({
      method: 'PUT',
      url: `/api/trace/recalls/${(await tracedRecall(ctx, 'drill')).id}/customers/${uuid()}`,
      payload: makeEnvelope('recall', { contacted: true, note: '', returnedUnits: 0 }),
    }),
  ),
  'POST /api/trace/recalls/:recallId/holds/:holdId/release': tenant(
    'runRecalls',
    'record',
    200,
    async (ctx) => {
      const recall = await tracedRecall(ctx)
      return {
        method: 'POST',
        url: `/api/trace/recalls/${recall.id}/holds/${recall.holdId}/release`,
        payload: makeEnvelope('recall', { reason: 'Matrix release' }),
      }
    },
  ),
  'POST /api/trace/recalls/:recallId/close': tenant('runRecalls', 'record', 200, async (ctx) => ({
    method: 'POST',
    url: `/api/trace/recalls/${(await tracedRecall(ctx, 'drill')).id}/close`,
    payload: makeEnvelope('recall', { outcome: 'Matrix outcome' }),
  })),
  'GET /api/trace/recalls/:recallId/list.csv': tenant('viewReports', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/trace/recalls/${(await tracedRecall(ctx, 'drill')).id}/list.csv`,
  })),
  'GET /api/trace/recalls/:recallId/list.pdf': tenant('viewReports', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/trace/recalls/${(await tracedRecall(ctx, 'drill')).id}/list.pdf`,
  })),
}

// ---- accounting (docs/decisions/310-accounting-sync.md) ----
export const ACCOUNTING_MATRIX: Record<string, RouteDescriptor> = {
  'GET /api/accounting/exports/:provider/:dataset': tenant('sell', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/accounting/exports/xero/invoices',
  })),
  'GET /api/accounting': tenant('manageAccounting', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/accounting',
  })),
  // The matrix's server has no QuickBooks or Xero set up: an Admin is told so (409), others are refused first.
  'POST /api/accounting/connect/:provider': tenant('manageAccounting', 'brewery', 409, () => ({
    method: 'POST',
    url: '/api/accounting/connect/quickbooks',
  })),
  'POST /api/accounting/callback': tenant('manageAccounting', 'brewery', 409, () => ({
    method: 'POST',
    url: '/api/accounting/callback',
    payload: { provider: 'xero', code: 'matrix-code', state: 'matrix-forged-state' },
  })),
  // Not connected: nothing to disconnect, no chart to read, no mapping to save.
  'POST /api/accounting/disconnect': tenant('manageAccounting', 'brewery', 404, () => ({
    method: 'POST',
    url: '/api/accounting/disconnect',
  })),
  'GET /api/accounting/accounts': tenant('manageAccounting', 'brewery', 409, () => ({
    method: 'GET',
    url: '/api/accounting/accounts',
  })),
  'PUT /api/accounting/mapping': tenant('manageAccounting', 'brewery', 409, () => ({
    method: 'PUT',
    url: '/api/accounting/mapping',
    payload: { income: { id: '1', code: '4000', name: 'Beer Sales' } },
  })),
  // Sync now, not connected: nothing to sweep.
  'POST /api/accounting/sync': tenant('manageAccounting', 'brewery', 409, () => ({
    method: 'POST',
    url: '/api/accounting/sync',
  })),
  'GET /api/accounting/log': tenant('manageAccounting', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/accounting/log',
  })),
  // The month-end journal (ADR 365): its preview reads the cost report; posting needs a connection (409 here).
  'GET /api/accounting/journal/:month': tenant('manageAccounting', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/accounting/journal/2026-09',
  })),
  'POST /api/accounting/journal/:month': tenant('manageAccounting', 'brewery', 409, () => ({
    method: 'POST',
    url: '/api/accounting/journal/2026-09',
  })),
  'POST /api/accounting/log/:entryId/retry': tenant('manageAccounting', 'record', 404, () => ({
    method: 'POST',
    url: `/api/accounting/log/${uuid()}/retry`,
  })),
}

export const ROUTE_MATRIX: Record<string, RouteDescriptor> = {
  ...Object.fromEntries(
    Object.entries(PUBLIC_ROUTES).map(([key, reason]) => [
      key,
      { kind: 'public', reason, ...(PUBLIC_REQUESTS[key] ? { request: PUBLIC_REQUESTS[key] } : {}) } as const,
    ]),
  ),

  // ---- users and onboarding (docs/product/01-access.md) ----
  'GET /api/users/bootstrap': account({ newcomer: 200, Brewer: 200, Manager: 200, Admin: 200 }, () => ({
    method: 'GET',
    url: '/api/users/bootstrap',
  })),
  'POST /api/onboarding': account({ newcomer: 201, Brewer: 409, Manager: 409, Admin: 409 }, () => ({
    method: 'POST',
    url: '/api/onboarding',
    payload: onboardingEnvelope(),
  })),
  'GET /api/onboarding': tenant(
    'read',
    'record',
    200,
    async (ctx) => ({
      method: 'GET',
      url: `/api/onboarding?session_id=${encodeURIComponent((await ctx.checkout()).sessionId)}`,
    }),
    { newcomer: 404 },
  ),
  // Brewery A has paid (test set-up): its Admin passes the role check and is told it is already
  // active; an unpaid brewery's checkout is the onboarding tests' (payment-enforcement.test.ts too).
  'POST /api/checkout': tenant(
    'manageTeamAndBilling',
    'brewery',
    409,
    (ctx) => ({
      method: 'POST',
      url: '/api/checkout',
      payload: { priceId: ctx.priceId },
    }),
    { newcomer: 409 },
  ),
  'POST /api/checkout/test/confirm': tenant(
    'manageTeamAndBilling',
    'record',
    409,
    async (ctx) => ({
      method: 'POST',
      url: '/api/checkout/test/confirm',
      payload: { clientSecret: (await ctx.checkout()).clientSecret, card: DECLINED_CARD },
    }),
    { newcomer: 409 },
  ),

  // ---- billing (Settings → Billing; decision 062) ----
  'GET /api/billing': tenant('read', 'brewery', 200, () => ({ method: 'GET', url: '/api/billing' })),
  // Without Stripe keys there is no customer portal: the Admin's positive case is a 404.
  'POST /api/billing/portal': tenant('manageTeamAndBilling', 'brewery', 404, () => ({
    method: 'POST',
    url: '/api/billing/portal',
    payload: {},
  })),

  // ---- catalogue ----
  'GET /api/catalog': tenant('read', 'brewery', 200, () => ({ method: 'GET', url: '/api/catalog' })),

  // ---- products (docs/product/02-products.md) ----
  'GET /api/products': tenant('read', 'brewery', 200, () => ({ method: 'GET', url: '/api/products' })),
  'POST /api/products': tenant('createProductWithRecipe', 'brewery', 201, () => {
    const id = uuid()
    return {
      method: 'POST',
      url: '/api/products',
      payload: makeEnvelope('product', {
        id,
        name: 'Matrix IPA',
        description: 'Hazy',
        recipes: [newRecipe(id)],
      }),
    }
  }),
  'GET /api/products/:productId': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/products/${(await ctx.product()).id}`,
  })),
  'PUT /api/products/:productId': tenant('manageProducts', 'record', 200, async (ctx) => ({
    method: 'PUT',
    url: `/api/products/${(await ctx.product()).id}`,
    payload: makeEnvelope('product', { name: 'Renamed by the matrix' }),
  })),
  'DELETE /api/products/:productId': tenant('manageProducts', 'record', 204, async (ctx) => ({
    method: 'DELETE',
    url: `/api/products/${(await ctx.product()).id}`,
  })),
  'POST /api/products/:productId/recipes': tenant('editRecipes', 'record', 201, async (ctx) => {
    const { id } = await ctx.product()
    return {
      method: 'POST',
      url: `/api/products/${id}/recipes`,
      payload: makeEnvelope('recipe', newRecipe(id)),
    }
  }),
  'PUT /api/products/:productId/recipes/:recipeId': tenant('editRecipes', 'record', 200, async (ctx) => {
    const { id, recipeId } = await ctx.product()
    return {
      method: 'PUT',
      url: `/api/products/${id}/recipes/${recipeId}`,
      payload: makeEnvelope('recipe', { ...newRecipe(id, recipeId), name: 'Edited by the matrix' }),
    }
  }),
  'DELETE /api/products/:productId/recipes/:recipeId': tenant('editRecipes', 'record', 204, async (ctx) => {
    const { id, recipeId } = await ctx.product()
    return { method: 'DELETE', url: `/api/products/${id}/recipes/${recipeId}` }
  }),
  'POST /api/products/:productId/packages': tenant('manageProducts', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: `/api/products/${(await ctx.product()).id}/packages`,
    payload: makeEnvelope('product:package', pkg(ctx)),
  })),
  'PUT /api/products/:productId/packages/:id': tenant('manageProducts', 'record', 200, async (ctx) => {
    const { id, packageId } = await ctx.product()
    return {
      method: 'PUT',
      url: `/api/products/${id}/packages/${packageId}`,
      payload: makeEnvelope('product:package', { ...pkg(ctx, packageId), sku: 'MX-EDIT' }),
    }
  }),
  'DELETE /api/products/:productId/packages/:id': tenant('manageProducts', 'record', 204, async (ctx) => {
    const { id, packageId } = await ctx.product()
    return { method: 'DELETE', url: `/api/products/${id}/packages/${packageId}` }
  }),
  'POST /api/products/:productId/tastingNotes': tenant('editRecipes', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: `/api/products/${(await ctx.product()).id}/tastingNotes`,
    payload: makeEnvelope('product:tastingNote', note()),
  })),
  'PUT /api/products/:productId/tastingNotes/:id': tenant('editRecipes', 'record', 200, async (ctx) => {
    const { id, tastingNoteId } = await ctx.product()
    return {
      method: 'PUT',
      url: `/api/products/${id}/tastingNotes/${tastingNoteId}`,
      payload: makeEnvelope('product:tastingNote', { ...note(tastingNoteId), notes: 'Edited' }),
    }
  }),
  'DELETE /api/products/:productId/tastingNotes/:id': tenant('editRecipes', 'record', 204, async (ctx) => {
    const { id, tastingNoteId } = await ctx.product()
    return { method: 'DELETE', url: `/api/products/${id}/tastingNotes/${tastingNoteId}` }
  }),
  'POST /api/products/:productId/attributes': tenant('manageProducts', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: `/api/products/${(await ctx.product()).id}/attributes`,
    payload: makeEnvelope('product:attribute', attribute()),
  })),
  'PUT /api/products/:productId/attributes/:id': tenant('manageProducts', 'record', 200, async (ctx) => {
    const { id, attributeId } = await ctx.product()
    return {
      method: 'PUT',
      url: `/api/products/${id}/attributes/${attributeId}`,
      payload: makeEnvelope('product:attribute', { ...attribute(attributeId), value: 'Amber' }),
    }
  }),
  'DELETE /api/products/:productId/attributes/:id': tenant('manageProducts', 'record', 204, async (ctx) => {
    const { id, attributeId } = await ctx.product()
    return { method: 'DELETE', url: `/api/products/${id}/attributes/${attributeId}` }
  }),
  // ---- team (docs/product/01-access.md §8) and invitations ----
  'GET /api/entities/:entityId/users': tenant('read', 'record', 200, (ctx) => ({
    method: 'GET',
    url: `/api/entities/${ctx.entityId}/users`,
  })),
  'POST /api/entities/:entityId/users': tenant('manageTeamAndBilling', 'record', 201, (ctx) => ({
    method: 'POST',
    url: `/api/entities/${ctx.entityId}/users`,
    payload: makeEnvelope('entities:user-invite', { email: `invitee-${uuid()}@example.com`, role: 'Brewer' }),
  })),
  'PUT /api/entities/:entityId/users/:userId': tenant('manageTeamAndBilling', 'record', 200, async (ctx) => {
    const { id, rev } = await invited(ctx)
    return {
      method: 'PUT',
      url: `/api/entities/${ctx.entityId}/users/${id}`,
      payload: makeEnvelope('entities:user', { role: 'Manager', rev }),
    }
  }),
  'DELETE /api/entities/:entityId/users/:userId': tenant(
    'manageTeamAndBilling',
    'record',
    204,
    async (ctx) => {
      const { id, rev } = await invited(ctx)
      return { method: 'DELETE', url: `/api/entities/${ctx.entityId}/users/${id}?rev=${rev}` }
    },
  ),
  'POST /api/entities/:entityId/users/:userId/invitation/resend': tenant(
    'manageTeamAndBilling',
    'record',
    200,
    async (ctx) => ({
      method: 'POST',
      url: `/api/entities/${ctx.entityId}/users/${(await invited(ctx)).id}/invitation/resend`,
    }),
  ),
  'DELETE /api/entities/:entityId/users/:userId/invitation': tenant(
    'manageTeamAndBilling',
    'record',
    204,
    async (ctx) => ({
      method: 'DELETE',
      url: `/api/entities/${ctx.entityId}/users/${(await invited(ctx)).id}/invitation`,
    }),
  ),
  // The link is bound to the invited address (verified): whoever else holds it, member or newcomer, is
  // refused and nothing changes. Accepting with the invited address is team.routes.test.ts's.
  'POST /api/invitations/:token/accept': account(
    { newcomer: 403, Brewer: 403, Manager: 403, Admin: 403 },
    async (ctx) => ({
      method: 'POST',
      url: `/api/invitations/${await invitationToken(ctx)}/accept`,
    }),
  ),

  // ---- media (docs/product/02-products.md §2 "Media Assets", §7) ----
  'POST /api/media/upload': tenant('manageProducts', 'record', 200, async (ctx) => ({
    method: 'POST',
    url: '/api/media/upload',
    payload: {
      fileName: 'label.png',
      fileType: 'image/png',
      entityId: ctx.entityId,
      productId: (await ctx.product()).id,
    },
  })),
  'POST /api/delete-file': tenant('manageProducts', 'record', 204, async (ctx) => ({
    method: 'POST',
    url: '/api/delete-file',
    payload: { s3Key: (await uploaded(ctx)).s3Key },
  })),
  'POST /api/products/:productId/files': tenant('manageProducts', 'record', 201, async (ctx) => {
    const { productId, s3Key } = await uploaded(ctx)
    return {
      method: 'POST',
      url: `/api/products/${productId}/files`,
      payload: makeEnvelope('product:file', mediaFile(s3Key)),
    }
  }),
  'PUT /api/products/:productId/files/:id': tenant('manageProducts', 'record', 200, async (ctx) => {
    const { productId, id } = await attached(ctx)
    return {
      method: 'PUT',
      url: `/api/products/${productId}/files/${id}`,
      payload: makeEnvelope('product:file', { id, name: 'Renamed by the matrix', description: 'Edited' }),
    }
  }),
  'DELETE /api/products/:productId/files/:id': tenant('manageProducts', 'record', 204, async (ctx) => {
    const { productId, id } = await attached(ctx)
    return { method: 'DELETE', url: `/api/products/${productId}/files/${id}` }
  }),

  // ---- reporting (docs/production.md "Reporting") ----
  ...REPORTING_ROUTES,
  // ---- the cellar (docs/production.md) ----
  'GET /api/cellar/tanks': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/cellar/tanks',
  })),
  'GET /api/cellar/dashboard': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/cellar/dashboard',
  })),
  'GET /api/cellar/vessels/:vesselId': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/cellar/vessels/${(await ctx.cellar()).fermenterId}`,
  })),
  'GET /api/cellar/batches/:batchId': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/cellar/batches/${(await ctx.cellar()).batchId}`,
  })),
  'POST /api/cellar/readings': tenant('cellarWork', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: '/api/cellar/readings',
    payload: makeEnvelope('reading', {
      id: uuid(),
      vesselId: (await ctx.cellar()).fermenterId,
      gravity: { value: 1.02, unit: 'SG' },
      temperature: { value: 66, unit: 'F' },
      ph: 4.4,
      note: 'Matrix',
    }),
  })),
  'POST /api/cellar/liquid-events': tenant('cellarWork', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: '/api/cellar/liquid-events',
    payload: makeEnvelope('liquid-event', {
      id: uuid(),
      kind: 'lost',
      fromVesselId: (await ctx.cellar()).fermenterId,
      volumeBbl: 0.1,
      reason: 'Matrix spill',
    }),
  })),
  'POST /api/cellar/bulk-removals': tenant('manageStock', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: '/api/cellar/bulk-removals',
    payload: makeEnvelope('liquid-event', {
      id: uuid(),
      fromVesselId: (await ctx.cellar()).fermenterId,
      volumeBbl: 0.1,
      taxpaid: true,
      customer: 'Matrix Taproom',
    }),
  })),
  'POST /api/cellar/bulk-receipts': tenant('manageStock', 'record', 201, async (ctx) => {
    const seeded = await ctx.cellar()
    return {
      method: 'POST',
      url: '/api/cellar/bulk-receipts',
      payload: makeEnvelope('liquid-event', {
        id: uuid(),
        toVesselId: seeded.fermenterId,
        batchId: seeded.batchId,
        volumeBbl: 0.1,
        fromBrewery: 'Matrix Sister Brewing',
      }),
    }
  }),
  'POST /api/cellar/packaging-runs': tenant('planProduction', 'record', 201, async (ctx) => {
    const seeded = await ctx.cellar()
    return {
      method: 'POST',
      url: '/api/cellar/packaging-runs',
      payload: makeEnvelope('liquid-event', {
        id: uuid(),
        fromVesselId: seeded.fermenterId,
        lines: [{ id: uuid(), packageId: seeded.packages.half, units: 2 }],
      }),
    }
  }),
  // Cellar tasks (ADR 263).
  'GET /api/cellar/tasks': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/cellar/tasks',
  })),
  'POST /api/cellar/tasks/dry-hop': tenant('cellarWork', 'record', 201, async (ctx) => {
    const seeded = await ctx.cellar()
    return {
      method: 'POST',
      url: '/api/cellar/tasks/dry-hop',
      payload: makeEnvelope('cellar-task', {
        batchId: seeded.batchId,
        stepKey: seeded.dryHopKey,
        actual: { value: 1, unit: 'Pounds' },
      }),
    }
  }),
  'POST /api/cellar/tasks/cold-crash': tenant('cellarWork', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: '/api/cellar/tasks/cold-crash',
    payload: makeEnvelope('cellar-task', {
      id: uuid(),
      batchId: (await ctx.cellar()).batchId,
      temperature: { value: 34, unit: 'F' },
      note: 'Matrix crash',
    }),
  })),
  'POST /api/cellar/batches/:batchId/complete': tenant('planProduction', 'record', 200, async (ctx) => ({
    method: 'POST',
    url: `/api/cellar/batches/${(await ctx.cellar()).batchId}/complete`,
    payload: makeEnvelope('batch', { reason: 'Matrix write-off' }),
  })),
  'POST /api/cellar/cleaning': tenant('cellarWork', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: '/api/cellar/cleaning',
    payload: makeEnvelope('cleaning', {
      id: uuid(),
      vesselId: (await ctx.cellar()).briteId,
      kind: 'sanitise',
      chemical: 'Star San',
      concentration: '1 oz / 5 gal',
      temperature: { value: 68, unit: 'F' },
      durationMinutes: 2,
      verification: 'Visual',
    }),
  })),
  'GET /api/cellar/devices': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/cellar/devices',
  })),
  'POST /api/cellar/devices': tenant('manageEquipment', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: '/api/cellar/devices',
    payload: makeEnvelope('device', {
      id: uuid(),
      name: 'Matrix Tilt',
      kind: 'tilt',
      vesselId: (await ctx.cellar()).fermenterId,
    }),
  })),
  'DELETE /api/cellar/devices/:deviceId': tenant('manageEquipment', 'record', 204, async (ctx) => {
    const id = uuid()
    const device = await ctx.asAdmin({
      method: 'POST',
      url: '/api/cellar/devices',
      payload: makeEnvelope('device', {
        id,
        name: 'Matrix stream',
        kind: 'custom',
        vesselId: null,
      }),
    })
    if (device.statusCode !== 201) throw new Error(`seeding a device: ${JSON.stringify(device.body)}`)
    return { method: 'DELETE', url: `/api/cellar/devices/${id}` }
  }),
  'GET /api/first-week': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/first-week',
  })),
  'PUT /api/first-week/dismissal': tenant('read', 'brewery', 200, () => ({
    method: 'PUT',
    url: '/api/first-week/dismissal',
    payload: makeEnvelope('first-week', { dismissed: true }),
  })),
  // API keys (ADR 281): an Admin's; no key reaches them.
  'GET /api/api-keys': tenant('manageApiKeys', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/api-keys',
  })),
  'GET /api/api-keys/uses': tenant('manageApiKeys', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/api-keys/uses?limit=10',
  })),
  'POST /api/api-keys': tenant('manageApiKeys', 'brewery', 201, () => ({
    method: 'POST',
    url: '/api/api-keys',
    payload: makeEnvelope('api-key', {
      id: uuid(),
      name: 'Matrix key',
      scopes: ['products:read'],
      expiresOn: null,
    }),
  })),
  'POST /api/api-keys/:keyId/revoke': tenant('manageApiKeys', 'record', 200, async (ctx) => {
    const id = uuid()
    const key = await ctx.asAdmin({
      method: 'POST',
      url: '/api/api-keys',
      payload: makeEnvelope('api-key', {
        id,
        name: 'Matrix revoke',
        scopes: ['products:read'],
        expiresOn: null,
      }),
    })
    if (key.statusCode !== 201) throw new Error(`seeding an API key: ${JSON.stringify(key.body)}`)
    return { method: 'POST', url: `/api/api-keys/${id}/revoke`, payload: makeEnvelope('api-key', {}) }
  }),
  // Webhooks (ADR 282): an Admin's; no key reaches them. A public address literal: no DNS, nothing delivered.
  'GET /api/webhook-endpoints': tenant('manageWebhooks', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/webhook-endpoints',
  })),
  'POST /api/webhook-endpoints': tenant('manageWebhooks', 'brewery', 201, () => ({
    method: 'POST',
    url: '/api/webhook-endpoints',
    payload: makeEnvelope('webhook-endpoint', newEndpoint(uuid())),
  })),
  'PUT /api/webhook-endpoints/:endpointId': tenant('manageWebhooks', 'record', 200, async (ctx) => {
    const id = await seedEndpoint(ctx)
    return {
      method: 'PUT',
      url: `/api/webhook-endpoints/${id}`,
      payload: makeEnvelope('webhook-endpoint', {
        url: MATRIX_ENDPOINT_URL,
        description: 'Changed',
        eventTypes: ['order.created'],
        enabled: false,
      }),
    }
  }),
  'DELETE /api/webhook-endpoints/:endpointId': tenant('manageWebhooks', 'record', 204, async (ctx) => ({
    method: 'DELETE',
    url: `/api/webhook-endpoints/${await seedEndpoint(ctx)}`,
  })),
  'POST /api/webhook-endpoints/:endpointId/rotate-secret': tenant(
    'manageWebhooks',
    'record',
    200,
    async (ctx) => ({
      method: 'POST',
      url: `/api/webhook-endpoints/${await seedEndpoint(ctx)}/rotate-secret`,
      payload: makeEnvelope('webhook-endpoint', {}),
    }),
  ),
  'POST /api/webhook-endpoints/:endpointId/test': tenant('manageWebhooks', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: `/api/webhook-endpoints/${await seedEndpoint(ctx)}/test`,
    payload: makeEnvelope('webhook-endpoint', {}),
  })),
  'GET /api/webhook-endpoints/:endpointId/attempts': tenant('manageWebhooks', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/webhook-endpoints/${await seedEndpoint(ctx)}/attempts?limit=10`,
  })),
  'POST /api/webhook-endpoints/:endpointId/deliveries/:deliveryId/resend': tenant(
    'manageWebhooks',
    'record',
    200,
    async (ctx) => {
      const id = await seedEndpoint(ctx)
      const test = await ctx.asAdmin({
        method: 'POST',
        url: `/api/webhook-endpoints/${id}/test`,
        payload: makeEnvelope('webhook-endpoint', {}),
      })
      if (test.statusCode !== 201) throw new Error(`seeding a delivery: ${JSON.stringify(test.body)}`)
      const { deliveryId } = (test.body as { data: { deliveryId: string } }).data
      return {
        method: 'POST',
        url: `/api/webhook-endpoints/${id}/deliveries/${deliveryId}/resend`,
        payload: makeEnvelope('webhook-endpoint', {}),
      }
    },
  ),
  'GET /api/cellar/settings': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/cellar/settings',
  })),
  'PUT /api/cellar/settings': tenant('manageEquipment', 'brewery', 200, () => ({
    method: 'PUT',
    url: '/api/cellar/settings',
    payload: makeEnvelope('cellar-settings', {
      cleanWindowHours: 24,
      sanitiseWindowHours: 4,
      alertRoles: ['Admin'],
    }),
  })),
  'GET /api/cellar/alerts': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/cellar/alerts',
  })),
  'POST /api/cellar/alerts/:alertId/acknowledge': tenant('cellarWork', 'record', 200, async (ctx) => ({
    method: 'POST',
    url: `/api/cellar/alerts/${(await ctx.cellar()).alertId}/acknowledge`,
    payload: makeEnvelope('alert', {}),
  })),
  // ---- brew day (docs/production.md "brew_step") ----
  'GET /api/batches/:batchId/brew-day': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/batches/${(await ctx.plannedBatch()).id}/brew-day`,
  })),
  'POST /api/batches/:batchId/brew-day': tenant('runBrewDay', 'record', 201, async (ctx) => ({
    method: 'POST',
    url: `/api/batches/${(await ctx.plannedBatch()).id}/brew-day`,
    payload: makeEnvelope('batch', {}),
  })),
  'POST /api/batches/:batchId/brew-day/steps/:stepKey/start': tenant(
    'runBrewDay',
    'record',
    200,
    async (ctx) => {
      const { id } = await brewing(ctx)
      return {
        method: 'POST',
        url: brewStep(id, 'strike-water', 'start'),
        payload: makeEnvelope('brew-step', {}),
      }
    },
  ),
  'POST /api/batches/:batchId/brew-day/steps/:stepKey/complete': tenant(
    'runBrewDay',
    'record',
    200,
    async (ctx) => {
      const { id } = await brewing(ctx, ['strike-water/start'])
      return {
        method: 'POST',
        url: brewStep(id, 'strike-water', 'complete'),
        payload: makeEnvelope('brew-step', {}),
      }
    },
  ),
  'POST /api/batches/:batchId/brew-day/steps/:stepKey/extend': tenant(
    'runBrewDay',
    'record',
    200,
    async (ctx) => {
      const { id, mashKey } = await mashing(ctx)
      return {
        method: 'POST',
        url: brewStep(id, mashKey, 'extend'),
        payload: makeEnvelope('brew-step', { minutes: 5 }),
      }
    },
  ),
  'POST /api/batches/:batchId/brew-day/steps/:stepKey/acknowledge': tenant(
    'runBrewDay',
    'record',
    200,
    async (ctx) => {
      // The mash hop falls due when the mash starts.
      const { id, mashHopKey } = await mashing(ctx)
      return {
        method: 'POST',
        url: brewStep(id, mashHopKey, 'acknowledge'),
        payload: makeEnvelope('brew-step', {}),
      }
    },
  ),
  'POST /api/batches/:batchId/brew-day/steps/:stepKey/confirm': tenant(
    'runBrewDay',
    'record',
    200,
    async (ctx) => {
      const { id, mashHopKey } = await mashing(ctx)
      return {
        method: 'POST',
        url: brewStep(id, mashHopKey, 'confirm'),
        payload: makeEnvelope('brew-step', { actual: { value: 1, unit: 'Pounds' }, note: '' }),
      }
    },
  ),
  'POST /api/batches/:batchId/measurements': tenant('runBrewDay', 'record', 201, async (ctx) => {
    const { id } = await brewing(ctx)
    return {
      method: 'POST',
      url: `/api/batches/${id}/measurements`,
      payload: makeEnvelope('measurement', {
        id: uuid(),
        point: 'original-gravity',
        quantity: 'gravity',
        value: 1.05,
        unit: 'SG',
        sampleTemperature: { value: 68, unit: 'F' },
        instrument: 'hydrometer',
        note: '',
      }),
    }
  }),
  'POST /api/batches/:batchId/brew-day/finish': tenant('runBrewDay', 'record', 200, async (ctx) => {
    const { id, fermenterId } = await brewing(ctx)
    return {
      method: 'POST',
      url: `/api/batches/${id}/brew-day/finish`,
      payload: makeEnvelope('batch', { fermenterId, acceptCleaningWarning: true }),
    }
  }),
  // ---- equipment and batches (docs/production.md) ----
  'GET /api/equipment/brewhouses': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/equipment/brewhouses',
  })),
  'POST /api/equipment/brewhouses': tenant('manageEquipment', 'brewery', 201, () => ({
    method: 'POST',
    url: '/api/equipment/brewhouses',
    payload: makeEnvelope('brewhouse', brewhouseData()),
  })),
  'PUT /api/equipment/brewhouses/:brewhouseId': tenant('manageEquipment', 'record', 200, async (ctx) => {
    const { id, ...constants } = brewhouseData(await brewhouse(ctx))
    return {
      method: 'PUT',
      url: `/api/equipment/brewhouses/${id}`,
      payload: makeEnvelope('brewhouse', { ...constants, brewhouseEfficiency: 72 }),
    }
  }),
  'DELETE /api/equipment/brewhouses/:brewhouseId': tenant('manageEquipment', 'record', 204, async (ctx) => ({
    method: 'DELETE',
    url: `/api/equipment/brewhouses/${await brewhouse(ctx)}`,
  })),
  // A fresh brewhouse has no measured brews, so nothing to accept: the Admin's case is the 409 that says the
  // proposals changed (accepting real proposals is equipment.routes.test.ts's).
  'POST /api/equipment/brewhouses/:brewhouseId/calibrations': tenant(
    'manageEquipment',
    'record',
    409,
    async (ctx) => ({
      method: 'POST',
      url: `/api/equipment/brewhouses/${await brewhouse(ctx)}/calibrations`,
      payload: makeEnvelope('brewhouse', {
        version: 1,
        proposals: [{ constant: 'brewhouseEfficiency', proposed: 71.5 }],
      }),
    }),
  ),
  'GET /api/equipment/vessels': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/equipment/vessels',
  })),
  'POST /api/equipment/vessels': tenant('manageEquipment', 'brewery', 201, () => ({
    method: 'POST',
    url: '/api/equipment/vessels',
    payload: makeEnvelope('vessel', vesselData()),
  })),
  'PUT /api/equipment/vessels/:vesselId': tenant('manageEquipment', 'record', 200, async (ctx) => {
    const { id, ...vessel } = vesselData(await seededVessel(ctx))
    return {
      method: 'PUT',
      url: `/api/equipment/vessels/${id}`,
      payload: makeEnvelope('vessel', { ...vessel, state: 'sanitised' }),
    }
  }),
  'DELETE /api/equipment/vessels/:vesselId': tenant('manageEquipment', 'record', 204, async (ctx) => ({
    method: 'DELETE',
    url: `/api/equipment/vessels/${await seededVessel(ctx)}`,
  })),
  'GET /api/batches': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/batches?status=planned,brewing',
  })),
  'POST /api/batches': tenant('planProduction', 'brewery', 201, async (ctx) => ({
    method: 'POST',
    url: '/api/batches',
    payload: makeEnvelope('batch', await planData(ctx)),
  })),
  'GET /api/batches/:batchId': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/batches/${await plannedBatch(ctx)}`,
  })),
  'PUT /api/batches/:batchId': tenant('planProduction', 'record', 200, async (ctx) => ({
    method: 'PUT',
    url: `/api/batches/${await plannedBatch(ctx)}`,
    payload: makeEnvelope('batch', {
      plannedBrewDate: '2026-12-03',
      targetVolume: { quantity: 7, unit: 'BBL' },
    }),
  })),
  ...INVENTORY_MATRIX,
  ...SALES_MATRIX,
  ...KEGS_MATRIX,
  ...TRACE_MATRIX,
  ...ACCOUNTING_MATRIX,

  // ---- schedule (docs/production.md "Scheduling"): a Manager schedules, everyone reads ----
  'GET /api/schedule': tenant('read', 'brewery', 200, () => ({
    method: 'GET',
    url: '/api/schedule?from=2026-01-01&to=2026-03-01',
  })),
  'GET /api/schedule/capacity': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/schedule/capacity?productId=${(await ctx.product()).id}&date=2026-06-01&volumeBbl=5`,
  })),
  'GET /api/schedule/batches/:batchId': tenant('read', 'record', 200, async (ctx) => ({
    method: 'GET',
    url: `/api/schedule/batches/${(await ctx.scheduleSeed()).unbookedBatchId}`,
  })),
  'PUT /api/schedule/occupancies/:id': tenant('planProduction', 'record', 200, async (ctx) => {
    const seed = await ctx.scheduleSeed()
    return {
      method: 'PUT',
      url: `/api/schedule/occupancies/${seed.occupancyId}`,
      payload: makeEnvelope('schedule', { vesselId: seed.vesselId, start: '2031-01-01', end: '2031-01-15' }),
    }
  }),
  'POST /api/schedule/batches/:batchId/book': tenant('planProduction', 'record', 201, async (ctx) => {
    const seed = await ctx.scheduleSeed()
    return {
      method: 'POST',
      url: `/api/schedule/batches/${seed.unbookedBatchId}/book`,
      payload: makeEnvelope('schedule', { fermenterId: seed.vesselId }),
    }
  }),
  'PUT /api/schedule/batches/:batchId/durations': tenant('planProduction', 'record', 200, async (ctx) => ({
    method: 'PUT',
    url: `/api/schedule/batches/${(await ctx.scheduleSeed()).bookedBatchId}/durations`,
    payload: makeEnvelope('schedule', { fermentationDays: 10, conditioningDays: 5 }),
  })),
  'POST /api/schedule/shifts/accept': tenant('planProduction', 'record', 200, async (ctx) => ({
    method: 'POST',
    url: '/api/schedule/shifts/accept',
    payload: makeEnvelope('schedule', { occupancyId: (await ctx.scheduleSeed()).shiftedOccupancyId }),
  })),
  'PUT /api/schedule/settings': tenant('planProduction', 'brewery', 200, () => ({
    method: 'PUT',
    url: '/api/schedule/settings',
    payload: makeEnvelope('schedule', { cleaningGapHours: 4 }),
  })),
  'POST /api/schedule/feed': tenant('planProduction', 'brewery', 201, () => ({
    method: 'POST',
    url: '/api/schedule/feed',
  })),
  'DELETE /api/schedule/feed': tenant('planProduction', 'brewery', 204, () => ({
    method: 'DELETE',
    url: '/api/schedule/feed',
  })),
}

// ---- equipment and batches: seeds of brewery A ----
const brewhouseData = (id: string = uuid()) => ({
  id,
  name: 'Matrix 10 bbl',
  ...DEFAULT_BREWHOUSE_CONSTANTS,
})
const vesselData = (id: string = uuid()) => ({
  id,
  name: 'FV-M',
  kind: 'fermenter',
  capacityBbl: 12,
  workingCapacityBbl: 10,
  state: 'clean',
})
async function seeded(
  ctx: RequestContext,
  url: string,
  type: 'brewhouse' | 'vessel' | 'batch',
  data: object,
) {
  const response = await ctx.asAdmin({ method: 'POST', url, payload: makeEnvelope(type, data) })
  if (response.statusCode !== 201) throw new Error(`seeding a ${type}: ${JSON.stringify(response.body)}`)
  return (response.body as { data: { id: string } }).data.id
}
/** A brewhouse of brewery A (the default 10 bbl constants). */
const brewhouse = (ctx: RequestContext) =>
  seeded(ctx, '/api/equipment/brewhouses', 'brewhouse', brewhouseData())
const seededVessel = (ctx: RequestContext) => seeded(ctx, '/api/equipment/vessels', 'vessel', vesselData())
/** Plan Batch of a fresh product's recipe on a fresh brewhouse of brewery A. */
async function planData(ctx: RequestContext) {
  const product = await ctx.product()
  return {
    id: uuid(),
    productId: product.id,
    recipeId: product.recipeId,
    brewhouseId: await brewhouse(ctx),
    plannedBrewDate: '2026-12-01',
    targetVolume: { quantity: 5, unit: 'BBL' },
  }
}
const plannedBatch = async (ctx: RequestContext) => seeded(ctx, '/api/batches', 'batch', await planData(ctx))

/** Seeding helpers the factories above share with the harness. */
export const SEED = { pkg, note, attribute }

/** A public address literal: saved without DNS; nothing listens there, and the matrix starts no job queue. */
const MATRIX_ENDPOINT_URL = 'https://93.184.215.14/brewcommand-matrix'
const newEndpoint = (id: string) => ({
  id,
  url: MATRIX_ENDPOINT_URL,
  description: 'Matrix endpoint',
  eventTypes: ['product.created'],
})

/** A fresh webhook endpoint of brewery A. */
async function seedEndpoint(ctx: RequestContext): Promise<string> {
  const id = uuid()
  const made = await ctx.asAdmin({
    method: 'POST',
    url: '/api/webhook-endpoints',
    payload: makeEnvelope('webhook-endpoint', newEndpoint(id)),
  })
  if (made.statusCode !== 201) throw new Error(`seeding a webhook endpoint: ${JSON.stringify(made.body)}`)
  return id
}

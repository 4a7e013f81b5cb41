// A brewery with history, written through the app's own routes (and so its services), deterministic from a
// seed (issue 40, ADR 331). `npm run seed -- --scale week|month|year` runs it on the configured database;
// seed.test.ts checks the digest of a week on PGlite.
//
// Written today: the Admin (a built-in identity provider account), the brewery (onboarding), vessels, products
// with their packaging, stock items with lots and their consumption, customers with draft orders. The
// production history (batches with brew days and measurements, cellar movements, packaging runs, devices with
// readings), invoices and payments, kegs and trace are NOT written yet: each has its step below (`TODO` in
// STEPS), to be filled as its service offers a batch path.
import { createHash } from 'node:crypto'
import { makeEnvelope } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { entities } from '../db/schema/entities.ts'
import type { Db } from '../db/client.ts'
import { mintJwt } from '../testing/tokens.ts'

export type Scale = 'week' | 'month' | 'year'
/** How many weeks of history a scale writes; counts grow with it (a year is issue 40's regional brewery). */
export const WEEKS: Record<Scale, number> = { week: 1, month: 4, year: 52 }

export interface SeedOptions {
  scale: Scale
  /** The PRNG's seed: the same seed writes the same brewery. */
  seed?: number
  /** The Admin's sign-in. */
  email?: string
  password?: string
}

export interface SeedResult {
  entityId: string
  email: string
  password: string
  counts: Record<string, number>
  /** A digest of what was written, without the ids and times the server picks. */
  digest: string
}

/** mulberry32: a small, fast, seeded PRNG (deterministic across platforms). */
export function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    /** A version-4 UUID from the PRNG's bits. */
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16))
      hex[12] = '4'
      hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)
      const s = hex.join('')
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
    },
  }
}

const STYLES = [
  'IPA',
  'Pale Ale',
  'Pilsner',
  'Stout',
  'Porter',
  'Saison',
  'Hefeweizen',
  'Amber',
  'Lager',
  'Sour',
]
const WORDS = [
  'Cascade',
  'Summit',
  'Rimrock',
  'Juniper',
  'Basalt',
  'Ponderosa',
  'Deschutes',
  'Tumalo',
  'Smith Rock',
  'Sisters',
]
const MALTS = [
  'Pale Malt',
  'Pilsner Malt',
  'Munich',
  'Crystal 40',
  'Chocolate',
  'Roasted Barley',
  'Wheat Malt',
  'Vienna',
]
const HOPS = ['Citra', 'Mosaic', 'Centennial', 'Simcoe', 'Cascade', 'Saaz', 'Hallertau', 'Amarillo']
const PLACES = ['Bend', 'Redmond', 'Sisters', 'Prineville', 'Madras', 'La Pine', 'Sunriver', 'Tumalo']
const KINDS = ['bar', 'restaurant', 'bottle-shop', 'taproom', 'distributor'] as const

/** Runs the seed against a built app (the caller opened the database and built it). */
export async function seedBrewery(app: FastifyInstance, db: Db, options: SeedOptions): Promise<SeedResult> {
  const rnd = prng(options.seed ?? 40)
  const weeks = WEEKS[options.scale]
  const email = options.email ?? 'admin@seed.brewcommand.example'
  const password = options.password ?? 'Seeded-brewery-2026!'
  const idp = app.builtInIdp
  if (!idp)
    throw new Error('The seed signs its Admin up with the built-in identity provider (OIDC_ISSUER unset).')

  // ---- the Admin and the brewery ----
  const signUp = await idp.accounts.signUp(
    { givenName: 'Seed', familyName: 'Admin', email, password },
    '127.0.0.1',
  )
  if (!signUp.ok) throw new Error(`signing the Admin up: ${JSON.stringify(signUp)}`)
  const account = signUp.account ?? (await idp.accountsRepo.findByEmail(email))
  if (!account) throw new Error(`no account for ${email}`)
  const token = await mintJwt(
    idp.keys.privateJwks.keys[0],
    { sub: account.id },
    { issuer: idp.settings.issuer, audience: idp.settings.audience, expiresIn: 6 * 3600 },
  )
  const digest = createHash('sha256')
  const counts: Record<string, number> = {}
  async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, expected = [200, 201]) {
    const response = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
    if (!expected.includes(response.statusCode))
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 400)}`)
    return response.body ? (response.json<{ data: unknown }>().data as Record<string, unknown>) : {}
  }
  const wrote = (kind: string, ...facts: unknown[]) => {
    counts[kind] = (counts[kind] ?? 0) + 1
    digest.update(`${kind}|${JSON.stringify(facts)}\n`)
  }
  const envelope = <D>(type: string, data: D) =>
    makeEnvelope(type, data, { correlationIdentifier: rnd.uuid(), now: new Date('2026-01-01T00:00:00Z') })

  const onboarded = await call(
    'POST',
    '/api/onboarding',
    envelope('OnboardingRequest', {
      user: {
        givenName: 'Seed',
        familyName: 'Admin',
        emailAddress: email,
        emailVerified: true,
        idpIdentifier: '',
      },
      entity: {
        name: 'High Desert Brewing',
        address: '40 Kettle Road',
        city: 'Bend',
        state: 'OR',
        zip: '97701',
        phone: '(541) 555-0140',
        ein: '98-7654040',
        type: 'Brewery',
      },
    }),
  )
  const entityId = String(onboarded.entityId)
  // A demo brewery is a paying one: the paywall would answer every write 402 (payments/payment-guard.ts).
  await db
    .update(entities)
    .set({ subscriptionPlan: 'monthly', subscriptionStatus: 'active' })
    .where(eq(entities.id, entityId))
  wrote('brewery', 'High Desert Brewing')

  const bootstrap = (await call('GET', '/api/users/bootstrap')) as {
    entities: { packagingTypes: { packageTypeId: string; packageType: string }[] }[]
  }
  const packagingTypes = bootstrap.entities[0].packagingTypes

  // ---- vessels (40 at a year; fewer for a demo week) ----
  const vesselCount = Math.min(40, 8 + weeks)
  for (let i = 0; i < vesselCount; i++) {
    const kind = i % 4 === 3 ? 'brite-tank' : 'fermenter'
    const capacity = rnd.pick([15, 30, 30, 60])
    const name = `${kind === 'brite-tank' ? 'BT' : 'FV'}-${String(i + 1).padStart(2, '0')}`
    await call(
      'POST',
      '/api/equipment/vessels',
      envelope('vessel', {
        id: rnd.uuid(),
        name,
        kind,
        capacityBbl: capacity,
        workingCapacityBbl: capacity * 0.9,
        state: 'clean',
      }),
    )
    wrote('vessel', name, kind, capacity)
  }

  // ---- products with their packaging (60 at a year) ----
  const packageIds: string[] = []
  const productCount = Math.min(60, 6 + weeks)
  for (let i = 0; i < productCount; i++) {
    const id = rnd.uuid()
    const name = `${rnd.pick(WORDS)} ${rnd.pick(STYLES)} ${i + 1}`
    await call(
      'POST',
      '/api/products',
      envelope('product', { id, name, description: `Seeded ${name}`, recipes: [] }),
    )
    wrote('product', name)
    for (const type of packagingTypes.slice(0, 2)) {
      const packageId = rnd.uuid()
      await call(
        'POST',
        `/api/products/${id}/packages`,
        envelope('product:package', {
          id: packageId,
          type: type.packageType,
          typeId: type.packageTypeId,
          sku: `HD-${i + 1}-${type.packageType.slice(0, 3).toUpperCase()}`,
          upc: '',
        }),
      )
      packageIds.push(packageId)
      wrote('package', name, type.packageType)
    }
  }

  // ---- stock items with lots and their consumption (200 items, 2,000 lots at a year) ----
  const itemCount = Math.min(200, 10 + 4 * weeks)
  const lotsPerItem = Math.max(1, Math.round((10 * weeks) / 52))
  for (let i = 0; i < itemCount; i++) {
    const itemId = rnd.uuid()
    const hop = i % 3 === 2
    const name = `${hop ? rnd.pick(HOPS) : rnd.pick(MALTS)} #${i + 1}`
    await call(
      'POST',
      '/api/inventory/items',
      envelope('stock', {
        id: itemId,
        name,
        category: hop ? 'hop' : 'fermentable',
        ingredientId: null,
        unit: 'kg',
        parLevel: hop ? 5 : 50,
        packageTypeId: null,
        perUnit: null,
      }),
    )
    wrote('stock item', name)
    for (let l = 0; l < lotsPerItem; l++) {
      const quantity = hop ? rnd.int(5, 20) : rnd.int(100, 1000)
      const day = 1 + Math.floor((l * 7 * weeks) / lotsPerItem)
      const receivedOn = new Date(Date.UTC(2026, 0, day)).toISOString().slice(0, 10)
      await call(
        'POST',
        `/api/inventory/items/${itemId}/lots`,
        envelope('stock', {
          id: rnd.uuid(),
          supplier: hop ? 'Yakima Hop Co.' : 'Great Western Malting',
          lotCode: `L${i + 1}-${l + 1}`,
          receivedOn,
          bestBefore: '2028-01-01',
          quantity,
          unit: 'kg',
          unitCostCents: hop ? rnd.int(1500, 3000) : rnd.int(90, 150),
          alphaAcid: hop ? rnd.int(5, 15) : null,
          colorLovibond: hop ? null : rnd.int(2, 500),
          extractPct: hop ? null : rnd.int(70, 82),
        }),
      )
      wrote('lot', name, l, quantity, receivedOn)
      // Consumption: what the brewery used of the lot (brewing's own consumption comes with the batches).
      const used = Math.floor(quantity * rnd.next() * 0.8)
      if (used > 0) {
        await call(
          'POST',
          `/api/inventory/items/${itemId}/adjustments`,
          envelope('stock', {
            id: rnd.uuid(),
            direction: 'remove',
            quantity: used,
            unit: 'kg',
            lotId: null,
            reason: 'Used in the brewhouse',
          }),
        )
        wrote('consumption', name, l, used)
      }
    }
  }

  // ---- customers and their orders (3,000 customers and 25,000 orders at a year: a share of them here) ----
  const customerCount = Math.min(3000, 5 + 10 * weeks)
  const customerIds: string[] = []
  for (let i = 0; i < customerCount; i++) {
    const id = rnd.uuid()
    const name = `${rnd.pick(WORDS)} ${rnd.pick(['Taproom', 'Grill', 'Market', 'Pub', 'Bottle Shop'])} ${i + 1}`
    const place = rnd.pick(PLACES)
    await call(
      'POST',
      '/api/sales/customers',
      envelope('sales', {
        id,
        name,
        kind: rnd.pick(KINDS),
        contacts: [
          {
            name: 'Buyer',
            email: `buyer${i + 1}@${place.toLowerCase().replace(/ /g, '')}.example`,
            phone: '',
          },
        ],
        priceListId: null,
      }),
    )
    customerIds.push(id)
    wrote('customer', name, place)
  }
  const orderCount = Math.min(25000, 10 * weeks)
  for (let i = 0; i < orderCount; i++) {
    const customerId = rnd.pick(customerIds)
    const lines = Array.from({ length: rnd.int(1, 3) }, () => ({
      id: rnd.uuid(),
      packageId: rnd.pick(packageIds),
      quantity: rnd.int(1, 10),
      unitPriceCents: rnd.int(4000, 18000),
    }))
    const day = 1 + Math.floor((i * 7 * weeks) / orderCount)
    const requestedDeliveryOn = new Date(Date.UTC(2026, 0, day + 3)).toISOString().slice(0, 10)
    await call(
      'POST',
      '/api/sales/orders',
      envelope('sales', { id: rnd.uuid(), customerId, requestedDeliveryOn, notes: '', lines }),
    )
    wrote(
      'order',
      customerIds.indexOf(customerId),
      requestedDeliveryOn,
      lines.map((l) => [packageIds.indexOf(l.packageId), l.quantity, l.unitPriceCents]),
    )
  }

  // ---- still to come (issue 40): each step writes through its service as that service offers a batch path ----
  // TODO batches: brew days and measurements (modules/production), then cellar movements (modules/cellar) and
  //      packaging runs; devices with readings every 15 minutes (the readings service's batch path).
  // TODO sales: dispatch, invoices and payments of the orders above (modules/sales).
  // TODO kegs with their scans, and trace (being built beside this seed).

  return { entityId, email, password, counts, digest: digest.digest('hex') }
}

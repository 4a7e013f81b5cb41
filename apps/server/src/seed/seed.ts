// A brewery with a history, written through the app's own routes (and so its services), deterministic from a
// seed (issue 40, ADR 331 and 370). `npm run seed -- --scale week|month|year` runs it on the configured
// database; seed.test.ts checks the digest of a week on PGlite.
//
// The brewery is the same size at every scale — 40 vessels, 100 devices in them, 60 products with three
// packaging options and a recipe each, 200 stock items — and what accumulates over time scales with the weeks
// (a year is issue 40's regional brewery): 500 batches brewed through their brew days with their measurements,
// samples, transfers and packaging runs; 2,000 lots received and consumed; 3,000 customers; 25,000 orders
// confirmed, picked, dispatched (invoiced) and mostly paid; 2,000 kegs scanned as they are filled, shipped,
// returned and cleaned; and a reading every 15 minutes from each device (3.5 million a year, through the
// ingestion service's bulk path). The app runs on a simulated clock (clock.ts) that walks through the history
// day by day and ends at midnight UTC today, so the brewery's last weeks are its present.
import { createHash } from 'node:crypto'
import { makeEnvelope } from '@brewcommand/domain'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { entities } from '../db/schema/entities.ts'
import type { Db } from '../db/client.ts'
import { mintJwt } from '../testing/tokens.ts'
import { installSeedClock } from './clock.ts'
import { routeProfile } from './route-profile.ts'
import { DAY, HOUR, prng, WEEKS, type Json, type Scale, type SeedContext } from './seed-kit.ts'
import { createProduction, type SeedProduct } from './seed-production.ts'
import { seedReadings } from './seed-readings.ts'
import { BASE_MALTS, RECIPE_HOPS, seedBrewhouse, seedRecipe, SPECIALTY_MALTS } from './seed-recipes.ts'
import { createSales } from './seed-sales.ts'
import { createStock } from './seed-stock.ts'

export { prng, WEEKS, type Scale } from './seed-kit.ts'

export interface SeedOptions {
  scale: Scale
  /** The PRNG's seed: the same seed writes the same brewery. */
  seed?: number
  /** The Admin's sign-in. */
  email?: string
  password?: string
  /** The end of the history (default: midnight UTC today); the digest does not depend on it. */
  until?: Date
  /** Progress lines (the year takes minutes). */
  log?: (line: string) => void
  /** Independent writes of a day sent at once (default 2; 1 writes one at a time). The digest is the same. */
  lanes?: number
  /** The statements sent to the database so far (the route profile shows them per request when given). */
  statements?: () => number
  /** The statements' texts since the last take: the first `first` requests of each route are logged with theirs. */
  trace?: { first: number; take: () => string[] }
}

export interface SeedResult {
  entityId: string
  email: string
  password: string
  counts: Record<string, number>
  /** A digest of what was written, without the ids and times the server picks, nor the dates of the days. */
  digest: string
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
const VESSELS = 40
const DEVICES = 100
const PRODUCTS = 60

/** Runs the seed against a built app (the caller opened the database and built it). */
export async function seedBrewery(app: FastifyInstance, db: Db, options: SeedOptions): Promise<SeedResult> {
  const rnd = prng(options.seed ?? 40)
  // The envelopes' correlation identifiers (the idempotency keys) from their own stream: writes sent at once
  // draw them in the order they start, which must not move the brewery's own draws (ADR 380).
  const envelopeKeys = prng(((options.seed ?? 40) ^ 0x5eed5eed) >>> 0)
  const weeks = WEEKS[options.scale]
  const days = weeks * 7
  const email = options.email ?? 'admin@seed.brewcommand.example'
  const password = options.password ?? 'Seeded-brewery-2026!'
  const idp = app.builtInIdp
  if (!idp)
    throw new Error('The seed signs its Admin up with the built-in identity provider (OIDC_ISSUER unset).')
  const until = options.until ?? new Date()
  const endsAt = Date.UTC(until.getUTCFullYear(), until.getUTCMonth(), until.getUTCDate())
  const startsAt = endsAt - days * DAY

  // ---- the Admin (on the real clock: the account is made now) ----
  const signUp = await idp.accounts.signUp(
    { givenName: 'Seed', familyName: 'Admin', email, password },
    '127.0.0.1',
  )
  if (!signUp.ok) throw new Error(`signing the Admin up: ${JSON.stringify(signUp)}`)
  const account = signUp.account ?? (await idp.accountsRepo.findByEmail(email))
  if (!account) throw new Error(`no account for ${email}`)

  const clock = installSeedClock(startsAt + 15 * HOUR)
  const began = performance.now()
  const profile = routeProfile()
  const period = routeProfile()
  try {
    // Valid from the history's first day to a year past its last.
    const token = await mintJwt(
      idp.keys.privateJwks.keys[0],
      { sub: account.id },
      { issuer: idp.settings.issuer, audience: idp.settings.audience, expiresIn: (days + 365) * 86_400 },
    )
    const tracedCount = new Map<string, number>()
    /** The first requests of each route and statement count, with their statements (SEED_TRACE). */
    function traced(
      method: string,
      url: string,
      statements: number,
      trace: NonNullable<SeedOptions['trace']>,
    ) {
      const texts = trace.take()
      const key = `${method} ${url.replace(/[0-9a-f-]{36}/g, ':id')}, ${statements} statements`
      const seen = tracedCount.get(key) ?? 0
      tracedCount.set(key, seen + 1)
      if (seen >= trace.first) return
      options.log?.(key)
      for (const text of texts.slice(-statements)) options.log?.(`    ${text}`)
    }
    const digest = createHash('sha256')
    const counts: Record<string, number> = {}
    async function call(
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: unknown,
      expected = [200, 201],
    ) {
      const began = performance.now()
      const sent = options.statements?.() ?? 0
      const response = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      const ms = performance.now() - began
      const statements = (options.statements?.() ?? 0) - sent
      if (options.trace) traced(method, url, statements, options.trace)
      profile.add(method, url, ms, statements)
      period.add(method, url, ms, statements)
      if (!expected.includes(response.statusCode))
        throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 600)}`)
      return response.body ? (response.json<{ data: unknown }>().data as Json) : {}
    }
    const envelope = (type: string, data: unknown) =>
      makeEnvelope(type, data, {
        correlationIdentifier: envelopeKeys.uuid(),
        now: new Date(clock.now()),
      })
    const ctx: SeedContext = {
      rnd,
      weeks,
      days,
      startsAt,
      clock,
      lanes: Math.max(1, options.lanes ?? 2),
      at(day, hours) {
        clock.set(startsAt + day * DAY + Math.round(hours * HOUR))
        return new Date(clock.now())
      },
      date: (day) => new Date(startsAt + day * DAY).toISOString().slice(0, 10),
      write: (method, url, type, data, expected) => call(method, url, envelope(type, data), expected),
      read: (url) => call('GET', url),
      wrote(kind, ...facts) {
        counts[kind] = (counts[kind] ?? 0) + 1
        digest.update(`${kind}|${JSON.stringify(facts)}\n`)
      },
      progress: (line) => options.log?.(`${((performance.now() - began) / 1000).toFixed(0)} s: ${line}`),
    }

    // ---- the brewery ----
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
    ctx.wrote('brewery', 'High Desert Brewing', days)
    const bootstrap = (await call('GET', '/api/users/bootstrap')) as unknown as {
      entities: { packagingTypes: { packageTypeId: string; packageType: string }[] }[]
    }
    const packagingTypes = bootstrap.entities[0].packagingTypes

    // ---- the brewhouse and the vessels: a fermenter of 30 or 40 bbl, every fourth a 60 bbl brite tank ----
    const brewhouseId = rnd.uuid()
    await ctx.write('POST', '/api/equipment/brewhouses', 'brewhouse', seedBrewhouse(brewhouseId))
    ctx.wrote('brewhouse', 'Thirty barrel')
    const vesselNames = new Map<string, string>()
    for (let i = 0; i < VESSELS; i++) {
      const kind = i % 4 === 3 ? 'brite-tank' : 'fermenter'
      const capacity = kind === 'brite-tank' ? 60 : rnd.pick([30, 30, 40])
      const name = `${kind === 'brite-tank' ? 'BT' : 'FV'}-${String(i + 1).padStart(2, '0')}`
      const id = rnd.uuid()
      await ctx.write('POST', '/api/equipment/vessels', 'vessel', {
        id,
        name,
        kind,
        capacityBbl: capacity,
        workingCapacityBbl: capacity * 0.9,
        state: 'clean',
      })
      vesselNames.set(id, name)
      ctx.wrote('vessel', name, kind, capacity)
    }

    // ---- products with a recipe and the three packaging options ----
    const products: SeedProduct[] = []
    const packageTypes = new Map<string, string>()
    for (let i = 0; i < PRODUCTS; i++) {
      const id = rnd.uuid()
      const name = `${rnd.pick(WORDS)} ${rnd.pick(STYLES)} ${i + 1}`
      const recipe = seedRecipe(rnd, id, name)
      await ctx.write('POST', '/api/products', 'product', {
        id,
        name,
        description: `Seeded ${name}`,
        recipes: [recipe],
      })
      ctx.wrote(
        'product',
        name,
        recipe.grainBill.map((g) => [g.ingredient.id, g.amount.value]),
      )
      const packages: Record<string, string> = {}
      for (const type of packagingTypes) {
        const packageId = rnd.uuid()
        await ctx.write('POST', `/api/products/${id}/packages`, 'product:package', {
          id: packageId,
          type: type.packageType,
          typeId: type.packageTypeId,
          sku: `HD-${i + 1}-${type.packageType
            .replace(/[^A-Za-z0-9]/g, '')
            .slice(0, 6)
            .toUpperCase()}`,
          upc: '',
        })
        packages[type.packageType] = packageId
        packageTypes.set(packageId, type.packageType)
        ctx.wrote('package', name, type.packageType)
      }
      products.push({ id, name, recipeId: recipe.id, packages })
    }

    // ---- devices: two or three in each vessel (a hydrometer, a thermometer, a pH probe) ----
    const devices: { token: string; vesselId: string; name: string }[] = []
    const vesselIds = [...vesselNames.keys()]
    for (let i = 0; i < DEVICES; i++) {
      const vesselId = vesselIds[i % vesselIds.length]
      const name = `${vesselNames.get(vesselId)} ${['iSpindel', 'Tilt', 'Probe'][Math.floor(i / vesselIds.length)]}`
      const added = await ctx.write('POST', '/api/cellar/devices', 'device', {
        id: rnd.uuid(),
        name,
        kind: i < vesselIds.length ? 'ispindel' : i < 2 * vesselIds.length ? 'tilt' : 'custom',
        vesselId,
      })
      devices.push({ token: String(added.token), vesselId, name })
      ctx.wrote('device', name)
    }

    const stock = createStock(ctx, { base: BASE_MALTS, specialty: SPECIALTY_MALTS, hops: RECIPE_HOPS })
    await stock.setup()
    const sales = createSales(ctx, packageTypes)
    await sales.setup()
    const production = createProduction(ctx, { products, brewhouseId, vesselNames })
    ctx.progress('set up: vessels, products, devices, stock items, customers and kegs')

    // ---- the days ----
    const daysBegan = performance.now()
    const statementsBefore = options.statements?.() ?? 0
    for (let day = 0; day < days; day++) {
      await stock.day(day)
      const packaged = await production.day(day)
      await sales.day(day, packaged)
      // A long scale's profile as it goes (SEED_PROFILE): each four weeks' routes, to see which grows (ADR 407).
      if (options.statements && day % 28 === 27) {
        for (const line of period.top(6)) ctx.progress(`  ${line}`)
        period.reset()
      }
    }

    ctx.progress(
      `the days: ${((performance.now() - daysBegan) / 1000).toFixed(1)} s` +
        (options.statements
          ? `, ${(options.statements() - statementsBefore).toLocaleString('en-US')} statements`
          : ''),
    )

    // ---- the devices' readings, through the ingestion service's bulk path ----
    clock.set(endsAt)
    const started = performance.now()
    counts.reading = await seedReadings(ctx, app.bulkIngest, devices, production.spells, endsAt)
    ctx.progress(`readings: ${counts.reading} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    // The planner's statistics for what was just written in bulk: without them PostgreSQL took a brewery of
    // 268,800 readings for about 1,100 and read a batch's readings through the whole brewery's index (ADR 400).
    await db.execute(sql`analyze`)
    for (const line of profile.top(20)) ctx.progress(line)
    return { entityId, email, password, counts, digest: digest.digest('hex') }
  } finally {
    clock.restore()
  }
}

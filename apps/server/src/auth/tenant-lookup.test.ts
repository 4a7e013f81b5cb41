import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import { breweryDataVersions, entities } from '../db/schema/entities.ts'
import { stripeSubscriptions } from '../db/schema/stripe.ts'
import { users } from '../db/schema/users.ts'
import { openTestDatabase, TEST_DATABASES } from '../testing/test-app.ts'
import { createTenantLookup } from './tenant.ts'

// The caller's row as the two statements read it: `find(sub)` (joins) and `find(sub, { dataVersion: true })`
// (the brewery's columns as subqueries of the caller's row, ADR 429) answer the same columns, the second with
// the brewery's data version, the sum of its slots (2 + 5 + 7 = 14 here), or null for a caller without one. A
// few dozen other breweries, each with a user and two slots, stand beside them (what made the joins' plan slow).
describe.each(TEST_DATABASES)('the tenant lookup (%s)', (kind) => {
  let database: Database
  const brewery = crypto.randomUUID()
  const paid = { sub: crypto.randomUUID(), id: crypto.randomUUID() }
  const unboarded = { sub: crypto.randomUUID(), id: crypto.randomUUID() }
  const statusAt = new Date('2026-11-01T10:00:00.123Z')

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    const db = database.db
    const entity = (id: string, name: string) => ({
      id,
      name,
      address: '1 Mash Lane',
      city: 'Hopton',
      state: 'OR',
      zip: '97000',
      phone: '555-0100',
      ein: '12-3456789',
      subscriptionStatus: 'active',
    })
    const others = Array.from({ length: 40 }, () => crypto.randomUUID())
    await db
      .insert(entities)
      .values([entity(brewery, 'Lookup Brewing'), ...others.map((id, i) => entity(id, `Other ${i}`))])
    await db.insert(users).values([
      { id: paid.id, idpIdentifier: paid.sub, entityId: brewery, role: 'Admin', email: 'a@lookup.test' },
      { id: unboarded.id, idpIdentifier: unboarded.sub, entityId: null, role: null, email: 'u@lookup.test' },
      ...others.map((entityId, i) => ({
        idpIdentifier: crypto.randomUUID(),
        entityId,
        role: 'Brewer',
        email: `o${i}@lookup.test`,
      })),
    ])
    await db.insert(stripeSubscriptions).values({ entityId: brewery, status: 'active', statusAt })
    await db.insert(breweryDataVersions).values([
      { entityId: brewery, slot: 0, version: 2 },
      { entityId: brewery, slot: 3, version: 5 },
      { entityId: brewery, slot: 31, version: 7 },
      ...others.flatMap((entityId) => [
        { entityId, slot: 0, version: 100 },
        { entityId, slot: 1, version: 100 },
      ]),
    ])
  })
  afterAll(async () => {
    await database?.close()
  })

  it('reads a paying member with the brewery, its subscription and its data version', async () => {
    const lookup = createTenantLookup(database.db)
    const row = { id: paid.id, entityId: brewery, role: 'Admin', status: 'active', statusAt }
    expect(await lookup.find(paid.sub)).toEqual(row)
    // Several times over, past the executions after which PostgreSQL may switch to its generic plan.
    for (let i = 0; i < 8; i++)
      expect(await lookup.find(paid.sub, { dataVersion: true })).toEqual({ ...row, dataVersion: 14 })
  })

  it('reads a caller without a brewery with no data version, and an unknown subject as nobody', async () => {
    const lookup = createTenantLookup(database.db)
    const row = { id: unboarded.id, entityId: null, role: null, status: null, statusAt: null }
    expect(await lookup.find(unboarded.sub)).toEqual(row)
    expect(await lookup.find(unboarded.sub, { dataVersion: true })).toEqual({ ...row, dataVersion: null })
    expect(await lookup.find(crypto.randomUUID(), { dataVersion: true })).toBeNull()
  })

  it('answers callers sharing one statement each with their own row', async () => {
    const lookup = createTenantLookup(database.db)
    const [a, b, c] = await Promise.all([
      lookup.find(paid.sub, { dataVersion: true }),
      lookup.find(unboarded.sub, { dataVersion: true }),
      lookup.find(paid.sub, { dataVersion: true }),
    ])
    expect([a?.dataVersion, b?.dataVersion, c?.dataVersion]).toEqual([14, null, 14])
    expect(a?.statusAt).toEqual(statusAt)
  })
})

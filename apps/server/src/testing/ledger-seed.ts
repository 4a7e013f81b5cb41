import type { Tenant } from '../auth/tenant.ts'
import type { Db } from '../db/client.ts'
import { entities } from '../db/schema/entities.ts'
import { liquidEvents, vessels } from '../db/schema/production.ts'
import { reportPeriods } from '../db/schema/reporting.ts'
import { users } from '../db/schema/users.ts'

// The rows the ledger's tests stand on, inserted directly: a brewery and its Manager, vessels, liquid events at
// chosen instants and closed report periods (the reporting module closes them through its own route).

/** A brewery with a Manager (the tenant the services are called as). */
export async function seedBrewery(db: Db, role: Tenant['role'] = 'Manager'): Promise<Tenant> {
  const [entity] = await db
    .insert(entities)
    .values({
      name: 'Ledger Brewing',
      address: '1 Cellar Row',
      city: 'Portland',
      state: 'OR',
      zip: '97201',
      phone: '(503) 555-0101',
      ein: '12-3456789',
    })
    .returning({ id: entities.id })
  const sub = crypto.randomUUID()
  const [user] = await db
    .insert(users)
    .values({ idpIdentifier: sub, entityId: entity.id, role, email: `${sub}@example.com` })
    .returning({ id: users.id })
  return { entityId: entity.id, role, userId: user.id, sub }
}

/** A vessel of the brewery (a brite tank of 20 bbl unless told). */
export async function seedVessel(db: Db, entityId: string, name = 'BT1', kind = 'brite-tank', capacity = 20) {
  const id = crypto.randomUUID()
  await db.insert(vessels).values({
    id,
    entityId,
    name,
    kind,
    capacityBbl: capacity.toFixed(5),
    workingCapacityBbl: capacity.toFixed(5),
  })
  return id
}

/** A liquid event at a chosen instant. */
export async function seedEvent(
  db: Db,
  entityId: string,
  values: Omit<typeof liquidEvents.$inferInsert, 'entityId'>,
) {
  const [row] = await db
    .insert(liquidEvents)
    .values({ ...values, entityId })
    .returning()
  return row
}

/** A closed report period (as the reporting module's close stores it). */
export async function seedClosedPeriod(
  db: Db,
  entityId: string,
  period: { report: string; period: string; fromDate: string; toDate: string },
) {
  await db.insert(reportPeriods).values({
    id: crypto.randomUUID(),
    entityId,
    ...period,
    snapshot: {},
    contentHash: 'seed',
  })
}

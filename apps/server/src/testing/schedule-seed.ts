import { DEFAULT_BREWHOUSE_CONSTANTS, formatBatchNumber } from '@brewcommand/domain'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import {
  batches,
  brewhouses,
  brewhouseVersions,
  vesselOccupancies,
  vessels,
} from '../db/schema/production.ts'

// Vessels, batches and occupancies of a brewery inserted straight into the database, for the schedule's tests
// (the equipment module's routes make them in the product).

export type SeedVessel = { id: string; name: string }

export async function seedVessel(
  db: Db,
  entityId: string,
  input: { name: string; kind?: string; workingCapacityBbl?: number; state?: string; position?: number },
): Promise<SeedVessel> {
  const id = crypto.randomUUID()
  const working = input.workingCapacityBbl ?? 10
  await db.insert(vessels).values({
    id,
    entityId,
    name: input.name,
    kind: input.kind ?? 'fermenter',
    capacityBbl: String(working * 1.2),
    workingCapacityBbl: String(working),
    state: input.state ?? 'clean',
    position: input.position ?? 0,
  })
  return { id, name: input.name }
}

/** A brewhouse with its first version, which every batch needs. */
export async function seedBrewhouse(db: Db, entityId: string) {
  const id = crypto.randomUUID()
  await db.insert(brewhouses).values({ id, entityId, name: 'Main 10 bbl' })
  const [version] = await db
    .insert(brewhouseVersions)
    .values({
      entityId,
      brewhouseId: id,
      version: 1,
      constants: { name: 'Main 10 bbl', ...DEFAULT_BREWHOUSE_CONSTANTS },
      reason: 'created',
    })
    .returning({ id: brewhouseVersions.id })
  return { brewhouseId: id, brewhouseVersionId: version.id }
}

/** A planned batch with the next free number of its year. */
export async function seedBatch(
  db: Db,
  entityId: string,
  brewhouse: { brewhouseId: string; brewhouseVersionId: string },
  input: {
    plannedBrewDate: string
    volumeBbl?: number
    productName?: string
    productId?: string
    status?: string
    recipe?: Record<string, unknown>
  },
) {
  const id = crypto.randomUUID()
  const year = Number(input.plannedBrewDate.slice(0, 4))
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${batches.sequence}), 0) + 1` })
    .from(batches)
    .where(and(eq(batches.entityId, entityId), eq(batches.year, year)))
  const sequence = Number(next)
  const number = formatBatchNumber(year, sequence)
  await db.insert(batches).values({
    id,
    entityId,
    number,
    year,
    sequence,
    productId: input.productId ?? null,
    productName: input.productName ?? 'Seeded Pale',
    recipeSnapshot: input.recipe ?? { style: '', yeast: { type: 'ale' } },
    ...brewhouse,
    plannedBrewDate: input.plannedBrewDate,
    targetVolumeBbl: String(input.volumeBbl ?? 7),
    status: input.status ?? 'planned',
  })
  return { id, number }
}

/** An occupancy as the cellar or brew day would write it (actuals included). */
export async function seedOccupancy(
  db: Db,
  entityId: string,
  input: {
    batchId: string
    vesselId: string
    stage?: string
    plannedStart: Date
    plannedEnd: Date
    actualStart?: Date | null
    actualEnd?: Date | null
  },
) {
  const [row] = await db
    .insert(vesselOccupancies)
    .values({ entityId, stage: 'fermentation', ...input })
    .returning({ id: vesselOccupancies.id })
  return row.id
}

const DAY = 86_400_000
const today = () => Math.floor(Date.now() / DAY) * DAY

/**
 * One fresh case of every schedule route (the security matrix's `ctx.scheduleSeed()`): a booked batch and a
 * free fermenter to move it to, a batch not booked yet, and an overdue batch whose later neighbour has a
 * proposed shift. Dates far from other cases, so cases never collide.
 */
export async function seedScheduleCase(db: Db, entityId: string) {
  const brewhouse = await seedBrewhouse(db, entityId)
  const vessel = await seedVessel(db, entityId, {
    name: `FV-${crypto.randomUUID().slice(0, 6)}`,
    workingCapacityBbl: 20,
  })
  const parked = await seedVessel(db, entityId, {
    name: `FV-${crypto.randomUUID().slice(0, 6)}`,
    workingCapacityBbl: 20,
  })
  const busy = await seedVessel(db, entityId, {
    name: `FV-${crypto.randomUUID().slice(0, 6)}`,
    workingCapacityBbl: 20,
  })
  const booked = await seedBatch(db, entityId, brewhouse, { plannedBrewDate: '2030-06-01' })
  const occupancyId = await seedOccupancy(db, entityId, {
    batchId: booked.id,
    vesselId: parked.id,
    plannedStart: new Date('2030-06-01T00:00:00Z'),
    plannedEnd: new Date('2030-06-15T00:00:00Z'),
  })
  const unbooked = await seedBatch(db, entityId, brewhouse, { plannedBrewDate: '2032-01-01' })
  const late = await seedBatch(db, entityId, brewhouse, {
    plannedBrewDate: '2020-01-01',
    status: 'fermenting',
  })
  await seedOccupancy(db, entityId, {
    batchId: late.id,
    vesselId: busy.id,
    plannedStart: new Date(today() - 20 * DAY),
    plannedEnd: new Date(today() - 5 * DAY),
    actualStart: new Date(today() - 20 * DAY),
  })
  const next = await seedBatch(db, entityId, brewhouse, { plannedBrewDate: '2020-01-02' })
  const shiftedOccupancyId = await seedOccupancy(db, entityId, {
    batchId: next.id,
    vesselId: busy.id,
    plannedStart: new Date(today()),
    plannedEnd: new Date(today() + 14 * DAY),
  })
  return {
    vesselId: vessel.id,
    occupancyId,
    bookedBatchId: booked.id,
    unbookedBatchId: unbooked.id,
    shiftedOccupancyId,
  }
}

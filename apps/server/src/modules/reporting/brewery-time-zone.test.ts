import { DEFAULT_TAX_SETTINGS, todayIn } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import { users } from '../../db/schema/users.ts'
import { startProductionApp, type ProductionApp } from '../../testing/production-harness.ts'
import { seedBatch, seedBrewhouse, seedOccupancy, seedVessel } from '../../testing/schedule-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { createCellarService } from '../cellar/cellar.service.ts'
import { createInventoryService } from '../inventory/inventory.service.ts'
import { createScheduleService } from '../schedule/schedule.service.ts'

// "Today" is the brewery's own day (docs/decisions/224-report-periods-in-the-brewery-time-zone.md): at 18:00 on
// 24 November in Portland, Oregon it is already 25 November in UTC.
const EVENING_IN_OREGON = Date.parse('2026-11-25T02:00:00Z')

describe.each(TEST_DATABASES)("the brewery's today on %s", (kind) => {
  let p: ProductionApp

  /** A new brewery with its Admin as a tenant, and a way to set its time zone through the API. */
  async function brewery() {
    const members = await p.brewery()
    const [admin] = await p.testDb.db.select().from(users).where(eq(users.idpIdentifier, members.Admin))
    const tenant: Tenant = { entityId: members.entityId, role: 'Admin', userId: admin.id, sub: members.Admin }
    const setZone = async (timeZone: string) => {
      const response = await p.write(members.Admin, 'PUT', '/api/reports/tax-settings', 'tax-settings', {
        ...DEFAULT_TAX_SETTINGS,
        timeZone,
      })
      expect(response.statusCode, response.body).toBe(200)
    }
    return { tenant, setZone, brewhouse: await seedBrewhouse(p.testDb.db, members.entityId) }
  }

  beforeAll(async () => {
    p = await startProductionApp(kind)
  })
  afterAll(async () => p?.close())

  it("lists the evening's brew days on the cellar dashboard as today's", async () => {
    const { tenant, setZone, brewhouse } = await brewery()
    const batch = await seedBatch(p.testDb.db, tenant.entityId, brewhouse, { plannedBrewDate: '2026-11-24' })
    const cellar = createCellarService({ db: p.testDb.db, now: () => new Date(EVENING_IN_OREGON) })
    const brewDays = async () => (await cellar.dashboard(tenant)).brewDaysToday.map((b) => b.id)
    expect(await brewDays()).toEqual([])
    await setZone('America/Los_Angeles')
    expect(await brewDays()).toEqual([batch.id])
  })

  it('grows an overdue batch to the end of the brewery’s today, not UTC’s', async () => {
    const { tenant, setZone, brewhouse } = await brewery()
    const vessel = await seedVessel(p.testDb.db, tenant.entityId, { name: 'FV-Evening' })
    const late = await seedBatch(p.testDb.db, tenant.entityId, brewhouse, {
      plannedBrewDate: '2026-11-10',
      status: 'fermenting',
    })
    await seedOccupancy(p.testDb.db, tenant.entityId, {
      batchId: late.id,
      vesselId: vessel.id,
      plannedStart: new Date('2026-11-10T00:00:00Z'),
      plannedEnd: new Date('2026-11-20T00:00:00Z'),
      actualStart: new Date('2026-11-10T00:00:00Z'),
    })
    const schedule = createScheduleService({
      db: p.testDb.db,
      publicUrl: 'http://localhost',
      now: () => EVENING_IN_OREGON,
    })
    const grownTo = async () => {
      const read = await schedule.read(tenant, { from: '2026-11-01', to: '2026-12-01' })
      expect(read.now).toBe(new Date(EVENING_IN_OREGON).toISOString())
      return read.bars.find((bar) => bar.batchId === late.id)!.end
    }
    expect(await grownTo()).toBe('2026-11-26T00:00:00.000Z')
    await setZone('America/Los_Angeles')
    expect(await grownTo()).toBe('2026-11-25T00:00:00.000Z')
  })

  it('asks "can we brew?" from the brewery’s today', async () => {
    const { tenant, setZone } = await brewery()
    // A zone whose date differs from UTC's at this hour: 14 hours ahead from 10:00 UTC, 11 behind before.
    const zone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago'
    await setZone(zone)
    const before = todayIn(zone)
    const { from } = await createInventoryService({ db: p.testDb.db }).canWeBrewWeeks(tenant, 2)
    // Midnight may pass during the call.
    expect([before, todayIn(zone)]).toContain(from)
    expect(from).not.toBe(new Date().toISOString().slice(0, 10))
  })
})

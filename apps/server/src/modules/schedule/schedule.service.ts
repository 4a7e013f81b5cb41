import { createHash, randomBytes } from 'node:crypto'
import {
  collisionMessage,
  collisions,
  DAY_MS,
  dayStart,
  DEFAULT_CLEANING_GAP_HOURS,
  defaultStageDays,
  effectiveInterval,
  firstBrewSlot,
  HOUR_MS,
  proposeShifts,
  renderIcalendar,
  utcDate,
  wallClockIn,
  vesselFitsStage,
  vesselRefusal,
  VESSEL_KINDS,
  type BatchBooking,
  type BookBatch,
  type Booking,
  type CalendarEvent,
  type CapacityAnswer,
  type CapacityQuery,
  type Interval,
  type MoveBooking,
  type ScheduleBar,
  type ScheduleRange,
  type ScheduleRead,
  type ScheduleSettings,
  type ScheduleVessel,
  type StageDurations,
  type TrackedBooking,
  type VesselStage,
} from '@brewcommand/domain'
import type { Db } from '../../db/client.ts'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import { AppError } from '../../errors.ts'
import { chooseStageVessels, recipeProfile } from './batch-booking.ts'
import {
  createScheduleRepository,
  type OccupancyRow,
  type ScheduleRepository,
  type VesselRow,
} from './schedule.repository.ts'

const GALLONS_PER_BARREL = 31

const ms = (date: Date | null) => (date ? date.getTime() : null)
const iso = (date: Date | number | null) => (date === null ? null : new Date(date).toISOString())

const toVessel = (row: VesselRow): ScheduleVessel => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  workingCapacityBbl: Number(row.workingCapacityBbl),
  state: row.state,
  archived: row.archivedAt !== null,
})

const isVesselStage = (stage: string): stage is VesselStage =>
  stage === 'fermentation' || stage === 'conditioning'

/** An occupancy row as the domain tracks it (planned and actual instants in ms). */
function tracked(row: OccupancyRow): TrackedBooking | null {
  if (!isVesselStage(row.stage)) return null
  const plannedStart = ms(row.plannedStart) ?? ms(row.actualStart)
  const plannedEnd = ms(row.plannedEnd) ?? ms(row.actualEnd) ?? plannedStart
  if (plannedStart === null || plannedEnd === null) return null
  return {
    id: row.id,
    batchId: row.batchId,
    batchNumber: row.batchNumber,
    vesselId: row.vesselId,
    stage: row.stage,
    start: plannedStart,
    end: plannedEnd,
    plannedStart,
    plannedEnd,
    actualStart: ms(row.actualStart),
    actualEnd: ms(row.actualEnd),
  }
}

/** Bookings where they really are now (an overdue batch has grown to now). */
const effectiveBookings = (rows: readonly OccupancyRow[], now: number): Booking[] =>
  rows.flatMap((row) => {
    const booking = tracked(row)
    if (!booking) return []
    const interval = effectiveInterval(booking, now)
    return [{ ...booking, start: interval.start, end: interval.end }]
  })

export const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * The vessel schedule (docs/production.md "Scheduling"): reads, bookings, moves, durations, accepted shifts,
 * capacity and the calendar feed. Every booking write locks the vessels it books before it checks them, so
 * two concurrent writes cannot both take the same days; conflicts are 409s naming the other batch or the
 * reason.
 */
/** The brewery's cleaning gap (ms) and now as its wall clock read as UTC, for one write's booking checks. */
export type BookingRules = { gap: number; at: number }

export function createScheduleService({
  db,
  repoFor = createScheduleRepository,
  publicUrl,
  // `new Date()`, as every service reads the time (the seed's simulated clock answers it: seed/clock.ts).
  now = () => new Date().getTime(),
}: {
  db: Db
  repoFor?: (db: Db) => ScheduleRepository
  publicUrl: string
  now?: () => number
}) {
  /**
   * Now, as the brewery's wall clock read as UTC: the schedule keeps its days as UTC midnights, so "today" and
   * "overdue" follow the brewery's own midnight (ADR 224).
   */
  async function calendarNow(repo: ScheduleRepository, entityId: string) {
    return wallClockIn(now(), await repo.timeZone(entityId))
  }

  /** What every booking check of one write needs, read once: the cleaning gap, and now as `calendarNow`. */
  async function bookingRules(repo: ScheduleRepository, entityId: string): Promise<BookingRules> {
    const settings = await repo.settings(entityId)
    return {
      gap: (settings?.cleaningGapHours ?? DEFAULT_CLEANING_GAP_HOURS) * HOUR_MS,
      at: await calendarNow(repo, entityId),
    }
  }

  /** Why `vessel` cannot take the candidate for the batch's volume and against its other bookings, or null. */
  async function refusalOf(
    repo: ScheduleRepository,
    entityId: string,
    vessel: VesselRow,
    candidate: Interval & { id?: string; batchId: string; stage: VesselStage },
    volumeBbl: number,
    { gap, at }: BookingRules,
  ): Promise<AppError | null> {
    if (!vesselFitsStage(vessel.kind, candidate.stage)) {
      const kind = VESSEL_KINDS[vessel.kind as keyof typeof VESSEL_KINDS] ?? vessel.kind
      return new AppError('VALIDATION_FAILED', `${vessel.name} (${kind}) cannot hold ${candidate.stage}.`, [
        { path: 'data.vesselId', message: `Choose a vessel for ${candidate.stage}` },
      ])
    }
    const refusal = vesselRefusal(toVessel(vessel), volumeBbl)
    if (refusal) return new AppError('CONFLICT', refusal)
    const others = effectiveBookings(await repo.openOccupancies(entityId, [vessel.id]), at)
    const [other] = collisions({ ...candidate, vesselId: vessel.id }, others, gap)
    return other ? new AppError('CONFLICT', collisionMessage(vessel.name, other)) : null
  }
  async function assertFree(...args: Parameters<typeof refusalOf>) {
    const refusal = await refusalOf(...args)
    if (refusal) throw refusal
  }

  async function findBatch(repo: ScheduleRepository, tenant: Tenant, batchId: string) {
    const batch = await repo.batch(tenant.entityId, batchId)
    if (!batch) throw new AppError('NOT_FOUND', 'Batch not found.')
    return batch
  }

  /** The planned batch's new brew day when its fermentation moved (brew day and fermentation start together). */
  async function followBrewDay(repo: ScheduleRepository, entityId: string, row: OccupancyRow, start: number) {
    if (row.stage === 'fermentation' && row.batchStatus === 'planned') {
      await repo.setPlannedBrewDate(entityId, row.batchId, utcDate(start))
    }
  }

  return {
    /**
     * Books a planned batch's stages from its brew day (Plan Batch calls this in its transaction): the
     * fermentation in the chosen fermenter or the first free one that holds the batch, the conditioning that
     * follows in the first free brite tank (none when the brewery has no brite tank or zero days). Brew day and
     * packaging day are the batch's dates (the brewhouse is not a vessel). Durations default by the recipe's
     * yeast and style.
     */
    async bookBatchStages(tx: Db, tenant: Tenant, batchId: string, options: BookBatch = {}) {
      const repo = repoFor(tx)
      const batch = await findBatch(repo, tenant, batchId)
      assertCan(tenant, 'planProduction')
      const existing = await repo.occupanciesOfBatch(tenant.entityId, batchId)
      if (existing.length > 0) throw new AppError('CONFLICT', `Batch ${batch.number} is already booked.`)
      const rules = await bookingRules(repo, tenant.entityId)
      // Both vessels are chosen before anything is written, so a refusal leaves no half booking behind.
      const { plan, days, fermenter, brite } = await chooseStageVessels(
        { repo, entityId: tenant.entityId, refusalOf, rules, lock: true },
        batch,
        options,
      )
      const fermentationId = await repo.insertOccupancy(tenant.entityId, {
        batchId,
        vesselId: fermenter.id,
        stage: 'fermentation',
        plannedStart: new Date(plan.fermentation.start),
        plannedEnd: new Date(plan.fermentation.end),
      })
      const conditioning = brite
        ? {
            id: await repo.insertOccupancy(tenant.entityId, {
              batchId,
              vesselId: brite.id,
              stage: 'conditioning',
              plannedStart: new Date(plan.conditioning.start),
              plannedEnd: new Date(plan.conditioning.end),
            }),
            vesselId: brite.id,
          }
        : null
      return {
        batchId,
        batchNumber: batch.number,
        brewDate: batch.plannedBrewDate,
        fermentation: { id: fermentationId, vesselId: fermenter.id },
        conditioning,
        packagingDate: utcDate(conditioning ? plan.conditioning.end : plan.fermentation.end),
        ...days,
      }
    },

    /**
     * What Plan Batch calls in its own transaction: books the new batch's stages into the first free vessels,
     * or leaves it unbooked (the schedule lists it under "not booked yet") when none is free — planning a batch
     * never fails for want of a tank.
     */
    async bookIfFree(tx: Db, tenant: Tenant, batchId: string, options: BookBatch = {}) {
      try {
        return await this.bookBatchStages(tx, tenant, batchId, options)
      } catch (error) {
        if (error instanceof AppError && error.code === 'CONFLICT') return null
        throw error
      }
    },

    /**
     * What Change Plan calls in its transaction: a planned batch's bookings not yet started move with its new
     * brew day and must hold its new volume (refused like any booking, which refuses the change); a batch not
     * booked yet is booked if a tank is free.
     */
    async followPlan(tx: Db, tenant: Tenant, batchId: string) {
      const repo = repoFor(tx)
      const batch = await findBatch(repo, tenant, batchId)
      const rows = (await repo.occupanciesOfBatch(tenant.entityId, batchId)).filter(
        (row) => !row.actualStart && isVesselStage(row.stage) && row.plannedStart && row.plannedEnd,
      )
      const fermentation = rows.find((row) => row.stage === 'fermentation')
      if (!fermentation) {
        if ((await repo.occupanciesOfBatch(tenant.entityId, batchId)).length === 0) {
          await this.bookIfFree(tx, tenant, batchId)
        }
        return
      }
      const delta = dayStart(batch.plannedBrewDate) - startOfDay(fermentation.plannedStart!)
      const locked = await repo.lockVessels(
        tenant.entityId,
        rows.map((row) => row.vesselId),
      )
      const byId = new Map(locked.map((v) => [v.id, v]))
      const rules = await bookingRules(repo, tenant.entityId)
      for (const row of rows) {
        const start = row.plannedStart!.getTime() + delta
        const end = row.plannedEnd!.getTime() + delta
        await assertFree(
          repo,
          tenant.entityId,
          byId.get(row.vesselId)!,
          { id: row.id, batchId, stage: row.stage as VesselStage, start, end },
          Number(batch.targetVolumeBbl),
          rules,
        )
        if (delta !== 0) {
          await repo.updateOccupancy(tenant.entityId, row.id, {
            plannedStart: new Date(start),
            plannedEnd: new Date(end),
          })
        }
      }
    },

    /** Moves a booking to other days and/or another vessel; its batch's brew day follows its fermentation. */
    async move(tx: Db, tenant: Tenant, occupancyId: string, input: MoveBooking) {
      const repo = repoFor(tx)
      const row = await repo.occupancy(tenant.entityId, occupancyId)
      if (!row) throw new AppError('NOT_FOUND', 'Booking not found.')
      assertCan(tenant, 'planProduction')
      if (!isVesselStage(row.stage)) throw new AppError('CONFLICT', 'This booking is not on a vessel.')
      if (row.actualEnd) {
        throw new AppError(
          'CONFLICT',
          `Batch ${row.batchNumber} has left this vessel; its dates are what happened.`,
        )
      }
      const start = dayStart(input.start)
      const end = dayStart(input.end)
      if (row.actualStart && (input.vesselId !== row.vesselId || start !== startOfDay(row.actualStart))) {
        throw new AppError(
          'CONFLICT',
          `Batch ${row.batchNumber} is already in its vessel; only its end can move.`,
        )
      }
      const [vessel] = await repo.lockVessels(tenant.entityId, [input.vesselId])
      if (!vessel) throw new AppError('NOT_FOUND', 'Vessel not found.')
      const rules = await bookingRules(repo, tenant.entityId)
      await assertFree(
        repo,
        tenant.entityId,
        vessel,
        { id: row.id, batchId: row.batchId, stage: row.stage, start, end },
        Number(row.volumeBbl),
        rules,
      )
      await repo.updateOccupancy(tenant.entityId, row.id, {
        vesselId: vessel.id,
        plannedStart: row.actualStart ? (row.plannedStart ?? row.actualStart) : new Date(start),
        plannedEnd: new Date(end),
      })
      await followBrewDay(repo, tenant.entityId, row, start)
      return { id: row.id, batchId: row.batchId, vesselId: vessel.id, start: iso(start)!, end: iso(end)! }
    },

    /** A batch's own stage durations: its bookings not yet ended are laid out again from its fermentation start. */
    async setDurations(tx: Db, tenant: Tenant, batchId: string, input: StageDurations) {
      const repo = repoFor(tx)
      const batch = await findBatch(repo, tenant, batchId)
      assertCan(tenant, 'planProduction')
      const rows = await repo.occupanciesOfBatch(tenant.entityId, batchId)
      const fermentation = rows.find((r) => r.stage === 'fermentation')
      if (!fermentation) throw new AppError('CONFLICT', `Batch ${batch.number} is not booked yet.`)
      const conditioning = rows.find((r) => r.stage === 'conditioning') ?? null
      const locked = await repo.lockVessels(tenant.entityId, [
        fermentation.vesselId,
        ...(conditioning ? [conditioning.vesselId] : []),
      ])
      const byId = new Map(locked.map((v) => [v.id, v]))
      const rules = await bookingRules(repo, tenant.entityId)
      const volume = Number(batch.targetVolumeBbl)
      const fermentationStart = ms(fermentation.actualStart) ?? ms(fermentation.plannedStart)!
      const fermentationEnd = fermentation.actualEnd
        ? fermentation.actualEnd.getTime()
        : startOfDay(fermentationStart) + input.fermentationDays * DAY_MS
      if (!fermentation.actualEnd) {
        await assertFree(
          repo,
          tenant.entityId,
          byId.get(fermentation.vesselId)!,
          {
            id: fermentation.id,
            batchId,
            stage: 'fermentation',
            start: fermentationStart,
            end: fermentationEnd,
          },
          volume,
          rules,
        )
        await repo.updateOccupancy(tenant.entityId, fermentation.id, {
          plannedEnd: new Date(fermentationEnd),
        })
      }
      if (conditioning && !conditioning.actualStart) {
        const start = fermentationEnd
        const end = start + Math.max(1, input.conditioningDays) * DAY_MS
        await assertFree(
          repo,
          tenant.entityId,
          byId.get(conditioning.vesselId)!,
          { id: conditioning.id, batchId, stage: 'conditioning', start, end },
          volume,
          rules,
        )
        await repo.updateOccupancy(tenant.entityId, conditioning.id, {
          plannedStart: new Date(start),
          plannedEnd: new Date(end),
        })
      }
      return { batchId, batchNumber: batch.number, ...input }
    },

    /** Accepts the proposed shift of one booking (computed again here, never taken from the request). */
    async acceptShift(tx: Db, tenant: Tenant, occupancyId: string) {
      const repo = repoFor(tx)
      const row = await repo.occupancy(tenant.entityId, occupancyId)
      if (!row) throw new AppError('NOT_FOUND', 'Booking not found.')
      assertCan(tenant, 'planProduction')
      const [vessel] = await repo.lockVessels(tenant.entityId, [row.vesselId])
      const { gap, at } = await bookingRules(repo, tenant.entityId)
      // The whole brewery's open bookings: a conditioning's shift comes from its fermentation in another
      // vessel (ADR 223). Only this vessel's bookings change, under its lock.
      const open = await repo.openOccupancies(tenant.entityId)
      const shifts = proposeShifts(
        open.flatMap((r) => tracked(r) ?? []),
        at,
        gap,
      )
      const shift = shifts.find((s) => s.occupancyId === occupancyId)
      if (!shift) throw new AppError('CONFLICT', `Batch ${row.batchNumber} has no proposed shift any more.`)
      // The other bookings that stay where they are (those with their own proposed shift move later).
      const staying = effectiveBookings(open, at).filter(
        (b) => !shifts.some((s) => s.occupancyId === b.id && s.occupancyId !== occupancyId),
      )
      const [other] = collisions(
        { ...shift.to, id: row.id, batchId: row.batchId, vesselId: row.vesselId },
        staying,
        gap,
      )
      if (other) throw new AppError('CONFLICT', collisionMessage(vessel.name, other))
      await repo.updateOccupancy(tenant.entityId, row.id, {
        plannedStart: new Date(shift.to.start),
        plannedEnd: new Date(shift.to.end),
      })
      await followBrewDay(repo, tenant.entityId, row, shift.to.start)
      return { id: row.id, batchId: row.batchId, start: iso(shift.to.start)!, end: iso(shift.to.end)! }
    },

    async saveSettings(tx: Db, tenant: Tenant, input: ScheduleSettings) {
      assertCan(tenant, 'planProduction')
      const row = await repoFor(tx).saveSettings(tenant.entityId, {
        cleaningGapHours: input.cleaningGapHours,
      })
      return { cleaningGapHours: row.cleaningGapHours }
    },

    /** One batch's bookings, or why a planned batch is not booked (a booking's refusal now, nothing written). */
    async batchBooking(tenant: Tenant, batchId: string): Promise<BatchBooking> {
      const repo = repoFor(db)
      const batch = await findBatch(repo, tenant, batchId)
      const [rows, vesselRows, rules] = await Promise.all([
        repo.occupanciesOfBatch(tenant.entityId, batchId),
        repo.vessels(tenant.entityId),
        bookingRules(repo, tenant.entityId),
      ])
      const names = new Map(vesselRows.map((v) => [v.id, v.name]))
      const bookings = rows.flatMap((row) => {
        const booking = tracked(row)
        if (!booking) return []
        const interval = effectiveInterval(booking, rules.at)
        return [
          {
            id: row.id,
            stage: booking.stage,
            vesselId: row.vesselId,
            vesselName: names.get(row.vesselId) ?? 'A vessel',
            start: iso(interval.start)!,
            end: iso(interval.end)!,
            actualStart: iso(row.actualStart),
            actualEnd: iso(row.actualEnd),
          },
        ]
      })
      let notBooked: string | null = null
      if (bookings.length === 0 && batch.status === 'planned') {
        try {
          await chooseStageVessels(
            { repo, entityId: tenant.entityId, refusalOf, rules, lock: false },
            batch,
            {},
          )
        } catch (error) {
          if (!(error instanceof AppError)) throw error
          notBooked = error.message
        }
        notBooked ??= 'A fermenter is free now: book it on the Schedule.'
      }
      return { batchId, batchNumber: batch.number, bookings, notBooked }
    },

    /** The schedule of [from, to): vessels, bars where they really are, batch days, proposed shifts. */
    async read(tenant: Tenant, range: ScheduleRange): Promise<ScheduleRead> {
      const repo = repoFor(db)
      const from = new Date(dayStart(range.from))
      const to = new Date(dayStart(range.to))
      const [at, settings, vesselRows, rows, open, brewed, unbooked] = await Promise.all([
        calendarNow(repo, tenant.entityId),
        repo.settings(tenant.entityId),
        repo.vessels(tenant.entityId),
        repo.occupanciesBetween(tenant.entityId, from, to),
        repo.openOccupancies(tenant.entityId),
        repo.batchesBrewedBetween(tenant.entityId, range.from, range.to),
        repo.unbookedBatches(tenant.entityId),
      ])
      const gap = (settings?.cleaningGapHours ?? DEFAULT_CLEANING_GAP_HOURS) * HOUR_MS
      const bars: ScheduleBar[] = rows.flatMap((row) => {
        const booking = tracked(row)
        if (!booking) return []
        const interval = effectiveInterval(booking, at)
        return [
          {
            id: row.id,
            batchId: row.batchId,
            batchNumber: row.batchNumber,
            productName: row.productName,
            vesselId: row.vesselId,
            stage: booking.stage,
            start: iso(interval.start)!,
            end: iso(interval.end)!,
            plannedStart: iso(row.plannedStart),
            plannedEnd: iso(row.plannedEnd),
            actualStart: iso(row.actualStart),
            actualEnd: iso(row.actualEnd),
            grown: interval.grown,
            volumeBbl: Number(row.volumeBbl),
          },
        ]
      })
      const days: ScheduleRead['days'] = brewed.map((b) => ({
        batchId: b.id,
        batchNumber: b.number,
        productName: b.productName,
        stage: 'brew' as const,
        date: b.plannedBrewDate,
      }))
      for (const bar of bars) {
        if (bar.stage !== 'conditioning' || bar.actualEnd) continue
        const date = utcDate(Date.parse(bar.end))
        if (date >= range.from && date < range.to) {
          days.push({
            batchId: bar.batchId,
            batchNumber: bar.batchNumber,
            productName: bar.productName,
            stage: 'packaging',
            date,
          })
        }
      }
      const shifts = proposeShifts(
        open.flatMap((r) => tracked(r) ?? []),
        at,
        gap,
      ).map((s) => ({
        occupancyId: s.occupancyId,
        batchId: s.batchId,
        batchNumber: s.batchNumber,
        vesselId: s.vesselId,
        stage: s.stage,
        cause: s.cause,
        causedByBatchNumber: s.causedByBatchNumber,
        from: { start: iso(s.from.start)!, end: iso(s.from.end)! },
        to: { start: iso(s.to.start)!, end: iso(s.to.end)! },
        shiftDays: Math.round((s.shiftMs / DAY_MS) * 10) / 10,
      }))
      return {
        from: range.from,
        to: range.to,
        now: new Date(now()).toISOString(),
        cleaningGapHours: gap / HOUR_MS,
        vessels: vesselRows.map((v) => ({
          id: v.id,
          name: v.name,
          kind: v.kind,
          workingCapacityBbl: Number(v.workingCapacityBbl),
          state: v.state,
        })),
        bars,
        days,
        shifts,
        unbooked: unbooked.map((b) => ({ ...b, volumeBbl: Number(b.volumeBbl) })),
        feed: { active: settings?.feedTokenHash != null, createdAt: iso(settings?.feedCreatedAt ?? null) },
      }
    },

    /** "Can we brew this?": the first day from `date` with a fermenter and a brite tank free for the product. */
    async capacity(tenant: Tenant, query: CapacityQuery): Promise<CapacityAnswer> {
      const repo = repoFor(db)
      const product = await repo.productWithRecipe(tenant.entityId, query.productId)
      if (!product) throw new AppError('NOT_FOUND', 'Product not found.')
      const recipe = product.recipe
      const recipeYield = recipe?.yield as { quantity?: unknown; unit?: unknown } | undefined
      const quantity = Number(recipeYield?.quantity ?? 0)
      const recipeBbl = recipeYield?.unit === 'GAL' ? quantity / GALLONS_PER_BARREL : quantity
      const volumeBbl = query.volumeBbl ?? recipeBbl
      if (!(volumeBbl > 0)) {
        throw new AppError('VALIDATION_FAILED', 'The recipe has no batch size: give a volume.', [
          { path: 'volumeBbl', message: 'Give a volume in barrels' },
        ])
      }
      const days = defaultStageDays(recipeProfile(recipe))
      const [settings, vesselRows, open, at] = await Promise.all([
        repo.settings(tenant.entityId),
        repo.vessels(tenant.entityId),
        repo.openOccupancies(tenant.entityId),
        calendarNow(repo, tenant.entityId),
      ])
      const slot = firstBrewSlot({
        vessels: vesselRows.map(toVessel),
        bookings: effectiveBookings(open, at),
        volumeBbl,
        fermentationDays: days.fermentationDays,
        conditioningDays: days.conditioningDays,
        from: Math.max(dayStart(query.date), startOfDay(at)),
        gapMs: (settings?.cleaningGapHours ?? DEFAULT_CLEANING_GAP_HOURS) * HOUR_MS,
      })
      return {
        productName: product.name,
        volumeBbl,
        profile: days.profile,
        fermentationDays: days.fermentationDays,
        conditioningDays: days.conditioningDays,
        slot: slot && {
          brewDate: slot.brewDate,
          fermenter: { id: slot.fermenter.id, name: slot.fermenter.name },
          briteTank: { id: slot.briteTank.id, name: slot.briteTank.name },
          packagingDate: utcDate(slot.conditioning.end),
        },
      }
    },

    /** A new secret feed address (the old one stops working); the token is shown once and kept hashed. */
    async regenerateFeed(tx: Db, tenant: Tenant) {
      assertCan(tenant, 'planProduction')
      const token = randomBytes(32).toString('base64url')
      const createdAt = new Date(now())
      await repoFor(tx).saveSettings(tenant.entityId, {
        feedTokenHash: hashFeedToken(token),
        feedCreatedAt: createdAt,
      })
      return { url: `${publicUrl}/api/calendar/${token}.ics`, createdAt: createdAt.toISOString() }
    },
    async revokeFeed(tx: Db, tenant: Tenant) {
      assertCan(tenant, 'planProduction')
      await repoFor(tx).saveSettings(tenant.entityId, { feedTokenHash: null, feedCreatedAt: null })
    },

    /** The feed of the brewery whose token this is: brew days and transfers from 60 days ago to a year ahead. */
    async calendar(token: string): Promise<string | null> {
      const repo = repoFor(db)
      const brewery = await repo.byFeedHash(hashFeedToken(token))
      if (!brewery) return null
      const at = await calendarNow(repo, brewery.entityId)
      const from = startOfDay(at) - 60 * DAY_MS
      const to = startOfDay(at) + 366 * DAY_MS
      const [brewed, rows, vesselRows] = await Promise.all([
        repo.batchesBrewedBetween(brewery.entityId, utcDate(from), utcDate(to)),
        repo.occupanciesBetween(brewery.entityId, new Date(from), new Date(to)),
        repo.vessels(brewery.entityId),
      ])
      const vesselName = new Map(vesselRows.map((v) => [v.id, v.name]))
      const events: CalendarEvent[] = brewed.map((b) => ({
        uid: `brew-${b.id}@brewcommand`,
        date: b.plannedBrewDate,
        summary: `Brew day: ${b.number} ${b.productName}`.trim(),
      }))
      for (const row of rows) {
        if (row.stage !== 'conditioning') continue
        const booking = tracked(row)
        if (!booking) continue
        const fermentation = rows.find((r) => r.batchId === row.batchId && r.stage === 'fermentation')
        const source = fermentation ? vesselName.get(fermentation.vesselId) : undefined
        const target = vesselName.get(row.vesselId) ?? 'the brite tank'
        events.push({
          uid: `transfer-${row.id}@brewcommand`,
          date: utcDate(booking.actualStart ?? booking.plannedStart),
          summary: `Transfer: ${row.batchNumber} ${source ? `${source} → ` : 'to '}${target}`,
          description: `${row.productName}, ${Number(row.volumeBbl)} bbl`,
        })
      }
      events.sort((a, b) => a.date.localeCompare(b.date) || a.uid.localeCompare(b.uid))
      return renderIcalendar({ name: `${brewery.name} schedule`, events, now: at })
    },
  }
}
export type ScheduleService = ReturnType<typeof createScheduleService>

function startOfDay(value: Date | number) {
  const t = typeof value === 'number' ? value : value.getTime()
  return Math.floor(t / DAY_MS) * DAY_MS
}

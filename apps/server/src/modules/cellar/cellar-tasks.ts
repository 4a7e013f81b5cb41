import {
  cellarTaskId,
  COLD_CRASH_DAYS,
  coldCrashSuggestion,
  ColdCrashTemperatureSchema,
  DAY_MS,
  dayIn,
  defaultStageDays,
  todayIn,
  type CellarTask,
  type CellarTaskDone,
  type CellarTasks,
  type ColdCrashDone,
  type DryHopDone,
  type PlannedBrewStep,
  type Temperature,
} from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { createBrewDayRepository } from '../brew-day/brew-day.repository.ts'
import type { BrewDayStock } from '../brew-day/brew-day.service.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'
import { CELLAR_STATUSES, createCellarTaskRepository } from './cellar-tasks.repository.ts'
import { createCellarRepository } from './cellar.repository.ts'

type Occupancy = Awaited<ReturnType<ReturnType<typeof createCellarTaskRepository>['occupancies']>>[number]
type CellarBatch = Awaited<
  ReturnType<ReturnType<typeof createCellarTaskRepository>['batchesInCellar']>
>[number]

const KIND_ORDER = { 'dry-hop': 0, 'cold-crash': 1, transfer: 2, packaging: 3 } as const
const conflict = (message: string) => new AppError('CONFLICT', message)
const batchNotFound = () => new AppError('NOT_FOUND', 'Batch not found.')

/**
 * One batch's open cellar tasks (ADR 263), from what exists:
 * - each later-day addition of its brew day not recorded yet, due its days after brew day ended;
 * - a cold crash while the beer is still in its fermenter and none is recorded, due COLD_CRASH_DAYS before the
 *   fermentation booking ends (a crash recorded earlier ends that booking sooner, which moves the transfer);
 * - the transfer to its booked brite tank while the beer is in the fermenter, due when fermentation ends;
 * - its packaging once the beer is where it will be packaged from, due when that booking ends.
 */
export function tasksOfBatch(input: {
  batch: CellarBatch
  laterSteps: { key: string; plan: PlannedBrewStep }[]
  occupancies: Occupancy[]
  coldCrashed: boolean
  /** The brewery's cold crash temperature, when it has one (cellar settings). */
  breweryCrash?: Temperature | null
  timeZone: string
  today: string
  now: Date
}): CellarTask[] {
  const { batch, occupancies, timeZone, today, now } = input
  const snapshot = (batch.recipeSnapshot ?? {}) as {
    yeast?: { type?: string } | null
    coldCrashTemperature?: unknown
  }
  const days = defaultStageDays({ yeastType: snapshot.yeast?.type ?? null })
  const open = occupancies
    .filter((o) => o.actualStart && !o.actualEnd)
    .sort((a, b) => b.actualStart!.getTime() - a.actualStart!.getTime())[0]
  const fermentation =
    (open?.stage === 'fermentation' ? open : null) ?? occupancies.find((o) => o.stage === 'fermentation')
  const brewedAt = batch.brewDayFinishedAt ?? fermentation?.actualStart ?? now
  const booked = occupancies.find(
    (o) => o.stage === 'conditioning' && !o.actualStart && (!open || o.vesselId !== open.vesselId),
  )
  const sameVesselConditioning = occupancies.find(
    (o) => o.stage === 'conditioning' && open && o.vesselId === open.vesselId && !o.actualEnd,
  )
  const fermentationEnd =
    fermentation?.plannedEnd?.getTime() ??
    booked?.plannedStart?.getTime() ??
    brewedAt.getTime() + days.fermentationDays * DAY_MS

  const task = (
    kind: CellarTask['kind'],
    dueMs: number,
    fields: Partial<CellarTask> & Pick<CellarTask, 'title' | 'detail'>,
  ): CellarTask => {
    const dueDate = dayIn(new Date(dueMs), timeZone)
    return {
      id: cellarTaskId(kind, batch.id, fields.stepKey ?? undefined),
      kind,
      batchId: batch.id,
      batchNumber: batch.number,
      productName: batch.productName,
      dueDate,
      overdue: dueDate < today,
      vesselId: open?.vesselId ?? null,
      vesselName: open?.vesselName ?? null,
      stepKey: null,
      amount: null,
      toVesselId: null,
      toVesselName: null,
      crash: null,
      ...fields,
    }
  }

  const tasks: CellarTask[] = []
  for (const { key, plan } of input.laterSteps) {
    if (plan.laterDays === null || !plan.addition) continue
    tasks.push(
      task('dry-hop', brewedAt.getTime() + plan.laterDays * DAY_MS, {
        title: plan.title,
        detail: [plan.detail, open ? `in ${open.vesselName}` : ''].filter(Boolean).join(' · '),
        stepKey: key,
        amount: plan.addition.amount,
      }),
    )
  }
  if (!open) return tasks
  if (open.stage === 'fermentation' && !input.coldCrashed)
    tasks.push(
      task('cold-crash', fermentationEnd - COLD_CRASH_DAYS * DAY_MS, {
        title: `Cold crash ${open.vesselName}`,
        detail: booked ? `Before the transfer to ${booked.vesselName}` : 'Before packaging',
        crash: coldCrashSuggestion(
          ColdCrashTemperatureSchema.safeParse(snapshot.coldCrashTemperature).data,
          input.breweryCrash,
        ),
      }),
    )
  if (open.stage === 'fermentation' && booked)
    tasks.push(
      task('transfer', fermentationEnd, {
        title: `Transfer to ${booked.vesselName}`,
        detail: `From ${open.vesselName}, as booked on the schedule`,
        toVesselId: booked.vesselId,
        toVesselName: booked.vesselName,
      }),
    )
  else {
    const end =
      open.stage === 'conditioning'
        ? (open.plannedEnd?.getTime() ?? (open.actualStart ?? now).getTime() + days.conditioningDays * DAY_MS)
        : (sameVesselConditioning?.plannedEnd?.getTime() ?? fermentationEnd)
    tasks.push(
      task('packaging', end, { title: `Package from ${open.vesselName}`, detail: 'Open the packaging run' }),
    )
  }
  return tasks
}

/**
 * Cellar tasks (ADR 263): the read that works them out for the whole brewery, and the two tasks done here —
 * a dry hop (the addition recorded on the batch's brew step and its stock consumed as brew day does) and a cold
 * crash (a step of the batch with its temperature; the fermentation booking ends sooner). A transfer and a
 * packaging run are done by the cellar's own movement routes; the task goes when the beer has moved.
 */
export function createCellarTaskService({
  db,
  stock,
  now = () => new Date(),
}: {
  db: Db
  /** The stock a dry hop consumes; none in tests of the cellar alone. */
  stock?: BrewDayStock
  now?: () => Date
}) {
  const reads = createCellarTaskRepository(db)
  return {
    async list(tenant: Tenant): Promise<CellarTasks> {
      assertCan(tenant, 'read')
      const at = now()
      const timeZone = await breweryTimeZone(db, tenant.entityId)
      const today = todayIn(timeZone, at)
      const inCellar = await reads.batchesInCellar(tenant.entityId)
      const ids = inCellar.map((b) => b.id)
      const [steps, occupancies, crashes, settings] = await Promise.all([
        reads.openLaterSteps(tenant.entityId, ids),
        reads.occupancies(tenant.entityId, ids),
        reads.coldCrashes(tenant.entityId, ids),
        createCellarRepository(db).settings(tenant.entityId),
      ])
      const crashed = new Set(crashes.map((c) => c.batchId))
      const tasks = inCellar.flatMap((batch) =>
        tasksOfBatch({
          batch,
          laterSteps: steps
            .filter((s) => s.batchId === batch.id)
            .map((s) => ({ key: s.key, plan: s.plan as unknown as PlannedBrewStep })),
          occupancies: occupancies.filter((o) => o.batchId === batch.id),
          coldCrashed: crashed.has(batch.id),
          breweryCrash: settings?.coldCrashTemperature ?? null,
          timeZone,
          today,
          now: at,
        }),
      )
      tasks.sort(
        (a, b) =>
          a.dueDate.localeCompare(b.dueDate) ||
          a.batchNumber.localeCompare(b.batchNumber) ||
          KIND_ORDER[a.kind] - KIND_ORDER[b.kind],
      )
      return { today, tasks }
    },

    /** A dry hop made: the later-day addition is recorded with the amount used, and its stock consumed. */
    async dryHop(tx: Db, tenant: Tenant, input: DryHopDone): Promise<CellarTaskDone> {
      const repo = createBrewDayRepository(tx)
      const found = await repo.batch(tenant.entityId, input.batchId, { lock: true })
      if (!found) throw batchNotFound()
      assertCan(tenant, 'cellarWork')
      const { batch } = found
      assertInCellar(batch.status, batch.number)
      const step = (await repo.steps(tenant.entityId, batch.id)).find((s) => s.key === input.stepKey)
      if (!step) throw new AppError('NOT_FOUND', 'Brew step not found.')
      const plan = step.plan as unknown as PlannedBrewStep
      if (plan.laterDays === null || !plan.addition)
        throw conflict(`“${plan.title}” belongs to brew day, not to the cellar.`)
      if (step.completedAt) throw conflict(`“${plan.title}” of batch ${batch.number} is already recorded.`)
      const at = now()
      await repo.updateStep(tenant.entityId, batch.id, step.key, {
        completedAt: at,
        completedBy: tenant.userId,
        acknowledgedAt: at,
        acknowledgedBy: tenant.userId,
        actual: { amount: input.actual, note: input.note },
      })
      await stock?.consumeForAddition(tx, tenant, {
        batchId: batch.id,
        stepKey: step.key,
        ingredient: { id: plan.addition.ingredientId, name: plan.addition.name },
        amount: input.actual.value,
        unit: input.actual.unit,
      })
      return { taskId: cellarTaskId('dry-hop', batch.id, step.key), batchId: batch.id }
    },

    /**
     * A cold crash: recorded on the batch with the temperature and the fermenter it was in. The fermentation
     * booking then ends COLD_CRASH_DAYS later when that is sooner than planned (the transfer moves up with it).
     */
    async coldCrash(tx: Db, tenant: Tenant, input: ColdCrashDone): Promise<CellarTaskDone> {
      const brewDay = createBrewDayRepository(tx)
      const repo = createCellarTaskRepository(tx)
      const found = await brewDay.batch(tenant.entityId, input.batchId, { lock: true })
      if (!found) throw batchNotFound()
      assertCan(tenant, 'cellarWork')
      const { batch } = found
      assertInCellar(batch.status, batch.number)
      if (await repo.stepExists(tenant.entityId, input.id))
        throw conflict('A cellar step with this id already exists.')
      const open = await repo.openOccupancy(tenant.entityId, batch.id)
      if (!open || open.stage !== 'fermentation')
        throw conflict(
          `Batch ${batch.number} has left its fermenter: a cold crash comes before the transfer.`,
        )
      if ((await repo.coldCrashes(tenant.entityId, [batch.id])).length > 0)
        throw conflict(`Batch ${batch.number} is already cold crashed.`)
      const at = now()
      await repo.insertColdCrash(tenant.entityId, {
        id: input.id,
        batchId: batch.id,
        vesselId: open.vesselId,
        temperature: input.temperature,
        note: input.note,
        at,
        userId: tenant.userId,
      })
      const end = new Date(at.getTime() + COLD_CRASH_DAYS * DAY_MS)
      if (!open.plannedEnd || open.plannedEnd.getTime() > end.getTime())
        await repo.setPlannedEnd(tenant.entityId, open.id, end)
      return { taskId: cellarTaskId('cold-crash', batch.id), batchId: batch.id }
    },
  }
}
export type CellarTaskService = ReturnType<typeof createCellarTaskService>

/** Cellar tasks are for beer in the cellar: after brew day, before the batch is completed or dumped. */
function assertInCellar(status: string, number: string): void {
  if ((CELLAR_STATUSES as readonly string[]).includes(status)) return
  if (status === 'planned' || status === 'brewing')
    throw conflict(`Finish Brew Day of batch ${number} first: its beer is not in the cellar yet.`)
  throw conflict(`Batch ${number} is ${status}: it has no cellar work left.`)
}

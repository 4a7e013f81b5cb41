import {
  brewDayClock,
  brewDayExpectations,
  BrewhouseConstantsSchema,
  brewTimeline,
  cleaningWarnings,
  DEFAULT_BREWHOUSE_CONSTANTS,
  FERMENTING_VESSEL_KINDS,
  GALLONS_PER_BBL,
  latestMeasurement,
  measuredGallons,
  measuredGravity,
  RecipeSchema,
  VESSEL_KINDS,
  type BrewDay,
  type BrewStep,
  type ConfirmAddition,
  type FinishBrewDay,
  type MeasurementInput,
  type PlannedBrewStep,
  type Recipe,
} from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { dateLiquidEvent } from '../ledger/ledger-guard.ts'
import { checkVesselFill } from '../cellar/fill-check.ts'
import type { BrewDayRepository, BrewStepRow } from './brew-day.repository.ts'

/** An acknowledgement may reach the server this much before the alarm it answers (device clocks, latency). */
const ACKNOWLEDGE_EARLY_MS = 5_000
/** Statuses after brew day in which a batch still takes measurements (final gravity, packaging). */
const MEASURABLE = new Set(['brewing', 'fermenting', 'conditioning', 'packaging'])
const FERMENTING = new Set(['fermenting', 'conditioning', 'packaging', 'completed'])
/** Measurements that belong to brew day itself: once the wort is in the fermenter they can no longer be taken. */
const BREW_DAY_POINTS: Record<string, string> = {
  'pre-boil': 'a pre-boil',
  'post-boil': 'a post-boil',
  'original-gravity': 'an original gravity',
  'into-fermenter': 'an into-the-fermenter',
}

const batchNotFound = () => new AppError('NOT_FOUND', 'Batch not found.')
const conflict = (message: string) => new AppError('CONFLICT', message)
const iso = (date: Date | null) => (date ? date.toISOString() : null)
const numeric = (value: string | number | null | undefined) => {
  const n = Number(value)
  return Number.isFinite(n) ? n : 0
}

const isMain = (plan: PlannedBrewStep) => plan.parentKey === null && plan.laterDays === null

/**
 * Brew day (docs/production.md "brew_step"): starting it turns the batch's snapshot into stored steps; steps
 * are started, completed, extended and acknowledged by storing instants set here, on the server's clock;
 * measurements are stored as typed with their standard figure; finishing puts the wort into a fermenter. Every
 * write takes the write runner's transaction, checks the batch is the brewery's (404) before the role (403) and
 * the step's state (409), and answers the whole brew day as read after it.
 */
/**
 * What brew day asks of the stock (modules/inventory, docs/decisions/211-consumption-points.md), inside its own
 * transaction: the grain bill is consumed when brew day starts, an addition when it is confirmed with the
 * amount used. A shortfall is recorded there and never blocks the brew.
 */
export type BrewDayStock = {
  consumeForBatchStart(tx: Db, tenant: Tenant, batchId: string): Promise<unknown>
  consumeForAddition(
    tx: Db,
    tenant: Tenant,
    input: {
      batchId: string
      stepKey: string
      ingredient: { id: string; name?: string }
      amount: number
      unit: string
    },
  ): Promise<unknown>
}

export function createBrewDayService({
  db,
  repoFor,
  stock,
}: {
  db: Db
  repoFor: (connection: Db) => BrewDayRepository
  /** The stock brew day consumes; none in tests of brew day alone. */
  stock?: BrewDayStock
}) {
  /**
   * The brew day of a batch; a write that changed only a step passes the batch row it locked and the steps with
   * that step as updated, and they are not read again (ADR 401).
   */
  async function read(
    repo: BrewDayRepository,
    tenant: Tenant,
    batchId: string,
    held?: { found: NonNullable<Awaited<ReturnType<BrewDayRepository['batch']>>>; steps: BrewStepRow[] },
  ): Promise<BrewDay> {
    const found = held?.found ?? (await repo.batch(tenant.entityId, batchId))
    if (!found) throw batchNotFound()
    const { batch } = found
    // One after the other: every brew-day write reads its answer in its transaction, one connection (ADR 380).
    const steps = held?.steps ?? (await repo.steps(tenant.entityId, batchId))
    const taken = await repo.measurements(tenant.entityId, batchId)
    const fermenters = await repo.fermenters(tenant.entityId, FERMENTING_VESSEL_KINDS)
    const ids = new Set<string>()
    for (const step of steps)
      for (const id of [step.startedBy, step.completedBy, step.acknowledgedBy]) if (id) ids.add(id)
    for (const m of taken) if (m.takenBy) ids.add(m.takenBy)
    const people = await repo.people(tenant.entityId, [...ids])
    const cleaning = await repo.cleaningOf(
      tenant.entityId,
      fermenters.map(({ vessel }) => vessel.id),
    )
    const who = (id: string | null) => (id ? (people.get(id) ?? { id, name: 'A former member' }) : null)
    const snapshot = recipeOf(batch.recipeSnapshot)
    const constants = constantsOf(found.constants)
    return {
      batchId: batch.id,
      number: batch.number,
      status: batch.status as BrewDay['status'],
      productName: batch.productName,
      brewhouseName: found.brewhouseName,
      targetVolumeBbl: numeric(batch.targetVolumeBbl),
      brewDayStartedAt: iso(batch.brewDayStartedAt),
      brewDayFinishedAt: iso(batch.brewDayFinishedAt),
      fermenterId: batch.fermenterId,
      steps: steps.map((step): BrewStep => ({
        key: step.key,
        position: step.position,
        kind: step.kind as BrewStep['kind'],
        plan: step.plan as unknown as PlannedBrewStep,
        startedAt: iso(step.startedAt),
        startedBy: who(step.startedBy),
        completedAt: iso(step.completedAt),
        completedBy: who(step.completedBy),
        extendedMinutes: step.extendedMinutes,
        acknowledgedAt: iso(step.acknowledgedAt),
        acknowledgedBy: who(step.acknowledgedBy),
        actual: (step.actual as BrewStep['actual']) ?? null,
      })),
      measurements: taken.map((m) => ({
        id: m.id,
        point: m.point as BrewDay['measurements'][number]['point'],
        quantity: m.quantity as 'gravity' | 'volume',
        value: m.value,
        unit: m.unit,
        sampleTemperature: m.sampleTemperature ?? null,
        instrument: m.instrument,
        note: m.note,
        gravity: m.gravity,
        gallons: m.gallons,
        takenBy: who(m.takenBy),
        takenAt: m.takenAt.toISOString(),
      })),
      expected: brewDayExpectations(snapshot, constants, numeric(batch.targetVolumeBbl)),
      fermenters: fermenters.map(({ vessel, holds }) => ({
        cleaningWarnings: cleaningWarnings({
          vesselName: vessel.name,
          lastCleanedAt: cleaning.last.get(vessel.id)?.lastCleanedAt ?? null,
          lastSanitisedAt: cleaning.last.get(vessel.id)?.lastSanitisedAt ?? null,
          now: new Date(),
          cleanWindowHours: cleaning.settings.cleanWindowHours,
          sanitiseWindowHours: cleaning.settings.sanitiseWindowHours,
        }).map((warning) => warning.message),
        id: vessel.id,
        name: vessel.name,
        kind: vessel.kind as BrewDay['fermenters'][number]['kind'],
        state: vessel.state as BrewDay['fermenters'][number]['state'],
        capacityBbl: numeric(vessel.capacityBbl),
        workingCapacityBbl: numeric(vessel.workingCapacityBbl),
        available: holds === null && vessel.state !== 'in-use' && vessel.state !== 'out-of-service',
      })),
      serverTime: new Date().toISOString(),
    }
  }

  /** The batch, locked for this write (two devices pressing at once are applied one after the other). */
  async function lockedBatch(repo: BrewDayRepository, tenant: Tenant, batchId: string) {
    const found = await repo.batch(tenant.entityId, batchId, { lock: true })
    if (!found) throw batchNotFound()
    assertCan(tenant, 'runBrewDay')
    return found
  }

  /** The batch in brew day, and its step; refuses a batch not brewing and an unknown step. */
  async function brewingStep(repo: BrewDayRepository, tenant: Tenant, batchId: string, key: string) {
    const found = await lockedBatch(repo, tenant, batchId)
    const { batch } = found
    assertBrewing(batch.status, batch.number)
    const steps = await repo.steps(tenant.entityId, batchId)
    const step = steps.find((s) => s.key === key)
    if (!step) throw new AppError('NOT_FOUND', 'Brew step not found.')
    return { found, batch, steps, step, plan: step.plan as unknown as PlannedBrewStep }
  }

  /** The brew day after a write changed only the step `key` (its row as updated replaces the one read). */
  async function afterStep(
    repo: BrewDayRepository,
    tenant: Tenant,
    held: { found: NonNullable<Awaited<ReturnType<BrewDayRepository['batch']>>>; steps: BrewStepRow[] },
    updated: BrewStepRow | undefined,
  ) {
    if (!updated) return read(repo, tenant, held.found.batch.id)
    const steps = held.steps.map((s) => (s.key === updated.key ? updated : s))
    return read(repo, tenant, held.found.batch.id, { found: held.found, steps })
  }

  const clockOf = (steps: BrewStepRow[], nowMs: number) =>
    brewDayClock(
      steps.map((s) => s.plan as unknown as PlannedBrewStep),
      steps.map((s) => ({
        key: s.key,
        startedAt: iso(s.startedAt),
        completedAt: iso(s.completedAt),
        extendedMinutes: s.extendedMinutes,
      })),
      nowMs,
    )

  return {
    read: (tenant: Tenant, batchId: string) => read(repoFor(db), tenant, batchId),

    /** Start Brew Day: the snapshot's timeline becomes the batch's steps; the batch is brewing. */
    async start(tx: Db, tenant: Tenant, batchId: string): Promise<BrewDay> {
      const repo = repoFor(tx)
      const { batch } = await lockedBatch(repo, tenant, batchId)
      if (batch.status !== 'planned' || batch.brewDayStartedAt)
        throw conflict(`Brew day of batch ${batch.number} has already started.`)
      await repo.insertSteps(tenant.entityId, batchId, brewTimeline(recipeOf(batch.recipeSnapshot)))
      await repo.updateBatch(tenant.entityId, batchId, { status: 'brewing', brewDayStartedAt: new Date() })
      await stock?.consumeForBatchStart(tx, tenant, batchId)
      return read(repo, tenant, batchId)
    },

    async startStep(tx: Db, tenant: Tenant, batchId: string, key: string): Promise<BrewDay> {
      const repo = repoFor(tx)
      const held = await brewingStep(repo, tenant, batchId, key)
      const { steps, step, plan } = held
      if (!isMain(plan)) throw conflict(`“${plan.title}” is confirmed when it is added, not started.`)
      if (step.completedAt) throw conflict(`“${plan.title}” is already done.`)
      if (step.startedAt) throw conflict(`“${plan.title}” has already started.`)
      const running = steps.find(
        (s) => s.key !== key && isMain(s.plan as unknown as PlannedBrewStep) && s.startedAt && !s.completedAt,
      )
      if (running) throw conflict(`Finish “${(running.plan as unknown as PlannedBrewStep).title}” first.`)
      const updated = await repo.updateStep(tenant.entityId, batchId, key, {
        startedAt: new Date(),
        startedBy: tenant.userId,
      })
      return afterStep(repo, tenant, held, updated)
    },

    /** Ends a running step, early or late; what follows moves up or down accordingly (brewDayClock). */
    async completeStep(tx: Db, tenant: Tenant, batchId: string, key: string): Promise<BrewDay> {
      const repo = repoFor(tx)
      const held = await brewingStep(repo, tenant, batchId, key)
      const { step, plan } = held
      if (plan.kind === 'addition') throw conflict(`Confirm “${plan.title}” with the amount used.`)
      if (!isMain(plan)) throw conflict(`“${plan.title}” is for a later day.`)
      if (step.completedAt) throw conflict(`“${plan.title}” is already done.`)
      if (!step.startedAt) throw conflict(`“${plan.title}” has not started yet.`)
      const updated = await repo.updateStep(tenant.entityId, batchId, key, {
        completedAt: new Date(),
        completedBy: tenant.userId,
      })
      return afterStep(repo, tenant, held, updated)
    },

    /** More minutes on a running timer; its alarm rings again when the new time is up. */
    async extendStep(tx: Db, tenant: Tenant, batchId: string, key: string, minutes: number) {
      const repo = repoFor(tx)
      const { step, plan } = await brewingStep(repo, tenant, batchId, key)
      if (plan.kind !== 'timer') throw conflict(`“${plan.title}” has no timer to extend.`)
      if (step.completedAt) throw conflict(`“${plan.title}” is already done.`)
      if (!step.startedAt) throw conflict(`“${plan.title}” has not started yet.`)
      await repo.updateStep(tenant.entityId, batchId, key, {
        extendedMinutes: step.extendedMinutes + minutes,
        acknowledgedAt: null,
        acknowledgedBy: null,
      })
      return read(repo, tenant, batchId)
    },

    /** Stops a step's alarm on every device: who and when are kept. Acknowledging a quiet alarm changes nothing. */
    async acknowledge(tx: Db, tenant: Tenant, batchId: string, key: string): Promise<BrewDay> {
      const repo = repoFor(tx)
      const { steps, step, plan } = await brewingStep(repo, tenant, batchId, key)
      if (step.acknowledgedAt || step.completedAt) return read(repo, tenant, batchId)
      const clock = clockOf(steps, Date.now() + ACKNOWLEDGE_EARLY_MS).find((c) => c.key === key)
      if (clock?.status !== 'due') throw conflict(`Nothing is due on “${plan.title}” yet.`)
      await repo.updateStep(tenant.entityId, batchId, key, {
        acknowledgedAt: new Date(),
        acknowledgedBy: tenant.userId,
      })
      return read(repo, tenant, batchId)
    },

    /** An addition made, with the amount actually used. */
    async confirmAddition(tx: Db, tenant: Tenant, batchId: string, key: string, input: ConfirmAddition) {
      const repo = repoFor(tx)
      const { steps, step, plan } = await brewingStep(repo, tenant, batchId, key)
      if (plan.kind !== 'addition') throw conflict(`“${plan.title}” is not an addition.`)
      if (step.completedAt) throw conflict(`“${plan.title}” is already confirmed.`)
      const parent = steps.find((s) => s.key === plan.parentKey)
      if (parent && !parent.startedAt)
        throw conflict(`“${(parent.plan as unknown as PlannedBrewStep).title}” has not started yet.`)
      const now = new Date()
      await repo.updateStep(tenant.entityId, batchId, key, {
        completedAt: now,
        completedBy: tenant.userId,
        actual: { amount: input.actual, note: input.note },
        ...(step.acknowledgedAt ? {} : { acknowledgedAt: now, acknowledgedBy: tenant.userId }),
      })
      if (plan.addition)
        await stock?.consumeForAddition(tx, tenant, {
          batchId,
          stepKey: key,
          ingredient: { id: plan.addition.ingredientId, name: plan.addition.name },
          amount: input.actual.value,
          unit: input.actual.unit,
        })
      return read(repo, tenant, batchId)
    },

    /** A measurement as typed, with its standard figure: SG corrected or converted, or gallons. */
    async measure(tx: Db, tenant: Tenant, batchId: string, input: MeasurementInput): Promise<BrewDay> {
      const repo = repoFor(tx)
      const { batch } = await lockedBatch(repo, tenant, batchId)
      if (!MEASURABLE.has(batch.status))
        throw conflict(
          batch.status === 'planned'
            ? 'Start Brew Day before recording measurements.'
            : `Batch ${batch.number} is ${batch.status}: it takes no more measurements.`,
        )
      const brewDayPoint = BREW_DAY_POINTS[input.point]
      if (brewDayPoint && batch.brewDayFinishedAt)
        throw conflict(
          `Brew day of batch ${batch.number} is finished: ${brewDayPoint} measurement can no longer be added. Record a final gravity or another reading instead.`,
        )
      if (await repo.measurementExists(tenant.entityId, input.id))
        throw conflict('A measurement with this id already exists.')
      let gravity: number | null = null
      if (input.quantity === 'gravity') {
        const taken = await repo.measurements(tenant.entityId, batchId)
        const originalBrix = [...taken]
          .reverse()
          .find(
            (m) => m.point === 'original-gravity' && m.instrument === 'refractometer' && m.unit === 'Brix',
          )?.value
        gravity = measuredGravity(input, {
          fermenting: FERMENTING.has(batch.status) || input.point === 'final-gravity',
          originalBrix: originalBrix ?? null,
        })
      }
      await repo.insertMeasurement(
        tenant.entityId,
        batchId,
        {
          ...input,
          gravity,
          gallons: input.quantity === 'volume' ? measuredGallons(input) : null,
        },
        tenant.userId,
      )
      return read(repo, tenant, batchId)
    },

    /**
     * Finish Brew Day: the wort goes into a fermenter or unitank that is empty and in service. The vessel is
     * in use, the batch fermenting in it, with an occupancy from now and a `brewed` liquid event of the volume
     * measured into the fermenter (the plan's when none was measured). A volume above the vessel's working
     * capacity is a warning, not a refusal.
     */
    async finish(tx: Db, tenant: Tenant, batchId: string, input: FinishBrewDay) {
      const repo = repoFor(tx)
      const { batch } = await lockedBatch(repo, tenant, batchId)
      if (batch.status === 'planned') throw conflict('Start Brew Day first.')
      if (batch.status !== 'brewing' || batch.brewDayFinishedAt)
        throw conflict(`Brew day of batch ${batch.number} has already finished.`)
      const vessel = await repo.vessel(tenant.entityId, input.fermenterId, { lock: true })
      if (!vessel)
        throw new AppError('VALIDATION_FAILED', 'Choose a fermenter of this brewery.', [
          { path: 'data.fermenterId', message: 'Not a vessel of this brewery' },
        ])
      if (!(FERMENTING_VESSEL_KINDS as readonly string[]).includes(vessel.kind)) {
        const kind = VESSEL_KINDS[vessel.kind as keyof typeof VESSEL_KINDS] ?? vessel.kind
        throw new AppError('VALIDATION_FAILED', `${vessel.name} is a ${kind}, not a fermenter or unitank.`, [
          { path: 'data.fermenterId', message: 'Choose a fermenter or unitank' },
        ])
      }
      if (vessel.state === 'out-of-service') throw conflict(`${vessel.name} is out of service.`)
      const holder = await repo.holderOf(tenant.entityId, vessel.id)
      if (holder) throw conflict(`${vessel.name} is in use (batch ${holder}).`)
      if (vessel.state === 'in-use') throw conflict(`${vessel.name} is in use.`)
      // Not cleaned or sanitised in time: a CLEANING_WARNING unless the person accepted it (recorded below).
      const cleaning = await checkVesselFill(tx, tenant, vessel, { accept: input.acceptCleaningWarning })

      const taken = await repo.measurements(tenant.entityId, batchId)
      const measured = latestMeasurement(
        taken.map((m) => ({ ...m, takenAt: m.takenAt.toISOString() })) as Parameters<
          typeof latestMeasurement
        >[0],
        'into-fermenter',
        'volume',
      )?.gallons
      const volumeBbl =
        measured !== null && measured !== undefined && measured > 0
          ? measured / GALLONS_PER_BBL
          : numeric(batch.targetVolumeBbl)
      const now = new Date()
      // Dated now, after the brew began: only a closed period can refuse it (ADR 230).
      await dateLiquidEvent(tx, tenant, {
        requested: now,
        priorPeriodAdjustment: false,
        batchId,
        now,
        field: 'data.fermenterId',
      })
      await repo.fillVessel(tenant.entityId, {
        batchId,
        vesselId: vessel.id,
        volumeBbl,
        userId: tenant.userId,
        at: now,
        ...(cleaning ? { details: { cleaningWarning: cleaning } } : {}),
      })
      await repo.updateBatch(tenant.entityId, batchId, {
        status: 'fermenting',
        fermenterId: vessel.id,
        brewDayFinishedAt: now,
      })
      const working = numeric(vessel.workingCapacityBbl)
      const warnings =
        volumeBbl > working + 1e-9
          ? [
              `${volumeBbl.toFixed(2)} BBL is more than the working capacity of ${vessel.name} (${working.toFixed(2)} BBL).`,
            ]
          : []
      return { brewDay: await read(repo, tenant, batchId), warnings }
    },
  }
}
export type BrewDayService = ReturnType<typeof createBrewDayService>

/** The batch's snapshot as a recipe (stored whole when the batch was planned; parsed defensively). */
function recipeOf(snapshot: unknown): Recipe {
  const parsed = RecipeSchema.safeParse(snapshot)
  if (parsed.success) return parsed.data
  const raw = (snapshot ?? {}) as Partial<Recipe>
  return {
    ...(raw as Recipe),
    grainBill: Array.isArray(raw.grainBill) ? raw.grainBill : [],
    hopsBill: Array.isArray(raw.hopsBill) ? raw.hopsBill : [],
    otherIngredients: Array.isArray(raw.otherIngredients) ? raw.otherIngredients : [],
    process: Array.isArray(raw.process) ? raw.process : [],
    yeast: raw.yeast ?? null,
    boilTime: Number(raw.boilTime) || 0,
    whirlpoolTime: Number(raw.whirlpoolTime) || 0,
    mashThickness: Number(raw.mashThickness) || 0,
  }
}

/** A brewhouse version's constants (stored in the domain's units). */
function constantsOf(stored: unknown) {
  const parsed = BrewhouseConstantsSchema.safeParse(stored)
  return parsed.success ? parsed.data : { ...DEFAULT_BREWHOUSE_CONSTANTS, name: '' }
}

/** Steps change only while the batch is brewing. */
function assertBrewing(status: string, number: string): void {
  if (status === 'planned') throw conflict('Start Brew Day first.')
  if (status !== 'brewing')
    throw conflict(
      `Brew day of batch ${number} is finished: its steps and additions can no longer change. Record a dry hop from the cellar's tasks.`,
    )
}

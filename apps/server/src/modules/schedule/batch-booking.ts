import {
  CONDITIONING_VESSEL_KINDS,
  dayStart,
  defaultStageDays,
  FERMENTING_VESSEL_KINDS,
  findStyleChoice,
  stagePlan,
  utcDate,
  type BookBatch,
  type Interval,
  type VesselStage,
} from '@brewcommand/domain'
import { AppError } from '../../errors.ts'
import type { ScheduleRepository, VesselRow } from './schedule.repository.ts'
import type { BookingRules } from './schedule.service.ts'

/** The yeast type and style family of a recipe document (a batch's snapshot or a product's recipe). */
export function recipeProfile(recipe: Record<string, unknown> | null) {
  const yeast = recipe?.yeast as { type?: unknown } | null | undefined
  const style = findStyleChoice(typeof recipe?.style === 'string' ? recipe.style : '')
  return {
    yeastType: typeof yeast?.type === 'string' ? yeast.type : null,
    styleFamily: style && 'family' in style && typeof style.family === 'string' ? style.family : null,
  }
}

type Candidate = Interval & { id?: string; batchId: string; stage: VesselStage }

/** What choosing a batch's vessels needs: the write's repository and rules, and the service's refusal check. */
export type ChoiceContext = {
  repo: ScheduleRepository
  entityId: string
  refusalOf: (
    repo: ScheduleRepository,
    entityId: string,
    vessel: VesselRow,
    candidate: Candidate,
    volumeBbl: number,
    rules: BookingRules,
  ) => Promise<AppError | null>
  rules: BookingRules
  /** Lock the vessels first (a booking write); a read that only says why not does not. */
  lock: boolean
}

type BatchToBook = {
  id: string
  plannedBrewDate: string
  targetVolumeBbl: string
  recipeSnapshot: Record<string, unknown> | null
}

/**
 * The first of `vessels` free for the candidate, or the refusal naming why none is: each vessel's own
 * reason, so "BT1 is booked for batch 2026-003 …" reaches the person (ADR 251).
 */
async function firstFree(
  context: ChoiceContext,
  vessels: VesselRow[],
  candidate: Candidate,
  volumeBbl: number,
  what: string,
): Promise<VesselRow> {
  const reasons: string[] = []
  for (const vessel of vessels) {
    const refusal = await context.refusalOf(
      context.repo,
      context.entityId,
      vessel,
      candidate,
      volumeBbl,
      context.rules,
    )
    if (!refusal) return vessel
    reasons.push(refusal.message)
  }
  const none = `No ${what} that holds ${volumeBbl} bbl is free from ${utcDate(candidate.start)} to ${utcDate(candidate.end)}`
  throw new AppError('CONFLICT', reasons.length ? `${none}: ${reasons.join(' ')}` : `${none}.`)
}

/** The vessel the person chose, refused with its own reason when it cannot take the candidate. */
async function chosenFree(
  context: ChoiceContext,
  vessel: VesselRow,
  candidate: Candidate,
  volumeBbl: number,
) {
  const refusal = await context.refusalOf(
    context.repo,
    context.entityId,
    vessel,
    candidate,
    volumeBbl,
    context.rules,
  )
  if (refusal) throw refusal
  return vessel
}

/**
 * Chooses a planned batch's vessels from its brew day without writing anything: the fermentation in the
 * chosen fermenter or the first free one, the conditioning in the first free brite tank — none when the
 * brewery has no brite tank, zero conditioning days, or the batch conditions in its fermenter, whose
 * fermentation booking then holds the conditioning days too (ADR 251). Refusals name the batch in the way.
 */
export async function chooseStageVessels(context: ChoiceContext, batch: BatchToBook, options: BookBatch) {
  const { repo, entityId } = context
  const defaults = defaultStageDays(recipeProfile(batch.recipeSnapshot))
  const days = {
    fermentationDays: options.fermentationDays ?? defaults.fermentationDays,
    conditioningDays: options.conditioningDays ?? defaults.conditioningDays,
  }
  const inFermenter = options.conditionInFermenter === true
  const plan = stagePlan(
    dayStart(batch.plannedBrewDate),
    inFermenter
      ? { fermentationDays: days.fermentationDays + days.conditioningDays, conditioningDays: 0 }
      : days,
  )
  const volume = Number(batch.targetVolumeBbl)
  const all = await repo.vessels(entityId)
  const fermenters = options.fermenterId
    ? all.filter((v) => v.id === options.fermenterId)
    : all.filter((v) => (FERMENTING_VESSEL_KINDS as readonly string[]).includes(v.kind))
  if (options.fermenterId && fermenters.length === 0) throw new AppError('NOT_FOUND', 'Vessel not found.')
  const brites = inFermenter
    ? []
    : all.filter((v) => (CONDITIONING_VESSEL_KINDS as readonly string[]).includes(v.kind))
  const rows = context.lock
    ? await repo.lockVessels(
        entityId,
        [...fermenters, ...brites].map((v) => v.id),
      )
    : [...fermenters, ...brites]
  const byId = new Map(rows.map((v) => [v.id, v]))
  const fermentation = { ...plan.fermentation, batchId: batch.id, stage: 'fermentation' as const }
  const fermenter = options.fermenterId
    ? await chosenFree(context, byId.get(options.fermenterId)!, fermentation, volume)
    : await firstFree(
        context,
        fermenters.map((v) => byId.get(v.id)!),
        fermentation,
        volume,
        'fermenter',
      )
  const conditioning = { ...plan.conditioning, batchId: batch.id, stage: 'conditioning' as const }
  const brite =
    days.conditioningDays > 0 && brites.length > 0
      ? await firstFree(
          context,
          brites.map((v) => byId.get(v.id)!),
          conditioning,
          volume,
          'brite tank',
        )
      : null
  return { plan, days, fermenter, brite }
}

import { z } from 'zod'
import { envelopeOf } from '../envelope.ts'
import { AmountSchema } from '../recipes/recipe.schema.ts'
import type { ProductionWriteDefinition } from '../writes/production-writes.ts'
import { StepKeySchema } from './brew-day.schema.ts'
import { ColdCrashTemperatureSchema, TemperatureSchema } from './cold-crash.ts'

// Cellar tasks (issue 34, ADR 263): what a batch in the cellar needs next — its dry hops, a cold crash, the
// transfer to its booked brite tank and its packaging — worked out by the server from the batch's recipe (its
// later-day additions), its bookings on the vessel schedule and what already happened. Nothing is stored about a
// task itself: a task done records the event it describes, and the event is why it disappears.

export const CELLAR_TASK_KINDS = ['dry-hop', 'cold-crash', 'transfer', 'packaging'] as const
export type CellarTaskKind = (typeof CELLAR_TASK_KINDS)[number]

/** A cold crash starts this many days before the fermentation booking ends (the beer drops clear, then moves). */
export const COLD_CRASH_DAYS = 2
export const CellarTaskSchema = z.object({
  /** Stable while the task is open: `kind:batchId[:stepKey]`. */
  id: z.string(),
  kind: z.enum(CELLAR_TASK_KINDS),
  batchId: z.uuid(),
  batchNumber: z.string(),
  productName: z.string(),
  /** What to do, as a brewer says it ("Dry hop: add Citra"). */
  title: z.string(),
  /** The amount, the vessels, the temperature. */
  detail: z.string(),
  /** The brewery's day it is due (its own time zone). */
  dueDate: z.iso.date(),
  overdue: z.boolean(),
  /** Where the beer is now. */
  vesselId: z.uuid().nullable(),
  vesselName: z.string().nullable(),
  /** A dry hop's brew step and its planned amount. */
  stepKey: z.string().nullable(),
  amount: AmountSchema.nullable(),
  /** A transfer's booked brite (or conditioning) vessel. */
  toVesselId: z.uuid().nullable(),
  toVesselName: z.string().nullable(),
  /**
   * A cold crash's suggested temperature (ADR 340): the recipe's, else the brewery's default, else the standard
   * 34 °F; `from` says which. Null for other tasks.
   */
  crash: z
    .object({ temperature: TemperatureSchema, from: z.enum(['recipe', 'brewery', 'standard']) })
    .nullable(),
})
export type CellarTask = z.infer<typeof CellarTaskSchema>

/** `GET /api/cellar/tasks`: the brewery's open cellar tasks, soonest first, and its today. */
export const CellarTasksSchema = z.object({
  today: z.iso.date(),
  tasks: z.array(CellarTaskSchema),
})
export type CellarTasks = z.infer<typeof CellarTasksSchema>

const note = z.string().max(2000, 'The note is too long').default('')

/** `POST /api/cellar/tasks/dry-hop`: a later-day addition made, with the amount used (the planned one by default). */
export const DryHopDoneSchema = z.object({
  batchId: z.uuid('The batch id must be a UUID'),
  stepKey: StepKeySchema,
  actual: AmountSchema,
  note,
})
export type DryHopDone = z.infer<typeof DryHopDoneSchema>
export const DryHopDoneEnvelopeSchema = envelopeOf('cellar-task', DryHopDoneSchema)

/** `POST /api/cellar/tasks/cold-crash`: the batch's tank was set to crash at this temperature. */
export const ColdCrashDoneSchema = z.object({
  id: z.uuid('The id must be a UUID'),
  batchId: z.uuid('The batch id must be a UUID'),
  temperature: ColdCrashTemperatureSchema,
  note,
})
export type ColdCrashDone = z.infer<typeof ColdCrashDoneSchema>
export const ColdCrashDoneEnvelopeSchema = envelopeOf('cellar-task', ColdCrashDoneSchema)

/** What a task done answers: the task that is gone. */
export const CellarTaskDoneSchema = z.object({ taskId: z.string(), batchId: z.uuid() })
export type CellarTaskDone = z.infer<typeof CellarTaskDoneSchema>

export const CELLAR_TASK_WRITES = {
  /** `POST /api/cellar/tasks/dry-hop`: the addition recorded on the batch and its stock consumed. */
  'cellar-task:dry-hop': {
    method: 'POST',
    envelopeType: 'cellar-task',
    schema: DryHopDoneSchema,
    permission: 'cellarWork',
    noun: 'Dry hop',
  },
  /** `POST /api/cellar/tasks/cold-crash`: the crash recorded on the batch; its fermentation booking ends sooner. */
  'cellar-task:cold-crash': {
    method: 'POST',
    envelopeType: 'cellar-task',
    schema: ColdCrashDoneSchema,
    permission: 'cellarWork',
    noun: 'Cold crash',
  },
} as const satisfies Record<string, ProductionWriteDefinition>

/** The task id of a batch's task. */
export const cellarTaskId = (kind: CellarTaskKind, batchId: string, stepKey?: string) =>
  stepKey ? `${kind}:${batchId}:${stepKey}` : `${kind}:${batchId}`

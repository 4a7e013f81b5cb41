import { z } from 'zod'
import { envelopeOf } from '../envelope.ts'
import type { ProductionWriteDefinition } from '../writes/production-writes.ts'

// The first week, guided (ADR 261): the dashboard's first-run path, each step ticked from the brewery's own
// records, until every step is done or the person dismisses it.

export const FIRST_WEEK_STEPS = ['brewhouse', 'vessels', 'recipe', 'batch', 'brewDay'] as const
export type FirstWeekStep = (typeof FIRST_WEEK_STEPS)[number]

/** `GET /api/first-week`: which steps the brewery has done, and whether this person put the path away. */
export const FirstWeekSchema = z.object({
  steps: z.object({
    brewhouse: z.boolean(),
    vessels: z.boolean(),
    recipe: z.boolean(),
    batch: z.boolean(),
    brewDay: z.boolean(),
  }),
  dismissedAt: z.iso.datetime({ offset: true }).nullable(),
})
export type FirstWeek = z.infer<typeof FirstWeekSchema>

/** `PUT /api/first-week/dismissal`: put the path away for this person (again is the same). */
export const FirstWeekDismissalSchema = z.object({
  dismissed: z.literal(true, { error: 'dismissed must be true' }),
})
export type FirstWeekDismissal = z.infer<typeof FirstWeekDismissalSchema>
export const FirstWeekDismissalEnvelopeSchema = envelopeOf('first-week', FirstWeekDismissalSchema)

/** Whether the path has anything left to show. */
export const firstWeekDone = (week: FirstWeek) => FIRST_WEEK_STEPS.every((step) => week.steps[step])

export const FIRST_WEEK_WRITES = {
  /** `PUT /api/first-week/dismissal`: the dashboard's first-run path is put away for this person. */
  'first-week:dismiss': {
    method: 'PUT',
    envelopeType: 'first-week',
    schema: FirstWeekDismissalSchema,
    permission: 'read',
    noun: 'First week guide',
  },
} as const satisfies Record<string, ProductionWriteDefinition>

import { z } from 'zod'
import { VOLUME_UNITS } from '../brewing/units.ts'
import { OBJECT_URI_SCHEME } from '../realtime/realtime.ts'
import { RecipeSchema } from '../recipes/recipe.schema.ts'
import { BATCH_STATUSES, BrewhouseConstantsSchema, PlanBatchSchema } from './equipment.schema.ts'

// A batch as read (docs/production.md "batch"): the frozen recipe, the brewhouse version it was planned with,
// when and how much. Volumes of beer are barrels; `targetVolumeUnit` is the unit the person planned in, to show
// the volume as they entered it. Instants are the server's ISO strings.

export const BatchStatusSchema = z.enum(BATCH_STATUSES)

/** The brewhouse version a batch was planned with: its constants never change after. */
export const BatchBrewhouseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The id of the `brewhouse_versions` row. */
  versionId: z.uuid(),
  version: z.number().int().min(1),
  constants: BrewhouseConstantsSchema,
})
export type BatchBrewhouse = z.infer<typeof BatchBrewhouseSchema>

/** One batch, whole (`GET /api/batches/{batchId}`): `serverTime` is the server's clock when it answered. */
export const BatchSchema = z.object({
  id: z.uuid(),
  /** Readable number within the brewery, `2026-014` (formatBatchNumber). */
  number: z.string(),
  status: BatchStatusSchema,
  productId: z.uuid().nullable(),
  productName: z.string(),
  recipeId: z.uuid().nullable(),
  /** The recipe as it was when the batch was planned; later recipe edits never reach it. */
  recipeSnapshot: RecipeSchema,
  brewhouse: BatchBrewhouseSchema,
  /** YYYY-MM-DD. */
  plannedBrewDate: z.string(),
  targetVolumeBbl: z.number(),
  targetVolumeUnit: z.enum(VOLUME_UNITS),
  /** The vessel the wort went into at the end of brew day. */
  fermenterId: z.uuid().nullable(),
  brewDayStartedAt: z.string().nullable(),
  brewDayFinishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The server's clock (ISO) when it answered: a countdown is computed against it, never the device's. */
  serverTime: z.string(),
})
export type Batch = z.infer<typeof BatchSchema>

/** A batch in a list (`GET /api/batches`): without the snapshot and the brewhouse's constants. */
export const BatchSummarySchema = BatchSchema.omit({
  recipeSnapshot: true,
  brewhouse: true,
  serverTime: true,
}).extend({
  brewhouse: BatchBrewhouseSchema.pick({ id: true, name: true, version: true }),
})
export type BatchSummary = z.infer<typeof BatchSummarySchema>

/** What may change of a planned batch (`PUT /api/batches/{batchId}`): any of its date, volume and brewhouse. */
export const BatchChangeSchema = PlanBatchSchema.pick({
  brewhouseId: true,
  plannedBrewDate: true,
  targetVolume: true,
}).partial()
export type BatchChange = z.infer<typeof BatchChangeSchema>

/** `brewcommand://batches/{id}`: what the brewery's room hears after a batch changed. */
export const batchObjectUri = (batchId: string) => `${OBJECT_URI_SCHEME}batches/${batchId}`

/** The batch id inside a batch object URI, or null when it is not one. */
export function batchIdFromObjectUri(objectUri: string): string | null {
  const match = /^brewcommand:\/\/batches\/([^/]+)/.exec(objectUri)
  return match ? match[1] : null
}

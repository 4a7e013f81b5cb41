import { z } from 'zod'
import type { Permission } from '../access/roles.ts'
import type { EnvelopeType } from '../envelope.ts'
import { BREW_DAY_WRITES } from '../production/brew-day.writes.ts'
import { CELLAR_TASK_WRITES } from '../production/cellar-tasks.ts'
import { CELLAR_WRITES } from '../production/cellar.writes.ts'
import { EQUIPMENT_WRITES } from '../production/equipment.writes.ts'
import { FIRST_WEEK_WRITES } from '../production/first-week.ts'
import { INVENTORY_WRITES } from '../production/inventory.writes.ts'
import { REPORTING_WRITES } from '../production/reporting.writes.ts'
import { SCHEDULE_WRITES } from '../production/schedule.writes.ts'
import { SALES_WRITES } from '../sales/sales.writes.ts'
import { KEG_WRITES } from '../kegs/kegs.writes.ts'
import { RECALL_WRITES } from '../trace/trace.writes.ts'

/**
 * What one kind of production write is (docs/decisions/150-writes-are-typed-intents.md): its HTTP method,
 * the envelope's type and the schema of its data (the server's route validates with the same schema), the
 * permission it needs and the noun the save-status list uses ("New batch “2026-014”", "Change to brew step").
 * A production write changes no product, so its local change is none: the production screens show queued
 * writes from the queue itself (`pendingProductionWrites`), and the server's answer and the brewery's live
 * updates bring the stored records.
 */
export type ProductionWriteDefinition = {
  method: 'POST' | 'PUT' | 'DELETE'
  envelopeType: EnvelopeType
  /** The envelope's data schema; null for a DELETE. */
  schema: z.ZodType | null
  permission: Permission
  noun: string
}

/** Every production write, by action (`equipment:add-vessel`, `brew-day:start-step`, …). */
export const PRODUCTION_WRITES = {
  ...EQUIPMENT_WRITES,
  ...BREW_DAY_WRITES,
  ...CELLAR_WRITES,
  ...CELLAR_TASK_WRITES,
  ...SCHEDULE_WRITES,
  ...INVENTORY_WRITES,
  ...REPORTING_WRITES,
  ...FIRST_WEEK_WRITES,
  ...SALES_WRITES,
  ...KEG_WRITES,
  ...RECALL_WRITES,
} as const satisfies Record<string, ProductionWriteDefinition>

export type ProductionAction = keyof typeof PRODUCTION_WRITES
const ACTIONS = Object.keys(PRODUCTION_WRITES)

/** A queued production write: which action, on which path, with which data. */
export type ProductionWrite = {
  kind: 'production'
  action: ProductionAction
  /** The API path of the record, e.g. `/api/batches/{id}/steps/{key}/start`. */
  uri: string
  /** The envelope's data; none for a DELETE. */
  data?: Record<string, unknown>
  /** What the save-status list names it by (a batch number, a vessel's name). */
  name?: string
}

export const isProductionAction = (action: string): action is ProductionAction => ACTIONS.includes(action)

export const productionDefinition = (write: ProductionWrite): ProductionWriteDefinition =>
  (PRODUCTION_WRITES as Record<string, ProductionWriteDefinition>)[write.action]

/** The stored shape of a production write (localStorage is input from outside). */
export const ProductionWriteSchema = z.object({
  kind: z.literal('production'),
  action: z.string().refine(isProductionAction, 'Unknown production action'),
  uri: z
    .string()
    .max(512)
    .regex(/^\/api\/[A-Za-z0-9/_.~%-]+$/, 'A production write goes to the API'),
  data: z.record(z.string(), z.unknown()).optional(),
  name: z.string().max(200).optional(),
})

/** A production write of a queue, when `uri` starts with `prefix` (a batch's page shows its own). */
export function pendingProductionWrites<T extends { write?: { kind: string } }>(
  queued: readonly T[],
  prefix: string,
): (T & { write: ProductionWrite })[] {
  return queued.filter(
    (request): request is T & { write: ProductionWrite } =>
      request.write?.kind === 'production' && (request.write as ProductionWrite).uri.startsWith(prefix),
  )
}

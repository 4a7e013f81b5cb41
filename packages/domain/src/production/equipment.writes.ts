import type { ProductionWriteDefinition } from '../writes/production-writes.ts'
import { BatchChangeSchema } from './batch.schema.ts'
import { AcceptCalibrationSchema, NewBrewhouseSchema } from './brewhouse.schema.ts'
import {
  BrewhouseConstantsSchema,
  PlanBatchSchema,
  VesselInputSchema,
  VesselSchema,
} from './equipment.schema.ts'

/**
 * The queued writes of the equipment part of the production side: one row per action, keyed `equipment:<verb>`
 * (packages/domain/src/writes/production-writes.ts says what a row holds). Brewhouses and vessels are an
 * Admin's (Settings → Equipment); planning a batch on a brewhouse is a Manager's.
 */
export const EQUIPMENT_WRITES = {
  /** POST /api/equipment/brewhouses: a brewhouse with its version 1. */
  'equipment:add-brewhouse': {
    method: 'POST',
    envelopeType: 'brewhouse',
    schema: NewBrewhouseSchema,
    permission: 'manageEquipment',
    noun: 'brewhouse',
  },
  /** PUT /api/equipment/brewhouses/{id}: new constants, saved as the next version. */
  'equipment:change-brewhouse': {
    method: 'PUT',
    envelopeType: 'brewhouse',
    schema: BrewhouseConstantsSchema,
    permission: 'manageEquipment',
    noun: 'brewhouse',
  },
  /** DELETE /api/equipment/brewhouses/{id}: deleted, or archived when a batch was planned on it. */
  'equipment:remove-brewhouse': {
    method: 'DELETE',
    envelopeType: 'brewhouse',
    schema: null,
    permission: 'manageEquipment',
    noun: 'brewhouse',
  },
  /** POST /api/equipment/brewhouses/{id}/calibrations: the accepted proposals, saved as the next version. */
  'equipment:accept-calibration': {
    method: 'POST',
    envelopeType: 'brewhouse',
    schema: AcceptCalibrationSchema,
    permission: 'manageEquipment',
    noun: 'calibration',
  },
  /** POST /api/equipment/vessels. */
  'equipment:add-vessel': {
    method: 'POST',
    envelopeType: 'vessel',
    schema: VesselSchema,
    permission: 'manageEquipment',
    noun: 'vessel',
  },
  /** PUT /api/equipment/vessels/{id}. */
  'equipment:change-vessel': {
    method: 'PUT',
    envelopeType: 'vessel',
    schema: VesselInputSchema,
    permission: 'manageEquipment',
    noun: 'vessel',
  },
  /** DELETE /api/equipment/vessels/{id}: deleted, or archived when a batch used it. */
  'equipment:remove-vessel': {
    method: 'DELETE',
    envelopeType: 'vessel',
    schema: null,
    permission: 'manageEquipment',
    noun: 'vessel',
  },
  /** POST /api/batches: Plan Batch. */
  'equipment:plan-batch': {
    method: 'POST',
    envelopeType: 'batch',
    schema: PlanBatchSchema,
    permission: 'planProduction',
    noun: 'batch',
  },
  /** PUT /api/batches/{id}: a planned batch's date, volume or brewhouse. */
  'equipment:change-batch': {
    method: 'PUT',
    envelopeType: 'batch',
    schema: BatchChangeSchema,
    permission: 'planProduction',
    noun: 'batch',
  },
} as const satisfies Record<string, ProductionWriteDefinition>

import type { ProductionWriteDefinition } from '../writes/production-writes.ts'
import {
  AlertAcknowledgementSchema,
  BulkReceiptInputSchema,
  BulkRemovalInputSchema,
  CellarSettingsSchema,
  CleaningInputSchema,
  DeviceInputSchema,
  LiquidEventInputSchema,
  PackagingRunInputSchema,
  ReadingInputSchema,
} from './cellar.schema.ts'

/**
 * The queued writes of the cellar part of the production side: one row per action, keyed `cellar:<verb>`
 * (packages/domain/src/writes/production-writes.ts says what a row holds).
 */
export const CELLAR_WRITES = {
  'cellar:record-reading': {
    method: 'POST',
    envelopeType: 'reading',
    schema: ReadingInputSchema,
    permission: 'cellarWork',
    noun: 'reading',
  },
  'cellar:record-movement': {
    method: 'POST',
    envelopeType: 'liquid-event',
    schema: LiquidEventInputSchema,
    permission: 'cellarWork',
    noun: 'cellar movement',
  },
  'cellar:package': {
    method: 'POST',
    envelopeType: 'liquid-event',
    schema: PackagingRunInputSchema,
    permission: 'planProduction',
    noun: 'packaging run',
  },
  'cellar:remove-bulk': {
    method: 'POST',
    envelopeType: 'liquid-event',
    schema: BulkRemovalInputSchema,
    permission: 'manageStock',
    noun: 'bulk removal',
  },
  'cellar:receive-bulk': {
    method: 'POST',
    envelopeType: 'liquid-event',
    schema: BulkReceiptInputSchema,
    permission: 'manageStock',
    noun: 'beer received in bond',
  },
  'cellar:log-cleaning': {
    method: 'POST',
    envelopeType: 'cleaning',
    schema: CleaningInputSchema,
    permission: 'cellarWork',
    noun: 'cleaning',
  },
  'cellar:add-device': {
    method: 'POST',
    envelopeType: 'device',
    schema: DeviceInputSchema,
    permission: 'manageEquipment',
    noun: 'device',
  },
  'cellar:revoke-device': {
    method: 'DELETE',
    envelopeType: 'device',
    schema: null,
    permission: 'manageEquipment',
    noun: 'device',
  },
  'cellar:change-settings': {
    method: 'PUT',
    envelopeType: 'cellar-settings',
    schema: CellarSettingsSchema,
    permission: 'manageEquipment',
    noun: 'cellar settings',
  },
  'cellar:acknowledge-alert': {
    method: 'POST',
    envelopeType: 'alert',
    schema: AlertAcknowledgementSchema,
    permission: 'cellarWork',
    noun: 'alert acknowledgement',
  },
} as const satisfies Record<string, ProductionWriteDefinition>

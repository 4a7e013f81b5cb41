import type { ProductionWriteDefinition } from '../writes/production-writes.ts'
import {
  AddKegsSchema,
  KegImportSchema,
  KegScanManySchema,
  KegScanSchema,
  KegSettingsSchema,
} from './keg.schema.ts'

/**
 * The queued writes of kegs, keyed `kegs:<verb>`: a scan is a Brewer's (on the floor, offline too); registering,
 * importing and the days-out limit a Manager's.
 */
export const KEG_WRITES = {
  'kegs:add': {
    method: 'POST',
    envelopeType: 'keg',
    schema: AddKegsSchema,
    permission: 'manageKegs',
    noun: 'New kegs',
  },
  'kegs:import': {
    method: 'POST',
    envelopeType: 'keg',
    schema: KegImportSchema,
    permission: 'manageKegs',
    noun: 'Keg import',
  },
  'kegs:scan': {
    method: 'POST',
    envelopeType: 'keg',
    schema: KegScanSchema,
    permission: 'scanKegs',
    noun: 'Keg scan',
  },
  'kegs:scan-many': {
    method: 'POST',
    envelopeType: 'keg',
    schema: KegScanManySchema,
    permission: 'scanKegs',
    noun: 'Keg scans',
  },
  'kegs:settings': {
    method: 'PUT',
    envelopeType: 'keg',
    schema: KegSettingsSchema,
    permission: 'manageKegs',
    noun: 'Keg settings',
  },
} as const satisfies Record<string, ProductionWriteDefinition>

import type { ProductionWriteDefinition } from '../writes/production-writes.ts'
import {
  CloseRecallSchema,
  MarkContactedSchema,
  ReleaseHoldSchema,
  StartRecallSchema,
} from './trace.schema.ts'

/**
 * The queued writes of recalls (docs/decisions/302): Start Recall (or a drill), mark a customer contacted,
 * release a hold, close. A Manager's (runRecalls).
 */
export const RECALL_WRITES = {
  'recall:start': {
    method: 'POST',
    envelopeType: 'recall',
    schema: StartRecallSchema,
    permission: 'runRecalls',
    noun: 'Start recall',
  },
  'recall:contact': {
    method: 'PUT',
    envelopeType: 'recall',
    schema: MarkContactedSchema,
    permission: 'runRecalls',
    noun: 'Customer contacted',
  },
  'recall:release-hold': {
    method: 'POST',
    envelopeType: 'recall',
    schema: ReleaseHoldSchema,
    permission: 'runRecalls',
    noun: 'Release hold',
  },
  'recall:close': {
    method: 'POST',
    envelopeType: 'recall',
    schema: CloseRecallSchema,
    permission: 'runRecalls',
    noun: 'Close recall',
  },
} as const satisfies Record<string, ProductionWriteDefinition>

import type { ProductionWriteDefinition } from '../writes/production-writes.ts'
import {
  AcceptShiftSchema,
  BookBatchSchema,
  MoveBookingSchema,
  ScheduleSettingsSchema,
  StageDurationsSchema,
} from './schedule.schema.ts'

/**
 * The queued writes of the schedule part of the production side: one row per action, keyed `schedule:<verb>`
 * (packages/domain/src/writes/production-writes.ts says what a row holds).
 */
export const SCHEDULE_WRITES = {
  'schedule:move': {
    method: 'PUT',
    envelopeType: 'schedule',
    schema: MoveBookingSchema,
    permission: 'planProduction',
    noun: 'Move of a booking',
  },
  'schedule:durations': {
    method: 'PUT',
    envelopeType: 'schedule',
    schema: StageDurationsSchema,
    permission: 'planProduction',
    noun: 'Stage durations',
  },
  'schedule:book': {
    method: 'POST',
    envelopeType: 'schedule',
    schema: BookBatchSchema,
    permission: 'planProduction',
    noun: 'Booking of a batch',
  },
  'schedule:accept-shift': {
    method: 'POST',
    envelopeType: 'schedule',
    schema: AcceptShiftSchema,
    permission: 'planProduction',
    noun: 'Accepted shift',
  },
  'schedule:settings': {
    method: 'PUT',
    envelopeType: 'schedule',
    schema: ScheduleSettingsSchema,
    permission: 'planProduction',
    noun: 'Schedule settings',
  },
} as const satisfies Record<string, ProductionWriteDefinition>

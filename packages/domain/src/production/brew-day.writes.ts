import type { ProductionWriteDefinition } from '../writes/production-writes.ts'
import {
  BrewDayActionSchema,
  ConfirmAdditionSchema,
  ExtendStepSchema,
  FinishBrewDaySchema,
} from './brew-day.schema.ts'
import { MeasurementInputSchema } from './measurement.ts'

/**
 * The queued writes of the brew-day part of the production side: one row per action, keyed `brew-day:<verb>`
 * (packages/domain/src/writes/production-writes.ts says what a row holds). Their paths are
 * `/api/batches/{batchId}/brew-day[/steps/{stepKey}/{verb}|/finish]` and `/api/batches/{batchId}/measurements`
 * (brew-day.schema.ts `brewDayPath`, `brewStepPath`); the server sets every instant.
 */
export const BREW_DAY_WRITES = {
  'brew-day:start': {
    method: 'POST',
    envelopeType: 'batch',
    schema: BrewDayActionSchema,
    permission: 'runBrewDay',
    noun: 'brew day',
  },
  'brew-day:start-step': {
    method: 'POST',
    envelopeType: 'brew-step',
    schema: BrewDayActionSchema,
    permission: 'runBrewDay',
    noun: 'step start',
  },
  'brew-day:complete-step': {
    method: 'POST',
    envelopeType: 'brew-step',
    schema: BrewDayActionSchema,
    permission: 'runBrewDay',
    noun: 'step completion',
  },
  'brew-day:extend-step': {
    method: 'POST',
    envelopeType: 'brew-step',
    schema: ExtendStepSchema,
    permission: 'runBrewDay',
    noun: 'step extension',
  },
  'brew-day:acknowledge': {
    method: 'POST',
    envelopeType: 'brew-step',
    schema: BrewDayActionSchema,
    permission: 'runBrewDay',
    noun: 'alarm acknowledgement',
  },
  'brew-day:confirm-addition': {
    method: 'POST',
    envelopeType: 'brew-step',
    schema: ConfirmAdditionSchema,
    permission: 'runBrewDay',
    noun: 'addition confirmation',
  },
  'brew-day:record-measurement': {
    method: 'POST',
    envelopeType: 'measurement',
    schema: MeasurementInputSchema,
    permission: 'runBrewDay',
    noun: 'measurement',
  },
  'brew-day:finish': {
    method: 'POST',
    envelopeType: 'batch',
    schema: FinishBrewDaySchema,
    permission: 'runBrewDay',
    noun: 'brew day finish',
  },
} as const satisfies Record<string, ProductionWriteDefinition>

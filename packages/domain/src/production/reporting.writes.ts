import type { ProductionWriteDefinition } from '../writes/production-writes.ts'
import {
  ClosePeriodInputSchema,
  PhysicalInventoryInputSchema,
  TaxSettingsInputSchema,
} from './reporting.schema.ts'

/**
 * The queued writes of the reporting part of the production side: one row per action, keyed `reporting:<verb>`
 * (packages/domain/src/writes/production-writes.ts says what a row holds).
 */
export const REPORTING_WRITES = {
  /** `PUT /api/reports/physical-inventories/{month}`: the month-end count of beer on hand. */
  'reporting:count-inventory': {
    method: 'PUT',
    envelopeType: 'physical-inventory',
    schema: PhysicalInventoryInputSchema,
    permission: 'manageStock',
    noun: 'Physical inventory',
  },
  /** `PUT /api/reports/tax-settings`: the brewery's tax facts. */
  'reporting:save-tax-settings': {
    method: 'PUT',
    envelopeType: 'tax-settings',
    schema: TaxSettingsInputSchema,
    permission: 'manageTaxAndPeriods',
    noun: 'Tax settings',
  },
  /** `POST /api/reports/periods`: close a report period (an immutable snapshot). */
  'reporting:close-period': {
    method: 'POST',
    envelopeType: 'report-period',
    schema: ClosePeriodInputSchema,
    permission: 'manageTaxAndPeriods',
    noun: 'Closed period',
  },
} as const satisfies Record<string, ProductionWriteDefinition>

import type { ProductionWriteDefinition } from '../writes/production-writes.ts'

/**
 * The queued writes of the reporting part of the production side: one row per action, keyed `reporting:<verb>`
 * (packages/domain/src/writes/production-writes.ts says what a row holds).
 */
export const REPORTING_WRITES = {} as const satisfies Record<string, ProductionWriteDefinition>

import type { ProductionWriteDefinition } from '../writes/production-writes.ts'

/**
 * The queued writes of the equipment part of the production side: one row per action, keyed `equipment:<verb>`
 * (packages/domain/src/writes/production-writes.ts says what a row holds).
 */
export const EQUIPMENT_WRITES = {} as const satisfies Record<string, ProductionWriteDefinition>

import type { ProductionWriteDefinition } from '../writes/production-writes.ts'

/**
 * The queued writes of the inventory part of the production side: one row per action, keyed `inventory:<verb>`
 * (packages/domain/src/writes/production-writes.ts says what a row holds).
 */
export const INVENTORY_WRITES = {} as const satisfies Record<string, ProductionWriteDefinition>

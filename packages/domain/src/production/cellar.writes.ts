import type { ProductionWriteDefinition } from '../writes/production-writes.ts'

/**
 * The queued writes of the cellar part of the production side: one row per action, keyed `cellar:<verb>`
 * (packages/domain/src/writes/production-writes.ts says what a row holds).
 */
export const CELLAR_WRITES = {} as const satisfies Record<string, ProductionWriteDefinition>

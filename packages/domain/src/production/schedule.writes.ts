import type { ProductionWriteDefinition } from '../writes/production-writes.ts'

/**
 * The queued writes of the schedule part of the production side: one row per action, keyed `schedule:<verb>`
 * (packages/domain/src/writes/production-writes.ts says what a row holds).
 */
export const SCHEDULE_WRITES = {} as const satisfies Record<string, ProductionWriteDefinition>

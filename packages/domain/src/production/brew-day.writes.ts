import type { ProductionWriteDefinition } from '../writes/production-writes.ts'

/**
 * The queued writes of the brew-day part of the production side: one row per action, keyed `brew-day:<verb>`
 * (packages/domain/src/writes/production-writes.ts says what a row holds).
 */
export const BREW_DAY_WRITES = {} as const satisfies Record<string, ProductionWriteDefinition>

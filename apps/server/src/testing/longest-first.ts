import type { TestSpecification } from 'vitest/node'
import { BaseSequencer } from 'vitest/node'

/**
 * The suite's longest files (ADR 412), longest first. On a clean clone Vitest has no durations and starts the
 * largest files first, so these (the security suites are four-line files that call a shared suite) started last
 * and one of the two workers waited on the other for a minute at the end. Starting the longest first lets the
 * short files fill in beside them: the usual "longest processing time first" order of two machines.
 */
export const LONGEST_FIRST = [
  // 55 s, 52 s and 49 s on the clean-clone run of 2026-11-27 (the README's figures).
  'src/security/fuzz.test.ts',
  'src/seed/seed.test.ts',
  'src/security/headers.test.ts',
  'src/security/access-matrix.postgres.test.ts',
  'src/security/access-matrix.test.ts',
  'src/security/access-matrix.part2.test.ts',
  'src/security/fuzz.postgres.test.ts',
]

/** LONGEST_FIRST's files first, in its order; the others after them in the order given. */
export function longestFirst<T extends { moduleId: string }>(files: T[]): T[] {
  const rank = (spec: T) => {
    const index = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`))
    return index === -1 ? LONGEST_FIRST.length : index
  }
  // Array.prototype.sort is stable: the other files keep the order given.
  return [...files].sort((a, b) => rank(a) - rank(b))
}

/** Vitest's own order (by last durations, else by size), with LONGEST_FIRST's files before all others. */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return longestFirst(await super.sort(files))
  }
}

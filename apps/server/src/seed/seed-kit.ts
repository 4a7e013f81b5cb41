// What every part of the seed shares (ADR 331, 370): the PRNG, the scale's counts, the simulated calendar and
// the one way a part writes — a request to the app's own routes as the brewery's Admin.
import type { SeedClock } from './clock.ts'

export type Scale = 'week' | 'month' | 'year'
/** How many weeks of history a scale writes; counts grow with it (a year is issue 40's regional brewery). */
export const WEEKS: Record<Scale, number> = { week: 1, month: 4, year: 52 }

export const DAY = 86_400_000
export const HOUR = 3_600_000
export const MINUTE = 60_000

/** mulberry32: a small, fast, seeded PRNG (deterministic across platforms). */
export function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    /** A version-4 UUID from the PRNG's bits. */
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16))
      hex[12] = '4'
      hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)
      const s = hex.join('')
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
    },
  }
}
export type Prng = ReturnType<typeof prng>

/** A count of issue 40's year, scaled to the weeks written (at least `floor`). */
export const scaled = (yearly: number, weeks: number, floor = 1) =>
  Math.max(floor, Math.round((yearly * weeks) / 52))

export type Json = Record<string, unknown>

/**
 * Runs `tasks` at most `lanes` at a time (ADR 380): the writes of a day that do not depend on one another, so the
 * database works on one while the app prepares the next. Every PRNG draw is made before, while planning the tasks,
 * so what is written does not depend on which finishes first; the first failure fails the seed.
 */
export async function inParallel(tasks: (() => Promise<unknown>)[], lanes: number): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < tasks.length) await tasks[next++]()
  }
  await Promise.all(Array.from({ length: Math.min(lanes, tasks.length) }, lane))
}

/** What a part of the seed writes with. */
export type SeedContext = {
  rnd: Prng
  weeks: number
  /** Simulated days of history: day 0 is the first; the last ends at `endsAt`. */
  days: number
  /** Midnight UTC of day 0. */
  startsAt: number
  clock: SeedClock
  /** How many independent writes run at once (inParallel). */
  lanes: number
  /** Moves the simulated clock to `hours` (UTC) into day `day`; never backwards. */
  at(day: number, hours: number): Date
  /** The calendar date of day `day` (YYYY-MM-DD, UTC; the brewery's local working hours fall on it). */
  date(day: number): string
  /** A write through a route, as the Admin, in a change envelope of `type`; answers the body's `data`. */
  write(method: 'POST' | 'PUT', url: string, type: string, data: unknown, expected?: number[]): Promise<Json>
  read(url: string): Promise<Json | Json[]>
  /** Counts what was written and adds its facts (never ids or server times) to the digest. */
  wrote(kind: string, ...facts: unknown[]): void
  /** Say how far the seed is (stderr, for the year's minutes). */
  progress(message: string): void
}

// The seed's clock (ADR 370): the app stamps brew days, confirmations and readings with the server's clock
// (docs/production.md "Time is stored, never counted"), so a year of history written through the services is
// written with that clock set to each moment of the year in turn. `installSeedClock` replaces the global `Date`
// by a subclass whose `new Date()` answers the simulated instant — the services stamp their writes with it;
// every other use of `Date` (parsing, arithmetic, `instanceof Date`) is unchanged. `Date.now()` stays real on
// purpose: PGlite's WebAssembly clock and its timers read it (a clock weeks behind made its timers overflow
// and spin), as do token expiry checks. `restore` puts the real `Date` back.
const RealDate = globalThis.Date

export type SeedClock = {
  /** The simulated instant, in milliseconds. */
  now(): number
  /** Moves the clock to `at` (never backwards: the ledgers refuse what is dated before what they hold). */
  set(at: number): void
  restore(): void
}

export function installSeedClock(start: number): SeedClock {
  let current = start
  class SeedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(current)
      else if (args.length === 1) super(args[0] as string | number | Date)
      else super(...(args as [number, number, number?, number?, number?, number?, number?]))
    }
  }
  globalThis.Date = SeedDate as DateConstructor
  return {
    now: () => current,
    set(at: number) {
      if (at > current) current = at
    },
    restore() {
      globalThis.Date = RealDate
    },
  }
}

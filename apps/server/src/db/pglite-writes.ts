import type { PGlite } from '@electric-sql/pglite'

/**
 * A count of what may have written through one PGlite instance (ADR 415): every statement but a plain `select`,
 * every `exec` and every transaction (read-only ones too) moves it once it has settled, before its caller
 * resumes. Raw protocol messages (`execProtocol`, which `query` and `exec` use inside) are not counted: only the
 * trace's reads send them (modules/trace/trace.batch.ts), and a write sent that way would have to move it. PGlite is one process by construction (its data folder has one owner), so
 * a read started at count g and still at g reflects every write acknowledged since — a write is acknowledged
 * after its statement or transaction settles, which is after the count moved. The instance's own methods are
 * wrapped, so a caller holding the raw client (a test writing behind the app's back) moves it too.
 */
export function countWrites(client: PGlite): () => number {
  let counter = counters.get(client)
  if (!counter) counters.set(client, (counter = wrap(client)))
  return counter
}
const counters = new WeakMap<PGlite, () => number>()

/** A statement that cannot write: a `select` (a data-changing CTE starts with `with`, and is counted). */
const READ = /^[\s(]*select\b/i

function wrap(client: PGlite): () => number {
  let generation = 0
  const moved = () => {
    generation++
  }
  const methods = client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
  for (const name of ['query', 'exec', 'transaction']) {
    const original = methods[name]
    if (typeof original !== 'function') continue
    const bound = original.bind(client)
    methods[name] =
      name === 'query'
        ? (text, ...rest) => {
            const result = bound(text, ...rest)
            return typeof text === 'string' && READ.test(text) ? result : result.finally(moved)
          }
        : (...args) => bound(...args).finally(moved)
  }
  return () => generation
}

// Where the seed's time goes (ADR 370): the time of each request summed by route (ids left out), so a slow
// scale names the write to make faster.
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g

export function routeProfile() {
  const routes = new Map<string, { count: number; ms: number; queries: number }>()
  return {
    /** One request of `ms`, with the statements it sent when the caller counts them. */
    add(method: string, url: string, ms: number, queries = 0) {
      const key = `${method} ${url.replace(ID, ':id').replace(/\/steps\/[^/]+\//, '/steps/:step/')}`
      const entry = routes.get(key) ?? { count: 0, ms: 0, queries: 0 }
      entry.count++
      entry.ms += ms
      entry.queries += queries
      routes.set(key, entry)
    },
    /** Starts counting again (a long scale's profile, period by period). */
    reset: () => routes.clear(),
    /** The routes that took longest in all, with their count and mean. */
    top(n: number) {
      return [...routes.entries()]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, n)
        .map(
          ([key, { count, ms, queries }]) =>
            `${key}: ${count} × ${(ms / count).toFixed(1)} ms = ${(ms / 1000).toFixed(1)} s` +
            (queries ? `, ${(queries / count).toFixed(1)} statements each` : ''),
        )
    },
  }
}

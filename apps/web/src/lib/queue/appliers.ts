/**
 * Pure functions that rebuild a queued write's local change from its serialisable description
 * (method, uri, envelope). They re-apply writes restored after a reload and writes that a remote change
 * would otherwise overwrite. A feature registers one with a single line:
 *
 *   registerApplier('PUT /api/products/:productId/recipes/:recipeId', (state, { params, body }) => …)
 *
 * The state is whatever the caller keeps (the secure area passes its current entity); the queue itself
 * never looks inside it.
 */
export type ApplierInput = {
  method: string
  uri: string
  /** The path's named parts, e.g. { productId, recipeId }. */
  params: Record<string, string>
  /** The envelope's `data` (undefined for a DELETE). */
  body: unknown
  /** The whole change envelope, if any. */
  envelope: Record<string, unknown> | undefined
}
export type Applier<S = never> = (state: S, input: ApplierInput) => S

type Registration = {
  method: string
  pattern: RegExp
  names: string[]
  apply: Applier<unknown>
}

const registrations: Registration[] = []

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = []
  const source = path
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        names.push(part.slice(1))
        return '([^/?#]+)'
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('/')
  return { pattern: new RegExp(`^${source}/?(?:[?#].*)?$`), names }
}

/**
 * Registers the applier of `route` ("METHOD /path/:param"; METHOD may be `*`). A later registration of
 * a matching route wins, so a feature can refine a generic one. Returns a function that unregisters it.
 */
export function registerApplier<S>(route: string, apply: Applier<S>): () => void {
  const [method, path] = route.trim().split(/\s+/)
  if (!method || !path?.startsWith('/')) throw new Error(`Invalid applier route: ${route}`)
  const registration: Registration = {
    method: method.toUpperCase(),
    ...compile(path),
    apply: apply as Applier<unknown>,
  }
  registrations.push(registration)
  return () => {
    const index = registrations.indexOf(registration)
    if (index >= 0) registrations.splice(index, 1)
  }
}

/** The local change of a queued write, or undefined when no applier matches its route. */
export function applierFor(request: {
  method: string
  uri: string
  data?: Record<string, unknown>
}): ((state: never) => unknown) | undefined {
  for (let i = registrations.length - 1; i >= 0; i -= 1) {
    const registration = registrations[i]
    if (registration.method !== '*' && registration.method !== request.method) continue
    const match = registration.pattern.exec(request.uri)
    if (!match) continue
    const params = Object.fromEntries(
      registration.names.map((name, index) => [name, decodeURIComponent(match[index + 1])]),
    )
    const input: ApplierInput = {
      method: request.method,
      uri: request.uri,
      params,
      body: request.data?.data,
      envelope: request.data,
    }
    return (state: never) => registration.apply(state, input)
  }
  return undefined
}

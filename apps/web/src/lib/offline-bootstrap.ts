import { ApiError } from './api-error.ts'

/**
 * The last bootstrap answer (the signed-in user and their brewery) kept in the browser, so the installed app
 * can start offline from the service worker's app shell (docs/decisions/180-installable-app-service-worker.md).
 * One copy, for one user: it is used only for the same user (`subject`), only when the server cannot be
 * reached, and removed at sign-out.
 */
export const OFFLINE_BOOTSTRAP_KEY = 'brewcommand:offline-bootstrap'

type Parse<T> = (value: unknown) => T

/** True for a request that never reached the server (the API client's status 0), also when wrapped as a cause. */
function isUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0
  return error instanceof Error && error.cause !== undefined && isUnreachable(error.cause)
}

function stored<T>(subject: string, parse: Parse<T>, storage: Storage): T | null {
  try {
    const copy = JSON.parse(storage.getItem(OFFLINE_BOOTSTRAP_KEY) ?? 'null') as {
      subject?: unknown
      bootstrap?: unknown
    } | null
    return copy?.subject === subject ? parse(copy.bootstrap) : null
  } catch {
    return null
  }
}

/** Loads the bootstrap and keeps a copy; when the server is unreachable, answers with this user's copy. */
export async function withOfflineCopy<T>(
  subject: string,
  load: () => Promise<T>,
  parse: Parse<T>,
  storage: Storage = localStorage,
): Promise<T> {
  try {
    const bootstrap = await load()
    try {
      storage.setItem(OFFLINE_BOOTSTRAP_KEY, JSON.stringify({ subject, bootstrap }))
    } catch {
      // A full or disabled storage only costs starting offline.
    }
    return bootstrap
  } catch (error) {
    const copy = isUnreachable(error) ? stored(subject, parse, storage) : null
    if (copy === null) throw error
    return copy
  }
}

/** Where screens keep their own offline copies (a brew day): every key under it goes at sign-out too. */
export const OFFLINE_COPY_PREFIX = 'brewcommand:offline:'

/** Removes the kept copy and the screens' offline copies (at sign-out). */
export function forgetOfflineBootstrap(storage: Storage = localStorage) {
  storage.removeItem(OFFLINE_BOOTSTRAP_KEY)
  for (const key of Object.keys(storage)) if (key.startsWith(OFFLINE_COPY_PREFIX)) storage.removeItem(key)
}

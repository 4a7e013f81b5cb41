import { AuthError, AUTH_ERROR_MESSAGES } from './auth-errors.ts'

/** Silent-token lock limits of docs/product/01-access.md §9: wait up to 5 s per try, at most 10 tries. */
export const TOKEN_LOCK = { name: 'brewcommand.auth.token', waitMs: 5_000, tries: 10 } as const

type LockManagerLike = Pick<LockManager, 'request'>

/**
 * Runs `task` while holding a lock shared by every tab of the site, so two tabs never spend the same
 * (rotating) refresh token at once. Without the Web Locks API the task runs unguarded.
 */
export async function withTokenLock<T>(
  task: () => Promise<T>,
  locks: LockManagerLike | undefined = globalThis.navigator?.locks,
  { name, waitMs, tries }: { name: string; waitMs: number; tries: number } = TOKEN_LOCK,
): Promise<T> {
  if (!locks) return task()
  for (let attempt = 1; attempt <= tries; attempt++) {
    let hasStarted = false
    try {
      return await locks.request(name, { signal: AbortSignal.timeout(waitMs) }, () => {
        hasStarted = true
        return task()
      })
    } catch (error) {
      // Only the wait for the lock is retried; a failure of the task itself is the caller's to handle.
      if (hasStarted) throw error
    }
  }
  throw new AuthError('timeout', AUTH_ERROR_MESSAGES.timeout, {
    cause: new Error(`The token lock was busy for ${tries} tries`),
  })
}

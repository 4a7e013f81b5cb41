/** Runs `operation`, retrying up to `retries` more times while `shouldRetry` says the failure is transient. */
export async function withRetry<T>(
  operation: () => Promise<T>,
  {
    retries,
    shouldRetry,
    delayMs = (attempt) => 250 * 2 ** attempt,
  }: { retries: number; shouldRetry: (error: unknown) => boolean; delayMs?: (attempt: number) => number },
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation()
    } catch (error) {
      if (attempt >= retries || !shouldRetry(error)) throw error
      const wait = delayMs(attempt)
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
}

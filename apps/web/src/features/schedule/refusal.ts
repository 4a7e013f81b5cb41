/**
 * The server's own sentence from a refused queued write's error ("Server responded with an error: 409 -
 * {json}"), so the schedule shows "FV1 is booked for batch 2026-001 …" beside the bar.
 */
export function refusalMessage(error: string | undefined): string {
  if (!error) return 'The server refused this change.'
  const json = error.indexOf('{')
  if (json >= 0) {
    try {
      const body = JSON.parse(error.slice(json)) as { error?: { message?: unknown } }
      if (typeof body.error?.message === 'string') return body.error.message
    } catch {
      // Not JSON: the error as it is.
    }
  }
  return error
}

import { z } from 'zod'

/** Machine-readable error codes; each maps to exactly one HTTP status (see ERROR_STATUS). */
export const ErrorCodeSchema = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  /** A path (one of its parameters) longer than the server reads. */
  'URI_TOO_LONG',
  /** A per-brewery limit (products, recipes, files, storage, members) is reached. */
  'QUOTA_EXCEEDED',
  'RATE_LIMITED',
  /** The brewery's subscription is not paid: reads work, changes wait for payment (Settings → Billing). */
  'PAYMENT_REQUIRED',
  'INTERNAL',
  /** A service we depend on (mail, the payment provider) did not answer; trying again later may work. */
  'UNAVAILABLE',
  /** Filling a vessel not cleaned or sanitised within the brewery's windows: send again accepting the warning. */
  'CLEANING_WARNING',
])
export type ErrorCode = z.infer<typeof ErrorCodeSchema>

/** HTTP status for each error code. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  QUOTA_EXCEEDED: 409,
  RATE_LIMITED: 429,
  PAYMENT_REQUIRED: 402,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  CLEANING_WARNING: 409,
}

export const ErrorIssueSchema = z.object({ path: z.string(), message: z.string() })
export type ErrorIssue = z.infer<typeof ErrorIssueSchema>

/** The body of every non-2xx API response. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    issues: z.array(ErrorIssueSchema).optional(),
  }),
})
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>

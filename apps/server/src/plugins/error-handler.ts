import type { ErrorCode, ErrorIssue } from '@brewcommand/domain'
import { ERROR_STATUS } from '@brewcommand/domain'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError } from '../errors.ts'

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.'

function send(reply: FastifyReply, code: ErrorCode, message: string, issues?: ErrorIssue[]) {
  return reply
    .code(ERROR_STATUS[code])
    .type('application/json; charset=utf-8')
    .send({ error: { code, message, ...(issues && issues.length > 0 ? { issues } : {}) } })
}

/** `/data/emailAddress` → `data.emailAddress`; the root is `(root)`. */
function issuePath(instancePath: string): string {
  const path = instancePath.split('/').filter(Boolean).join('.')
  return path === '' ? '(root)' : path
}

const WHERE: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'path',
  headers: 'headers',
}

/** Fastify's own client errors (parsing, limits) in our words. */
function clientError(error: FastifyError): { code: ErrorCode; message: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' }
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON.' }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'VALIDATION_FAILED', message: 'Send the request body as application/json.' }
    default:
      if (error.statusCode === 404) return { code: 'NOT_FOUND', message: 'Not found.' }
      if (error.statusCode === 429)
        return { code: 'RATE_LIMITED', message: 'Too many requests. Try again later.' }
      if (error.statusCode === 413)
        return { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' }
      return { code: 'VALIDATION_FAILED', message: error.message }
  }
}

/**
 * One error shape for every failure (docs/architecture.md "Errors"): `{ error: { code, message, issues? } }`.
 * Anything unexpected is logged with the request and answered as a plain INTERNAL error.
 */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(reply, error.code, error.message, error.issues)

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: issuePath(v.instancePath),
        message: v.message ?? 'Invalid value',
      }))
      const where = WHERE[error.validationContext ?? 'body'] ?? 'request'
      const summary = issues.map((i) => `${i.path}: ${i.message}`).join('; ')
      return send(reply, 'VALIDATION_FAILED', `Invalid ${where}: ${summary}`, issues)
    }

    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const { code, message } = clientError(error)
      // Expected (a broken JSON body, a wrong media type): a warning without the stack, nor the parser's
      // message, which quotes the body.
      request.log.warn({ code: error.code, statusCode: ERROR_STATUS[code] }, `client error: ${message}`)
      return send(reply, code, message)
    }

    request.log.error({ err: error }, 'unhandled error')
    return send(reply, 'INTERNAL', INTERNAL_MESSAGE)
  })
}

/**
 * The router's own refusals, answered before any route or hook runs (Fastify's `frameworkErrors`): a path
 * parameter longer than the router reads (414) or a path that is not valid percent-encoding (400), in the one
 * error shape. The path is not repeated: it may hold a secret (a device or calendar-feed token).
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH' || error.code === 'FST_ERR_BAD_URL') {
    const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : 'VALIDATION_FAILED'
    request.log.warn({ code: error.code, statusCode: ERROR_STATUS[code] }, 'client error: bad address')
    void send(reply, code, code === 'URI_TOO_LONG' ? 'The address is too long.' : 'The address is not valid.')
    return
  }
  request.log.error({ err: error }, 'unhandled error')
  void send(reply, 'INTERNAL', INTERNAL_MESSAGE)
}

export default fp(errorHandler, { name: 'error-handler', fastify: '5.x' })

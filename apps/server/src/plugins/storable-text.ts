import type { ErrorIssue } from '@brewcommand/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../errors.ts'

const MESSAGE = 'Text may not contain NUL characters or unpaired UTF-16 surrogates'
// U+0000, a high surrogate not followed by a low one, or a low surrogate without a high one before it.
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what it looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * The first path (`data.name`, `(root)`) of a string or key PostgreSQL cannot store: it refuses
 * U+0000 in text and jsonb, and an unpaired surrogate in jsonb (a 500 otherwise). Iterative, so a
 * deeply nested body cannot exhaust the stack.
 */
export function unstorableTextPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']]
  while (stack.length > 0) {
    const [node, path] = stack.pop()!
    if (typeof node === 'string') {
      if (UNSTORABLE.test(node)) return path || '(root)'
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => stack.push([item, path ? `${path}.${index}` : String(index)]))
    } else if (node !== null && typeof node === 'object' && !Buffer.isBuffer(node)) {
      for (const [key, item] of Object.entries(node)) {
        const at = path ? `${path}.${key}` : key
        if (UNSTORABLE.test(key)) return at
        stack.push([item, at])
      }
    }
  }
  return null
}

const WHERE = { body: 'request body', query: 'query string', params: 'path' } as const

/** Refuses /api requests carrying text PostgreSQL cannot store, as a 400 in the error shape. */
async function storableText(app: FastifyInstance) {
  // A callback hook: it never waits, so it takes no promise (ADR 421).
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const url = request.routeOptions.url
    if (url === undefined || !url.startsWith('/api')) return done()
    for (const part of ['params', 'query', 'body'] as const) {
      const path = unstorableTextPath(request[part])
      if (path !== null) {
        const issues: ErrorIssue[] = [{ path, message: MESSAGE }]
        return done(new AppError('VALIDATION_FAILED', `Invalid ${WHERE[part]}: ${path}: ${MESSAGE}`, issues))
      }
    }
    done()
  })
}

export default fp(storableText, { name: 'storable-text', fastify: '5.x' })

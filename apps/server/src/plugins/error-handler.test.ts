import { Writable } from 'node:stream'
import Fastify from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import errorHandler from './error-handler.ts'

describe('the error handler', () => {
  const lines: Record<string, unknown>[] = []
  const app = Fastify({
    loggerInstance: pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>)
          done()
        },
      }),
    ),
  })
  beforeAll(async () => {
    await app.register(errorHandler)
    app.post('/echo', async (request) => ({ data: request.body }))
    app.get('/boom', async () => {
      throw new Error('the database went away')
    })
    await app.ready()
  })
  afterAll(() => app.close())
  const logOf = (message: RegExp) => lines.filter((line) => message.test(String(line.msg)))

  it('logs a broken JSON body as a warning, without a stack or the body it quotes', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: '{"password":"hunter2',
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON.' },
    })
    const [logged] = logOf(/^client error/)
    expect(logged).toMatchObject({ level: 40, code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 })
    expect(JSON.stringify(logged)).not.toMatch(/stack|hunter2|at .*\.js/)
  })

  it('still logs an unexpected error with its stack, and answers a plain INTERNAL', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' })
    expect(response.statusCode).toBe(500)
    expect(response.body).not.toContain('database')
    const [logged] = logOf(/^unhandled error/)
    expect(logged).toMatchObject({ level: 50, err: { message: 'the database went away' } })
    expect((logged.err as { stack: string }).stack).toContain('error-handler.test.ts')
  })
})

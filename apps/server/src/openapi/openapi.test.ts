// The OpenAPI document (ADR 280): valid OpenAPI 3.1, every /api route of the server in it with the right
// method, its request schemas where the route validates them, the error shape on every operation, and the
// reference page served from this server.
import { writeFileSync } from 'node:fs'
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSecurityApp, type SecurityApp } from '../testing/security-harness.ts'
import { isDescribed } from './openapi.ts'

type Operation = {
  parameters?: { in: string; name: string }[]
  requestBody?: unknown
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>
  security?: unknown[]
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> }

/** Fastify's `/a/:id` and `/a/:id.ics` as OpenAPI writes them: `/a/{id}`, `/a/{id}.ics`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

describe('the OpenAPI document', () => {
  let server: SecurityApp
  let document: Document

  beforeAll(async () => {
    server = await startSecurityApp('pglite')
    const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    document = response.json<Document>()
    if (process.env.OPENAPI_DUMP) writeFileSync(process.env.OPENAPI_DUMP, response.body)
  })
  afterAll(async () => server.close())

  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('lists every /api route of the server with its method, and nothing else', () => {
    const expected = server.routes
      .filter(
        (route) => isDescribed(route.url) && route.method !== 'HEAD' && route.url !== '/api/openapi.json',
      )
      .map((route) => `${route.method.toLowerCase()} ${openApiPath(route.url)}`)
    const listed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    )
    expect(expected.length).toBeGreaterThan(100)
    expect(new Set(listed)).toEqual(new Set(expected))
  })

  it("describes each route's body, path and query as the route validates them", () => {
    for (const route of server.routes) {
      if (!isDescribed(route.url) || route.method === 'HEAD' || route.url === '/api/openapi.json') continue
      const operation = document.paths[openApiPath(route.url)][route.method.toLowerCase()]
      if (route.bodySchema) expect(operation.requestBody, route.key).toBeDefined()
      for (const name of route.url.match(/:([A-Za-z0-9_]+)/g) ?? []) {
        const parameter = operation.parameters?.find((p) => p.in === 'path' && p.name === name.slice(1))
        expect(parameter, `${route.key} ${name}`).toBeDefined()
      }
    }
  })

  it('gives every operation the error shape, and the bearer scheme to all but the public routes', () => {
    for (const route of server.routes) {
      if (!isDescribed(route.url) || route.method === 'HEAD' || route.url === '/api/openapi.json') continue
      const operation = document.paths[openApiPath(route.url)][route.method.toLowerCase()]
      const error = operation.responses['400']?.content?.['application/json']?.schema as {
        properties?: Record<string, unknown>
      }
      expect(error?.properties?.error, route.key).toBeDefined()
      if (route.public) expect(operation.security, route.key).toEqual([])
      else expect(operation.responses['401'], route.key).toBeDefined()
    }
  })

  it('answers what it documents: a read of the schema it names', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/config' })
    const documented = document.paths['/api/config'].get.responses['200'].content!['application/json']
      .schema as { properties: { data: { required: string[] } } }
    const { data } = response.json<{ data: Record<string, unknown> }>()
    for (const key of documented.properties.data.required) expect(data, key).toHaveProperty(key)
  })

  it('is served without a token, and the reference page and its files from this server', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/docs' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)/)
    const start = await server.app.inject({ method: 'GET', url: '/api/docs/static/start.js' })
    expect(start.statusCode).toBe(200)
    expect(start.body).toContain('/api/openapi.json')
    const outside = await server.app.inject({ method: 'GET', url: '/api/docs/static/..%2Fpackage.json' })
    expect(outside.statusCode).toBe(404)
    const bundle = await server.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' })
    expect(bundle.statusCode).toBe(200)
  })
})

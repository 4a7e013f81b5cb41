import { afterEach, describe, expect, it } from 'vitest'
import { applierFor, registerApplier } from './appliers.ts'

const offs: (() => void)[] = []
afterEach(() => {
  for (const off of offs.splice(0)) off()
})

describe('applier registry', () => {
  it('matches method and path, hands over the path parts and the envelope data', () => {
    offs.push(
      registerApplier<string[]>('PUT /api/widgets/:widgetId/parts/:partId', (state, input) => [
        ...state,
        `${input.method} ${input.params.widgetId}/${input.params.partId} ${JSON.stringify(input.body)}`,
      ]),
    )
    const apply = applierFor({
      method: 'PUT',
      uri: '/api/widgets/w%201/parts/p1',
      data: { data: { n: 1 }, metadata: { correlationIdentifier: 'k' } },
    })
    expect(apply?.([] as never)).toEqual(['PUT w 1/p1 {"n":1}'])
    expect(applierFor({ method: 'POST', uri: '/api/widgets/w/parts/p' })).toBeUndefined()
    expect(applierFor({ method: 'PUT', uri: '/api/widgets/w/parts' })).toBeUndefined()
    expect(applierFor({ method: 'PUT', uri: '/api/widgets/w/parts/p/extra' })).toBeUndefined()
  })

  it('lets a later registration refine an earlier one, and can unregister', () => {
    offs.push(registerApplier<string>('* /api/gadgets/:id', () => 'generic'))
    const off = registerApplier<string>('DELETE /api/gadgets/:id', () => 'specific')
    expect(applierFor({ method: 'DELETE', uri: '/api/gadgets/1' })?.('' as never)).toBe('specific')
    expect(applierFor({ method: 'PUT', uri: '/api/gadgets/1' })?.('' as never)).toBe('generic')
    off()
    expect(applierFor({ method: 'DELETE', uri: '/api/gadgets/1' })?.('' as never)).toBe('generic')
  })

  it('refuses a malformed route', () => {
    expect(() => registerApplier('/api/no-method', (s) => s)).toThrow('Invalid applier route')
  })
})

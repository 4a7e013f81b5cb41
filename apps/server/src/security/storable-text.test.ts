// Found by the fuzzing (ADR 080): PostgreSQL refuses U+0000 in text and unpaired surrogates in jsonb,
// which answered 500. Such text is now a 400 naming the field, before any route runs.
import { makeEnvelope, newRecipe } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unstorableTextPath } from '../plugins/storable-text.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import type { MatrixRequest } from './route-matrix.ts'
import {
  createWorld,
  errorShapeProblems,
  startSecurityApp,
  type SecurityApp,
  type World,
} from '../testing/security-harness.ts'

describe('unstorableTextPath', () => {
  it('names the first string or key PostgreSQL cannot store, and passes everything else', () => {
    expect(unstorableTextPath({ data: { name: 'ok', notes: ['fine', 'a\u0000b'] } })).toBe('data.notes.1')
    expect(unstorableTextPath({ data: { ['bad\udfff']: 1 } })).toBe('data.bad\udfff')
    expect(unstorableTextPath('\ud800')).toBe('(root)')
    expect(unstorableTextPath({ emoji: '🍺 Ｂ e\u0301 \u202e', n: 1, nothing: null })).toBeNull()
    let deep: unknown = '\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(unstorableTextPath(deep)).toMatch(/^0(\.0)+$/)
  })
})

describe.each(TEST_DATABASES)('text PostgreSQL cannot store on %s', (kind) => {
  let s: SecurityApp
  let world: World

  beforeAll(async () => {
    s = await startSecurityApp(kind)
    world = await createWorld(s)
  })
  afterAll(async () => {
    await s?.close()
  })

  it('answers 400 naming the field for NUL and lone surrogates in bodies, queries and keys; stores nothing', async () => {
    const id = crypto.randomUUID()
    const recipe = newRecipe(id)
    const cases: [MatrixRequest, string][] = [
      [
        { method: 'POST', url: '/api/products', payload: makeEnvelope('product', { id, name: 'Nul\u0000' }) },
        'data.name',
      ],
      [
        {
          method: 'POST',
          url: '/api/products',
          payload: makeEnvelope('product', {
            id,
            name: 'Lone',
            recipes: [{ ...recipe, yeast: { ...recipe.yeast, tolerance: '\udfff' } }],
          }),
        },
        'data.recipes.0.yeast.tolerance',
      ],
      [
        {
          method: 'POST',
          url: '/api/products',
          payload: makeEnvelope('product', {
            id,
            name: 'Key',
            recipes: [{ ...recipe, yeast: { ...recipe.yeast, ['x\ud800']: 1 } }],
          }),
        },
        'data.recipes.0.yeast.x\ud800',
      ],
      [{ method: 'GET', url: '/api/onboarding?session_id=%00' }, 'session_id'],
    ]
    for (const [request, path] of cases) {
      const before = await world.databaseSnapshot()
      const response = await world.as(world.members.Admin, request)
      expect(response.statusCode, `${request.url}: ${response.body}`).toBe(400)
      expect(errorShapeProblems(response)).toEqual([])
      expect(response.json<{ error: { code: string; issues: { path: string }[] } }>().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [{ path }],
      })
      expect(await world.databaseSnapshot()).toBe(before)
    }
  })
})

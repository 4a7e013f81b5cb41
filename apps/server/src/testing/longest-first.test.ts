import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LONGEST_FIRST, longestFirst } from './longest-first.ts'

const root = path.resolve(import.meta.dirname, '../..')

describe('the server suite starts its longest files first (ADR 412)', () => {
  it('names only files that exist, each once', () => {
    expect(LONGEST_FIRST.filter((file) => !existsSync(path.join(root, file)))).toEqual([])
    expect(new Set(LONGEST_FIRST).size).toBe(LONGEST_FIRST.length)
  })

  it('puts them first in their order, the others after in the order given', () => {
    const given = [
      'src/plugins/static-web.test.ts',
      ...[...LONGEST_FIRST].reverse(),
      'src/config.test.ts',
    ].map((file) => ({
      moduleId: path.join(root, file),
    }))
    expect(longestFirst(given).map((spec) => path.relative(root, spec.moduleId))).toEqual([
      ...LONGEST_FIRST,
      'src/plugins/static-web.test.ts',
      'src/config.test.ts',
    ])
  })
})

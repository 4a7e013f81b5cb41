import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { MOCKING_TESTS } from './mocking-tests.ts'

const WEB = path.resolve(import.meta.dirname, '../..')

describe('the isolated test project', () => {
  it('holds every test file that calls vi.mock, and only those', () => {
    const tests = readdirSync(path.join(WEB, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => `src/${file.split(path.sep).join('/')}`)
    const mocking = tests.filter((file) => /\bvi\.mock\(/.test(readFileSync(path.join(WEB, file), 'utf8')))
    expect(tests.length).toBeGreaterThan(80)
    expect([...MOCKING_TESTS].sort()).toEqual(mocking.sort())
  })
})

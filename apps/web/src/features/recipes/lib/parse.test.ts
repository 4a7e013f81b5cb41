import { describe, expect, it } from 'vitest'
import { parseAddQuantity, parseEditQuantity, parseTime, toNumber } from './parse.ts'

describe('ingredient quantity rules (docs/product/02-products.md §5)', () => {
  it.each([
    ['9', 9],
    ['9.75', 9],
    [' 12 ', 12],
    ['abc', 0],
    ['', 0],
    ['-3', 0],
  ])('on add, %j is read as the integer %s', (text, value) => expect(parseAddQuantity(text)).toBe(value))

  it.each([
    ['9.75', 9.75],
    ['0.5', 0.5],
    ['abc', undefined],
    ['', undefined],
    ['-1', undefined],
  ])('on edit, %j is read as the decimal %s (undefined: ignored)', (text, value) =>
    expect(parseEditQuantity(text)).toBe(value),
  )

  it('reads times as integers', () => {
    expect(parseTime('60')).toBe(60)
    expect(parseTime('7.9')).toBe(7)
    expect(parseTime('soon')).toBeUndefined()
  })

  it('converts summary numbers on save, 0 for anything else', () => {
    expect(toNumber('1.25')).toBe(1.25)
    expect(toNumber('')).toBe(0)
    expect(toNumber('x')).toBe(0)
  })
})

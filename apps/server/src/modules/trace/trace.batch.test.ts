import { describe, expect, it } from 'vitest'
import { parseLines } from './trace.batch.ts'

// The text of a `line` read: rows joined by line breaks, fields by `|` (none holding either), empty fields for
// nulls. Each line is read back as the fields in order, whatever its width.
describe('parseLines', () => {
  const copy = (fields: string[]) => [...fields]

  it('reads no row from the empty text (no row matched)', () => {
    expect(parseLines('', copy)).toEqual([])
  })

  it('reads each line as its fields, empty ones included', () => {
    expect(parseLines('a|b|c\n|e|\nf||', copy)).toEqual([
      ['a', 'b', 'c'],
      ['', 'e', ''],
      ['f', '', ''],
    ])
  })

  it('reads a row of one field, and lines of different widths', () => {
    expect(parseLines('x', copy)).toEqual([['x']])
    expect(parseLines('x\ny|z\n', copy)).toEqual([['x'], ['y', 'z']])
  })

  it('answers what parse makes of each line', () => {
    const rows = parseLines('e1|2.5|1735718400000.5\ne2|10|1735718460000', ([id, volume, at]) => ({
      id,
      volume: Number(volume),
      at: Number(at),
    }))
    expect(rows).toEqual([
      { id: 'e1', volume: 2.5, at: 1735718400000.5 },
      { id: 'e2', volume: 10, at: 1735718460000 },
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { csvRecords, OPENING_STOCK_EXAMPLE, parseOpeningStockCsv } from './inventory-csv.ts'

describe('opening stock CSV', () => {
  it('reads the example file', () => {
    const { rows, errors } = parseOpeningStockCsv(OPENING_STOCK_EXAMPLE)
    expect(errors).toEqual([])
    expect(rows).toEqual([
      expect.objectContaining({
        line: 2,
        name: 'Pale Malt (2 Row) US',
        category: 'fermentable',
        unit: 'kg',
        quantity: 500,
        unitCostCents: 110,
        bestBefore: '2027-01-05',
        alphaAcid: null,
      }),
      expect.objectContaining({
        line: 3,
        name: 'Citra',
        category: 'hop',
        quantity: 11,
        unitCostCents: 3250,
        alphaAcid: 12.8,
      }),
    ])
  })

  it('gives an error per bad line, naming the line and the column, and keeps the good lines', () => {
    const csv = [
      'Item,Category,Unit,Quantity,Received,Unit cost',
      'Malt,fermentable,kg,-5,2026-01-01,1.00',
      'Hops,hop,bushel,1,2026-01-01,1.00',
      'Lids,packaging,each,abc,2026-13-01,x',
      'Cans,packaging,each,1000,2026-01-02,0.12',
    ].join('\r\n')
    const { rows, errors } = parseOpeningStockCsv(csv)
    expect(rows.map((row) => row.name)).toEqual(['Cans'])
    expect(errors).toEqual([
      { line: 2, field: 'quantity', message: 'The quantity must be above 0' },
      { line: 3, field: 'unit', message: 'Unknown unit "bushel"' },
      { line: 4, field: 'quantity', message: 'The quantity must be a number' },
      { line: 4, field: 'received', message: 'The received date must be a date as YYYY-MM-DD' },
      { line: 4, field: 'unit cost', message: 'The unit cost must be an amount like 12.34' },
    ])
  })

  it('names a missing required column', () => {
    expect(parseOpeningStockCsv('item,unit\nMalt,kg').errors).toEqual([
      { line: 1, field: 'header', message: 'Missing column: category, quantity, received' },
    ])
  })

  it('reads quoted cells with commas, quotes and line breaks, and semicolons', () => {
    expect(csvRecords('a,b\n"x, ""y""",z\n').map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['x, "y"', 'z'],
    ])
    expect(csvRecords('a;b\n1;2').map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ])
    const { rows } = parseOpeningStockCsv(
      'item,category,unit,quantity,received\n"Malt, ""Pale""",fermentable,kg,"1,000",2026-01-01',
    )
    expect(rows[0]).toMatchObject({ name: 'Malt, "Pale"', quantity: 1000 })
  })

  it('refuses an empty file', () => {
    expect(parseOpeningStockCsv('').errors[0]).toMatchObject({ field: 'file' })
  })
})

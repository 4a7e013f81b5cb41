import { describe, expect, it } from 'vitest'
import { batchCostRow, centsPerBarrel, decimalOfCents, inventoryValueByMonth } from './cost-reports.ts'

describe('centsPerBarrel', () => {
  it('divides exact barrel units, half up, and has no figure without barrels', () => {
    // 8,000 ¢ over 1.5 bbl = 5,333.33… ¢
    expect(centsPerBarrel(8000, 150_000)).toBe(5333)
    // 1 ¢ over 2 bbl = 0.5 ¢ → 1
    expect(centsPerBarrel(1, 200_000)).toBe(1)
    expect(centsPerBarrel(1000, 0)).toBeNull()
  })
  it('stays exact beyond 2^53 (a billion dollars over a hundredth of a barrel)', () => {
    expect(centsPerBarrel(100_000_000_000, 1000)).toBe(10_000_000_000_000)
    expect(centsPerBarrel(100_000_000_001, 3)).toBe(3_333_333_333_366_667)
  })
})

describe('batchCostRow', () => {
  it('adds ingredients and materials and prices the ingredients over every barrel brewed', () => {
    const row = batchCostRow({
      batchId: 'b1',
      batchNumber: '2026-001',
      productName: 'Pale',
      brewedAt: '2026-08-10T12:00:00.000Z',
      ingredientCents: 6000,
      materialCents: 2000,
      packaged: [
        { units: 120, volumeBbl: '1.00000' },
        { units: 80, volumeBbl: '0.5' },
      ],
      basisUnits: 300_000,
      incomplete: false,
    })
    // $60.00 of ingredients over the 3 bbl brewed (1.5 still in tanks): $20.00/bbl, not $40.00 over 1.5 packaged
    expect(row).toMatchObject({
      totalCents: 8000,
      packagedUnits: 200,
      packagedBbl: '1.50000',
      brewedBbl: '3.00000',
      costPerBblCents: 2000,
      incomplete: false,
    })
  })
  it('has no cost per barrel before anything is brewed into a fermenter', () => {
    const row = batchCostRow({
      batchId: 'b1',
      batchNumber: '2026-001',
      productName: 'Pale',
      brewedAt: '2026-08-10T12:00:00.000Z',
      ingredientCents: 6000,
      materialCents: 0,
      packaged: [],
      basisUnits: 0,
      incomplete: true,
    })
    expect(row).toMatchObject({
      totalCents: 6000,
      packagedBbl: '0.00000',
      costPerBblCents: null,
      incomplete: true,
    })
  })
})

describe('inventoryValueByMonth', () => {
  const stock = [
    { month: '2026-06', category: 'hop' as const, costCents: 500 },
    { month: '2026-07', category: 'fermentable' as const, costCents: 10_000 },
    { month: '2026-07', category: 'packaging' as const, costCents: 10_000 },
    { month: '2026-08', category: 'fermentable' as const, costCents: -6000 },
    { month: '2026-09', category: 'packaging' as const, costCents: -2000 },
  ]
  const goods = [
    { month: '2026-09', packageId: 'cans', units: 200 },
    { month: '2026-09', packageId: 'cans', units: -50 },
    { month: '2026-09', packageId: 'kegs', units: 3 },
  ]
  // The cans cost $80.00 over 200 units; the kegs have no cost yet.
  const options = new Map([['cans', { costCents: 8000, units: 200 }]])

  it('sums every movement up to each month end, earlier months included, and values goods at cost', () => {
    const rows = inventoryValueByMonth({
      months: ['2026-07', '2026-08', '2026-09'],
      now: new Date('2026-11-24T10:00:00Z'),
      stock,
      goods,
      options,
    })
    expect(rows.map((row) => [row.month, row.asOf, row.totalCents, row.finishedGoodsCents])).toEqual([
      ['2026-07', '2026-08-01T00:00:00.000Z', 20_500, 0],
      ['2026-08', '2026-09-01T00:00:00.000Z', 14_500, 0],
      // 4,000 malt + 500 hops + 8,000 cans + 150 × 8,000 / 200 ¢; the kegs have no cost yet
      ['2026-09', '2026-10-01T00:00:00.000Z', 18_500, 6000],
    ])
    expect(rows[2].categories).toEqual({ fermentable: 4000, hop: 500, yeast: 0, other: 0, packaging: 8000 })
  })

  it('values the month under way as of now and leaves later months out', () => {
    const rows = inventoryValueByMonth({
      months: ['2026-08', '2026-09', '2026-10'],
      now: new Date('2026-09-15T08:30:00Z'),
      stock,
      goods,
      options,
    })
    expect(rows.map((row) => [row.month, row.asOf])).toEqual([
      ['2026-08', '2026-09-01T00:00:00.000Z'],
      ['2026-09', '2026-09-15T08:30:00.000Z'],
    ])
  })

  it('never values finished goods below zero', () => {
    const rows = inventoryValueByMonth({
      months: ['2026-09'],
      now: new Date('2026-11-24T10:00:00Z'),
      stock: [],
      goods: [{ month: '2026-09', packageId: 'cans', units: -5 }],
      options,
    })
    expect(rows[0].finishedGoodsCents).toBe(0)
  })

  it("values beer in tanks at its batch cost per barrel, and the month's losses, rounding once", () => {
    // Batch b: $141.75 over 3 bbl ($47.25/bbl). Into tanks 3 bbl in July; 0.3 bbl lost and 1 bbl packaged in
    // August. July: 3 × 4725 = 14,175 ¢. August: 1.7 bbl × 4725 = 8,032.5 → 8,033 ¢ (half up, once); lost
    // 0.3 × 4725 = 1,417.5 ¢ plus 1 can of 124 at 3,851 ¢ = 31.06 ¢ → 1,448.56 → 1,449 ¢.
    const rows = inventoryValueByMonth({
      months: ['2026-07', '2026-08'],
      now: new Date('2026-11-24T10:00:00Z'),
      stock: [],
      goods: [{ month: '2026-08', packageId: 'cans', units: 123 }],
      tanks: [
        { month: '2026-07', batchId: 'b', units: 300_000 },
        { month: '2026-08', batchId: 'b', units: -30_000 },
        { month: '2026-08', batchId: 'b', units: -100_000 },
      ],
      losses: [
        { month: '2026-08', batchId: 'b', barrelUnits: 30_000 },
        { month: '2026-08', packageId: 'cans', units: 1 },
      ],
      batches: new Map([['b', { ingredientCents: 14_175, basisUnits: 300_000 }]]),
      options: new Map([['cans', { costCents: 3851, units: 124 }]]),
    })
    // Finished goods: 123 × 3851 / 124 = 3,819.94 → 3,820 ¢ (a rounded 31 ¢ × 123 would be 3,813 ¢).
    expect(
      rows.map((row) => [row.month, row.wipCents, row.finishedGoodsCents, row.totalCents, row.lossCents]),
    ).toEqual([
      ['2026-07', 14_175, 0, 14_175, 0],
      ['2026-08', 8033, 3820, 11_853, 1449],
    ])
  })
})

describe('decimalOfCents', () => {
  it('writes cents as a plain decimal', () => {
    expect([decimalOfCents(123_450), decimalOfCents(-5), decimalOfCents(0), decimalOfCents(null)]).toEqual([
      '1234.50',
      '-0.05',
      '0.00',
      null,
    ])
  })
})

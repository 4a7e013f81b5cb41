import { describe, expect, it } from 'vitest'
import { salesReport } from './sales-report.ts'

// By hand: November, The Tap House buys 2 × 1/6 BBL kegs for 17998 and 24 × 16oz cans for 5160; Bottle Barn buys
// 24 cans for 5160 in December and returns 12 of them (−12 units, −2580).
// Barrels: a 1/6 BBL keg is 1/6 bbl; a 16oz can 16/3968 bbl = 0.0040323 bbl (31 gal × 128 fl oz = 3968 fl oz).
// Kegs 2/6 = 0.33333; cans 24 × 16/3968 = 0.09677; Dec cans (24 − 12) × 16/3968 = 0.04839.
// Revenue 17998 + 5160 + 5160 − 2580 = 25738 over 0.33333 + 0.09677 + 0.04839 = 0.47849 bbl
// → 25738 / 0.47849 = 53789.0... cents a barrel.
describe('the sales report', () => {
  const report = salesReport(
    [
      {
        day: '2026-11-03',
        productName: 'Hazy IPA',
        packageType: '1/6 BBL Keg',
        customerName: 'The Tap House',
        units: 2,
        revenueCents: 17998,
      },
      {
        day: '2026-11-03',
        productName: 'Hazy IPA',
        packageType: '16oz Cans',
        customerName: 'The Tap House',
        units: 24,
        revenueCents: 5160,
      },
      {
        day: '2026-12-01',
        productName: 'Pilsner',
        packageType: '16oz Cans',
        customerName: 'Bottle Barn',
        units: 24,
        revenueCents: 5160,
      },
      {
        day: '2026-12-09',
        productName: 'Pilsner',
        packageType: '16oz Cans',
        customerName: 'Bottle Barn',
        units: -12,
        revenueCents: -2580,
      },
    ],
    { from: '2026-10', to: '2026-12' },
  )

  it('adds revenue, units and barrels by month, product, package and customer', () => {
    expect(report.totals).toEqual({ units: 38, barrels: 0.47849, revenueCents: 25738 })
    expect(report.months).toEqual([
      { key: '2026-11', units: 26, barrels: 0.43011, revenueCents: 23158 },
      { key: '2026-12', units: 12, barrels: 0.04839, revenueCents: 2580 },
    ])
    expect(report.products.map((r) => [r.key, r.revenueCents])).toEqual([
      ['Hazy IPA', 23158],
      ['Pilsner', 2580],
    ])
    expect(report.packages.map((r) => [r.key, r.units, r.revenueCents])).toEqual([
      ['1/6 BBL Keg', 2, 17998],
      ['16oz Cans', 36, 7740],
    ])
  })

  it('ranks the top customers and works out the average price per barrel', () => {
    expect(report.customers.map((r) => r.key)).toEqual(['The Tap House', 'Bottle Barn'])
    expect(report.averagePricePerBarrelCents).toBe(Math.round(25738 / 0.47849))
    expect(report.averagePricePerBarrelCents).toBe(53790)
  })

  it('has no price per barrel without barrels', () => {
    expect(salesReport([], { from: '2026-10', to: '2026-12' }).averagePricePerBarrelCents).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import {
  agingBucket,
  allocateLots,
  dueDateOf,
  finishedLots,
  formatInvoiceNumber,
  invoiceStatus,
  lineAmounts,
  paymentRefusal,
  priceFor,
  receivablesAging,
  shortLinesMessage,
  totalsOf,
} from './sales-maths.ts'

// Figures computed by hand from the rules of ADR 270:
// - 2 × 1/6 BBL keg at $89.99, deposit $30.00, tax 8.25 %: subtotal 2 × 8999 = 17998; deposit 2 × 3000 = 6000;
//   tax 17998 × 0.0825 = 1484.835 → 1485 (half up, once on the line).
// - 24 cans at $2.15, no deposit: subtotal 24 × 215 = 5160; tax 5160 × 0.0825 = 425.70 → 426.
// - Order: subtotal 17998 + 5160 = 23158; deposits 6000; tax 1485 + 426 = 1911; total 23158 + 6000 + 1911 = 31069.
//   (Taxing the order's subtotal instead would give 23158 × 0.0825 = 1910.535 → 1911 here, but not always: the
//   rule is per line.)
// - 3 units at $0.10 and 7 %: 30 × 0.07 = 2.1 → 2; 1 unit at $0.10: 0.7 → 1 (half up); 1 unit at $0.06: 0.42 → 0.
describe('lineAmounts and totalsOf', () => {
  const rate = { taxRateBasisPoints: 825, taxExempt: false }
  it('rounds the tax once per line, half up, and never taxes a deposit', () => {
    const kegs = lineAmounts({ quantity: 2, unitPriceCents: 8999, depositCents: 3000, ...rate })
    const cans = lineAmounts({ quantity: 24, unitPriceCents: 215, depositCents: 0, ...rate })
    expect(kegs).toEqual({ subtotalCents: 17998, depositCents: 6000, taxCents: 1485 })
    expect(cans).toEqual({ subtotalCents: 5160, depositCents: 0, taxCents: 426 })
    expect(totalsOf([kegs, cans])).toEqual({
      subtotalCents: 23158,
      depositCents: 6000,
      taxCents: 1911,
      totalCents: 31069,
    })
  })
  it('rounds a half cent up and less than half down', () => {
    const at = (quantity: number, unitPriceCents: number) =>
      lineAmounts({ quantity, unitPriceCents, depositCents: 0, taxRateBasisPoints: 700, taxExempt: false })
        .taxCents
    expect(at(3, 10)).toBe(2)
    expect(at(1, 10)).toBe(1)
    expect(at(1, 6)).toBe(0)
  })
  it('charges no tax to an exempt customer or at a zero rate', () => {
    expect(
      lineAmounts({
        quantity: 2,
        unitPriceCents: 8999,
        depositCents: 3000,
        taxRateBasisPoints: 825,
        taxExempt: true,
      }).taxCents,
    ).toBe(0)
    expect(
      lineAmounts({
        quantity: 2,
        unitPriceCents: 8999,
        depositCents: 0,
        taxRateBasisPoints: 0,
        taxExempt: false,
      }).taxCents,
    ).toBe(0)
  })
  it('stays exact for large amounts', () => {
    // 1,000,000 × $9,999.99 = $9,999,990,000.00; tax 5 % = 49,999,950,000 cents exactly.
    expect(
      lineAmounts({
        quantity: 1_000_000,
        unitPriceCents: 999_999,
        depositCents: 0,
        taxRateBasisPoints: 500,
        taxExempt: false,
      }),
    ).toEqual({
      subtotalCents: 999_999_000_000,
      depositCents: 0,
      taxCents: 49_999_950_000,
    })
  })
})

describe('priceFor', () => {
  const prices = [
    { packageId: 'a', minQuantity: 1, unitPriceCents: 9000 },
    { packageId: 'a', minQuantity: 10, unitPriceCents: 8500 },
    { packageId: 'b', minQuantity: 5, unitPriceCents: 200 },
  ]
  it('takes the largest quantity break not above the quantity', () => {
    expect(priceFor(prices, 'a', 1)).toBe(9000)
    expect(priceFor(prices, 'a', 9)).toBe(9000)
    expect(priceFor(prices, 'a', 10)).toBe(8500)
    expect(priceFor(prices, 'a', 50)).toBe(8500)
  })
  it('has no price below the first break or for an option not on the list', () => {
    expect(priceFor(prices, 'b', 4)).toBeNull()
    expect(priceFor(prices, 'c', 4)).toBeNull()
  })
})

describe('due dates, numbers and status', () => {
  it('adds the terms in calendar days', () => {
    expect(dueDateOf('2026-01-15', 'net-30')).toBe('2026-02-14')
    expect(dueDateOf('2026-02-20', 'net-15')).toBe('2026-03-07')
    expect(dueDateOf('2026-03-01', 'due-on-receipt')).toBe('2026-03-01')
  })
  it('numbers invoices with the prefix and five digits at least', () => {
    expect(formatInvoiceNumber('INV-', 42)).toBe('INV-00042')
    expect(formatInvoiceNumber('', 123456)).toBe('123456')
  })
  it('is open, part paid, paid or void', () => {
    expect(invoiceStatus({ totalCents: 1000, paidCents: 0, voided: false })).toBe('open')
    expect(invoiceStatus({ totalCents: 1000, paidCents: 1, voided: false })).toBe('part-paid')
    expect(invoiceStatus({ totalCents: 1000, paidCents: 1000, voided: false })).toBe('paid')
    expect(invoiceStatus({ totalCents: 1000, paidCents: 500, voided: true })).toBe('void')
  })
  it('refuses an overpayment naming the balance, and any payment to a void or paid invoice', () => {
    expect(paymentRefusal({ status: 'part-paid', balanceCents: 12_345, amountCents: 12_346 })).toBe(
      'The payment is more than the balance due ($123.45); overpayment is not recorded.',
    )
    expect(paymentRefusal({ status: 'part-paid', balanceCents: 12_345, amountCents: 12_345 })).toBeNull()
    expect(paymentRefusal({ status: 'void', balanceCents: 100, amountCents: 1 })).toMatch(/void/)
    expect(paymentRefusal({ status: 'paid', balanceCents: 0, amountCents: 1 })).toMatch(/paid in full/)
  })
})

// Aging as of 2026-06-30: due 2026-06-30 → 0 days late, current; due 2026-06-29 → 1 day, 1–30; 2026-05-31 → 30,
// 1–30; 2026-05-30 → 31, 31–60; 2026-05-01 → 60, 31–60; 2026-04-30 → 61, 61–90; 2026-04-01 → 90, 61–90;
// 2026-03-31 → 91, over 90.
describe('receivables aging', () => {
  it('puts each balance in its bucket by days past due', () => {
    const asOf = '2026-06-30'
    expect(agingBucket('2026-07-15', asOf)).toBe('current')
    expect(agingBucket('2026-06-30', asOf)).toBe('current')
    expect(agingBucket('2026-06-29', asOf)).toBe('days1to30')
    expect(agingBucket('2026-05-31', asOf)).toBe('days1to30')
    expect(agingBucket('2026-05-30', asOf)).toBe('days31to60')
    expect(agingBucket('2026-05-01', asOf)).toBe('days31to60')
    expect(agingBucket('2026-04-30', asOf)).toBe('days61to90')
    expect(agingBucket('2026-04-01', asOf)).toBe('days61to90')
    expect(agingBucket('2026-03-31', asOf)).toBe('over90')
  })
  it('sums per customer and in total, leaving out what is paid', () => {
    const aging = receivablesAging(
      [
        { customerId: 'b', customerName: 'Bar', dueOn: '2026-06-29', balanceCents: 1000 },
        { customerId: 'b', customerName: 'Bar', dueOn: '2026-03-01', balanceCents: 250 },
        { customerId: 'a', customerName: 'Alehouse', dueOn: '2026-07-10', balanceCents: 700 },
        { customerId: 'a', customerName: 'Alehouse', dueOn: '2026-01-10', balanceCents: 0 },
      ],
      '2026-06-30',
    )
    expect(aging.rows.map((r) => r.customerName)).toEqual(['Alehouse', 'Bar'])
    expect(aging.rows[1]).toMatchObject({ days1to30: 1000, over90: 250, totalCents: 1250 })
    expect(aging.total).toEqual({
      current: 700,
      days1to30: 1000,
      days31to60: 0,
      days61to90: 0,
      over90: 250,
      totalCents: 1950,
    })
  })
})

describe('finished goods by lot and first-expiring allocation', () => {
  const at = (day: string) => `2026-0${day}T12:00:00.000Z`
  it('counts each batch, and a removal without a batch against the oldest batch first', () => {
    const lots = finishedLots([
      { packageId: 'keg', batchId: 'b2', units: 10, kind: 'packaged', occurredAt: at('3-01') },
      { packageId: 'keg', batchId: 'b1', units: 6, kind: 'packaged', occurredAt: at('2-01') },
      { packageId: 'keg', batchId: null, units: -4, kind: 'sold', occurredAt: at('3-05') },
      { packageId: 'keg', batchId: 'b2', units: -1, kind: 'broken', occurredAt: at('3-06') },
    ])
    expect(lots.map((l) => [l.batchId, l.onHand])).toEqual([
      ['b1', 2],
      ['b2', 9],
    ])
  })
  it('allocates the earliest packaged lot first and says how much is short', () => {
    const lots = [
      { batchId: 'b2', available: 9, packagedAt: at('3-01') },
      { batchId: 'b1', available: 2, packagedAt: at('2-01') },
      { batchId: 'b0', available: 0, packagedAt: at('1-01') },
    ]
    expect(allocateLots(lots, 5)).toEqual({
      allocations: [
        { batchId: 'b1', units: 2 },
        { batchId: 'b2', units: 3 },
      ],
      short: 0,
    })
    expect(allocateLots(lots, 14).short).toBe(3)
  })
  it('names each short line with what is available', () => {
    expect(
      shortLinesMessage([
        { name: 'Hazy IPA 1/6 BBL Keg', ordered: 5, available: 2 },
        { name: 'Pils 16oz Cans', ordered: 48, available: -3 },
      ]),
    ).toBe(
      'Not enough on hand to confirm this order. Hazy IPA 1/6 BBL Keg: 5 ordered, 2 available; Pils 16oz Cans: 48 ordered, 0 available.',
    )
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  allocateFirstExpiring,
  canWeBrew,
  costPerPackagedUnit,
  hopAmountForLotAlpha,
  lotValueCents,
  movementCostCents,
  shareCents,
  type LotBalance,
} from './inventory.ts'

const date = fc
  .integer({ min: 0, max: 800 })
  .map((days) => new Date(Date.UTC(2026, 0, 1) + days * 86_400_000).toISOString().slice(0, 10))
const lotArb: fc.Arbitrary<LotBalance> = fc.record({
  lotId: fc.uuid(),
  remaining: fc.integer({ min: 0, max: 10_000_000_000 }),
  bestBefore: fc.option(date, { nil: null }),
  receivedOn: date,
})

describe('inventory properties', () => {
  it('never allocates more than a lot holds nor more than needed, and accounts for every unit', () => {
    fc.assert(
      fc.property(
        fc.array(lotArb, { maxLength: 8 }),
        fc.integer({ min: 0, max: 50_000_000_000 }),
        (lots, needed) => {
          const { allocations, shortfall } = allocateFirstExpiring(lots, needed)
          const taken = allocations.reduce((sum, a) => sum + a.quantity, 0)
          expect(taken + shortfall).toBe(needed)
          expect(shortfall).toBeGreaterThanOrEqual(0)
          for (const allocation of allocations) {
            const lot = lots.find((l) => l.lotId === allocation.lotId)!
            expect(allocation.quantity).toBeGreaterThan(0)
            expect(allocation.quantity).toBeLessThanOrEqual(lot.remaining)
          }
          const total = lots.reduce((sum, lot) => sum + lot.remaining, 0)
          if (total >= needed) expect(shortfall).toBe(0)
        },
      ),
    )
  })

  it("keeps a lot's costs whole cents that add up to what was paid", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
        (total, received, fractions) => {
          const lot = { totalCostCents: total, receivedQuantity: received }
          let remaining = received
          let spent = 0
          for (const fraction of fractions) {
            const take = Math.floor(remaining * fraction)
            const cost = movementCostCents(lot, remaining, remaining - take)
            expect(Number.isInteger(cost)).toBe(true)
            spent -= cost
            remaining -= take
          }
          expect(spent + lotValueCents(total, received, remaining)).toBe(total)
        },
      ),
    )
  })

  it('shares cents exactly and finitely', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.array(fc.double({ min: -10, max: 1e6 }), { minLength: 1, maxLength: 6 }),
        (total, weights) => {
          const shares = shareCents(total, weights)
          for (const share of shares) expect(Number.isInteger(share)).toBe(true)
          const positive = weights.some((weight) => weight > 0 && weight < Infinity)
          expect(shares.reduce((a, b) => a + b, 0)).toBe(positive ? total : 0)
          const options = weights.map((volumeBbl, index) => ({
            packageId: String(index),
            units: index,
            volumeBbl,
            materialCents: 0,
          }))
          for (const option of costPerPackagedUnit(total, options)) {
            if (option.costPerUnitCents !== null) expect(Number.isFinite(option.costPerUnitCents)).toBe(true)
          }
        },
      ),
    )
  })

  it('suggests a finite, non-negative hop amount whatever the inputs', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6 }),
        fc.double(),
        fc.double(),
        fc.double(),
        fc.double(),
        fc.double(),
        (value, recipeAlpha, lotAlpha, minutes, gallons, boilGravity) => {
          const result = hopAmountForLotAlpha(
            { value, unit: 'kg' },
            { recipeAlpha, lotAlpha, minutes, gallons, boilGravity },
          )
          expect(Number.isFinite(result.value)).toBe(true)
          expect(result.value).toBeGreaterThanOrEqual(0)
          expect(Number.isNaN(result.targetIbu)).toBe(false)
        },
      ),
    )
  })

  it('never reports a negative or non-finite shortfall', () => {
    fc.assert(
      fc.property(
        fc.array(lotArb, { maxLength: 5 }),
        fc.array(fc.record({ date, quantity: fc.integer({ min: 0, max: 10_000_000_000 }) }), {
          maxLength: 6,
        }),
        (lots, needs) => {
          const demands = needs.map((need, index) => ({
            batchId: String(index),
            batchNumber: `2026-${String(index).padStart(3, '0')}`,
            date: need.date,
            itemId: 'item',
            quantity: need.quantity,
          }))
          for (const shortfall of canWeBrew(demands, new Map([['item', lots]]))) {
            expect(shortfall.short).toBeGreaterThan(0)
            expect(shortfall.short).toBeLessThanOrEqual(shortfall.quantity)
            expect(Number.isFinite(shortfall.available)).toBe(true)
          }
        },
      ),
    )
  })
})

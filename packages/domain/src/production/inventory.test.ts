import { describe, expect, it } from 'vitest'
import { tinsethIbu } from '../brewing/ibu.ts'
import { newRecipe, type Recipe } from '../recipes/recipe.schema.ts'
import {
  allocateFirstExpiring,
  batchIngredientDemands,
  canWeBrew,
  consumptionOrder,
  costOfQuantityCents,
  costPerPackagedUnit,
  demandPerIngredient,
  formatCents,
  hopAmountForLotAlpha,
  lotValueCents,
  movementCostCents,
  parseMoneyToCents,
  remainingByLot,
  shareCents,
  stockPosition,
  type LotBalance,
} from './inventory.ts'
import { batchScale } from './batch-plan.ts'
import { toScaled } from './stock-units.ts'

const lot = (
  lotId: string,
  kg: number,
  receivedOn: string,
  bestBefore: string | null = null,
): LotBalance => ({
  lotId,
  remaining: toScaled(kg),
  receivedOn,
  bestBefore,
})

describe('first-expiring allocation', () => {
  it('orders lots by best-before (none last), then received date', () => {
    const lots = [
      lot('no-date', 1, '2026-01-01'),
      lot('late', 1, '2026-01-01', '2026-12-01'),
      lot('early', 1, '2026-03-01', '2026-06-01'),
      lot('older-no-date', 1, '2025-12-01'),
    ]
    expect(consumptionOrder(lots).map((l) => l.lotId)).toEqual(['early', 'late', 'older-no-date', 'no-date'])
  })

  it('takes from the first-expiring lot, then the next, and reports what is missing', () => {
    const lots = [lot('b', 30, '2026-02-01'), lot('a', 20, '2026-01-01')]
    expect(allocateFirstExpiring(lots, toScaled(35))).toEqual({
      allocations: [
        { lotId: 'a', quantity: toScaled(20) },
        { lotId: 'b', quantity: toScaled(15) },
      ],
      shortfall: 0,
    })
    expect(allocateFirstExpiring(lots, toScaled(60)).shortfall).toBe(toScaled(10))
  })

  it('passes over lots past their best-before on the day of use', () => {
    const lots = [lot('old', 10, '2026-01-01', '2026-02-01'), lot('fresh', 10, '2026-01-10', '2026-09-01')]
    const { allocations, shortfall } = allocateFirstExpiring(lots, toScaled(15), { usableOn: '2026-03-01' })
    expect(allocations).toEqual([{ lotId: 'fresh', quantity: toScaled(10) }])
    expect(shortfall).toBe(toScaled(5))
  })
})

describe('balances', () => {
  it('sums movements per lot; a shortfall moves no lot', () => {
    const remaining = remainingByLot([
      { lotId: 'a', kind: 'received', quantity: 100 },
      { lotId: 'a', kind: 'consumed', quantity: -40 },
      { lotId: null, kind: 'shortfall', quantity: 25 },
      { lotId: 'b', kind: 'received', quantity: 5 },
      { lotId: 'b', kind: 'counted', quantity: -1 },
    ])
    expect(Object.fromEntries(remaining)).toEqual({ a: 60, b: 4 })
  })

  it('computes available and the par alert', () => {
    expect(stockPosition(100, 30, 80)).toEqual({
      onHand: 100,
      reserved: 30,
      available: 70,
      parLevel: 80,
      isBelowPar: true,
    })
    expect(stockPosition(100, 30, null).isBelowPar).toBe(false)
  })
})

describe('money', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['$1,234.56', 123_456],
    ['0.07', 7],
    ['1.234', null],
    ['-1', null],
    ['abc', null],
    ['', null],
  ])('reads %j as %s cents', (text, cents) => {
    expect(parseMoneyToCents(text)).toBe(cents)
  })

  it('formats cents', () => {
    expect(formatCents(123_456)).toBe('$1,234.56')
    expect(formatCents(-5)).toBe('-$0.05')
  })

  it('prices a quantity half up in whole cents', () => {
    expect(costOfQuantityCents(110, toScaled(500))).toBe(55_000)
    expect(costOfQuantityCents(333, toScaled(0.5))).toBe(167)
  })

  it("adds a lot's movement costs and its remaining value up to what was paid", () => {
    const paid = { totalCostCents: 1000, receivedQuantity: toScaled(3) }
    let remaining = paid.receivedQuantity
    let costs = 0
    for (const take of [toScaled(1), toScaled(1), toScaled(0.5)]) {
      costs += movementCostCents(paid, remaining, remaining - take)
      remaining -= take
    }
    expect(costs).toBeLessThan(0)
    expect(-costs + lotValueCents(1000, paid.receivedQuantity, remaining)).toBe(1000)
  })

  it('shares cents exactly by weight', () => {
    expect(shareCents(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(shareCents(1001, [0.5, 0.16667]).reduce((a, b) => a + b)).toBe(1001)
    expect(shareCents(50, [0, 0])).toEqual([0, 0])
  })
})

const recipe = (overrides: Partial<Recipe> = {}): Recipe => ({
  ...newRecipe(crypto.randomUUID()),
  yield: { quantity: 10, unit: 'BBL' },
  grainBill: [
    {
      id: crypto.randomUUID(),
      ingredient: { id: 'pale-2-row', type: 'grain', name: 'Pale 2-Row' },
      amount: { value: 400, unit: 'Pounds' },
    },
  ],
  hopsBill: [
    {
      id: crypto.randomUUID(),
      ingredient: { id: 'citra', type: 'hop', name: 'Citra', alphaAcids: 12 },
      amount: { value: 2, unit: 'Kilograms' },
      additionType: 'Boil',
      time: { value: 60, unit: 'Minutes' },
    },
  ],
  ...overrides,
})

describe("a batch's needs", () => {
  it('scales the recipe to the target volume', () => {
    expect(batchScale(recipe(), 20)).toBe(2)
    expect(batchScale({ yield: { quantity: 0, unit: 'BBL' } }, 20)).toBe(1)
    expect(batchScale({ yield: { quantity: 310, unit: 'GAL' } }, 5)).toBeCloseTo(0.5)
  })

  it('reads a stored snapshot defensively: no batch size, no bills or a line without an amount need nothing', () => {
    expect(batchIngredientDemands({} as never, 10)).toEqual([])
    expect(
      batchIngredientDemands({ yield: { quantity: 5, unit: 'BBL' }, grainBill: [{ id: 'g' }] } as never, 10),
    ).toEqual([])
  })

  it('lists every line with its step key, scaled, in stock units', () => {
    const r = recipe()
    const demands = batchIngredientDemands(r, 5)
    expect(demands).toEqual([
      expect.objectContaining({
        source: 'grain',
        stepKey: `grain:${r.grainBill[0].id}`,
        quantity: 200,
        unit: 'lb',
      }),
      expect.objectContaining({ source: 'hop', stepKey: `hop:${r.hopsBill[0].id}`, quantity: 1, unit: 'kg' }),
    ])
  })

  it('sums per ingredient in the item unit', () => {
    const r = recipe()
    const totals = demandPerIngredient(batchIngredientDemands(r, 10), (id, fallback) =>
      id === 'pale-2-row' ? 'kg' : fallback,
    )
    expect(totals.get('pale-2-row')).toEqual({ name: 'Pale 2-Row', unit: 'kg', quantity: toScaled(181.4369) })
  })
})

describe('Can we brew?', () => {
  it('lets earlier batches take stock first and dates each shortfall', () => {
    const lots = new Map([['malt', [lot('a', 100, '2026-01-01')]]])
    const shortfalls = canWeBrew(
      [
        {
          batchId: 'b2',
          batchNumber: '2026-002',
          date: '2026-02-10',
          itemId: 'malt',
          quantity: toScaled(60),
        },
        {
          batchId: 'b1',
          batchNumber: '2026-001',
          date: '2026-02-01',
          itemId: 'malt',
          quantity: toScaled(60),
        },
        { batchId: 'b3', batchNumber: '2026-003', date: '2026-02-20', itemId: 'hops', quantity: toScaled(1) },
      ],
      lots,
    )
    expect(shortfalls).toEqual([
      expect.objectContaining({
        batchId: 'b2',
        date: '2026-02-10',
        available: toScaled(40),
        short: toScaled(20),
      }),
      expect.objectContaining({ batchId: 'b3', available: 0, short: toScaled(1) }),
    ])
  })

  it('does not count a lot that expires before the brew date', () => {
    const lots = new Map([['malt', [lot('a', 100, '2026-01-01', '2026-01-31')]]])
    const [shortfall] = canWeBrew(
      [
        {
          batchId: 'b1',
          batchNumber: '2026-001',
          date: '2026-02-01',
          itemId: 'malt',
          quantity: toScaled(10),
        },
      ],
      lots,
    )
    expect(shortfall.short).toBe(toScaled(10))
  })

  it('finds nothing short when two lots cover the need', () => {
    const lots = new Map([['malt', [lot('a', 50, '2026-01-01'), lot('b', 50, '2026-01-05')]]])
    expect(
      canWeBrew(
        [
          {
            batchId: 'b1',
            batchNumber: '2026-001',
            date: '2026-02-01',
            itemId: 'malt',
            quantity: toScaled(80),
          },
        ],
        lots,
      ),
    ).toEqual([])
  })
})

describe('cost per packaged unit', () => {
  it('shares ingredients by barrels and adds each option its materials', () => {
    const [kegs, cans] = costPerPackagedUnit(10_000, [
      { packageId: 'kegs', units: 10, volumeBbl: 5, materialCents: 0 },
      { packageId: 'cans', units: 1000, volumeBbl: 5, materialCents: 25_000 },
    ])
    expect(kegs).toMatchObject({ ingredientCents: 5000, costCents: 5000, costPerUnitCents: 500 })
    expect(cans).toMatchObject({ ingredientCents: 5000, costCents: 30_000, costPerUnitCents: 30 })
  })

  it('has no cost per unit without units', () => {
    expect(
      costPerPackagedUnit(100, [{ packageId: 'x', units: 0, volumeBbl: 0, materialCents: 0 }])[0],
    ).toMatchObject({ costPerUnitCents: null })
  })
})

describe('hop lots are not the catalogue', () => {
  const context = { recipeAlpha: 12, lotAlpha: 10, minutes: 60, gallons: 310, boilGravity: 1.055 }

  it("gives the amount of the lot that hits the recipe line's IBU", () => {
    const suggestion = hopAmountForLotAlpha({ value: 2, unit: 'kg' }, context)
    expect(suggestion.value).toBeCloseTo(2.4, 4)
    const target = tinsethIbu(12, 70.548, 60, 310, 1.055)
    expect(suggestion.targetIbu).toBeCloseTo(target, 2)
    expect(suggestion.lotIbu).toBeCloseTo(suggestion.targetIbu, 6)
  })

  it('keeps the amount for a dry hop or an unknown alpha acid', () => {
    expect(hopAmountForLotAlpha({ value: 2, unit: 'kg' }, { ...context, minutes: 0 }).value).toBe(2)
    expect(hopAmountForLotAlpha({ value: 2, unit: 'kg' }, { ...context, lotAlpha: 0 }).value).toBe(2)
  })
})

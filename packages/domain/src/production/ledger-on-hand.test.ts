import { describe, expect, it } from 'vitest'
import {
  batchYield,
  containerOfPackageType,
  firstNegativeInstant,
  onHandAt,
  packagedOnHand,
  type LedgerEvent,
} from './liquid-ledger.ts'

// On hand as a query over the ledger (the ledger contract): bulk per vessel and packaged per packaging option.
// A 10 bbl batch into FV1; 4 bbl packaged into 8 half-barrel kegs (8 × 0.5 = 4.00 bbl); 3 kegs sold (1.50 bbl),
// 1 returned (0.50), 1 broken (0.50): packaged on hand = 8 − 3 + 1 − 1 = 5 kegs = 2.50 bbl; bulk 10 − 4 = 6.00.

const FV1 = 'fv-1'
const KEG = 'pkg-keg'
const B = 'batch-1'
let minute = 0
const at = (m: number) => new Date(Date.UTC(2026, 10, 1, 0, m)).toISOString()
const event = (partial: Partial<LedgerEvent> & Pick<LedgerEvent, 'kind' | 'volumeBbl'>): LedgerEvent => ({
  id: `e-${++minute}`,
  batchId: B,
  fromVesselId: null,
  toVesselId: null,
  supersedesId: null,
  occurredAt: at(minute),
  packageId: null,
  units: null,
  ...partial,
})

describe('on hand by the ledger', () => {
  const brewed = event({ kind: 'brewed', toVesselId: FV1, volumeBbl: 10 })
  const packaged = event({ kind: 'packaged', fromVesselId: FV1, volumeBbl: 4, packageId: KEG, units: 8 })
  const sold = event({ kind: 'removed', volumeBbl: 1.5, packageId: KEG, units: 3 })
  const back = event({ kind: 'returned', volumeBbl: 0.5, packageId: KEG, units: 1 })
  const broken = event({ kind: 'lost', volumeBbl: 0.5, packageId: KEG, units: 1 })
  const all = [brewed, packaged, sold, back, broken]

  it('gives bulk per vessel and packaged per option, from the hand-computed figures', () => {
    const now = onHandAt(all)
    expect(now.bulk.get(FV1)?.volumeBbl).toBe(6)
    expect(now.packaged.get(KEG)).toMatchObject({ units: 5, volumeBbl: 2.5 })
    expect(now.packaged.get(KEG)?.batches).toEqual([{ batchId: B, units: 5, volumeBbl: 2.5 }])
  })

  it('answers at any instant: after the sale and before the return, 5 kegs', () => {
    expect(onHandAt(all, sold.occurredAt).packaged.get(KEG)?.units).toBe(5)
    expect(onHandAt(all, packaged.occurredAt).packaged.get(KEG)?.units).toBe(8)
    expect(onHandAt(all, brewed.occurredAt).packaged.has(KEG)).toBe(false)
  })

  it('counts a superseded removal for nothing', () => {
    const fixed = event({ kind: 'removed', volumeBbl: 0.5, packageId: KEG, units: 1, supersedesId: sold.id })
    expect(packagedOnHand([...all, fixed]).get(KEG)?.units).toBe(7)
  })

  it('keeps packaged removals out of the batch yield (the cellar part still reconciles)', () => {
    const result = batchYield(all, B)
    expect(result).toMatchObject({ intoFermenterBbl: 10, packagedBbl: 4, removedBbl: 0, inVesselsBbl: 6 })
    expect(result.reconciles).toBe(true)
  })

  it('finds the first instant a package would hold less than nothing, even when the end balances', () => {
    // Sell 9 kegs before the run that packs 8, then return 1 later: the end is 0 but the sale goes negative.
    const early = event({ kind: 'removed', volumeBbl: 4.5, packageId: KEG, units: 9, occurredAt: at(0) })
    const late = event({ kind: 'returned', volumeBbl: 0.5, packageId: KEG, units: 1, occurredAt: at(500) })
    const found = firstNegativeInstant([brewed, packaged, early, late], { packageIds: [KEG] })
    expect(found).toMatchObject({ occurredAt: at(0), place: { packageId: KEG }, units: -9 })
    expect(firstNegativeInstant([brewed, packaged, sold, back], { packageIds: [KEG] })).toBeNull()
  })

  it('finds a vessel emptied before its beer arrived', () => {
    const loss = event({ kind: 'lost', fromVesselId: FV1, volumeBbl: 1, occurredAt: at(-5) })
    expect(firstNegativeInstant([brewed, loss], { vesselIds: [FV1] })).toMatchObject({
      place: { vesselId: FV1 },
      volumeBbl: -1,
    })
    expect(firstNegativeInstant([brewed, loss], { vesselIds: ['other'] })).toBeNull()
  })

  it('applies events at one instant together (a transfer in and out in the same second)', () => {
    const t = at(900)
    const inBt = event({
      kind: 'transferred',
      fromVesselId: FV1,
      toVesselId: 'bt',
      volumeBbl: 2,
      occurredAt: t,
    })
    const outBt = event({ kind: 'lost', fromVesselId: 'bt', volumeBbl: 2, occurredAt: t })
    expect(firstNegativeInstant([brewed, outBt, inBt], { vesselIds: [FV1, 'bt'] })).toBeNull()
  })

  it('names the container of a packaging type for the 5130.9 columns', () => {
    expect(containerOfPackageType('1/2 BBL Keg')).toBe('keg')
    expect(containerOfPackageType('1/6 BBL')).toBe('keg')
    expect(containerOfPackageType('16oz Cans')).toBe('can')
    expect(containerOfPackageType('750ml Bottles')).toBe('bottle')
  })
})

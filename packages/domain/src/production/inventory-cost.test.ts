import { describe, expect, it } from 'vitest'
import { batchBarrels, spreadBatchCost, tankChangeOf, type CostLedgerEvent } from './inventory-cost.ts'

// A batch figured by hand (docs/decisions/240-cost-follows-the-beer.md):
// - Malt: 100 lb at $0.80 + 65 lb at $0.95 = $80.00 + $61.75 = $141.75 (14,175 ¢), brewed into FV1: 3.00000 bbl.
// - Transferred 2.9 bbl to BT1, losing 0.10 bbl; 0.20 bbl dumped; a 0.05 bbl lab sample; 0.5 bbl racked into one
//   1/2 bbl keg and 0.5 bbl canned into 124 16 oz cans ($14.88 of cans and lids); 1.65 bbl still in BT1.
// - $141.75 over all 3 bbl = $47.25/bbl. Exact shares: keg 0.5/3 = 2,362.5 ¢, cans 2,362.5 ¢, losses (0.1 + 0.2)
//   = 1,417.5 ¢, sample 236.25 ¢, in tanks 1.65/3 = 7,796.25 ¢ (sum 14,175). Shared once by largest remainders:
//   floors 2,362 + 2,362 + 1,417 + 236 + 7,796 = 14,173; the 2 ¢ left go to the largest remainders (.5, .5, .5:
//   the first two, keg and cans) → 2,363, 2,363, 1,417, 236, 7,796 = 14,175.
// - Cans: 2,363 + 1,488 = 3,851 ¢ over 124 = 31.06 ¢ → 31 ¢ a can. Spread over the 1 bbl packaged instead (the
//   old rule), each option would carry 7,087.5 ¢ — three times its share.
const FV1 = 'fv1'
const BT1 = 'bt1'
let n = 0
const event = (
  kind: string,
  volumeBbl: string,
  vessels: { from?: string; to?: string },
  occurredAt = '2026-08-10T12:00:00.000Z',
  extra: Partial<CostLedgerEvent> = {},
): CostLedgerEvent => ({
  id: `e${++n}`,
  kind,
  batchId: 'b',
  fromVesselId: vessels.from ?? null,
  toVesselId: vessels.to ?? null,
  volumeBbl,
  supersedesId: null,
  occurredAt,
  ...extra,
})
const events = [
  event('brewed', '3.00000', { to: FV1 }),
  event('transferred', '2.90000', { from: FV1, to: BT1 }, '2026-08-20T12:00:00.000Z'),
  event('lost', '0.10000', { from: FV1 }, '2026-08-20T12:00:00.000Z'),
  event('dumped', '0.20000', { from: BT1 }, '2026-08-21T12:00:00.000Z'),
  event('sampled', '0.05000', { from: BT1 }, '2026-08-22T12:00:00.000Z'),
  event('packaged', '0.50000', { from: BT1 }, '2026-09-02T12:00:00.000Z'),
  event('packaged', '0.50000', { from: BT1 }, '2026-09-02T13:00:00.000Z'),
  // Packaged beer leaving later has no vessel: it is costed by its units, not here.
  event('removed', '0.09677', {}, '2026-09-20T12:00:00.000Z'),
]
const options = [
  { packageId: 'keg', units: 1, volumeBbl: 0.5, materialCents: 0 },
  { packageId: 'cans', units: 124, volumeBbl: 0.5, materialCents: 1488 },
]

describe('batchBarrels', () => {
  it('follows the batch through the cellar by its bulk events', () => {
    expect(batchBarrels(events).get('b')).toEqual({
      brewed: 300_000,
      packaged: 100_000,
      losses: 30_000,
      removed: 5000,
      inTanks: 165_000,
    })
  })
  it('reads only the events before an instant, and leaves superseded events out', () => {
    const corrected = [
      ...events,
      event('dumped', '0.25000', { from: BT1 }, '2026-08-21T12:00:00.000Z', { supersedesId: 'e4' }),
    ]
    expect(batchBarrels(corrected, '2026-09-01T00:00:00.000Z').get('b')).toEqual({
      brewed: 300_000,
      packaged: 0,
      losses: 35_000,
      removed: 5000,
      inTanks: 260_000,
    })
  })
  it('says how each event moves the tanks and the losses', () => {
    expect(tankChangeOf(events[0])).toEqual({ inTanks: 300_000, losses: 0 })
    expect(tankChangeOf(events[1])).toEqual({ inTanks: 0, losses: 0 })
    expect(tankChangeOf(events[2])).toEqual({ inTanks: -10_000, losses: 10_000 })
    expect(tankChangeOf(events[7])).toEqual({ inTanks: 0, losses: 0 })
  })
})

describe('spreadBatchCost', () => {
  it("spreads the batch's cost over all its barrels, to the cent", () => {
    const spread = spreadBatchCost(14_175, batchBarrels(events).get('b')!, options)
    expect(spread).toMatchObject({
      basisUnits: 300_000,
      costPerBblCents: 4725,
      lossCents: 1417,
      removedCents: 236,
      inTanksCents: 7796,
      unaccountedCents: 0,
    })
    expect(
      spread.options.map((o) => [o.packageId, o.ingredientCents, o.costCents, o.costPerUnitCents]),
    ).toEqual([
      ['keg', 2363, 2363, 2363],
      ['cans', 2363, 3851, 31],
    ])
    const parts =
      spread.options.reduce((sum, o) => sum + o.ingredientCents, 0) +
      spread.lossCents +
      spread.removedCents +
      spread.inTanksCents
    expect(parts).toBe(14_175)
  })
  it('keeps the share of barrels the ledger does not account for apart', () => {
    // 3 bbl brewed, 1 bbl packaged, nothing else recorded: 2/3 of $90.00 is unaccounted.
    const spread = spreadBatchCost(
      9000,
      { brewed: 300_000, packaged: 100_000, losses: 0, removed: 0, inTanks: 0 },
      [{ packageId: 'keg', units: 2, volumeBbl: 1, materialCents: 0 }],
    )
    expect([spread.options[0].ingredientCents, spread.unaccountedCents]).toEqual([3000, 6000])
  })
  it('holds the whole cost in progress before anything is brewed into a fermenter', () => {
    const spread = spreadBatchCost(2000, { brewed: 0, packaged: 0, losses: 0, removed: 0, inTanks: 0 }, [])
    expect([spread.basisUnits, spread.costPerBblCents, spread.inTanksCents]).toEqual([0, null, 2000])
  })
})

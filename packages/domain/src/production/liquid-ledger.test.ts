import { describe, expect, it } from 'vitest'
import { batchYield, effectiveEvents, vesselContents, type LedgerEvent } from './liquid-ledger.ts'

const FV1 = 'fv-1'
const BT1 = 'bt-1'
const B = 'batch-1'
let counter = 0
const event = (partial: Partial<LedgerEvent> & Pick<LedgerEvent, 'kind' | 'volumeBbl'>): LedgerEvent => ({
  id: `e-${++counter}`,
  batchId: B,
  fromVesselId: null,
  toVesselId: null,
  supersedesId: null,
  occurredAt: new Date(Date.UTC(2026, 10, 1, 0, counter)).toISOString(),
  ...partial,
})

describe('the liquid ledger', () => {
  it('moves beer from the fermenter to the brite tank and out into packages, reconciling', () => {
    const events = [
      event({ kind: 'brewed', toVesselId: FV1, volumeBbl: 10 }),
      event({ kind: 'sampled', fromVesselId: FV1, volumeBbl: 0.05 }),
      event({ kind: 'lost', fromVesselId: FV1, volumeBbl: 0.4 }),
      event({ kind: 'transferred', fromVesselId: FV1, toVesselId: BT1, volumeBbl: 9.55 }),
      event({ kind: 'packaged', fromVesselId: BT1, volumeBbl: 5 }),
      event({ kind: 'packaged', fromVesselId: BT1, volumeBbl: 2.41935 }),
    ]
    const contents = vesselContents(events)
    expect(contents.has(FV1)).toBe(false)
    expect(contents.get(BT1)?.volumeBbl).toBe(2.13065)
    const result = batchYield(events, B)
    expect(result).toMatchObject({
      intoFermenterBbl: 10,
      packagedBbl: 7.41935,
      sampledBbl: 0.05,
      lostBbl: 0.4,
      inVesselsBbl: 2.13065,
      differenceBbl: 0,
      reconciles: true,
    })
  })

  it('sums exactly in 5 decimals (no floating drift over many events)', () => {
    const events = [event({ kind: 'brewed', toVesselId: FV1, volumeBbl: 3 })]
    for (let i = 0; i < 30; i++) events.push(event({ kind: 'sampled', fromVesselId: FV1, volumeBbl: 0.1 }))
    expect(vesselContents(events).has(FV1)).toBe(false)
    expect(batchYield(events, B).sampledBbl).toBe(3)
  })

  it('counts a corrected event once, as its correction says, and a correction of a correction last', () => {
    const brewed = event({ kind: 'brewed', toVesselId: FV1, volumeBbl: 10 })
    const loss = event({ kind: 'lost', fromVesselId: FV1, volumeBbl: 2 })
    const fixed = event({ kind: 'lost', fromVesselId: FV1, volumeBbl: 0.5, supersedesId: loss.id })
    expect(batchYield([brewed, loss, fixed], B)).toMatchObject({ lostBbl: 0.5, inVesselsBbl: 9.5 })
    const fixedAgain = event({ kind: 'lost', fromVesselId: FV1, volumeBbl: 0, supersedesId: fixed.id })
    expect(effectiveEvents([brewed, loss, fixed, fixedAgain]).map((e) => e.id)).toEqual([
      brewed.id,
      fixedAgain.id,
    ])
    expect(batchYield([brewed, loss, fixed, fixedAgain], B)).toMatchObject({ lostBbl: 0, inVesselsBbl: 10 })
  })

  it('keeps batches apart and tells a ledger that does not reconcile', () => {
    const other = event({ kind: 'brewed', batchId: 'batch-2', toVesselId: 'fv-2', volumeBbl: 7 })
    const events = [event({ kind: 'brewed', toVesselId: FV1, volumeBbl: 10 }), other]
    expect(batchYield(events, 'batch-2')).toMatchObject({
      intoFermenterBbl: 7,
      inVesselsBbl: 7,
      reconciles: true,
    })
    expect(vesselContents(events).get('fv-2')?.batches).toEqual([{ batchId: 'batch-2', volumeBbl: 7 }])
    // A transfer out to nowhere in the cellar (no destination) leaves volume unaccounted for.
    const leak = [...events, event({ kind: 'transferred', fromVesselId: FV1, volumeBbl: 1 })]
    expect(batchYield(leak, B)).toMatchObject({ differenceBbl: 1, reconciles: false })
  })
})

import { describe, expect, it } from 'vitest'
import { replayFlow, shareOf, type FlowEvent } from './flow.ts'

// A blend and a split, worked by hand:
//   t1  batch A brewed 10 bbl into T;  batch B brewed 6 bbl into FV2
//   t2  5 bbl of FV2 → T                T holds A 10 + B 5 = 15 bbl (A ⅔, B ⅓)
//   t3  package 6 bbl from T           carries A 6 × 10/15 = 4, B 6 × 5/15 = 2; T keeps A 6, B 3
//   t4  9 bbl of T → BT2 (a split)     carries A 6, B 3 (all of T); T is empty
//   t5  package 4.5 bbl from BT2       carries A 4.5 × 6/9 = 3, B 4.5 × 3/9 = 1.5; BT2 keeps A 3, B 1.5
//   FV2 keeps B 6 − 5 = 1 bbl.
const at = (n: number) => `2026-03-0${n}T12:00:00.000Z`
const event = (
  id: string,
  kind: string,
  batchId: string,
  from: string | null,
  to: string | null,
  bbl: number,
  t: number,
): FlowEvent => ({
  id,
  kind,
  batchId,
  fromVesselId: from,
  toVesselId: to,
  volumeBbl: bbl,
  at: Date.parse(at(t)),
})
const events = [
  event('e1', 'brewed', 'A', null, 'T', 10, 1),
  event('e2', 'brewed', 'B', null, 'FV2', 6, 1),
  event('e3', 'transferred', 'B', 'FV2', 'T', 5, 2),
  event('e4', 'packaged', 'A', 'T', null, 6, 3),
  event('e5', 'transferred', 'A', 'T', 'BT2', 9, 4),
  event('e6', 'packaged', 'A', 'BT2', null, 4.5, 5),
]

describe('replayFlow: blends and splits in proportion', () => {
  it('passes both batches of a blended tank on, in proportion', () => {
    const { carried, contents } = replayFlow(events)
    expect(carried.get('e4')!.get('A')).toBeCloseTo(4, 9)
    expect(carried.get('e4')!.get('B')).toBeCloseTo(2, 9)
    expect(carried.get('e5')!.get('A')).toBeCloseTo(6, 9)
    expect(carried.get('e5')!.get('B')).toBeCloseTo(3, 9)
    expect(carried.get('e6')!.get('A')).toBeCloseTo(3, 9)
    expect(carried.get('e6')!.get('B')).toBeCloseTo(1.5, 9)
    expect(contents.has('T')).toBe(false)
    expect(contents.get('BT2')!.get('A')).toBeCloseTo(3, 9)
    expect(contents.get('BT2')!.get('B')).toBeCloseTo(1.5, 9)
    expect(contents.get('FV2')!.get('B')).toBeCloseTo(1, 9)
  })

  it('gives the share of a batch in a run: B is 2/6 = ⅓ of the first run and 1.5/4.5 = ⅓ of the second', () => {
    const { carried } = replayFlow(events)
    expect(shareOf(carried.get('e4'), new Set(['B']))).toBeCloseTo(1 / 3, 9)
    expect(shareOf(carried.get('e6'), new Set(['B']))).toBeCloseTo(1 / 3, 9)
    expect(shareOf(carried.get('e4'), new Set(['A', 'B']))).toBeCloseTo(1, 9)
  })

  it('counts a superseded event for nothing, and orders by time whatever the input order', () => {
    const corrected = [
      ...events.slice().reverse(),
      { ...event('e4b', 'packaged', 'A', 'T', null, 3, 3), supersedesId: 'e4' },
    ]
    const { carried } = replayFlow(corrected)
    expect(carried.has('e4')).toBe(false)
    // 3 bbl of 15: A 2, B 1; T keeps A 8, B 4; 9 of those 12 to BT2 = ¾: A 6, B 3; T keeps A 2, B 1.
    const { contents } = replayFlow(corrected)
    expect(carried.get('e4b')!.get('B')).toBeCloseTo(1, 9)
    expect(carried.get('e5')!.get('A')).toBeCloseTo(6, 9)
    expect(contents.get('T')!.get('A')).toBeCloseTo(2, 9)
    expect(contents.get('T')!.get('B')).toBeCloseTo(1, 9)
  })

  it('falls back to the ledger tag when nothing is known to be in the vessel', () => {
    const { carried } = replayFlow([event('x', 'packaged', 'C', 'T9', null, 2, 1)])
    expect(carried.get('x')!.get('C')).toBe(2)
  })
})

// assertNoOverdraw judges only the vessels a movement touches (ADR 370). By hand:
//   batch A brewed 10 bbl into FV1 (not among the events read), transferred 9 FV1 → BT, packaged 9 from BT;
//   batch B brewed 10 into FV2, now 9 FV2 → BT. Read: the events touching FV2, BT and batch B.
//   FV1 seen in part: −9 (its brewed event is not read) — not judged. FV2: 10 − 9 = 1 ≥ 0; BT: 9 − 9 + 9 = 9.
//   Taking 11 from FV2 instead: 10 − 11 = −1 → refused, naming FV2.
import type { LedgerEvent } from '@brewcommand/domain'
import { describe, expect, it } from 'vitest'
import { assertNoOverdraw } from './movement-rules.ts'

const event = (
  id: string,
  kind: LedgerEvent['kind'],
  batchId: string,
  from: string | null,
  to: string | null,
  volumeBbl: number,
  day: number,
): LedgerEvent => ({
  id,
  kind,
  batchId,
  fromVesselId: from,
  toVesselId: to,
  volumeBbl,
  supersedesId: null,
  occurredAt: new Date(Date.UTC(2026, 2, day)).toISOString(),
})
const names = new Map([
  ['FV2', 'FV-02'],
  ['BT', 'BT-04'],
])
const read = [
  event('a2', 'transferred', 'A', 'FV1', 'BT', 9, 14),
  event('a3', 'packaged', 'A', 'BT', null, 9, 21),
  event('b1', 'brewed', 'B', null, 'FV2', 10, 10),
]

describe('assertNoOverdraw', () => {
  it('lets a transfer into a brite tank that held a transferred batch', () => {
    expect(() =>
      assertNoOverdraw(
        [...read, event('b2', 'transferred', 'B', 'FV2', 'BT', 9, 24)],
        names,
        'data.volumeBbl',
      ),
    ).not.toThrow()
  })
  it('refuses taking more than the vessel it comes from holds, naming it', () => {
    expect(() =>
      assertNoOverdraw(
        [...read, event('b2', 'transferred', 'B', 'FV2', 'BT', 11, 24)],
        names,
        'data.volumeBbl',
      ),
    ).toThrow('FV-02 does not hold that much beer.')
  })
})

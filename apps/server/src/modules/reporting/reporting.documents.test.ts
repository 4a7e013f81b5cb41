import type { Posting } from '@brewcommand/domain'
import { describe, expect, it } from 'vitest'
import { dailyCsv } from './reporting.documents.ts'

const FV1 = '00000000-0000-4000-8000-0000000000f1'
const BT1 = '00000000-0000-4000-8000-0000000000f2'
const GONE = '00000000-0000-4000-8000-0000000000f3'

const posting = (from: string | null, to: string | null): Posting => ({
  eventId: '00000000-0000-4000-8000-000000000001',
  line: null,
  units: 684_000,
  bookedAt: '2026-11-26T18:00:00.000Z',
  bookedOn: '2026-11-26',
  adjustment: false,
  reversalOf: null,
  remark: '',
  event: {
    id: '00000000-0000-4000-8000-000000000001',
    kind: 'transferred',
    ttbClass: 'none',
    volumeBbl: '6.84000',
    reason: '',
    occurredAt: '2026-11-26T18:00:00.000Z',
    recordedAt: '2026-11-26T18:00:00.000Z',
    supersedesId: null,
    batchNumber: '2026-001',
    productName: 'Pale',
    fromVesselId: from,
    toVesselId: to,
  },
})

describe('the daily records CSV', () => {
  it('names the vessels (FV1 → BT1), not their ids; a vessel it cannot name keeps its id', () => {
    const csv = dailyCsv({
      postings: [posting(FV1, BT1), posting(GONE, null)],
      vesselNames: new Map([
        [FV1, 'FV1'],
        [BT1, 'BT1'],
      ]),
    })
    const [, first, second] = csv.split('\r\n')
    expect(first).toContain(',2026-001,Pale,FV1,BT1,')
    expect(first).not.toContain(FV1)
    expect(second).toContain(`,2026-001,Pale,${GONE},,`)
  })
})

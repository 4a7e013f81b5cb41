import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applyKegScan,
  NEW_KEG_STATE,
  placeOfKeg,
  type KegFill,
  type KegScan,
  type KegState,
} from './keg-machine.ts'
import { kegDepositCredit } from '../sales/sales-maths.ts'
import { nextAssetNumbers, parseKegsCsv } from './kegs-csv.ts'

const FILL: KegFill = {
  batchId: '00000000-0000-4000-8000-000000000001',
  batchNumber: '2026-004',
  productName: 'Hazy IPA',
  packageRunId: '00000000-0000-4000-8000-000000000002',
}
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12)).toISOString()
const OAK = { customerId: '00000000-0000-4000-8000-0000000000a1', customerName: 'Oak Bar' }

function run(scans: KegScan[]): KegState {
  let state = NEW_KEG_STATE
  for (const scan of scans) {
    const step = applyKegScan('K-0042', state, scan)
    if (!step.ok) throw new Error(step.refusal)
    state = step.state
  }
  return state
}

describe('the keg state machine', () => {
  it('goes clean → full → at the customer → dirty → clean, the deposit charged then credited', () => {
    const full = applyKegScan('K-0042', NEW_KEG_STATE, { kind: 'filled', at: at(1), fill: FILL })
    expect(full).toMatchObject({ ok: true, state: { status: 'full' }, deposit: null })
    const out = applyKegScan('K-0042', (full as { state: KegState }).state, {
      kind: 'shipped',
      at: at(3),
      ...OAK,
      depositCents: 3000,
    })
    expect(out).toMatchObject({
      ok: true,
      state: { status: 'at-customer', customerName: 'Oak Bar', fill: FILL },
      deposit: { customerId: OAK.customerId, cents: 3000, reason: 'charged' },
    })
    const back = applyKegScan('K-0042', (out as { state: KegState }).state, { kind: 'returned', at: at(9) })
    expect(back).toMatchObject({
      ok: true,
      state: { status: 'dirty' },
      deposit: { cents: -3000, reason: 'credited' },
    })
  })

  it('refuses to fill a keg at a customer, naming the customer and the day it went', () => {
    const state = run([
      { kind: 'filled', at: at(1), fill: FILL },
      { kind: 'shipped', at: at(3), ...OAK, depositCents: 3000 },
    ])
    expect(applyKegScan('K-0042', state, { kind: 'filled', at: at(5), fill: FILL })).toEqual({
      ok: false,
      refusal: 'Keg K-0042 is at Oak Bar (since 3 Nov): it must come back before it is filled.',
    })
  })

  it('refuses to return a full keg empty', () => {
    const state = run([{ kind: 'filled', at: at(1), fill: FILL }])
    expect(applyKegScan('K-0042', state, { kind: 'returned', at: at(2) })).toEqual({
      ok: false,
      refusal:
        'Keg K-0042 is full of Hazy IPA (2026-004) at the brewery (since 1 Nov): a full keg cannot be returned empty.',
    })
  })

  it('refuses to fill a dirty keg and to ship an empty one', () => {
    const dirty = run([
      { kind: 'filled', at: at(1), fill: FILL },
      { kind: 'shipped', at: at(2), ...OAK, depositCents: 3000 },
      { kind: 'returned', at: at(4) },
    ])
    expect(applyKegScan('K-0042', dirty, { kind: 'filled', at: at(5), fill: FILL })).toMatchObject({
      ok: false,
      refusal:
        'Keg K-0042 is dirty at the brewery (since 4 Nov): it must be clean at the brewery to be filled.',
    })
    expect(
      applyKegScan('K-0042', NEW_KEG_STATE, { kind: 'shipped', at: at(5), ...OAK, depositCents: 1 }),
    ).toMatchObject({
      ok: false,
      refusal: 'Keg K-0042 is clean at the brewery: only a full keg at the brewery can be shipped.',
    })
  })

  it('keeps the deposit of a keg lost at the customer', () => {
    const state = run([
      { kind: 'filled', at: at(1), fill: FILL },
      { kind: 'shipped', at: at(2), ...OAK, depositCents: 3000 },
    ])
    expect(applyKegScan('K-0042', state, { kind: 'lost', at: at(80) })).toMatchObject({
      ok: true,
      state: { status: 'lost', customerId: OAK.customerId },
      deposit: { cents: -3000, reason: 'kept-for-loss' },
    })
  })
})

// The property of issue 36: any sequence of scans over a few kegs and customers, most refused, leaves every keg
// in exactly one place (the brewery, one customer, lost or retired), and each customer's deposit balance — the
// sum of the deposit moves — equals the deposits of the kegs they hold (here one deposit per size: kegs × deposit),
// and so does what their invoices say: deposits charged, less those credited by a credit note when a keg came back
// empty, less those kept for kegs lost there (ADR 350).
const KEGS = ['K-0001', 'K-0002', 'K-0003', 'K-0004']
const CUSTOMERS = [
  { customerId: '00000000-0000-4000-8000-0000000000c1', customerName: 'Oak Bar' },
  { customerId: '00000000-0000-4000-8000-0000000000c2', customerName: 'The Tap Room' },
  { customerId: '00000000-0000-4000-8000-0000000000c3', customerName: 'Corner Shop' },
]
const DEPOSIT_CENTS = 3000
const scanArb = fc.record({
  keg: fc.integer({ min: 0, max: KEGS.length - 1 }),
  kind: fc.constantFrom('filled', 'shipped', 'returned', 'cleaned', 'damaged', 'lost', 'retired' as const),
  customer: fc.integer({ min: 0, max: CUSTOMERS.length - 1 }),
  /** Which of the customer's two orders the keg ships on (each order's invoice has one keg line). */
  order: fc.integer({ min: 0, max: 1 }),
})

describe('the keg state machine (property)', () => {
  it('never leaves a keg in two places, and deposits always equal kegs held × deposit', () => {
    fc.assert(
      fc.property(fc.array(scanArb, { maxLength: 120 }), (steps) => {
        const states = new Map<string, KegState>(KEGS.map((keg) => [keg, NEW_KEG_STATE]))
        const balance = new Map<string, number>()
        // Sales' side (ADR 350): each order's invoice line charges a deposit per keg shipped on it; a keg back empty
        // is a credit note of its deposit on that line; a keg lost there keeps its deposit (the brewery's).
        const lines = new Map<string, { customerId: string; depositCents: number; creditedCents: number }>()
        const shippedOn = new Map<string, string>()
        const kept = new Map<string, number>()
        steps.forEach((step, i) => {
          const keg = KEGS[step.keg]
          const when = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString()
          const scan: KegScan =
            step.kind === 'filled'
              ? { kind: 'filled', at: when, fill: FILL }
              : step.kind === 'shipped'
                ? { kind: 'shipped', at: when, ...CUSTOMERS[step.customer], depositCents: DEPOSIT_CENTS }
                : { kind: step.kind, at: when }
          const before = states.get(keg)!
          const result = applyKegScan(keg, before, scan)
          if (!result.ok) {
            expect(result.refusal).toMatch(new RegExp(`^Keg ${keg} is `))
            return
          }
          states.set(keg, result.state)
          if (step.kind === 'shipped') {
            const lineId = `${step.customer}:${step.order}`
            const line = lines.get(lineId) ?? {
              customerId: CUSTOMERS[step.customer].customerId,
              depositCents: 0,
              creditedCents: 0,
            }
            line.depositCents += DEPOSIT_CENTS
            lines.set(lineId, line)
            shippedOn.set(keg, lineId)
          }
          if (step.kind === 'returned' && before.status === 'at-customer') {
            const line = lines.get(shippedOn.get(keg)!)!
            const credit = kegDepositCredit(line, {
              kegDepositCents: before.depositCents,
              earlierDepositCents: line.creditedCents,
            })
            // The line that charged the keg always has its deposit left to credit.
            expect(credit).toEqual({ subtotalCents: 0, depositCents: DEPOSIT_CENTS, taxCents: 0 })
            line.creditedCents += credit!.depositCents
          }
          if (step.kind === 'lost' && before.status === 'at-customer')
            kept.set(before.customerId, (kept.get(before.customerId) ?? 0) + before.depositCents)
          if (result.deposit)
            balance.set(
              result.deposit.customerId,
              (balance.get(result.deposit.customerId) ?? 0) + result.deposit.cents,
            )
        })
        // Each keg has exactly one place; the board's buckets partition the kegs.
        const buckets = new Map<string, string[]>()
        for (const [keg, state] of states) {
          const place = placeOfKeg(state)
          buckets.set(place, [...(buckets.get(place) ?? []), keg])
        }
        const placed = [...buckets.values()].flat()
        expect(placed.sort()).toEqual([...KEGS].sort())
        for (const { customerId } of CUSTOMERS) {
          const held = buckets.get(`customer:${customerId}`)?.length ?? 0
          expect(balance.get(customerId) ?? 0).toBe(held * DEPOSIT_CENTS)
          // The customer's invoices: deposits charged less deposits credited less deposits kept for lost kegs.
          const theirs = [...lines.values()].filter((line) => line.customerId === customerId)
          const onInvoices = theirs.reduce((sum, line) => sum + line.depositCents - line.creditedCents, 0)
          expect(onInvoices - (kept.get(customerId) ?? 0)).toBe(held * DEPOSIT_CENTS)
          for (const line of theirs) expect(line.creditedCents).toBeLessThanOrEqual(line.depositCents)
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('kegs from CSV', () => {
  it('reads asset number, size and owner, naming each bad line and column', () => {
    const { rows, errors } = parseKegsCsv(
      [
        'asset number,size,owner,owner name',
        'k-0101,1/6 BBL,ours,',
        'MS-88231,half barrel,pool,MicroStar',
        'K 7,1/6 BBL,ours,',
        'K-0102,3/4 BBL,ours,',
        'K-0103,1/2,pool,',
        'K-0101,1/6,ours,',
      ].join('\n'),
    )
    expect(rows).toEqual([
      { line: 2, assetNumber: 'K-0101', size: '1/6 BBL', owner: 'ours', ownerName: '' },
      { line: 3, assetNumber: 'MS-88231', size: '1/2 BBL', owner: 'pool', ownerName: 'MicroStar' },
    ])
    expect(errors).toEqual([
      {
        line: 4,
        field: 'asset number',
        message: '"K 7" is not a keg number (letters, digits and dashes, up to 32)',
      },
      {
        line: 5,
        field: 'size',
        message: 'The size is one of 1/2 BBL, 1/4 BBL, 1/6 BBL, 50 L, 30 L, 20 L, firkin, pin',
      },
      { line: 6, field: 'owner name', message: 'Name the pool or the lessor' },
      { line: 7, field: 'asset number', message: 'K-0101 is already on an earlier line' },
    ])
  })

  it('refuses a file without a size column', () => {
    expect(parseKegsCsv('asset number,owner\nK-1,ours').errors).toEqual([
      { line: 1, field: 'header', message: 'Missing column: size' },
    ])
  })

  it('numbers new kegs after the highest of the prefix', () => {
    expect(nextAssetNumbers('K-', ['K-0007', 'K-0012', 'MS-99', 'K-X'], 3)).toEqual([
      'K-0013',
      'K-0014',
      'K-0015',
    ])
    expect(nextAssetNumbers('BC', [], 2)).toEqual(['BC0001', 'BC0002'])
  })
})

describe('the credit of a keg back empty (ADR 350)', () => {
  // By hand: a line of 2 kegs at $30.00 charged 6000. The first keg back: 6000 − 0 ≥ 3000 → credit 3000. The second:
  // 6000 − 3000 ≥ 3000 → 3000. A third: 6000 − 6000 = 0 < 3000 → nothing (a line never refunds more than it charged).
  it('credits the keg’s deposit only, never more than its line charged', () => {
    const line = { depositCents: 6000 }
    expect(kegDepositCredit(line, { kegDepositCents: 3000, earlierDepositCents: 0 })).toEqual({
      subtotalCents: 0,
      depositCents: 3000,
      taxCents: 0,
    })
    expect(kegDepositCredit(line, { kegDepositCents: 3000, earlierDepositCents: 3000 })?.depositCents).toBe(
      3000,
    )
    expect(kegDepositCredit(line, { kegDepositCents: 3000, earlierDepositCents: 6000 })).toBeNull()
    expect(kegDepositCredit(line, { kegDepositCents: 0, earlierDepositCents: 0 })).toBeNull()
  })
})

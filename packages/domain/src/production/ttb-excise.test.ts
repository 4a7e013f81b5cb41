import { describe, expect, it } from 'vitest'
import { DEFAULT_TAX_SETTINGS, parsePeriod } from './reporting.schema.ts'
import { exciseReturn, returnPeriodRefusal } from './ttb-excise.ts'
import { ledgerEvent } from './ttb-fixture.ts'
import { findLine, operationsReport } from './ttb-operations.ts'
import { classifyLedgerEvent, postLedger, stageOf, taxFreeReasonOf } from './ttb.ts'

const brew = ledgerEvent('b', '2025-01-02T12:00:00.000Z', 'brewed', 'produced', '20000')
const removal = (id: string, instant: string, volume: string, details: Record<string, unknown> = {}) =>
  ledgerEvent(id, instant, 'removed', 'removed-taxpaid', volume, { details })

describe('the ledger contract, line by line', () => {
  it.each([
    ['sampled', '', { purpose: 'lab' }, 'removedWithoutTax'],
    ['sampled', '', { purpose: 'tasting' }, 'consumedOnPremises'],
    [
      'sampled',
      'removed-without-tax',
      { purpose: 'lab', taxFreeReason: 'research-testing' },
      'removedWithoutTax',
    ],
    ['removed', 'consumed-on-premises', { purpose: 'tasting', source: 'packaged' }, 'consumedOnPremises'],
    ['received', '', {}, 'receivedInBond'],
    ['received', 'received-in-bond', { source: 'packaged', container: 'keg' }, 'receivedInBond'],
    ['dumped', 'destroyed', { source: 'packaged', container: 'can' }, 'destroyed'],
    ['lost', 'losses', { source: 'packaged', container: 'can', cause: 'breakage' }, 'losses'],
    ['returned', 'returned', { source: 'packaged', container: 'keg' }, 'returned'],
  ])('%s with class "%s" and %j is %s', (kind, ttbClass, details, line) =>
    expect(classifyLedgerEvent({ kind, ttbClass, details })).toBe(line),
  )
  it('keeps the tax-free reason and the column of packaged beer', () => {
    const lab = { kind: 'sampled', details: { purpose: 'lab' } }
    expect(taxFreeReasonOf(lab)).toBe('research-testing')
    expect(taxFreeReasonOf({ kind: 'removed', details: { taxFreeReason: 'vessels-aircraft' } })).toBe(
      'vessels-aircraft',
    )
    expect(stageOf({ kind: 'removed', details: { source: 'packaged', container: 'keg' } })).toBe('keg')
    expect(stageOf({ kind: 'removed', details: { source: 'packaged', container: 'bottle' } })).toBe('case')
    expect(stageOf({ kind: 'removed', details: { source: 'bulk' } })).toBe('bulk')
    expect(stageOf({ kind: 'packaged', details: { container: 'can' } })).toBe('case')
  })
})

describe('a prior-period adjustment booked by the write path', () => {
  // A 0.50 bbl loss of 2026-06-20 recorded after June closed: booked on 2026-07-01 with its remark.
  const loss = ledgerEvent('late', '2026-07-01T00:00:00.000Z', 'lost', 'losses', '0.50000', {
    details: {
      priorPeriodAdjustment: { originalOccurredAt: '2026-06-20T10:00:00.000Z', remark: 'Hose leak' },
    },
  })
  const postings = postLedger([
    ledgerEvent('b', '2026-06-01T12:00:00.000Z', 'brewed', 'produced', '10'),
    loss,
  ])

  it('lands on line 9 of the 5130.26 with its remark, not on Losses', () => {
    const report = operationsReport('5130.26', parsePeriod('2026-Q3')!, postings, [])
    expect(findLine(report.lines, 'losses')!.units).toBe(0)
    expect(findLine(report.lines, 'priorPeriodAdjustments')!.barrels).toBe('-0.50')
    expect(findLine(report.lines, 'onHandEnd')!.barrels).toBe('9.50')
    expect(report.remarks).toEqual([
      'Line 9: −0.50 bbl (losses), lost of 2026-06-20, recorded after its period closed: Hose leak',
    ])
    expect(report.balances).toBe(true)
  })

  it('lands on blank line 32 of the 5130.9, in the cellar column', () => {
    const report = operationsReport('5130.9', parsePeriod('2026-07')!, postings, [])
    expect(findLine(report.lines, 'specialRemovalsCellar')!.barrels).toBe('0.50')
    expect(findLine(report.lines, 'losses')!.units).toBe(0)
    expect(report.balances).toBe(true)
  })

  it('goes to Schedule A of the 5000.24 when it is a taxable removal', () => {
    const sale = removal('late-sale', '2026-07-01T00:00:00.000Z', '2.00000', {
      priorPeriodAdjustment: { originalOccurredAt: '2026-06-30T18:00:00.000Z', remark: 'Invoice 118 missed' },
    })
    const excise = exciseReturn(parsePeriod('2026-Q3')!, postLedger([brew, sale]), [], DEFAULT_TAX_SETTINGS)
    expect(findLine(excise.lines, 'removedTaxpaid')!.units).toBe(0)
    expect(excise.scheduleA.map((row) => [row.ref, row.cents])).toEqual([['25', 700]]) // 2.00 × $3.50
    expect(excise.amounts.find((amount) => amount.ref === '21')!.cents).toBe(700)
  })
})

describe('return periods (27 CFR 25.164)', () => {
  const events = [
    brew,
    removal('s1', '2026-09-10T12:00:00.000Z', '1'),
    removal('s2', '2026-09-20T12:00:00.000Z', '2'),
  ]

  it('splits a month into the 1st–15th and the 16th–end', () => {
    const postings = postLedger(events)
    const first = exciseReturn(parsePeriod('2026-09-S1')!, postings, [], DEFAULT_TAX_SETTINGS)
    const second = exciseReturn(parsePeriod('2026-09-S2')!, postings, [], DEFAULT_TAX_SETTINGS)
    expect([first.taxCents, second.taxCents]).toEqual([350, 700])
    expect(second.yearToDateBeforeUnits).toBe(100_000)
  })

  it('refuses a return period that is not the brewery’s filing frequency, in a sentence', () => {
    expect(returnPeriodRefusal(DEFAULT_TAX_SETTINGS, '2026-Q3')).toBeNull()
    expect(returnPeriodRefusal(DEFAULT_TAX_SETTINGS, '2026-09-S1')).toMatch(
      /^This brewery files its excise return quarterly .*2026-09-S1 is not one of its return periods; close a quarter/,
    )
    const semimonthly = { ...DEFAULT_TAX_SETTINGS, exciseFilingFrequency: 'semimonthly' as const }
    expect(returnPeriodRefusal(semimonthly, '2026-09-S2')).toBeNull()
    expect(returnPeriodRefusal(semimonthly, '2026-Q3')).toMatch(/close a half month like 2026-09-S1/)
  })

  it('says when last year’s liability passed $50,000: no more quarterly returns', () => {
    // 2025: 15,000 bbl × $3.50 = $52,500.
    const postings = postLedger([brew, removal('2025', '2025-06-01T12:00:00.000Z', '15000')])
    const excise = exciseReturn(parsePeriod('2026-Q1')!, postings, [], DEFAULT_TAX_SETTINGS)
    expect(excise.notices).toEqual([
      "The brewery's beer tax for 2025 was $52,500.00, more than $50,000: it is no longer eligible to file quarterly returns in 2026 (27 CFR 25.164(c)); file semimonthly, and the Brewer's Report of Operations monthly on TTB F 5130.9.",
    ])
    const small = exciseReturn(
      parsePeriod('2026-Q1')!,
      postLedger([brew, removal('2025', '2025-06-01T12:00:00.000Z', '14000')]),
      [],
      DEFAULT_TAX_SETTINGS,
    )
    expect(small.notices).toEqual([])
  })
})

import { makeEnvelope } from '@brewcommand/domain'
import {
  QUARTER_COUNTS,
  QUARTER_EVENTS,
  QUARTER_IDS,
} from '@brewcommand/domain/production/ttb-quarter-fixture.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { seedReportingQuarter } from '../../testing/reporting-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'

// THE QUARTER TEST through the reporting routes: the quarter of issue 33 (packages/domain/src/production/
// ttb-quarter-fixture.ts) inserted as `liquid_events` per the ledger contract, with its September count, and every
// line of the three forms asked of the API. The figures are computed by hand, with the arithmetic, in the header of
// packages/domain/src/production/ttb-quarter.test.ts; the end-to-end version through the real write paths
// follows the merge of the ledger's write side.

type Figure = {
  key: string
  number: number
  ref: string
  barrels: string
  units: number
  sourceCount: number
}
type Line = Figure & { cells?: Record<string, Figure> }

const FORM_5130_26 = {
  1: '0.00',
  2: '9.05',
  3: '0.00',
  4: '0.00',
  5: '0.00',
  6: '0.00',
  7: '0.00',
  8: '9.05',
  9: '0.00',
  10: '1.03',
  11: '0.11',
  12: '0.00',
  13: '0.40',
  14: '0.14',
  15: '0.02',
  16: '0.00',
  17: '7.35',
}

// TTB F 5130.9 by line: columns b, c, d, e, f and the total g.
const FORM_5130_9: Record<number, [string, string, string, string, string, string]> = {
  1: ['0.00', '0.00', '0.00', '0.00', '0.00', '0.00'],
  2: ['9.05', '0.00', '0.00', '0.00', '0.00', '9.05'],
  6: ['0.00', '1.50', '0.00', '0.48', '0.00', '1.98'],
  9: ['0.00', '0.00', '1.50', '0.00', '0.00', '1.50'],
  10: ['0.00', '0.00', '0.00', '0.00', '0.48', '0.48'],
  13: ['9.05', '1.50', '1.50', '0.48', '0.48', '13.02'],
  14: ['0.00', '0.00', '0.83', '0.00', '0.19', '1.03'],
  16: ['0.00', '0.00', '0.00', '0.00', '0.10', '0.10'],
  18: ['0.00', '0.00', '0.00', '0.00', '0.00', '0.00'],
  21: ['0.00', '0.00', '0.00', '0.00', '0.00', '0.00'],
  22: ['1.50', '0.00', '0.00', '0.00', '0.00', '1.50'],
  23: ['0.48', '0.00', '0.00', '0.00', '0.00', '0.48'],
  25: ['0.00', '1.50', '0.00', '0.00', '0.00', '1.50'],
  26: ['0.00', '0.00', '0.00', '0.48', '0.00', '0.48'],
  27: ['0.01', '0.00', '0.00', '0.00', '0.00', '0.01'],
  28: ['0.40', '0.00', '0.00', '0.00', '0.00', '0.40'],
  30: ['0.14', '0.00', '0.00', '0.00', '0.00', '0.14'],
  31: ['0.02', '0.00', '0.00', '0.00', '0.01', '0.02'],
  33: ['6.50', '0.00', '0.67', '0.00', '0.18', '7.35'],
  34: ['9.05', '1.50', '1.50', '0.48', '0.48', '13.02'],
}
const COLUMNS = ['cellar', 'rackingBulk', 'keg', 'bottlingBulk', 'case'] as const

describe.each(TEST_DATABASES)('the quarter of issue 33 through the reporting routes on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let admin: string
  let ids: Record<string, string>

  const get = async <T>(url: string) => {
    const token = await mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub: admin },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
    const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
    expect(response.statusCode, response.body).toBe(200)
    return url.includes('.csv') ? (response.body as T) : response.json<{ data: T }>().data
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    admin = crypto.randomUUID()
    const token = await mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub: admin },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
    const onboarded = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers: { authorization: `Bearer ${token}` },
      payload: makeEnvelope('OnboardingRequest', {
        user: { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' },
        entity: {
          name: 'Quarter Brewing',
          address: '1 Ledger Way',
          city: 'Bend',
          state: 'OR',
          zip: '97701',
          phone: '(541) 555-0133',
          ein: '12-3456789',
          type: 'Brewery',
        },
      }),
    })
    const entityId = onboarded.json<{ data: { entityId: string } }>().data.entityId
    ids = await seedReportingQuarter(testDb.db, entityId, {
      events: QUARTER_EVENTS,
      inventories: QUARTER_COUNTS,
    })
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('answers every line of TTB F 5130.26 as computed by hand', async () => {
    const report = await get<{ lines: Line[]; balances: boolean; remarks: string[] }>(
      '/api/reports/ttb/5130-26?quarter=2026-Q3',
    )
    expect(Object.fromEntries(report.lines.map((line) => [line.ref, line.barrels]))).toEqual(
      Object.fromEntries(Object.entries(FORM_5130_26)),
    )
    expect(report.balances).toBe(true)
    expect(
      report.remarks.some((remark) => remark.includes('0.00404 bbl of packaged shortage unexplained')),
    ).toBe(true)
    const withoutTax = await get<{ sources: { id: string }[] }>(
      '/api/reports/ttb/5130-26/lines/removedWithoutTax?quarter=2026-Q3',
    )
    expect(withoutTax.sources.map((source) => source.id).sort()).toEqual(
      [ids[QUARTER_IDS.labSample], ids[QUARTER_IDS.exportCans]].sort(),
    )
  })

  it('answers every line of TTB F 5130.9 by column, and drills a column figure down to its events', async () => {
    const report = await get<{ lines: Line[]; balances: boolean }>('/api/reports/ttb/5130-9?month=2026-Q3')
    expect(report.lines).toHaveLength(34)
    for (const line of report.lines) {
      const expected = FORM_5130_9[line.number] ?? ['0.00', '0.00', '0.00', '0.00', '0.00', '0.00']
      expect(
        [...COLUMNS.map((column) => line.cells![column].barrels), line.barrels],
        `line ${line.ref}`,
      ).toEqual(expected)
    }
    expect(report.balances).toBe(true)
    const kegs = await get<{ units: number; sources: { id: string; units: number }[] }>(
      '/api/reports/ttb/5130-9/lines/removedTaxpaidKeg?month=2026-Q3',
    )
    expect(kegs.units).toBe(83_334)
    expect(kegs.sources.map((source) => source.id).sort()).toEqual(
      [ids[QUARTER_IDS.saleHalfBbl], ids[QUARTER_IDS.saleSixthBbl]].sort(),
    )
    const csv = await get<string>('/api/reports/ttb/5130-9.csv?month=2026-Q3')
    expect(csv).toContain('33,On hand end of period,6.50,0.00,0.67,0.00,0.18,7.35,7.34812,')
  })

  it('answers TTB F 5000.24: $3.61 on 1.03 bbl, the lab sample and the export untaxed', async () => {
    const excise = await get<{
      lines: Line[]
      taxCents: number
      amounts: { ref: string; cents: number }[]
      notices: string[]
    }>('/api/reports/ttb/5000-24?period=2026-Q3')
    expect(Object.fromEntries(excise.lines.map((line) => [line.ref, line.barrels]))).toEqual({
      A: '1.03',
      B: '0.00',
      C: '0.00',
      D: '1.03',
      E1: '1.03',
      E2: '0.00',
      E3: '0.00',
    })
    expect(excise.lines.find((line) => line.ref === 'B')!.units).toBe(404)
    expect(excise.taxCents).toBe(361)
    expect(excise.amounts.map((amount) => [amount.ref, amount.cents])).toEqual([
      ['11', 361],
      ['17', 361],
      ['18', 0],
      ['19', 361],
      ['20', 0],
      ['21', 361],
    ])
    expect(excise.notices).toEqual([])
    const csv = await get<string>('/api/reports/ttb/5000-24.csv?period=2026-Q3')
    expect(csv).toContain('21,Amount to be paid with this return (line 19 minus line 20),,,,3.61')
  })
})

import { makeEnvelope } from '@brewcommand/domain'
import { Q3_IDS } from '@brewcommand/domain/production/ttb-fixture.ts'
import { cutDaysInUtc } from '../../testing/time-zone.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { insertLedgerEvent, seedReportingQuarter } from '../../testing/reporting-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'

const BUSINESS = {
  name: 'Ledger Lager Co',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }

type Line = { key: string; barrels: string; units: number; sourceCount: number }
type Source = { id: string; units: number; type: string }

// The seeded quarter of packages/domain/src/production/ttb-fixture.ts, figured by hand in ttb.test.ts.
const Q3_5130_26 = {
  onHandStart: '20.00',
  produced: '45.50',
  receivedInBond: '5.00',
  returned: '0.50',
  overage: '0.05',
  blank6: '0.00',
  blank7: '0.00',
  totalAdditions: '71.05',
  priorPeriodAdjustments: '0.00',
  removedTaxpaid: '37.62',
  removedWithoutTax: '1.00',
  consumedOnPremises: '0.76',
  destroyed: '2.25',
  losses: '0.49',
  shortage: '0.13',
  blank16: '0.00',
  onHandEnd: '28.80',
}

describe.each(TEST_DATABASES)('reports API on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let adminA: string
  let adminB: string
  let brewerA: string
  let managerA: string
  let entityA: string
  let ids: Record<string, string>

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (sub: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(sub)}` },
    })
  const get = <T>(sub: string, url: string) => call(sub, 'GET', url).then((r) => r.json<{ data: T }>().data)
  const lines = (report: { lines: Line[] }) => Object.fromEntries(report.lines.map((l) => [l.key, l.barrels]))

  async function brewery(sub: string) {
    const response = await call(
      sub,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
    const entityId = response.json<{ data: { entityId: string } }>().data.entityId
    // Onboarding gives an Oregon brewery Pacific time (ADR 260); these tests cut days in UTC until they choose.
    await cutDaysInUtc(testDb.db, entityId)
    return entityId
  }
  async function member(entityId: string, role: 'Brewer' | 'Manager') {
    const sub = crypto.randomUUID()
    await testDb.db.insert(users).values({ idpIdentifier: sub, entityId, role, email: `${sub}@example.com` })
    return sub
  }
  const close = (sub: string, report: string, period: string, id = crypto.randomUUID()) =>
    call(sub, 'POST', '/api/reports/periods', makeEnvelope('report-period', { id, report, period }))

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    adminA = crypto.randomUUID()
    adminB = crypto.randomUUID()
    entityA = await brewery(adminA)
    await brewery(adminB)
    brewerA = await member(entityA, 'Brewer')
    managerA = await member(entityA, 'Manager')
    ids = await seedReportingQuarter(testDb.db, entityA)
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('answers every TTB F 5130.26 line of the seeded quarter as figured by hand', async () => {
    const report = await get<{ lines: Line[]; reconciliation: unknown[]; closed: null }>(
      managerA,
      '/api/reports/ttb/5130-26?quarter=2026-Q3',
    )
    expect(lines(report)).toEqual(Q3_5130_26)
    expect(report.reconciliation).toHaveLength(3)
    expect(report.closed).toBeNull()
  })

  it('drills every line down to the events behind it, summing to the line', async () => {
    const report = await get<{ lines: Line[] }>(managerA, '/api/reports/ttb/5130-26?quarter=2026-Q3')
    for (const line of report.lines) {
      const detail = await get<Line & { sources: Source[] }>(
        managerA,
        `/api/reports/ttb/5130-26/lines/${line.key}?quarter=2026-Q3`,
      )
      expect(detail.sources).toHaveLength(line.sourceCount)
      expect(detail.sources.reduce((total, source) => total + source.units, 0)).toBe(line.units)
    }
    const removed = await get<{ sources: Source[] }>(
      managerA,
      '/api/reports/ttb/5130-26/lines/removedTaxpaid?quarter=2026-Q3',
    )
    expect(removed.sources.map((source) => source.id).sort()).toEqual(
      [Q3_IDS.julyRemoval, Q3_IDS.augustRemoval, Q3_IDS.augustCorrection, Q3_IDS.septemberRemoval]
        .map((id) => ids[id])
        .sort(),
    )
    expect(
      (await call(managerA, 'GET', '/api/reports/ttb/5130-26/lines/nothing?quarter=2026-Q3')).statusCode,
    ).toBe(404)
  })

  it('answers the monthly 5130.9 and the excise return 5000.24', async () => {
    const august = await get<{ lines: (Line & { cells: Record<string, Line> })[]; balances: boolean }>(
      managerA,
      '/api/reports/ttb/5130-9?month=2026-08',
    )
    expect(lines(august)).toMatchObject({
      onHandStart: '25.00',
      produced: '30.00',
      racked: '10.00',
      transferredForRacking: '10.00',
      onHandEnd: '44.50',
    })
    expect(august.lines.find((line) => line.key === 'racked')!.cells.keg.barrels).toBe('10.00')
    expect(august.balances).toBe(true)
    const excise = await get<{ lines: Line[]; taxCents: number }>(
      managerA,
      '/api/reports/ttb/5000-24?period=2026-Q3',
    )
    // Beer consumed on premises is not taxed: 37.62345 − 0.5 returned = 37.12 × $3.50.
    expect(lines(excise)).toMatchObject({ netTaxable: '37.12', reduced: '37.12' })
    expect(excise.taxCents).toBe(12_992)
  })

  it('answers production, losses and the daily records for a range of months', async () => {
    const production = await get<{ rows: { product: string; brewedBbl: string }[]; months: unknown[] }>(
      managerA,
      '/api/reports/production?from=2026-07&to=2026-09',
    )
    expect(production.months).toHaveLength(3)
    expect(production.rows.map((row) => [row.product, row.brewedBbl])).toEqual([
      ['Hazy Daze', '15.50000'],
      ['Pils', '30.00000'],
    ])
    const losses = await get<{ rows: { reason: string }[] }>(
      managerA,
      '/api/reports/losses?from=2026-07&to=2026-09',
    )
    expect(losses.rows[0].reason).toBe('Infected')
    const efficiency = await get<{ rows: unknown[] }>(
      managerA,
      '/api/reports/efficiency?from=2026-07&to=2026-09',
    )
    expect(efficiency.rows).toEqual([])
    const daily = await call(managerA, 'GET', '/api/reports/daily.csv?from=2026-07&to=2026-09')
    expect(daily.statusCode).toBe(200)
    expect(daily.headers['content-type']).toContain('text/csv')
    expect(daily.body.split('\r\n')[0]).toMatch(/^date,at,event_id,kind,ttb_line,barrels/)
    expect(daily.body).toContain(`,${ids[Q3_IDS.augustDump]},dumped,destroyed,2.25000,Infected`)
  })

  it("lists a row's events a page at a time, as many as the row counts (ADR 419)", async () => {
    const range = 'from=2026-07&to=2026-09'
    type Row = { month: string; product: string; eventCount: number }
    const { rows } = await get<{ rows: Row[] }>(managerA, `/api/reports/production?${range}`)
    expect(rows.every((row) => row.eventCount > 0)).toBe(true)
    for (const row of rows) {
      const query = `${range}&month=${row.month}&product=${encodeURIComponent(row.product)}`
      const events = await get<{ id: string; kind: string; units: number; barrels: string }[]>(
        managerA,
        `/api/reports/production/events?${query}`,
      )
      expect(events).toHaveLength(row.eventCount)
      expect(await get(managerA, `/api/reports/production/events?${query}&offset=1&limit=1`)).toEqual(
        events.slice(1, 2),
      )
    }
    const losses = await get<{ rows: { line: string; reason: string; eventCount: number }[] }>(
      managerA,
      `/api/reports/losses?${range}`,
    )
    const dumped = losses.rows.find((row) => row.line === 'destroyed' && row.reason === 'Infected')!
    const events = await get<{ id: string; kind: string; barrels: string; reversalOf: string | null }[]>(
      managerA,
      `/api/reports/losses/events?${range}&line=destroyed&reason=Infected`,
    )
    expect(events).toHaveLength(dumped.eventCount)
    expect(events).toContainEqual(
      expect.objectContaining({
        id: ids[Q3_IDS.augustDump],
        kind: 'dumped',
        barrels: '2.25000',
        reversalOf: null,
      }),
    )
    // Another brewery's row of the same name has none of these events.
    const other = await get<unknown[]>(
      adminB,
      `/api/reports/losses/events?${range}&line=destroyed&reason=Infected`,
    )
    expect(other).toEqual([])
    expect(
      (await call(brewerA, 'GET', `/api/reports/losses/events?${range}&line=destroyed&reason=Infected`))
        .statusCode,
    ).toBe(403)
    // The CSVs write the count.
    const csv = await call(managerA, 'GET', `/api/reports/losses.csv?${range}`)
    expect(
      csv.body
        .split('\r\n')
        .find((line) => line.startsWith('destroyed,Infected,'))!
        .split(',')
        .at(-1),
    ).toBe(String(dumped.eventCount))
  })

  it('downloads each report as a PDF laid out like the form and as CSV', async () => {
    for (const url of [
      '/api/reports/ttb/5130-26.pdf?quarter=2026-Q3',
      '/api/reports/ttb/5130-9.pdf?month=2026-08',
      '/api/reports/ttb/5000-24.pdf?period=2026-Q3',
    ]) {
      const pdf = await call(managerA, 'GET', url)
      expect(pdf.statusCode).toBe(200)
      expect(pdf.headers['content-type']).toBe('application/pdf')
      expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="ttb-/)
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    }
    const csv = await call(managerA, 'GET', '/api/reports/ttb/5130-26.csv?quarter=2026-Q3')
    expect(csv.body).toContain(
      '10,Beer removed for consumption or sale including beer removed tax determined for consumption or sale in a tavern on brewery premises,37.62,37.62345,4,',
    )
    const columns = await call(managerA, 'GET', '/api/reports/ttb/5130-9.csv?month=2026-08')
    expect(columns.body.split('\r\n')[0]).toBe(
      'line,description,b_cellar_bulk,c_racking_bulk,d_racking_keg,e_bottling_bulk,f_bottling_case,g_total,g_total_exact,sources',
    )
    expect(columns.body).toContain('9,Racked,0.00,0.00,10.00,0.00,0.00,10.00,10.00000,1')
    for (const url of [
      '/api/reports/production.csv',
      '/api/reports/losses.csv',
      '/api/reports/efficiency.csv',
    ]) {
      const response = await call(managerA, 'GET', `${url}?from=2026-07&to=2026-09`)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toContain('text/csv')
    }
  })

  it.each([
    ['/api/reports/ttb/5130-26', 'quarter'],
    ['/api/reports/ttb/5130-26?quarter=2026-09', 'quarter'],
    ['/api/reports/ttb/5130-26.pdf?quarter=2026-Q5', 'quarter'],
    ['/api/reports/ttb/5130-9?month=2026-13', 'month'],
    ['/api/reports/ttb/5000-24?period=next-year', 'period'],
    ['/api/reports/production?from=2026-09&to=2026-07', 'to'],
    ['/api/reports/losses?from=July&to=2026-07', 'from'],
    ['/api/reports/production/events?from=2026-07&to=2026-09&product=Pils', 'month'],
    ['/api/reports/production/events?from=2026-07&to=2026-09&month=2026-10&product=Pils', 'month'],
    ['/api/reports/production/events?from=2026-07&to=2026-09&month=2026-08', 'product'],
    ['/api/reports/production/events?from=2026-07&to=2026-09&month=2026-08&product=Pils&limit=0', 'limit'],
    ['/api/reports/production/events?from=2026-07&to=2026-09&month=2026-08&product=Pils&limit=501', 'limit'],
    ['/api/reports/losses/events?from=2026-07&to=2026-09&line=losses&reason=x&offset=-1', 'offset'],
    ['/api/reports/losses/events?from=2026-07&to=2026-09&line=losses&reason=x&offset=1.5', 'offset'],
    ['/api/reports/losses/events?from=2026-07&to=2026-09&line=racked&reason=x', 'line'],
    ['/api/reports/losses/events?from=2026-07&to=2026-09&line=losses', 'reason'],
    ['/api/reports/losses/events?from=2026-09&to=2026-07&line=losses&reason=x', 'to'],
  ])('refuses a bad period (%s) with a 400 naming %s', async (url, parameter) => {
    const response = await call(managerA, 'GET', url)
    expect(response.statusCode).toBe(400)
    const body = response.json<{ error: { code: string; issues: { path: string; message: string }[] } }>()
    expect(body.error.code).toBe('VALIDATION_FAILED')
    expect(body.error.issues.map((issue) => issue.path).join(' ')).toContain(parameter)
  })

  it("lets Managers see reports but not Brewers; tax settings and closing are the Admins'", async () => {
    expect((await call(brewerA, 'GET', '/api/reports/ttb/5130-26?quarter=2026-Q3')).statusCode).toBe(403)
    expect((await call(brewerA, 'GET', '/api/reports/production?from=2026-07&to=2026-09')).statusCode).toBe(
      403,
    )
    expect((await call(managerA, 'GET', '/api/reports/tax-settings')).statusCode).toBe(403)
    expect((await close(managerA, '5130.9', '2026-01')).statusCode).toBe(403)
    expect((await call(adminA, 'GET', '/api/reports/tax-settings')).statusCode).toBe(200)
  })

  it('saves the tax settings (Admin) and the excise return follows them', async () => {
    const settings = {
      reducedRateEligible: false,
      controlledGroupShareBasisPoints: 10_000,
      exciseFilingFrequency: 'quarterly',
      operationsReportFrequency: 'monthly',
      brewersNoticeNumber: 'BR-OR-12345',
    }
    const saved = await call(
      adminA,
      'PUT',
      '/api/reports/tax-settings',
      makeEnvelope('tax-settings', settings),
    )
    expect(saved.statusCode).toBe(200)
    // A time zone left out (as a client from before there was one sends) keeps the stored one.
    expect(await get(adminA, '/api/reports/tax-settings')).toEqual({ ...settings, timeZone: 'UTC' })
    const excise = await get<{ taxCents: number; brewersNoticeNumber: string }>(
      managerA,
      '/api/reports/ttb/5000-24?period=2026-09-S2',
    )
    // 16–30 September: 20 removed at $16 (the 0.75 consumed on premises, on the 10th, is not taxed).
    expect(excise.taxCents).toBe(32_000)
    expect(excise.brewersNoticeNumber).toBe('BR-OR-12345')
    const bad = await call(
      adminA,
      'PUT',
      '/api/reports/tax-settings',
      makeEnvelope('tax-settings', { ...settings, controlledGroupShareBasisPoints: 20_000 }),
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('controlledGroupShareBasisPoints')
    await call(
      adminA,
      'PUT',
      '/api/reports/tax-settings',
      makeEnvelope('tax-settings', { ...settings, reducedRateEligible: true }),
    )
  })

  it('records a physical inventory (Manager) and refuses bad figures naming the field', async () => {
    const count = { month: '2026-10', bulkBbl: '20.5', kegBbl: '5', caseBbl: '3.3', note: '' }
    const saved = await call(
      managerA,
      'PUT',
      '/api/reports/physical-inventories/2026-10',
      makeEnvelope('physical-inventory', count),
    )
    expect(saved.statusCode).toBe(200)
    expect(saved.json<{ data: { totalBbl: string } }>().data.totalBbl).toBe('28.80000')
    const listed = await get<{ month: string }[]>(
      managerA,
      '/api/reports/physical-inventories?from=2026-07&to=2026-10',
    )
    expect(listed.map((c) => c.month)).toEqual(['2026-07', '2026-08', '2026-09', '2026-10'])
    const bad = await call(
      managerA,
      'PUT',
      '/api/reports/physical-inventories/2026-10',
      makeEnvelope('physical-inventory', { ...count, bulkBbl: '-2' }),
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('bulkBbl')
    const cause = await call(
      managerA,
      'PUT',
      '/api/reports/physical-inventories/2026-10',
      makeEnvelope('physical-inventory', {
        ...count,
        explanations: [{ cause: 'gremlins', stage: 'packaged', barrels: '1' }],
      }),
    )
    expect(cause.statusCode).toBe(400)
    expect(cause.body).toContain('explanations.0.cause')
    const early = await call(
      managerA,
      'PUT',
      '/api/reports/physical-inventories/2999-01',
      makeEnvelope('physical-inventory', { ...count, month: '2999-01' }),
    )
    expect(early.statusCode).toBe(409)
    expect(early.json<{ error: { message: string } }>().error.message).toBe(
      '2999-01 has not ended yet in UTC: count it on its last day, 2999-01-31, or later',
    )
    expect(
      (
        await call(
          brewerA,
          'PUT',
          '/api/reports/physical-inventories/2026-10',
          makeEnvelope('physical-inventory', count),
        )
      ).statusCode,
    ).toBe(403)
  })

  it('closes a period once (Admin): immutable, hashed; a later correction is an adjustment in a later period', async () => {
    const first = await close(adminA, '5130.26', '2026-Q3')
    expect(first.statusCode).toBe(201)
    const period = first.json<{ data: { id: string; contentHash: string; closedBy: string } }>().data
    expect(period.contentHash).toMatch(/^[0-9a-f]{64}$/)
    expect((await close(adminA, '5130.26', '2026-Q3')).statusCode).toBe(409)
    // 5000.24 of the quarter, then a month inside it: overlapping.
    expect((await close(adminA, '5000.24', '2026-Q3')).statusCode).toBe(201)
    expect((await close(adminA, '5000.24', '2026-08-S1')).statusCode).toBe(409)
    expect((await close(adminA, '5130.26', '2026-Q4')).statusCode).toBe(409)
    // A quarterly filer's half month is not one of its return periods (27 CFR 25.164).
    const semimonthly = await close(adminA, '5000.24', '2026-10-S1')
    expect(semimonthly.statusCode).toBe(409)
    expect(semimonthly.json<{ error: { message: string } }>().error.message).toMatch(
      /^This brewery files its excise return quarterly \(Settings → Tax, 27 CFR 25.164\): 2026-10-S1 is not one of its return periods/,
    )

    // The September removal of 20 bbl corrected to 18 after the close.
    await insertLedgerEvent(testDb.db, entityA, {
      volumeBbl: '18.00000',
      supersedesId: ids[Q3_IDS.septemberRemoval],
      occurredAt: new Date('2026-09-28T12:00:00Z'),
      // Recorded now, after the close: booked in the month it was recorded.
      recordedAt: new Date(),
    })
    const thisMonth = new Date().toISOString().slice(0, 7)
    const q3 = await get<{ lines: Line[]; closed: { contentHash: string } }>(
      managerA,
      '/api/reports/ttb/5130-26?quarter=2026-Q3',
    )
    expect(lines(q3)).toEqual(Q3_5130_26)
    expect(q3.closed.contentHash).toBe(period.contentHash)
    const adjusted = await get<{ lines: Line[]; remarks: string[] }>(
      managerA,
      `/api/reports/ttb/5130-9?month=${thisMonth}`,
    )
    // A prior-period adjustment: on the blank line 32 with its remark, not on line 14.
    expect(lines(adjusted)).toMatchObject({ removedTaxpaid: '0.00', specialRemovals: '-2.00' })
    expect(adjusted.remarks[0]).toMatch(
      /^Line 32: −20.00 bbl \(removedTaxpaid\), reverses removed .* of 2026-09-28/,
    )
    expect(adjusted.remarks[1]).toMatch(/^Line 32: 18.00 bbl \(removedTaxpaid\), removed of 2026-09-28/)
    const adjustment = await get<{ sources: Source[] }>(
      managerA,
      `/api/reports/ttb/5130-9/lines/specialRemovals?month=${thisMonth}`,
    )
    expect(adjustment.sources.map((source) => [source.type, source.units])).toEqual([
      ['reversal', -2_000_000],
      ['event', 1_800_000],
    ])

    // A count of a closed month is refused; the snapshot is served whole.
    const count = { month: '2026-08', bulkBbl: '1', kegBbl: '0', caseBbl: '0', note: '' }
    expect(
      (
        await call(
          managerA,
          'PUT',
          '/api/reports/physical-inventories/2026-08',
          makeEnvelope('physical-inventory', count),
        )
      ).statusCode,
    ).toBe(409)
    const listed = await get<{ id: string }[]>(managerA, '/api/reports/periods')
    expect(listed.map((p) => p.id)).toContain(period.id)
    const snapshot = await get<{ snapshot: { report: { lines: unknown[] }; settings?: unknown } }>(
      managerA,
      `/api/reports/periods/${period.id}`,
    )
    expect(snapshot.snapshot.report.lines).toHaveLength(17)
    expect(snapshot.snapshot.settings).toBeUndefined()
    expect(
      (await get<{ snapshot: { settings?: unknown } }>(adminA, `/api/reports/periods/${period.id}`)).snapshot
        .settings,
    ).toBeDefined()
  })

  it('refuses to close a period that has not ended', async () => {
    const response = await close(adminA, '5000.24', '2999')
    expect(response.statusCode).toBe(409)
  })

  it("cuts periods at midnight in the brewery's time zone, which cannot change once a period is closed", async () => {
    const adminC = crypto.randomUUID()
    const entityC = await brewery(adminC)
    // Brewed on Halloween evening in Portland, Oregon: 1 November in UTC.
    const evening = new Date('2026-11-01T03:30:00Z')
    await insertLedgerEvent(testDb.db, entityC, {
      kind: 'brewed',
      ttbClass: 'produced',
      volumeBbl: '10.00000',
      occurredAt: evening,
      recordedAt: evening,
    })
    const produced = async (month: string) =>
      lines(await get<{ lines: Line[] }>(adminC, `/api/reports/ttb/5130-9?month=${month}`)).produced
    const save = (timeZone?: string) =>
      call(
        adminC,
        'PUT',
        '/api/reports/tax-settings',
        makeEnvelope('tax-settings', {
          reducedRateEligible: true,
          controlledGroupShareBasisPoints: 10_000,
          exciseFilingFrequency: 'quarterly',
          operationsReportFrequency: 'monthly',
          brewersNoticeNumber: '',
          ...(timeZone === undefined ? {} : { timeZone }),
        }),
      )
    const zone = async () => (await get<{ timeZone: string }>(adminC, '/api/reports/tax-settings')).timeZone

    // UTC until the brewery chooses: the brew is November's.
    expect(await zone()).toBe('UTC')
    expect([await produced('2026-10'), await produced('2026-11')]).toEqual(['0.00', '10.00'])

    const bad = await save('Mars/Olympus_Mons')
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('timeZone')
    expect(bad.body).toContain('Mars/Olympus_Mons is not a time zone')
    expect(await zone()).toBe('UTC')

    expect((await save('america/los_angeles')).statusCode).toBe(200)
    expect(await zone()).toBe('America/Los_Angeles')
    expect([await produced('2026-10'), await produced('2026-11')]).toEqual(['10.00', '0.00'])
    const daily = await call(adminC, 'GET', '/api/reports/daily.csv?from=2026-10&to=2026-10')
    expect(daily.body.split(/\r?\n/)[1]).toMatch(/^2026-10-31,2026-11-01T03:30:00.000Z,/)

    // Once October is closed, its boundary is fixed: the time zone stays.
    expect((await close(adminC, '5130.9', '2026-10')).statusCode).toBe(201)
    const moved = await save('America/Chicago')
    expect(moved.statusCode).toBe(409)
    expect(moved.json<{ error: { message: string } }>().error.message).toBe(
      "The brewery's time zone stays America/Los_Angeles: 2026-10 (TTB F 5130.9) is closed, and closed periods were cut at midnight there",
    )
    expect((await save()).statusCode).toBe(200)
    expect((await save('America/Los_Angeles')).statusCode).toBe(200)
    expect(await zone()).toBe('America/Los_Angeles')
    expect(await produced('2026-10')).toBe('10.00')
  })

  it("keeps breweries apart: another brewery's reports are its own, its closed period a 404", async () => {
    const report = await get<{ lines: Line[] }>(adminB, '/api/reports/ttb/5130-26?quarter=2026-Q3')
    expect(report.lines.every((line) => line.units === 0)).toBe(true)
    const [period] = await get<{ id: string }[]>(adminA, '/api/reports/periods')
    expect((await call(adminB, 'GET', `/api/reports/periods/${period.id}`)).statusCode).toBe(404)
  })
})

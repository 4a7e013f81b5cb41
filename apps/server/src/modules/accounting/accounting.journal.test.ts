import type { CostsRead } from '@brewcommand/domain'
import { and, eq, like, not } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { accountingSyncLog } from '../../db/schema/accounting.ts'
import { cellarAlerts } from '../../db/schema/cellar.ts'
import { finishedGoodsMovements, stockMovements } from '../../db/schema/inventory.ts'
import { batches, liquidEvents, vessels } from '../../db/schema/production.ts'
import { users } from '../../db/schema/users.ts'
import { seedBatch, seedPackagedEvent, seedProductPackage, seedRecipe } from '../../testing/inventory-seed.ts'
import { startProductionApp, type Members, type ProductionApp } from '../../testing/production-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { createInventoryService, type InventoryService } from '../inventory/inventory.service.ts'
import { netByRole, type JournalDraftLine } from './journal.ts'
import {
  FAKE_QUICKBOOKS_CLIENT,
  startFakeQuickBooks,
  type FakeQuickBooks,
} from './testing/fake-quickbooks.ts'
import { FAKE_XERO_CLIENT, startFakeXero, type FakeXero } from './testing/fake-xero.ts'

// The month-end journal against the cost report, figured by hand (docs/decisions/365-month-end-journal.md).
// The quarter of reporting.costs.test.ts, plus 0.2 kg of hops written off in September:
// - July: 100 kg of malt at $1.00/kg ($100), 2 kg of hops at $25.00/kg ($50), 1,000 cans at $0.10 ($100), received
//   in July (typed in on 3 August: July's receipts, not August's).
// - 10 Aug: batch A brews 60 kg of malt ($60) into FV1: 2.00000 bbl ($30.00/bbl). 20 Aug: 0.10 bbl lost.
// - 2 Sep: A packages 248 cans (1 bbl), taking 248 cans ($24.80); 15 Sep: 0.2 kg of hops spilled ($5.00);
//   20 Sep: 100 cans sold; 25 Sep: 1 can broken. 3 Oct: 124 more cans (0.5 bbl, $12.40 of cans).
//   A can costs (1.5 bbl × $30 + 372 × $0.10) / 372 = $82.20 / 372.
// Month ends from the cost report (raw materials | beer in tanks | finished goods):
// - July: 100 + 50 + 100 = $250.00 | 0 | 0.
// - Aug: 40 + 50 + 100 = $190.00 | 1.9 bbl × $30 = $57.00 | 0.
// - Sep: 40 + 45 + 75.20 = $160.20 | 0.9 bbl × $30 = $27.00 | 147 cans × 8220 / 372 = 3248.23 ¢ → $32.48.
// August's journal: ingredients $60.00 (Dr WIP, Cr inventory); out of the tanks 0 + 60.00 − 57.00 = $3.00 (Dr
//   inventory, Cr WIP); left the brewery (0 + 0) + 60.00 − (57.00 + 0) = $3.00 (Dr COGS, Cr inventory: the 0.1 bbl
//   lost). Debits = credits = 60.00 + 3.00 + 3.00 = $66.00.
// September's: packaging $24.80 (Dr WIP, Cr inventory); out of the tanks 57.00 + 24.80 − 27.00 = $54.80 (Dr
//   inventory, Cr WIP: 1 bbl × $30 + $24.80 of cans); left (57.00 + 0) + 24.80 − (27.00 + 32.48) = $22.32 (Dr COGS,
//   Cr inventory: 101 cans × 8220 / 372 = 2231.94 ¢); hops written off $5.00 (Dr COGS, Cr inventory).
//   Debits = credits = 24.80 + 54.80 + 22.32 + 5.00 = $106.92.
//   Reconciliation: WIP moves −30.00 = 27.00 − 57.00; the inventory asset moves −24.80 + 54.80 − 22.32 − 5.00 =
//   +2.68 = (160.20 + 32.48) − (190.00 + 0) − $0 received; COGS +27.32.
const QB_REDIRECT = 'http://localhost:3000/secure/settings/integrations/callback/quickbooks'
const XERO_REDIRECT = 'http://localhost:3000/secure/settings/integrations/callback/xero'

type Journal = {
  label: string
  date: string
  figures: {
    opening: { rawMaterialsCents: number; wipCents: number; finishedGoodsCents: number }
    closing: { rawMaterialsCents: number; wipCents: number; finishedGoodsCents: number }
    flows: { receivedCents: number; ingredientsCents: number; packagingCents: number; adjustedCents: number }
  }
  lines: (JournalDraftLine & { account: { id: string; code: string; name: string } | null })[]
  debitCents: number
  creditCents: number
  posted: { provider: string; externalId: string } | null
  refusal: string | null
}

describe.each(TEST_DATABASES)('the month-end journal on %s', (kind) => {
  let p: ProductionApp
  let qb: FakeQuickBooks
  let xero: FakeXero
  let service: InventoryService
  let members: Members
  let tenantA: Tenant
  let batchA: { batchId: string; number: string }
  let packageId: string

  const at = (date: string) => new Date(`${date}T12:00:00Z`)
  const inTx = <T>(run: (tx: Db) => Promise<T>) => p.testDb.db.transaction((tx) => run(tx as unknown as Db))
  const write = async (url: string, data: object) => {
    const response = await p.write(members.Manager, 'POST', url, 'stock', data)
    expect(response.statusCode, response.body).toBe(201)
  }
  const journal = async (month: string, sub = members.Admin) => {
    const response = await p.call(sub, 'GET', `/api/accounting/journal/${month}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ data: Journal }>().data
  }
  const post = (month: string, sub = members.Admin) => p.call(sub, 'POST', `/api/accounting/journal/${month}`)

  async function connect(provider: 'quickbooks' | 'xero') {
    const started = await p.call(members.Admin, 'POST', `/api/accounting/connect/${provider}`)
    expect(started.statusCode, started.body).toBe(200)
    const consent = await fetch(started.json<{ data: { authorizeUrl: string } }>().data.authorizeUrl, {
      redirect: 'manual',
    })
    const back = new URL(consent.headers.get('location')!)
    const finished = await p.call(members.Admin, 'POST', '/api/accounting/callback', {
      provider,
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      ...(back.searchParams.get('realmId') ? { realmId: back.searchParams.get('realmId') } : {}),
    })
    expect(finished.statusCode, finished.body).toBe(200)
  }

  async function item(name: string, category: string, unit: string, extra: object = {}) {
    const id = crypto.randomUUID()
    await write('/api/inventory/items', {
      id,
      name,
      category,
      ingredientId: null,
      unit,
      parLevel: null,
      packageTypeId: null,
      perUnit: null,
      ...extra,
    })
    return id
  }
  async function receive(itemId: string, quantity: number, unit: string, unitCostCents: number, on: string) {
    const lotId = crypto.randomUUID()
    await write(`/api/inventory/items/${itemId}/lots`, {
      id: lotId,
      supplier: 'Supplier',
      lotCode: `L-${on}`,
      receivedOn: on,
      bestBefore: null,
      quantity,
      unit,
      unitCostCents,
      alphaAcid: null,
      colorLovibond: null,
      extractPct: null,
    })
    await p.testDb.db
      .update(stockMovements)
      .set({ occurredAt: at('2026-08-03') })
      .where(eq(stockMovements.lotId, lotId))
  }
  async function brew(batch: { batchId: string }, on: string) {
    await inTx((tx) => service.consumeForBatchStart(tx, tenantA, batch.batchId))
    await p.testDb.db
      .update(batches)
      .set({ brewDayStartedAt: at(on), brewDayFinishedAt: at(on) })
      .where(eq(batches.id, batch.batchId))
    await p.testDb.db
      .update(stockMovements)
      .set({ occurredAt: at(on) })
      .where(and(eq(stockMovements.batchId, batch.batchId), not(like(stockMovements.stepKey, 'package:%'))))
  }
  async function bulk(kind: 'brewed' | 'lost', volumeBbl: string, on: string) {
    const [vessel] = await p.testDb.db
      .insert(vessels)
      .values({
        id: crypto.randomUUID(),
        entityId: members.entityId,
        name: 'FV1',
        kind: 'fermenter',
        capacityBbl: '20',
        workingCapacityBbl: '20',
      })
      .returning({ id: vessels.id })
    await p.testDb.db.insert(liquidEvents).values({
      id: crypto.randomUUID(),
      entityId: members.entityId,
      batchId: batchA.batchId,
      kind,
      ...(kind === 'brewed' ? { toVesselId: vessel.id } : { fromVesselId: vessel.id }),
      volumeBbl,
      ttbClass: kind === 'brewed' ? 'produced' : 'losses',
      occurredAt: at(on),
    })
  }
  async function packageRun(units: number, volumeBbl: number, on: string) {
    const event = await seedPackagedEvent(p.testDb.db, members.entityId, batchA.batchId, {
      packageId,
      units,
      volumeBbl,
    })
    await inTx((tx) => service.finishedGoodsFromPackaging(tx, tenantA, event))
    await p.testDb.db
      .update(stockMovements)
      .set({ occurredAt: at(on) })
      .where(eq(stockMovements.stepKey, `package:${event.id}`))
    await p.testDb.db
      .update(finishedGoodsMovements)
      .set({ occurredAt: at(on) })
      .where(eq(finishedGoodsMovements.liquidEventId, event.id))
    await p.testDb.db
      .update(liquidEvents)
      .set({ occurredAt: at(on) })
      .where(eq(liquidEvents.id, event.id))
  }
  async function goodsOut(kind: 'sold' | 'broken', units: number, on: string) {
    await write('/api/inventory/finished-goods/movements', {
      id: crypto.randomUUID(),
      packageId,
      kind,
      units,
      customer: kind === 'sold' ? 'Corner Bar' : '',
      reason: kind === 'sold' ? '' : 'Dropped',
    })
    await p.testDb.db
      .update(finishedGoodsMovements)
      .set({ occurredAt: at(on) })
      .where(eq(finishedGoodsMovements.kind, kind))
  }

  beforeAll(async () => {
    qb = await startFakeQuickBooks({ redirectUri: QB_REDIRECT })
    xero = await startFakeXero({ redirectUri: XERO_REDIRECT })
    p = await startProductionApp(
      kind,
      {
        QUICKBOOKS_CLIENT_ID: FAKE_QUICKBOOKS_CLIENT.id,
        QUICKBOOKS_CLIENT_SECRET: FAKE_QUICKBOOKS_CLIENT.secret,
        QUICKBOOKS_REDIRECT_URI: QB_REDIRECT,
        QUICKBOOKS_ENVIRONMENT: 'sandbox',
        XERO_CLIENT_ID: FAKE_XERO_CLIENT.id,
        XERO_CLIENT_SECRET: FAKE_XERO_CLIENT.secret,
        XERO_REDIRECT_URI: XERO_REDIRECT,
        ACCOUNTING_TOKEN_KEY: 'cd'.repeat(32),
      },
      { accountingApi: { quickbooks: qb.endpoints, xero: xero.endpoints } },
    )
    service = createInventoryService({ db: p.testDb.db })
    members = await p.brewery()
    const [manager] = await p.testDb.db.select().from(users).where(eq(users.idpIdentifier, members.Manager))
    tenantA = { entityId: members.entityId, role: 'Manager', userId: manager.id, sub: members.Manager }
    const bootstrap = await p.call(members.Admin, 'GET', '/api/users/bootstrap')
    const cansTypeId = bootstrap
      .json<{ data: { entities: { packagingTypes: { packageTypeId: string; packageType: string }[] }[] } }>()
      .data.entities[0].packagingTypes.find((t) => t.packageType === '16oz Cans')!.packageTypeId

    const maltId = `malt-${crypto.randomUUID()}`
    const malt = await item('Pale Malt', 'fermentable', 'kg', { ingredientId: maltId })
    const hops = await item('Cascade', 'hop', 'kg')
    const cans = await item('16oz can', 'packaging', 'each', { packageTypeId: cansTypeId, perUnit: 1 })
    await receive(malt, 100, 'kg', 100, '2026-07-05')
    await receive(hops, 2, 'kg', 2500, '2026-07-06')
    await receive(cans, 1000, 'each', 10, '2026-07-07')
    batchA = await seedBatch(p.testDb.db, members.entityId, {
      recipe: seedRecipe({ grains: [{ id: maltId, name: 'Pale Malt', value: 60, unit: 'Kilograms' }] }),
      status: 'brewing',
      productName: 'Cost Pale',
    })
    await brew(batchA, '2026-08-10')
    await bulk('brewed', '2.00000', '2026-08-10')
    await bulk('lost', '0.10000', '2026-08-20')
    packageId = (await seedProductPackage(p.testDb.db, members.entityId, cansTypeId)).packageId
    await packageRun(248, 1, '2026-09-02')
    await write(`/api/inventory/items/${hops}/adjustments`, {
      id: crypto.randomUUID(),
      direction: 'remove',
      quantity: 0.2,
      unit: 'kg',
      lotId: null,
      reason: 'Spilled',
    })
    await p.testDb.db
      .update(stockMovements)
      .set({ occurredAt: at('2026-09-15') })
      .where(and(eq(stockMovements.itemId, hops), eq(stockMovements.kind, 'adjusted')))
    await goodsOut('sold', 100, '2026-09-20')
    await goodsOut('broken', 1, '2026-09-25')
    await packageRun(124, 0.5, '2026-10-03')
  }, 120_000)
  afterAll(async () => {
    await p?.close()
    await qb?.close()
    await xero?.close()
  })

  it("balances to the cent and reconciles with the cost report's month ends", async () => {
    const report = (await p.call(members.Manager, 'GET', '/api/reports/costs?from=2026-07&to=2026-09')).json<{
      data: CostsRead
    }>().data
    const held = (month: string) => {
      const row = report.inventoryValue.find((r) => r.month === month)!
      return {
        rawMaterialsCents: Object.values(row.categories).reduce((s, c) => s + c, 0),
        wipCents: row.wipCents,
        finishedGoodsCents: row.finishedGoodsCents,
      }
    }
    const september = await journal('2026-09')
    expect(september.figures.opening).toEqual({
      rawMaterialsCents: 19_000,
      wipCents: 5700,
      finishedGoodsCents: 0,
    })
    expect(september.figures.closing).toEqual({
      rawMaterialsCents: 16_020,
      wipCents: 2700,
      finishedGoodsCents: 3248,
    })
    expect(september.figures.opening).toEqual(held('2026-08'))
    expect(september.figures.closing).toEqual(held('2026-09'))
    expect(september.figures.flows).toEqual({
      receivedCents: 0,
      ingredientsCents: 0,
      packagingCents: 2480,
      adjustedCents: -500,
    })
    expect(september.date).toBe('2026-09-30')
    expect(
      september.lines.map((l) => [l.role, l.debitCents, l.creditCents, l.account?.name ?? null]),
    ).toEqual([
      ['workInProgress', 2480, 0, null],
      ['inventoryAsset', 0, 2480, null],
      ['inventoryAsset', 5480, 0, null],
      ['workInProgress', 0, 5480, null],
      ['cogs', 2232, 0, null],
      ['inventoryAsset', 0, 2232, null],
      ['cogs', 500, 0, null],
      ['inventoryAsset', 0, 500, null],
    ])
    expect(september.debitCents).toBe(10_692)
    expect(september.creditCents).toBe(10_692)
    const net = netByRole(september.lines)
    expect(net).toEqual({ workInProgress: -3000, inventoryAsset: 268, cogs: 2732 })
    // Against the report: WIP is the beer in tanks; the inventory asset (with the month's bills) raw materials +
    // finished goods.
    expect(net.workInProgress).toBe(held('2026-09').wipCents - held('2026-08').wipCents)
    expect(net.inventoryAsset + september.figures.flows.receivedCents).toBe(
      held('2026-09').rawMaterialsCents +
        held('2026-09').finishedGoodsCents -
        held('2026-08').rawMaterialsCents -
        held('2026-08').finishedGoodsCents,
    )

    const august = await journal('2026-08')
    expect(august.figures.flows).toEqual({
      receivedCents: 0,
      ingredientsCents: 6000,
      packagingCents: 0,
      adjustedCents: 0,
    })
    expect(august.lines.map((l) => [l.role, l.debitCents, l.creditCents])).toEqual([
      ['workInProgress', 6000, 0],
      ['inventoryAsset', 0, 6000],
      ['inventoryAsset', 300, 0],
      ['workInProgress', 0, 300],
      ['cogs', 300, 0],
      ['inventoryAsset', 0, 300],
    ])
    expect(august.debitCents).toBe(6600)
    expect(august.refusal).toMatch(/not connected to QuickBooks Online or Xero/)

    const july = await journal('2026-07')
    expect(july.figures.flows.receivedCents).toBe(25_000)
    expect(july.lines).toEqual([])
    expect(july.refusal).toBe(
      'Nothing moved in July 2026: no ingredients or packaging used, no beer out of the tanks, nothing sold or written off.',
    )
  })

  it('refuses a bad month in words, a future one, and non-Admins', async () => {
    const bad = await p.call(members.Admin, 'GET', '/api/accounting/journal/2026-13')
    expect(bad.statusCode).toBe(400)
    expect(bad.json<{ error: { message: string } }>().error.message).toMatch(/YYYY-MM/)
    const future = await p.call(members.Admin, 'GET', '/api/accounting/journal/2999-01')
    expect(future.statusCode).toBe(400)
    expect(future.json<{ error: { message: string } }>().error.message).toBe(
      'January 2999 has not begun; choose a month up to this one.',
    )
    expect((await p.call(members.Manager, 'GET', '/api/accounting/journal/2026-09')).statusCode).toBe(403)
    expect((await post('2026-09', members.Manager)).statusCode).toBe(403)
    const unconnected = await post('2026-09')
    expect(unconnected.statusCode).toBe(409)
    expect(unconnected.json<{ error: { message: string } }>().error.message).toMatch(/not connected/)
  })

  it('posts a QuickBooks JournalEntry once; a second post is refused in words', async () => {
    await connect('quickbooks')
    const preview = await journal('2026-09')
    expect(preview.refusal).toBeNull()
    expect(preview.lines.map((l) => l.account?.name)).toEqual([
      'Work in Progress',
      'Inventory Asset',
      'Inventory Asset',
      'Work in Progress',
      'Cost of Goods Sold',
      'Inventory Asset',
      'Cost of Goods Sold',
      'Inventory Asset',
    ])
    const posted = await post('2026-09')
    expect(posted.statusCode, posted.body).toBe(201)
    const entries = [...qb.store.JournalEntry.values()]
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ TxnDate: '2026-09-30', DocNumber: 'BC-2026-09' })
    const lines = entries[0].Line as {
      Amount: number
      JournalEntryLineDetail: { PostingType: string; AccountRef: { value: string } }
    }[]
    expect(
      lines.map((l) => [
        l.JournalEntryLineDetail.PostingType,
        l.JournalEntryLineDetail.AccountRef.value,
        l.Amount,
      ]),
    ).toEqual([
      ['Debit', '8', 24.8],
      ['Credit', '7', 24.8],
      ['Debit', '7', 54.8],
      ['Credit', '8', 54.8],
      ['Debit', '6', 22.32],
      ['Credit', '7', 22.32],
      ['Debit', '6', 5],
      ['Credit', '7', 5],
    ])
    expect(posted.json<{ data: Journal }>().data.posted).toMatchObject({
      provider: 'quickbooks',
      externalId: entries[0].Id,
    })
    const again = await post('2026-09')
    expect(again.statusCode).toBe(409)
    expect(again.json<{ error: { message: string } }>().error.message).toMatch(
      /^The journal of September 2026 was posted to QuickBooks Online on \d{4}-\d{2}-\d{2}; it is posted once\.$/,
    )
    // Two clicks at once: one entry.
    const both = await Promise.all([post('2026-08'), post('2026-08')])
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409])
    expect(qb.store.JournalEntry.size).toBe(2)
    const [logged] = await p.testDb.db
      .select()
      .from(accountingSyncLog)
      .where(and(eq(accountingSyncLog.entityId, members.entityId), eq(accountingSyncLog.localId, '2026-09')))
    expect(logged).toMatchObject({ label: 'Journal September 2026', outcome: 'ok' })
    // Refused by QuickBooks twice (the WIP account deleted there): told in words, nothing kept, Admins alerted.
    qb.deactivateAccount('8')
    for (const attempt of [1, 2]) {
      const refused = await post('2026-10')
      expect(refused.statusCode, `attempt ${attempt}`).toBe(409)
      expect(refused.json<{ error: { message: string } }>().error.message).toBe(
        'QuickBooks refused to post the journal of 2026-10: Invalid Reference Id: Account was not found',
      )
    }
    expect((await journal('2026-10')).posted).toBeNull()
    const alerts = await p.testDb.db
      .select()
      .from(cellarAlerts)
      .where(
        and(eq(cellarAlerts.entityId, members.entityId), eq(cellarAlerts.kind, 'accounting-sync-failed')),
      )
    expect(alerts.map((a) => a.message)).toEqual([
      'Journal October 2026: QuickBooks refused to post the journal of 2026-10: Invalid Reference Id: Account was not found',
    ])
  })

  it('posts a Xero ManualJournal (debits positive, credits negative), once', async () => {
    expect((await p.call(members.Admin, 'POST', '/api/accounting/disconnect')).statusCode).toBe(200)
    await connect('xero')
    const september = await post('2026-09')
    expect(september.statusCode).toBe(409)
    const posted = await post('2026-10')
    expect(posted.statusCode, posted.body).toBe(201)
    const [manual] = [...xero.store.ManualJournals.values()]
    expect(manual).toMatchObject({ Date: '2026-10-31', Status: 'POSTED' })
    const lines = manual.JournalLines as { AccountCode: string; LineAmount: number }[]
    expect(lines.reduce((s, l) => s + Math.round(l.LineAmount * 100), 0)).toBe(0)
    expect(new Set(lines.map((l) => l.AccountCode))).toEqual(new Set(['635', '630']))
  })
})

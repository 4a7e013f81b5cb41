import type { Keg, Recall, Trace, TraceMatch, TraceNode } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { dataOf, openTraceHarness, type TraceHarness } from './trace-harness.test-helper.ts'

const DAY = 86_400_000
const flatten = (node: TraceNode): TraceNode[] => [node, ...node.children.flatMap(flatten)]

// Kegs in the trace (ADR 300), on the brewery of trace-seed.test-helper.ts (worked by hand there): run 1 filled
// 36 × 1/6 BBL of lot (keg, A) from T, carrying A 4 bbl and B 2 bbl (B ⅓); batch B took 40 kg of the malt lot.
// Through the API: kegs TK-0001..3 filled from run 1 ten days ago; an order of 2 kegs dispatched to Named Bar T1,
// TK-0001 and TK-0002 scanned onto it five days ago (so 5 days out); TK-0003 stays full in the brewery.
describe.each(TEST_DATABASES)('kegs in the trace on %s', (kind) => {
  let h: TraceHarness
  let orderNumber: string
  let kegIds: Record<string, string>
  const trace = async (nodeKind: string, id: string) =>
    dataOf<Trace>(await h.call(h.managerA, 'GET', `/api/trace/nodes/${nodeKind}/${id}`))

  beforeAll(async () => {
    h = await openTraceHarness(kind, 'T1')
    const added = await h.write(h.managerA, 'keg', 'POST', '/api/kegs', {
      count: 3,
      size: '1/6 BBL',
      owner: 'ours',
      prefix: 'TK-',
    })
    expect(added.statusCode, added.body).toBe(201)
    kegIds = Object.fromEntries(dataOf<Keg[]>(added).map((k) => [k.assetNumber, k.id]))
    const scan = async (data: object) => {
      const response = await h.write(h.brewerA, 'keg', 'POST', '/api/kegs/scans', data)
      expect(response.statusCode, response.body).toBe(201)
    }
    const filledAt = new Date(Date.now() - 10 * DAY).toISOString()
    for (const assetNumber of ['TK-0001', 'TK-0002', 'TK-0003'])
      await scan({ kind: 'filled', assetNumber, packageRunId: h.seed.run1, occurredAt: filledAt })
    const order = await h.order(2, ['confirm', 'pick', 'dispatch'])
    orderNumber = order.number
    const shippedAt = new Date(Date.now() - 5 * DAY).toISOString()
    for (const assetNumber of ['TK-0001', 'TK-0002'])
      await scan({ kind: 'shipped', assetNumber, orderId: order.id, occurredAt: shippedAt })
  }, 180_000)
  afterAll(async () => {
    await h?.close()
  })

  it('forward from the malt lot: the kegs still out under the order’s customer, the full one under the lot', async () => {
    const { tree } = await trace('lot', h.seed.lotId)
    const run1 = flatten(tree).find((n) => n.kind === 'package-run' && n.id === h.seed.run1)!
    const goods = run1.children.find((n) => n.kind === 'finished-goods')!
    const order = goods.children.find((n) => n.kind === 'order' && n.label === orderNumber)!
    const customer = order.children.find((n) => n.kind === 'customer')!
    expect(customer.label).toBe('Named Bar T1')
    const out = customer.children.filter((n) => n.kind === 'keg')
    expect(out.map((k) => k.label)).toEqual(['TK-0001', 'TK-0002'])
    expect(out[0].detail).toMatch(/^at Named Bar T1 since \d{4}-\d{2}-\d{2} · 5 days out$/)
    expect(out[0].quantity).toBe('1/6 BBL keg')
    expect(out[0].href).toBe(`/secure/inventory/kegs/${kegIds['TK-0001']}`)
    const full = goods.children.filter((n) => n.kind === 'keg')
    expect(full.map((k) => k.label)).toEqual(['TK-0003'])
    expect(full[0].detail).toMatch(/^full, in the brewery since \d{4}-\d{2}-\d{2}$/)
    // Run 2 filled no keg.
    const run2 = flatten(tree).find((n) => n.kind === 'package-run' && n.id === h.seed.run2)!
    expect(flatten(run2).some((n) => n.kind === 'keg')).toBe(false)
  })

  it('finds a keg by its asset number and traces it back to the run, both batches of the blend and the malt lot', async () => {
    const matches = dataOf<TraceMatch[]>(await h.call(h.managerA, 'GET', '/api/trace/search?q=TK-0001'))
    expect(matches).toEqual([
      { kind: 'keg', id: kegIds['TK-0001'], label: 'TK-0001', detail: '1/6 BBL · at-customer' },
    ])
    const back = await trace('keg', kegIds['TK-0001'])
    expect(back.direction).toBe('backward')
    expect(back.origin.label).toBe('Keg TK-0001')
    expect(back.tree).toMatchObject({ kind: 'keg', label: 'TK-0001' })
    const [lot] = back.tree.children
    expect(lot).toMatchObject({ kind: 'finished-goods', label: 'Hazy IPA 1/6 BBL Keg' })
    const [run] = lot.children
    expect(run.kind).toBe('package-run')
    expect(run.label).toBe('Filled from package run 2026-03-03')
    expect(run.quantity).toBe('36 units')
    // Run 1: 6 bbl of T holding A 10 + B 5 → A 4 bbl (⅔), B 2 bbl (⅓).
    const batches = run.children.filter((n) => n.kind === 'batch')
    expect(batches.map((b) => [b.label, b.quantity]).sort()).toEqual(
      [
        [h.seed.a.number, '4.00 bbl (66.7 % of it)'],
        [h.seed.b.number, '2.00 bbl (33.3 % of it)'],
      ].sort(),
    )
    const fromB = batches.find((b) => b.label === h.seed.b.number)!
    expect(flatten(fromB).find((n) => n.kind === 'lot')?.label).toBe('Pale malt T1 lot MALT-T1')
    const nodes = flatten(back.tree)
    expect(new Set(nodes.map((n) => n.key)).size).toBe(nodes.length)
  })

  it('lists the kegs still out per customer on the recall, with their days out, in the CSV too', async () => {
    const drill: Recall = await h.startRecall({ kind: 'drill', originKind: 'lot', originId: h.seed.lotId })
    const [customer] = drill.customers
    expect(customer.customerName).toBe('Named Bar T1')
    expect(customer.kegsOut.map((k) => [k.assetNumber, k.size, k.orderNumber, k.daysOut])).toEqual([
      ['TK-0001', '1/6 BBL', orderNumber, 5],
      ['TK-0002', '1/6 BBL', orderNumber, 5],
    ])
    expect(customer.kegsOut[0].batchNumber).toBe(h.seed.a.number)
    const csv = await h.call(h.managerA, 'GET', `/api/trace/recalls/${drill.id}/list.csv`)
    const [header, first] = csv.body.trim().split('\r\n')
    expect(header.endsWith(',Note,Kegs still out')).toBe(true)
    expect(first).toContain('TK-0001 (5 days out); TK-0002 (5 days out)')
    // From the keg itself: the same lot, the same customer.
    const fromKeg = await h.startRecall({ kind: 'drill', originKind: 'keg', originId: kegIds['TK-0002'] })
    expect(fromKeg.customers.map((c) => [c.customerName, c.kegsOut.length])).toEqual([['Named Bar T1', 2]])
  })

  it('keeps kegs to their brewery: 404 for another brewery’s keg, and its search finds nothing', async () => {
    expect((await h.call(h.adminB, 'GET', `/api/trace/nodes/keg/${kegIds['TK-0001']}`)).statusCode).toBe(404)
    expect(dataOf<TraceMatch[]>(await h.call(h.adminB, 'GET', '/api/trace/search?q=TK-0001'))).toEqual([])
    expect((await h.call(h.managerA, 'GET', '/api/trace/nodes/keg/not-a-uuid')).statusCode).toBe(404)
  })
})

import type { Invoice, Trace, TraceNode } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { dataOf, openTraceHarness, type TraceHarness } from './trace-harness.test-helper.ts'

const flatten = (node: TraceNode): TraceNode[] => [node, ...node.children.flatMap(flatten)]

// An invoice made for several orders (Create Invoice, ADR 345) names its orders only through its lines
// (`invoice_lines.order_line_id`; its `order_id` is null). On the brewery of trace-seed.test-helper.ts: a customer
// invoiced monthly (no invoice at dispatch) takes two orders of 3 and 2 kegs of lot (keg, A), both dispatched,
// then one invoice for both. Forward from the malt lot each order names that invoice; the invoice traced back
// reaches both orders and the malt lot MALT-I1.
describe.each(TEST_DATABASES)('trace through an invoice of several orders on %s', (kind) => {
  let h: TraceHarness
  let invoice: Invoice
  let orderNumbers: string[]

  beforeAll(async () => {
    h = await openTraceHarness(kind, 'I1')
    const customerId = crypto.randomUUID()
    const customer = await h.write(h.managerA, 'sales', 'POST', '/api/sales/customers', {
      id: customerId,
      name: 'Monthly Tavern I1',
      kind: 'bar',
      invoiceAtDispatch: false,
    })
    expect(customer.statusCode, customer.body).toBe(201)
    const first = await h.order(3, ['confirm', 'pick', 'dispatch'], customerId)
    const second = await h.order(2, ['confirm', 'pick', 'dispatch'], customerId)
    expect([first.invoiceId, second.invoiceId]).toEqual([null, null])
    orderNumbers = [first.number, second.number]
    const made = await h.write(h.managerA, 'sales', 'POST', '/api/sales/invoices', {
      id: crypto.randomUUID(),
      orderIds: [first.id, second.id],
    })
    expect(made.statusCode, made.body).toBe(201)
    invoice = dataOf<Invoice>(made)
    expect(invoice.orderId).toBeNull()
  }, 180_000)
  afterAll(async () => {
    await h?.close()
  })

  it('forward from the malt lot: each order of the combined invoice names it', async () => {
    const { tree } = dataOf<Trace>(await h.call(h.managerA, 'GET', `/api/trace/nodes/lot/${h.seed.lotId}`))
    const orders = flatten(tree).filter((n) => n.kind === 'order' && orderNumbers.includes(n.label))
    // Lot (keg, A) came from both runs, so each order shows under each run's lot.
    expect([...new Set(orders.map((o) => o.label))].sort()).toEqual([...orderNumbers].sort())
    for (const order of orders) expect(order.detail).toContain(`invoice ${invoice.number}`)
  })

  it('backward from the combined invoice: both orders, their quantities and the malt lot code', async () => {
    const back = dataOf<Trace>(await h.call(h.managerA, 'GET', `/api/trace/nodes/invoice/${invoice.id}`))
    expect(back.direction).toBe('backward')
    expect(back.origin.label).toBe(`Invoice ${invoice.number}`)
    const nodes = flatten(back.tree)
    const orders = nodes.filter((n) => n.kind === 'order')
    expect(orders.map((o) => [o.label, o.quantity]).sort()).toEqual(
      [
        [orderNumbers[0], '3 units'],
        [orderNumbers[1], '2 units'],
      ].sort(),
    )
    expect(nodes.some((n) => n.kind === 'lot' && n.label === 'Pale malt I1 lot MALT-I1')).toBe(true)
  })

  it('a recall started from the combined invoice lists the customer with the 5 kegs shipped', async () => {
    const drill = await h.startRecall({ kind: 'drill', originKind: 'invoice', originId: invoice.id })
    expect(drill.customers.map((c) => [c.customerName, c.unitsShipped])).toEqual([['Monthly Tavern I1', 5]])
  })
})

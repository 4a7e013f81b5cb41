import { formatOrderNumber, type DispatchOrder, type Order } from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import { lockForTransaction, type Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { assertNotHeld, heldGoods } from '../trace/holds.ts'
import type { InvoiceService } from './invoices.service.ts'
import { finishedGoodsLock, type OrderService } from './orders.service.ts'
import { createSalesRepository, type OrderRow, type ReservationRow } from './sales.repository.ts'
import { groupBy } from './sales.views.ts'

// Dispatch is the removal (PRODUCTION.md "Beyond the cellar door"; the ledger contract of issue 33): in one
// transaction the picked lots leave finished goods through the ledger — one removal per line and lot, taxpaid, or
// without payment of tax for an export customer — the holds are released, the order is dispatched and its invoice
// is issued with the brewery's next number. Any refusal rolls all of it back, the invoice number included.
// A van's load (ADR 422) is several orders dispatched in one write, each as its own Dispatch would be.

/** The ledger's removals of packaged beer (inventory's finished-goods part), as if one after the other. */
export type RemoveFinishedGoods = (
  tx: Db,
  tenant: Tenant,
  inputs: {
    packageId: string
    units: number
    batchId?: string
    ttbClass: 'removed-taxpaid' | 'removed-without-tax' | 'consumed-on-premises'
    taxFreeReason?: 'export'
    occurredAt: Date
    customer?: string
    orderLineId?: string
  }[],
  /** The time zone and batch numbers the removals read, for the invoice (ADR 407). */
  shared: { timeZone?: string; batchNumbers?: Map<string, string> },
) => Promise<{ liquidEventIds: string[] }[]>

/** Clock skew a dispatch may be dated ahead of now (the ledger contract). */
const SKEW_MS = 5 * 60_000

const PICK_STATUS_WORDS: Record<string, string> = { draft: 'a draft' }

export function createDispatchService({
  orders,
  invoices,
  removeFinishedGoods,
}: {
  orders: OrderService
  invoices: InvoiceService
  removeFinishedGoods: RemoveFinishedGoods
}) {
  /**
   * Dispatches `orderIds` in the caller's transaction, in the order listed, as one Dispatch each would (with `pick`,
   * Pick then Dispatch each): the same checks and the same rows, all or none. What the orders share is read and
   * written once (ADR 422): the orders locked in one statement, their lines, reservations and customers read in
   * one each, every lot's removal in one ledger call, the reservations and the orders changed in one statement
   * each, and their invoices numbered and written in one each. `many` names the order in a refusal (`Order
   * SO-00012 …`, `data.orderIds.<i>`); one order's Dispatch keeps its own sentences.
   */
  async function dispatchAll(
    tx: Db,
    tenant: Tenant,
    orderIds: string[],
    input: DispatchOrder,
    many: boolean,
  ): Promise<Order[]> {
    const repo = createSalesRepository(tx)
    const locked = new Map(
      (await repo.ordersLocked(tenant.entityId, orderIds)).map((row) => [row.order.id, row]),
    )
    const missing = orderIds.flatMap((id, index) => (locked.has(id) ? [] : [index]))
    if (missing.length > 0)
      throw new AppError(
        'NOT_FOUND',
        'Order not found.',
        many
          ? missing.map((index) => ({
              path: `data.orderIds.${index}`,
              message: 'Not an order of this brewery',
            }))
          : undefined,
      )
    assertCan(tenant, 'fulfilOrders')
    const found = orderIds.map((id) => locked.get(id)!)
    /** A refusal of the `index`th order: one order's own sentence, or the van's naming the order. */
    const refuse = (index: number, sentence: (subject: string) => string) => {
      if (!many) return new AppError('CONFLICT', sentence('this order'))
      const message = sentence(`order ${formatOrderNumber(found[index].order.sequence)}`)
      return new AppError('CONFLICT', message.charAt(0).toUpperCase() + message.slice(1), [
        { path: `data.orderIds.${index}`, message },
      ])
    }
    found.forEach(({ order }, index) => {
      if (input.pick) {
        if (order.status !== 'confirmed')
          throw refuse(
            index,
            (subject) =>
              `Pick needs a confirmed order; ${subject} is ${PICK_STATUS_WORDS[order.status] ?? order.status}.`,
          )
        return
      }
      if (order.status === 'dispatched' || order.status === 'delivered')
        throw refuse(
          index,
          (subject) => `${subject.charAt(0).toUpperCase()}${subject.slice(1)} is already dispatched.`,
        )
      if (order.status !== 'picked')
        throw refuse(index, (subject) => `Dispatch needs a picked order; ${subject} is ${order.status}.`)
    })
    const lines = await repo.lines(tenant.entityId, orderIds)
    const holding = await repo.reservationsOfLines(
      tenant.entityId,
      lines.map((l) => l.id),
    )
    const orderOfLine = new Map(lines.map((line) => [line.id, line.orderId]))
    const holdingOf = groupBy(holding, (r) => orderOfLine.get(r.orderLineId)!)
    if (input.pick) {
      // Pick's check: a lot on hold (a recall, ADR 303) is not loaded. The holds of every order's options in one
      // read; the first order holding a held lot is refused with the hold named, as its Pick would be.
      const held = await heldGoods(tx, tenant.entityId, [...new Set(holding.map((r) => r.packageId))])
      const index = orderIds.findIndex((id) =>
        (holdingOf.get(id) ?? []).some((r) => r.batchId && held.has(`${r.packageId}:${r.batchId}`)),
      )
      if (index >= 0)
        await assertNotHeld(
          tx,
          tenant.entityId,
          (holdingOf.get(orderIds[index]) ?? []).map((r) => ({
            kind: 'finished-goods' as const,
            packageId: r.packageId,
            batchId: r.batchId,
          })),
          many ? `data.orderIds.${index}` : 'status',
        )
    }
    const now = new Date()
    const at = input.dispatchedAt ? new Date(input.dispatchedAt) : now
    if (at.getTime() > Date.now() + SKEW_MS)
      throw new AppError('VALIDATION_FAILED', 'A dispatch cannot be dated in the future.', [
        { path: 'data.dispatchedAt', message: 'A dispatch cannot be dated in the future.' },
      ])
    await lockForTransaction(tx, finishedGoodsLock(tenant.entityId))
    const customers = new Map(
      (await repo.customersOf(tenant.entityId, [...new Set(found.map(({ order }) => order.customerId))])).map(
        (customer) => [customer.id, customer],
      ),
    )
    // Each order's lots in turn, as its own Dispatch reads them (by when reserved); every lot's removal in one call,
    // its reads made once and its rows written at once (ADRs 401, 422); the invoices take the time zone and batch
    // numbers it read (ADR 407).
    const lots: ReservationRow[] = orderIds.flatMap((id) => holdingOf.get(id) ?? [])
    const customerOf = (lot: ReservationRow) =>
      customers.get(locked.get(orderOfLine.get(lot.orderLineId)!)!.order.customerId)!
    const shared: { timeZone?: string; batchNumbers?: Map<string, string> } = {}
    const removals = await removeFinishedGoods(
      tx,
      tenant,
      lots.map((lot) => {
        const isExport = customerOf(lot).kind === 'export'
        return {
          packageId: lot.packageId,
          units: lot.units,
          ...(lot.batchId ? { batchId: lot.batchId } : {}),
          ttbClass: isExport ? 'removed-without-tax' : 'removed-taxpaid',
          ...(isExport ? { taxFreeReason: 'export' as const } : {}),
          occurredAt: at,
          customer: customerOf(lot).name,
          orderLineId: lot.orderLineId,
        }
      }),
      shared,
    )
    const liquidEventOf = new Map<string, string>()
    lots.forEach((lot, index) => {
      const first = removals[index].liquidEventIds[0]
      if (!liquidEventOf.has(lot.orderLineId) && first) liquidEventOf.set(lot.orderLineId, first)
    })
    // Picked and released in one statement when picked here: Pick's mark and Dispatch's release of the same rows.
    const released = groupBy(
      await repo.releaseReservations(
        tenant.entityId,
        lines.map((l) => l.id),
        'dispatched',
        at,
        input.pick ? { pickedAt: now } : {},
      ),
      (r) => orderOfLine.get(r.orderLineId)!,
    )
    const rows = new Map(
      (
        await repo.updateOrders(tenant.entityId, orderIds, {
          status: 'dispatched',
          dispatchedAt: at,
          ...(input.pick ? { pickedAt: now } : {}),
        })
      ).map((row) => [row.id, row]),
    )
    const linesOf = groupBy(lines, (l) => l.orderId)
    // A customer invoiced by Create Invoice (ADR 345) gets no invoice at dispatch; the order waits for one.
    const invoiced = found.filter(({ order }) => customers.get(order.customerId)!.invoiceAtDispatch)
    const batchIds = [...new Set(lots.filter((l) => l.batchId).map((l) => l.batchId!))]
    const batchNumbers =
      shared.batchNumbers && batchIds.every((id) => shared.batchNumbers!.has(id))
        ? shared.batchNumbers
        : await repo.batchNumbers(tenant.entityId, batchIds)
    const issued = await invoices.issueForOrders(
      tx,
      tenant,
      invoiced.map(({ order }: { order: OrderRow }) => ({
        ...(shared.timeZone ? { timeZone: shared.timeZone } : {}),
        order,
        customer: customers.get(order.customerId)!,
        lines: linesOf.get(order.id) ?? [],
        lots: holdingOf.get(order.id) ?? [],
        batchNumbers,
        liquidEventOf,
      })),
    )
    const invoiceOf = new Map(invoiced.map(({ order }, index) => [order.id, issued[index].id]))
    // The views from what this write holds (ADR 401): the lines show the lots just released as dispatched (a picked
    // order's lines held no others that a view shows), and no invoice held the order before its dispatch.
    const views: Order[] = []
    for (const { order, customerName } of found)
      views.push(
        await orders.asWrittenIn(
          tx,
          tenant,
          { order: rows.get(order.id)!, customerName },
          linesOf.get(order.id) ?? [],
          released.get(order.id) ?? [],
          { batchNumbers, invoiceId: invoiceOf.get(order.id) ?? null },
        ),
      )
    return views
  }

  return {
    /** Dispatch Order (picked first with `pick`): the removal, the holds released, the invoice issued. */
    async dispatch(tx: Db, tenant: Tenant, orderId: string, input: DispatchOrder): Promise<Order> {
      return (await dispatchAll(tx, tenant, [orderId], input, false))[0]
    },
    /** Dispatch Orders: a van's load, each order as `dispatch` would, in the order listed, all or none (ADR 422). */
    dispatchMany: (tx: Db, tenant: Tenant, orderIds: string[], input: DispatchOrder) =>
      dispatchAll(tx, tenant, orderIds, input, true),
  }
}

export type DispatchService = ReturnType<typeof createDispatchService>

import type { DispatchOrder, Order } from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import { lockForTransaction, type Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { InvoiceService } from './invoices.service.ts'
import { finishedGoodsLock, type OrderService } from './orders.service.ts'
import { createSalesRepository } from './sales.repository.ts'

// Dispatch is the removal (PRODUCTION.md "Beyond the cellar door"; the ledger contract of issue 33): in one
// transaction the picked lots leave finished goods through the ledger — one removal per line and lot, taxpaid, or
// without payment of tax for an export customer — the holds are released, the order is dispatched and its invoice
// is issued with the brewery's next number. Any refusal rolls all of it back, the invoice number included.

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

export function createDispatchService({
  orders,
  invoices,
  removeFinishedGoods,
}: {
  orders: OrderService
  invoices: InvoiceService
  removeFinishedGoods: RemoveFinishedGoods
}) {
  return {
    async dispatch(tx: Db, tenant: Tenant, orderId: string, input: DispatchOrder): Promise<Order> {
      const repo = createSalesRepository(tx)
      const found = await repo.order(tenant.entityId, orderId, { lock: true })
      if (!found) throw new AppError('NOT_FOUND', 'Order not found.')
      assertCan(tenant, 'fulfilOrders')
      const { order } = found
      if (order.status === 'dispatched' || order.status === 'delivered')
        throw new AppError('CONFLICT', 'This order is already dispatched.')
      if (order.status !== 'picked')
        throw new AppError('CONFLICT', `Dispatch needs a picked order; this order is ${order.status}.`)
      const at = input.dispatchedAt ? new Date(input.dispatchedAt) : new Date()
      if (at.getTime() > Date.now() + SKEW_MS)
        throw new AppError('VALIDATION_FAILED', 'A dispatch cannot be dated in the future.', [
          { path: 'data.dispatchedAt', message: 'A dispatch cannot be dated in the future.' },
        ])
      await lockForTransaction(tx, finishedGoodsLock(tenant.entityId))
      const customer = await repo.customer(tenant.entityId, order.customerId)
      const lines = await repo.lines(tenant.entityId, [orderId])
      const lots = await repo.reservationsOfLines(
        tenant.entityId,
        lines.map((l) => l.id),
      )
      const isExport = customer.kind === 'export'
      // Every lot's removal in one call: its reads made once, its rows written at once (ADR 401); the invoice
      // takes the time zone and batch numbers it read (ADR 407).
      const shared: { timeZone?: string; batchNumbers?: Map<string, string> } = {}
      const removals = await removeFinishedGoods(
        tx,
        tenant,
        lots.map((lot) => ({
          packageId: lot.packageId,
          units: lot.units,
          ...(lot.batchId ? { batchId: lot.batchId } : {}),
          ttbClass: isExport ? 'removed-without-tax' : 'removed-taxpaid',
          ...(isExport ? { taxFreeReason: 'export' as const } : {}),
          occurredAt: at,
          customer: customer.name,
          orderLineId: lot.orderLineId,
        })),
        shared,
      )
      const liquidEventOf = new Map<string, string>()
      lots.forEach((lot, index) => {
        const first = removals[index].liquidEventIds[0]
        if (!liquidEventOf.has(lot.orderLineId) && first) liquidEventOf.set(lot.orderLineId, first)
      })
      const released = await repo.releaseReservations(
        tenant.entityId,
        lines.map((l) => l.id),
        'dispatched',
        at,
      )
      const row = {
        order: await repo.updateOrder(tenant.entityId, orderId, { status: 'dispatched', dispatchedAt: at }),
        customerName: found.customerName,
      }
      // The view from what this write holds (ADR 401): the lines show the lots just released as dispatched (a
      // picked order's lines held no others that a view shows), and no invoice held the order before its dispatch.
      // A customer invoiced by Create Invoice (ADR 345) gets no invoice at dispatch; the order waits for one.
      if (!customer.invoiceAtDispatch)
        return orders.asWrittenIn(tx, tenant, row, lines, released, { invoiceId: null })
      const batchIds = [...new Set(lots.filter((l) => l.batchId).map((l) => l.batchId!))]
      const batchNumbers =
        shared.batchNumbers && batchIds.every((id) => shared.batchNumbers!.has(id))
          ? shared.batchNumbers
          : await repo.batchNumbers(tenant.entityId, batchIds)
      const invoice = await invoices.issueForOrder(tx, tenant, {
        ...(shared.timeZone ? { timeZone: shared.timeZone } : {}),
        order,
        customer,
        lines,
        lots,
        batchNumbers,
        liquidEventOf,
      })
      return orders.asWrittenIn(tx, tenant, row, lines, released, { batchNumbers, invoiceId: invoice.id })
    },
  }
}

export type DispatchService = ReturnType<typeof createDispatchService>

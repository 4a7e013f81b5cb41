import { formatOrderNumber, type Invoice, type NewInvoice } from '@brewcommand/domain'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { liquidEvents } from '../../db/schema/production.ts'
import { invoices } from '../../db/schema/sales.ts'
import { AppError } from '../../errors.ts'
import type { InvoiceService } from './invoices.service.ts'
import { createSalesRepository, type OrderRow } from './sales.repository.ts'

// Create Invoice (docs/decisions/345-create-invoice-for-several-orders.md): one invoice for dispatched orders of one
// customer that no live invoice holds yet, with all their lines, numbered and rounded as Dispatch's (ADR 270).

/** The removal events the dispatch of these order lines put on the ledger (their details name the line). */
async function removalsOfLines(db: Db, entityId: string, lineIds: string[]) {
  if (lineIds.length === 0) return []
  return db
    .select({
      id: liquidEvents.id,
      batchId: liquidEvents.batchId,
      orderLineId: sql<string>`${liquidEvents.details}->>'orderLineId'`,
    })
    .from(liquidEvents)
    .where(
      and(
        eq(liquidEvents.entityId, entityId),
        eq(liquidEvents.kind, 'removed'),
        inArray(sql`${liquidEvents.details}->>'orderLineId'`, lineIds),
      ),
    )
}

const DISPATCHED = new Set(['dispatched', 'delivered'])

export function createInvoicingService({ invoices: invoiceService }: { invoices: InvoiceService }) {
  return {
    async create(tx: Db, tenant: Tenant, input: NewInvoice): Promise<Invoice> {
      const repo = createSalesRepository(tx)
      // Locked in one order (by id), so two Create Invoice over the same orders wait for each other, never deadlock.
      const found: { order: OrderRow; customerName: string }[] = []
      for (const orderId of [...input.orderIds].sort()) {
        const row = await repo.order(tenant.entityId, orderId, { lock: true })
        if (!row) throw new AppError('NOT_FOUND', 'Order not found.')
        found.push(row)
      }
      assertCan(tenant, 'sell')
      const [taken] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, input.id))
      if (taken) throw new AppError('CONFLICT', `An invoice with id ${input.id} already exists.`)
      const orders = found.sort((a, b) => a.order.sequence - b.order.sequence)
      const first = orders[0]
      const numberOf = (order: OrderRow) => formatOrderNumber(order.sequence)
      const stranger = orders.find((row) => row.order.customerId !== first.order.customerId)
      if (stranger) {
        const message = `Order ${numberOf(stranger.order)} is ${stranger.customerName}'s, not ${first.customerName}'s; one invoice is for one customer's orders.`
        throw new AppError('VALIDATION_FAILED', message, [{ path: 'data.orderIds', message }])
      }
      const undispatched = orders.find((row) => !DISPATCHED.has(row.order.status))
      if (undispatched)
        throw new AppError(
          'CONFLICT',
          `Order ${numberOf(undispatched.order)} is ${undispatched.order.status}; only dispatched orders are invoiced.`,
        )
      const held = await repo.invoicesOfOrders(
        tenant.entityId,
        orders.map((row) => row.order.id),
      )
      const invoiced = orders.find((row) => held.has(row.order.id))
      if (invoiced)
        throw new AppError(
          'CONFLICT',
          `Order ${numberOf(invoiced.order)} is already on invoice ${held.get(invoiced.order.id)!.number}.`,
        )
      const customer = await repo.customer(tenant.entityId, first.order.customerId)
      const rank = new Map(orders.map((row, index) => [row.order.id, index]))
      const lines = (
        await repo.lines(
          tenant.entityId,
          orders.map((row) => row.order.id),
        )
      ).sort((a, b) => rank.get(a.orderId)! - rank.get(b.orderId)! || a.position - b.position)
      const lineIds = lines.map((line) => line.id)
      const lots = (await repo.reservationsOfLines(tenant.entityId, lineIds, { active: false })).filter(
        (lot) => lot.releaseReason === 'dispatched',
      )
      // Each line names the removal of its first lot, as Dispatch's invoice does (a credit note returns against it).
      const removals = await removalsOfLines(tx, tenant.entityId, lineIds)
      const liquidEventOf = new Map<string, string>()
      for (const line of lines) {
        const firstLot = lots.find((lot) => lot.orderLineId === line.id)
        const removal =
          removals.find((r) => r.orderLineId === line.id && r.batchId === (firstLot?.batchId ?? null)) ??
          removals.find((r) => r.orderLineId === line.id)
        if (removal) liquidEventOf.set(line.id, removal.id)
      }
      const batchIds = [...new Set(lots.filter((l) => l.batchId).map((l) => l.batchId!))]
      const { id } = await invoiceService.issue(tx, tenant, {
        id: input.id,
        orders: orders.map((row) => row.order),
        customer,
        lines,
        lots,
        batchNumbers: await repo.batchNumbers(tenant.entityId, batchIds),
        liquidEventOf,
      })
      return invoiceService.getIn(tx, tenant, id)
    },
  }
}

export type InvoicingService = ReturnType<typeof createInvoicingService>

import type { CreditNote } from '@brewcommand/domain'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { liquidEvents } from '../../db/schema/production.ts'
import { invoiceLines, invoices, salesOrderLines, salesSettings } from '../../db/schema/sales.ts'
import { creditNoteLines, creditNotes } from '../../db/schema/sales-credits.ts'

// Credit notes' queries (docs/decisions/273-credit-notes-and-returns.md), every one scoped to the brewery.

export const formatCreditNoteNumber = (sequence: number) => `CN-${String(sequence).padStart(5, '0')}`

export type CreditNoteLineRow = typeof creditNoteLines.$inferSelect

export function createCreditNoteRepository(db: Db) {
  return {
    /** The brewery's next credit note number, taken in the write's transaction (its row stays locked). */
    async takeNumber(entityId: string, count = 1) {
      // `count` numbers at once (a scan's kegs back, ADR 422): the first is answered, the rest follow it.
      await db.insert(salesSettings).values({ entityId }).onConflictDoNothing()
      const [row] = await db
        .update(salesSettings)
        .set({ nextCreditNoteNumber: sql`${salesSettings.nextCreditNoteNumber} + ${count}` })
        .where(eq(salesSettings.entityId, entityId))
        .returning({ taken: sql<number>`${salesSettings.nextCreditNoteNumber} - ${count}` })
      return Number(row.taken)
    },

    async exists(id: string) {
      const [row] = await db.select({ id: creditNotes.id }).from(creditNotes).where(eq(creditNotes.id, id))
      return row !== undefined
    },

    /** The credit lines already booked against these invoice lines. */
    linesOfInvoiceLines: (entityId: string, invoiceLineIds: string[]) =>
      invoiceLineIds.length === 0
        ? Promise.resolve([] as CreditNoteLineRow[])
        : db
            .select()
            .from(creditNoteLines)
            .where(
              and(
                eq(creditNoteLines.entityId, entityId),
                inArray(creditNoteLines.invoiceLineId, invoiceLineIds),
              ),
            ),

    /**
     * The ledger's removals an order line sent out (one per lot), oldest first, each with the units it sent and
     * the units already returned against it.
     */
    async removalsOfOrderLine(entityId: string, orderLineId: string) {
      const rows = await db
        .select({
          id: liquidEvents.id,
          units: sql<number>`(${liquidEvents.details} ->> 'units')::int`,
          back: sql<number>`coalesce((select sum((r.details ->> 'units')::int) from liquid_events r
            where r.entity_id = ${liquidEvents.entityId} and r.kind = 'returned'
            and r.details ->> 'returnOf' = ${liquidEvents.id}::text
            and not exists (select 1 from liquid_events s where s.supersedes_id = r.id)), 0)`,
        })
        .from(liquidEvents)
        .where(
          and(
            eq(liquidEvents.entityId, entityId),
            eq(liquidEvents.kind, 'removed'),
            sql`${liquidEvents.details} ->> 'orderLineId' = ${orderLineId}`,
            sql`not exists (select 1 from liquid_events s where s.supersedes_id = ${liquidEvents.id})`,
          ),
        )
        .orderBy(asc(liquidEvents.occurredAt), asc(liquidEvents.recordedAt))
      return rows.map((row) => ({ id: row.id, units: Number(row.units), back: Number(row.back) }))
    },

    /** The invoice an order's dispatch issued (a void one only when there is no other), its row locked. */
    /**
     * The invoices holding some orders' lines (an invoice of one order, or one Create Invoice made of several),
     * locked, with the orders each holds (a keg's deposit is credited on its order's, ADR 422).
     */
    async invoicesOfOrders(entityId: string, orderIds: string[]) {
      if (orderIds.length === 0) return { rows: [], ordersOf: new Map<string, string[]>() }
      const pairs = await db
        .selectDistinct({ invoiceId: invoiceLines.invoiceId, orderId: salesOrderLines.orderId })
        .from(invoiceLines)
        .innerJoin(salesOrderLines, eq(salesOrderLines.id, invoiceLines.orderLineId))
        .where(and(eq(invoiceLines.entityId, entityId), inArray(salesOrderLines.orderId, orderIds)))
      const ids = [...new Set(pairs.map((pair) => pair.invoiceId))]
      const rows =
        ids.length === 0
          ? []
          : await db
              .select()
              .from(invoices)
              .where(and(eq(invoices.entityId, entityId), inArray(invoices.id, ids)))
              .orderBy(asc(invoices.id))
              .for('update')
      const ordersOf = new Map<string, string[]>()
      for (const { invoiceId, orderId } of pairs)
        ordersOf.set(invoiceId, [...(ordersOf.get(invoiceId) ?? []), orderId])
      return { rows, ordersOf }
    },

    /** Credit notes and all their lines, in two statements whatever their number. */
    async insertMany(
      values: (typeof creditNotes.$inferInsert)[],
      lines: (typeof creditNoteLines.$inferInsert)[],
    ) {
      if (values.length === 0) return
      await db.insert(creditNotes).values(values)
      if (lines.length > 0) await db.insert(creditNoteLines).values(lines)
    },

    async insert(values: typeof creditNotes.$inferInsert, lines: (typeof creditNoteLines.$inferInsert)[]) {
      await db.insert(creditNotes).values(values)
      await db.insert(creditNoteLines).values(lines)
    },

    /** The credit notes as read (of some invoices, of a customer, or all the brewery's), newest first. */
    async views(
      entityId: string,
      { invoiceIds, customerId }: { invoiceIds?: string[]; customerId?: string } = {},
    ): Promise<CreditNote[]> {
      if (invoiceIds?.length === 0) return []
      const notes = await db
        .select({ note: creditNotes, invoiceNumber: invoices.number, customerName: invoices.customerName })
        .from(creditNotes)
        .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
        .where(
          and(
            eq(creditNotes.entityId, entityId),
            invoiceIds ? inArray(creditNotes.invoiceId, invoiceIds) : undefined,
            customerId ? eq(creditNotes.customerId, customerId) : undefined,
          ),
        )
        .orderBy(asc(creditNotes.sequence))
      if (notes.length === 0) return []
      const lines = await db
        .select({ line: creditNoteLines, of: invoiceLines })
        .from(creditNoteLines)
        .innerJoin(invoiceLines, eq(invoiceLines.id, creditNoteLines.invoiceLineId))
        .where(
          and(
            eq(creditNoteLines.entityId, entityId),
            inArray(
              creditNoteLines.creditNoteId,
              notes.map((n) => n.note.id),
            ),
          ),
        )
        .orderBy(asc(creditNoteLines.position))
      return notes.map(({ note, invoiceNumber, customerName }) => ({
        id: note.id,
        number: note.number,
        sequence: note.sequence,
        invoiceId: note.invoiceId,
        invoiceNumber,
        customerId: note.customerId,
        customerName,
        issuedOn: note.issuedOn,
        returnedAt: note.returnedAt.toISOString(),
        reason: note.reason,
        lines: lines
          .filter(({ line }) => line.creditNoteId === note.id)
          .map(({ line, of }) => ({
            id: line.id,
            invoiceLineId: line.invoiceLineId,
            productName: of.productName,
            packageType: of.packageType,
            batchNumber: of.batchNumber,
            quantity: line.quantity,
            subtotalCents: line.subtotalCents,
            depositCents: line.depositCents,
            taxCents: line.taxCents,
            kegAssetNumber: line.kegAssetNumber,
          })),
        subtotalCents: note.subtotalCents,
        depositCents: note.depositCents,
        taxCents: note.taxCents,
        totalCents: note.totalCents,
        refundCents: note.refundCents,
      }))
    },
  }
}

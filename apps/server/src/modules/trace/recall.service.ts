import {
  formatRecallNumber,
  toCsv,
  type CloseRecall,
  type MarkContacted,
  type Recall,
  type RecallCustomer,
  type RecallKeg,
  type RecallShipment,
  type RecallStock,
  type RecallSummary,
  type ReleaseHold,
  type StartRecall,
  type TraceContact,
  type TraceOriginKind,
} from '@brewcommand/domain'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import { lockForTransaction, type Db } from '../../db/client.ts'
import { holds, recallCustomers, recallEvents, recalls } from '../../db/schema/trace.ts'
import { AppError } from '../../errors.ts'
import { recallPdf } from './recall.pdf.ts'
import type { TraceService } from './trace.service.ts'

// Recall and the mock recall drill (docs/decisions/302): Start Recall from any node of the trace lists every
// customer its lots reached (quantities, dates, contacts) and puts the stock still in the brewery on hold; a drill
// lists and times the same and holds nothing. Each recall keeps its own history; closing it states the outcome.

type RecallRow = typeof recalls.$inferSelect
/** "K-0042 (12 days out); K-0043 (12 days out)": a customer's kegs of the recalled lots, for the CSV and PDF. */
export const kegsText = (kegs: RecallKeg[]) =>
  kegs.map((k) => `${k.assetNumber} (${k.daysOut} day${k.daysOut === 1 ? '' : 's'} out)`).join('; ')
const notFound = () => new AppError('NOT_FOUND', 'Recall not found.')
const iso = (value: Date | null) => (value ? value.toISOString() : null)

export function createRecallService({ db, trace }: { db: Db; trace: TraceService }) {
  async function mustRecall(tx: Db, tenant: Tenant, id: string, lock = false) {
    const query = tx
      .select()
      .from(recalls)
      .where(and(eq(recalls.entityId, tenant.entityId), eq(recalls.id, id)))
    const [row] = lock ? await query.for('update') : await query
    if (!row) throw notFound()
    return row
  }

  async function summaries(tx: Db, tenant: Tenant, rows: RecallRow[]): Promise<RecallSummary[]> {
    if (rows.length === 0) return []
    const counts = await tx
      .select({
        recallId: recallCustomers.recallId,
        customers: sql<number>`count(*)::int`,
        contacted: sql<number>`count(${recallCustomers.contactedAt})::int`,
      })
      .from(recallCustomers)
      .where(eq(recallCustomers.entityId, tenant.entityId))
      .groupBy(recallCustomers.recallId)
    const countOf = new Map(counts.map((c) => [c.recallId, c]))
    return rows.map((row) => ({
      id: row.id,
      number: formatRecallNumber(row.kind as 'recall' | 'drill', row.sequence),
      kind: row.kind as 'recall' | 'drill',
      status: row.status as 'open' | 'closed',
      originKind: row.originKind as TraceOriginKind,
      originId: row.originId,
      originLabel: row.originLabel,
      reason: row.reason,
      startedAt: row.startedAt.toISOString(),
      listCompletedAt: row.listCompletedAt.toISOString(),
      listMs: row.listMs,
      closedAt: iso(row.closedAt),
      outcome: row.outcome,
      customerCount: countOf.get(row.id)?.customers ?? 0,
      contactedCount: countOf.get(row.id)?.contacted ?? 0,
    }))
  }

  async function detail(tx: Db, tenant: Tenant, id: string): Promise<Recall> {
    const row = await mustRecall(tx, tenant, id)
    // One after the other: `tx` is one connection (ADR 380).
    const customers = await tx
      .select()
      .from(recallCustomers)
      .where(and(eq(recallCustomers.entityId, tenant.entityId), eq(recallCustomers.recallId, id)))
      .orderBy(asc(recallCustomers.customerName))
    const held = await tx
      .select()
      .from(holds)
      .where(and(eq(holds.entityId, tenant.entityId), eq(holds.recallId, id)))
      .orderBy(asc(holds.placedAt), asc(holds.label))
    const history = await tx
      .select()
      .from(recallEvents)
      .where(and(eq(recallEvents.entityId, tenant.entityId), eq(recallEvents.recallId, id)))
      .orderBy(asc(recallEvents.at))
    const [summary] = await summaries(tx, tenant, [row])
    return {
      ...summary,
      customers: customers.map((c): RecallCustomer => ({
        id: c.id,
        customerId: c.customerId,
        customerName: c.customerName,
        contacts: c.contacts,
        shipments: c.shipments,
        unitsShipped: c.unitsShipped,
        contactedAt: iso(c.contactedAt),
        contactNote: c.contactNote,
        returnedUnits: c.returnedUnits,
        kegsOut: c.kegsOut,
      })),
      stock: row.stock as RecallStock[],
      holds: held.map((h) => ({
        id: h.id,
        recallId: h.recallId,
        kind: h.kind as RecallStock['kind'],
        lotId: h.lotId,
        batchId: h.batchId,
        packageId: h.packageId,
        label: h.label,
        reason: h.reason,
        placedAt: h.placedAt.toISOString(),
        releasedAt: iso(h.releasedAt),
        releaseReason: h.releaseReason,
      })),
      history: history.map((e) => ({ action: e.action, note: e.note, at: e.at.toISOString() })),
    }
  }

  const log = (tx: Db, tenant: Tenant, recallId: string, action: string, note = '') =>
    tx.insert(recallEvents).values({ entityId: tenant.entityId, recallId, action, note, by: tenant.userId })

  function assertOpen(row: RecallRow) {
    if (row.status !== 'open') throw new AppError('CONFLICT', 'This recall is closed.')
  }

  return {
    async list(tenant: Tenant): Promise<RecallSummary[]> {
      assertCan(tenant, 'viewReports')
      const rows = await db
        .select()
        .from(recalls)
        .where(eq(recalls.entityId, tenant.entityId))
        .orderBy(desc(recalls.startedAt))
        .limit(200)
      return summaries(db, tenant, rows)
    },

    async detail(tenant: Tenant, id: string): Promise<Recall> {
      assertCan(tenant, 'viewReports')
      return detail(db, tenant, id)
    },

    /**
     * Start Recall (or a drill): the list of customers and stock, timed from the start to the list complete;
     * a recall puts each piece of stock still in the brewery on hold in the same transaction.
     */
    async start(tx: Db, tenant: Tenant, input: StartRecall): Promise<Recall> {
      const startedAt = new Date()
      const started = performance.now()
      assertCan(tenant, 'runRecalls')
      const affected = await trace.affected(tenant, input.originKind, input.originId, tx)
      const byCustomer = new Map<
        string,
        { name: string; contacts: TraceContact[]; shipments: RecallShipment[]; kegsOut: RecallKeg[] }
      >()
      for (const s of affected.shipments) {
        const entry = byCustomer.get(s.customerId) ?? {
          name: s.customerName,
          contacts: s.contacts,
          shipments: [],
          kegsOut: [],
        }
        entry.shipments.push({
          orderId: s.orderId,
          orderNumber: s.orderNumber,
          invoiceNumber: s.invoiceNumber,
          dispatchedOn: s.dispatchedOn,
          product: s.product,
          packageType: s.packageType,
          batchNumber: s.batchNumber,
          units: s.units,
        })
        byCustomer.set(s.customerId, entry)
      }
      // Kegs of the lots still out: under their customer, who is listed even when the order that shipped the keg
      // reserved another lot (a keg's lot is the one it was filled with, ADR 290).
      for (const k of affected.kegs) {
        const entry = byCustomer.get(k.customerId) ?? {
          name: k.customerName,
          contacts: k.contacts,
          shipments: [],
          kegsOut: [],
        }
        entry.kegsOut.push(k.keg)
        byCustomer.set(k.customerId, entry)
      }
      const listMs = Math.max(1, Math.round(performance.now() - started))
      const listCompletedAt = new Date(startedAt.getTime() + listMs)
      await lockForTransaction(tx, `recalls:${tenant.entityId}`)
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${recalls.sequence}), 0)::int + 1` })
        .from(recalls)
        .where(and(eq(recalls.entityId, tenant.entityId), eq(recalls.kind, input.kind)))
      const inserted = await tx
        .insert(recalls)
        .values({
          id: input.id,
          entityId: tenant.entityId,
          sequence: next,
          kind: input.kind,
          originKind: input.originKind,
          originId: input.originId,
          originLabel: affected.origin.label,
          reason: input.reason,
          startedAt,
          startedBy: tenant.userId,
          listCompletedAt,
          listMs,
          stock: affected.stock,
        })
        .onConflictDoNothing({ target: recalls.id })
        .returning({ id: recalls.id })
      if (inserted.length === 0)
        throw new AppError('CONFLICT', 'A recall with this id exists.', [
          { path: 'data.id', message: 'Taken' },
        ])
      if (byCustomer.size > 0)
        await tx.insert(recallCustomers).values(
          [...byCustomer].map(([customerId, c]) => ({
            entityId: tenant.entityId,
            recallId: input.id,
            customerId,
            customerName: c.name,
            contacts: c.contacts,
            shipments: c.shipments,
            unitsShipped: c.shipments.reduce((sum, s) => sum + s.units, 0),
            kegsOut: c.kegsOut,
          })),
        )
      const word = input.kind === 'drill' ? 'Mock recall drill' : 'Recall'
      await log(tx, tenant, input.id, 'started', `${word} of ${affected.origin.label}: ${input.reason}`)
      await log(
        tx,
        tenant,
        input.id,
        'list complete',
        `${byCustomer.size} customer${byCustomer.size === 1 ? '' : 's'} listed in ${listMs} ms`,
      )
      if (input.kind === 'recall' && affected.stock.length > 0) {
        await tx.insert(holds).values(
          affected.stock.map((s) => ({
            entityId: tenant.entityId,
            recallId: input.id,
            kind: s.kind,
            lotId: s.lotId,
            batchId: s.batchId,
            packageId: s.packageId,
            label: s.label,
            reason: input.reason,
            placedBy: tenant.userId,
          })),
        )
        await log(
          tx,
          tenant,
          input.id,
          'held',
          affected.stock.map((s) => `${s.label} (${s.quantity})`).join('; '),
        )
      }
      return detail(tx, tenant, input.id)
    },

    /** Marks one customer of the recall contacted (or not), with a note and what they returned. */
    async contact(tx: Db, tenant: Tenant, id: string, customerRowId: string, input: MarkContacted) {
      const row = await mustRecall(tx, tenant, id, true)
      assertCan(tenant, 'runRecalls')
      assertOpen(row)
      const [customer] = await tx
        .update(recallCustomers)
        .set({
          contactedAt: input.contacted ? new Date() : null,
          contactedBy: input.contacted ? tenant.userId : null,
          contactNote: input.note,
          returnedUnits: input.returnedUnits,
        })
        .where(
          and(
            eq(recallCustomers.entityId, tenant.entityId),
            eq(recallCustomers.recallId, id),
            eq(recallCustomers.id, customerRowId),
          ),
        )
        .returning()
      if (!customer) throw new AppError('NOT_FOUND', 'That customer is not on this recall.')
      // What they can return: the units shipped on orders of the lots, or the kegs of the lots they hold if more.
      const most = Math.max(customer.unitsShipped, customer.kegsOut.length)
      if (input.returnedUnits > most)
        throw new AppError('VALIDATION_FAILED', `At most ${most} units were shipped to them.`, [
          { path: 'data.returnedUnits', message: `At most ${most}` },
        ])
      await log(
        tx,
        tenant,
        id,
        input.contacted ? 'contacted' : 'contact undone',
        `${customer.customerName}: ${input.returnedUnits} returned${input.note ? ` · ${input.note}` : ''}`,
      )
      return detail(tx, tenant, id)
    },

    async releaseHold(tx: Db, tenant: Tenant, id: string, holdId: string, input: ReleaseHold) {
      await mustRecall(tx, tenant, id, true)
      assertCan(tenant, 'runRecalls')
      const [released] = await tx
        .update(holds)
        .set({ releasedAt: new Date(), releasedBy: tenant.userId, releaseReason: input.reason })
        .where(
          and(
            eq(holds.entityId, tenant.entityId),
            eq(holds.recallId, id),
            eq(holds.id, holdId),
            sql`${holds.releasedAt} is null`,
          ),
        )
        .returning()
      if (!released) throw new AppError('NOT_FOUND', 'No such hold on this recall, or it is released.')
      await log(tx, tenant, id, 'released', `${released.label}: ${input.reason}`)
      return detail(tx, tenant, id)
    },

    /** Closes the recall with its outcome. Holds stay until each is released with its reason. */
    async close(tx: Db, tenant: Tenant, id: string, input: CloseRecall) {
      const row = await mustRecall(tx, tenant, id, true)
      assertCan(tenant, 'runRecalls')
      assertOpen(row)
      await tx
        .update(recalls)
        .set({
          status: 'closed',
          closedAt: new Date(),
          closedBy: tenant.userId,
          outcome: input.outcome,
          updatedAt: new Date(),
        })
        .where(and(eq(recalls.entityId, tenant.entityId), eq(recalls.id, id)))
      await log(tx, tenant, id, 'closed', input.outcome)
      return detail(tx, tenant, id)
    },

    /** The recall list as CSV: one row per shipment, with the customer's contact and what was done. */
    async csv(tenant: Tenant, id: string) {
      const recall = await this.detail(tenant, id)
      const rows = recall.customers.flatMap((c) =>
        c.shipments.map((s) => [
          c.customerName,
          c.contacts.map((k) => [k.name, k.phone, k.email].filter(Boolean).join(' ')).join('; '),
          s.orderNumber,
          s.invoiceNumber,
          s.dispatchedOn,
          `${s.product} ${s.packageType}`.trim(),
          s.batchNumber,
          s.units,
          c.contactedAt ? c.contactedAt.slice(0, 10) : '',
          c.returnedUnits,
          c.contactNote,
          kegsText(c.kegsOut),
        ]),
      )
      // A customer who holds kegs of the lots but no shipment of them (the keg left on another lot's order).
      const kegsOnly = recall.customers
        .filter((c) => c.shipments.length === 0 && c.kegsOut.length > 0)
        .map((c) => [
          c.customerName,
          c.contacts.map((k) => [k.name, k.phone, k.email].filter(Boolean).join(' ')).join('; '),
          '',
          '',
          '',
          '',
          '',
          '',
          c.contactedAt ? c.contactedAt.slice(0, 10) : '',
          c.returnedUnits,
          c.contactNote,
          kegsText(c.kegsOut),
        ])
      const stock = recall.stock.map((s) => [
        '(in the brewery)',
        '',
        '',
        '',
        '',
        s.label,
        '',
        s.quantity,
        '',
        '',
        s.kind,
        '',
      ])
      return {
        fileName: `${recall.number}.csv`,
        text: toCsv(
          [
            'Customer',
            'Contact',
            'Order',
            'Invoice',
            'Dispatched',
            'Product',
            'Batch',
            'Units',
            'Contacted',
            'Returned',
            'Note',
            'Kegs still out',
          ],
          [...rows, ...kegsOnly, ...stock],
        ),
      }
    },

    async pdf(tenant: Tenant, id: string) {
      const recall = await this.detail(tenant, id)
      return { fileName: `${recall.number}.pdf`, bytes: await recallPdf(recall) }
    },
  }
}

export type RecallService = ReturnType<typeof createRecallService>

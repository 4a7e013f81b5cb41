import {
  creditLineAmounts,
  todayIn,
  totalsOf,
  type CreditNote,
  type Invoice,
  type NewCreditNote,
} from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import { lockForTransaction, type Db } from '../../db/client.ts'
import { entities } from '../../db/schema/entities.ts'
import { AppError } from '../../errors.ts'
import type { FinishedGoodsWrite } from '../inventory/finished-goods.service.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'
import { creditNotePdf } from './credit-note.pdf.ts'
import { createCreditNoteRepository, formatCreditNoteNumber } from './credit-notes.repository.ts'
import type { InvoiceService } from './invoices.service.ts'
import { finishedGoodsLock } from './orders.service.ts'
import { createSalesRepository } from './sales.repository.ts'
import { groupBy, invoiceState } from './sales.views.ts'

// Credit Note and returns (docs/decisions/273-credit-notes-and-returns.md): units of an invoice's lines come back
// into finished goods through the ledger's return ("returned to the brewery", TTB F 5130.26 line 4), against the
// removals the line's order line sent out and never more than they sent; the credit (the units' price, deposit
// refunded and their share of the tax) lowers the invoice's balance. Numbered per brewery without gaps.

/** The ledger's return of packaged beer (inventory's finished-goods part). */
export type ReturnFinishedGoods = (
  tx: Db,
  tenant: Tenant,
  input: { removalLiquidEventId: string; units: number; occurredAt: Date; reason: string },
) => Promise<FinishedGoodsWrite>

/** Clock skew a return may be dated ahead of now (the ledger contract). */
const SKEW_MS = 5 * 60_000

const lineRefusal = (index: number, field: string, message: string, code: 'CONFLICT' | 'VALIDATION_FAILED') =>
  new AppError(code, message, [{ path: `data.lines.${index}.${field}`, message }])

export function createCreditNoteService({
  db,
  invoices,
  returnFinishedGoods,
}: {
  db: Db
  invoices: InvoiceService
  returnFinishedGoods: ReturnFinishedGoods
}) {
  return {
    /** Credit Note: the goods come back on the ledger, the credit is numbered and the invoice's balance falls. */
    async create(tx: Db, tenant: Tenant, invoiceId: string, input: NewCreditNote): Promise<Invoice> {
      const repo = createSalesRepository(tx)
      const credits = createCreditNoteRepository(tx)
      const invoice = await repo.invoice(tenant.entityId, invoiceId, { lock: true })
      if (!invoice) throw new AppError('NOT_FOUND', 'Invoice not found.')
      assertCan(tenant, 'sell')
      if (invoice.voidedAt)
        throw new AppError(
          'CONFLICT',
          `Invoice ${invoice.number} is void; a void invoice takes no credit note.`,
        )
      if (await credits.exists(input.id))
        throw new AppError('CONFLICT', `A credit note with id ${input.id} already exists.`)
      const at = input.returnedAt ? new Date(input.returnedAt) : new Date()
      if (at.getTime() > Date.now() + SKEW_MS)
        throw new AppError('VALIDATION_FAILED', 'A return cannot be dated in the future.', [
          { path: 'data.returnedAt', message: 'A return cannot be dated in the future.' },
        ])
      const invoiceLines = await repo.invoiceLines(tenant.entityId, [invoiceId])
      const earlier = groupBy(
        await credits.linesOfInvoiceLines(
          tenant.entityId,
          invoiceLines.map((l) => l.id),
        ),
        (l) => l.invoiceLineId,
      )
      const sequence = await credits.takeNumber(tenant.entityId)
      const number = formatCreditNoteNumber(sequence)
      await lockForTransaction(tx, finishedGoodsLock(tenant.entityId))
      const lines = []
      for (const [index, asked] of input.lines.entries()) {
        const line = invoiceLines.find((l) => l.id === asked.invoiceLineId)
        if (!line)
          throw lineRefusal(index, 'invoiceLineId', 'Not a line of this invoice.', 'VALIDATION_FAILED')
        const before = earlier.get(line.id) ?? []
        const earlierQuantity = before.reduce((sum, l) => sum + l.quantity, 0)
        const name = `${line.productName} ${line.packageType}`
        if (asked.quantity > line.quantity - earlierQuantity)
          throw lineRefusal(
            index,
            'quantity',
            `${name}: ${line.quantity} invoiced and ${earlierQuantity} credited already; at most ${line.quantity - earlierQuantity} can come back.`,
            'CONFLICT',
          )
        // Back on the ledger against the removals the order line sent out, oldest first.
        const removals = line.orderLineId
          ? await credits.removalsOfOrderLine(tenant.entityId, line.orderLineId)
          : []
        const liquidEventIds: string[] = []
        let left = asked.quantity
        for (const removal of removals) {
          const units = Math.min(left, removal.units - removal.back)
          if (units <= 0) continue
          const back = await returnFinishedGoods(tx, tenant, {
            removalLiquidEventId: removal.id,
            units,
            occurredAt: at,
            reason: `Credit note ${number} (invoice ${invoice.number}): ${input.reason}`,
          })
          liquidEventIds.push(...back.liquidEventIds)
          left -= units
          if (left === 0) break
        }
        if (left > 0)
          throw lineRefusal(
            index,
            'quantity',
            `${name}: the ledger shows ${asked.quantity - left} of its units sent out on this invoice and not returned; at most that can come back.`,
            'CONFLICT',
          )
        const units = creditLineAmounts(line, {
          quantity: asked.quantity,
          earlierQuantity,
          earlierTaxCents: before.reduce((sum, l) => sum + l.taxCents, 0),
        })
        // Never more deposit than the line charged: empty kegs scanned back may have refunded some (ADR 350).
        const depositLeft = line.depositCents - before.reduce((sum, l) => sum + l.depositCents, 0)
        const amounts = { ...units, depositCents: Math.max(0, Math.min(units.depositCents, depositLeft)) }
        lines.push({ line, quantity: asked.quantity, amounts, liquidEventIds })
      }
      const totals = totalsOf(lines.map((l) => l.amounts))
      const state = invoiceState(
        invoice,
        await repo.payments(tenant.entityId, [invoiceId]),
        await credits.views(tenant.entityId, { invoiceIds: [invoiceId] }),
      )
      await credits.insert(
        {
          id: input.id,
          entityId: tenant.entityId,
          sequence,
          number,
          invoiceId,
          customerId: invoice.customerId,
          issuedOn: todayIn(await breweryTimeZone(tx, tenant.entityId)),
          returnedAt: at,
          reason: input.reason,
          ...totals,
          refundCents: Math.max(0, totals.totalCents - state.balanceCents),
          createdBy: tenant.userId,
        },
        lines.map((l, position) => ({
          entityId: tenant.entityId,
          creditNoteId: input.id,
          invoiceLineId: l.line.id,
          position,
          quantity: l.quantity,
          ...l.amounts,
          liquidEventIds: l.liquidEventIds,
        })),
      )
      return invoices.getIn(tx, tenant, invoiceId)
    },

    /** The brewery's credit notes, newest first (a customer's when asked). */
    async list(tenant: Tenant, customerId?: string): Promise<CreditNote[]> {
      assertCan(tenant, 'sell')
      const notes = await createCreditNoteRepository(db).views(
        tenant.entityId,
        customerId ? { customerId } : {},
      )
      return notes.reverse()
    },

    /** The credit note as a PDF, with the brewery and the customer as billed on the invoice. */
    async pdf(tenant: Tenant, id: string) {
      const [note] = (await createCreditNoteRepository(db).views(tenant.entityId)).filter((n) => n.id === id)
      if (!note) throw new AppError('NOT_FOUND', 'Credit note not found.')
      assertCan(tenant, 'sell')
      const invoice = await createSalesRepository(db).invoice(tenant.entityId, note.invoiceId)
      const [brewery] = await db.select().from(entities).where(eq(entities.id, tenant.entityId))
      const bytes = await creditNotePdf(note, {
        brewery,
        billTo: {
          name: invoice.customerName,
          address: invoice.billingAddress,
          licenceNumber: invoice.licenceNumber,
        },
      })
      return { bytes, fileName: `credit-note-${note.number}.pdf` }
    },
  }
}

export type CreditNoteService = ReturnType<typeof createCreditNoteService>

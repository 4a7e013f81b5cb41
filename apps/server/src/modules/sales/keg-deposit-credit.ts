import { formatOrderNumber, kegDepositCredit, todayIn, totalsOf } from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import type { creditNoteLines, creditNotes } from '../../db/schema/sales-credits.ts'
import { AppError } from '../../errors.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'
import { createCreditNoteRepository, formatCreditNoteNumber } from './credit-notes.repository.ts'
import { createSalesRepository, type InvoiceRow } from './sales.repository.ts'
import { groupBy, invoiceState } from './sales.views.ts'

// An empty keg back (docs/decisions/350-keg-returns-credit-the-invoice.md): its deposit is credited on the invoice
// that charged it, as a credit note of Sales (CN-00001…, the same numbering, balance and PDF as every credit note,
// ADR 273) with one line: the keg's number, no goods, its deposit. One model: the customer's balance falls by
// exactly what their deposit balance falls. The keg scan is the authority (a Brewer scans kegs back); the amount
// is fixed by the invoice line, never typed.

export type KegDepositCreditInput = {
  orderId: string
  /** An invoice line that charged this keg's deposit: one of the keg's size. */
  isKegLine: (packageType: string) => boolean
  /** The lot the keg carried: a line of that batch is credited first. */
  batchId: string | null
  depositCents: number
  assetNumber: string
  returnedAt: Date
}

/**
 * The deposits of the kegs of one scan credited as one keg after the other would credit them (ADR 422): what they
 * share is read once when opened (the invoices of their orders, locked, with their lines, the credit lines and notes
 * already on them and their payments), each keg's credit is decided in turn (`credit`, which refuses as that keg's
 * scan would, naming `path`), and the credit notes are numbered and written together (`write`), before the scan's
 * events that name them.
 */
export async function kegDepositCredits(tx: Db, tenant: Tenant, orderIds: string[]) {
  const repo = createSalesRepository(tx)
  const credits = createCreditNoteRepository(tx)
  const entityId = tenant.entityId
  const { rows, ordersOf } = await credits.invoicesOfOrders(entityId, [...new Set(orderIds)])
  // Each order's invoice: a live one before a void one, then the latest.
  const invoiceOf = new Map<string, InvoiceRow>()
  for (const row of rows.toSorted(
    (a, b) => Number(a.voidedAt !== null) - Number(b.voidedAt !== null) || b.sequence - a.sequence,
  ))
    for (const orderId of ordersOf.get(row.id) ?? []) if (!invoiceOf.has(orderId)) invoiceOf.set(orderId, row)
  // What crediting reads of a live invoice: its lines, what credit notes took of them, its payments and notes.
  const live = [...new Set([...invoiceOf.values()].filter((i) => !i.voidedAt).map((i) => i.id))]
  const linesOf = groupBy(await repo.invoiceLines(entityId, live), (l) => l.invoiceId)
  const creditedOf = groupBy(
    await credits.linesOfInvoiceLines(
      entityId,
      [...linesOf.values()].flat().map((l) => l.id),
    ),
    (l) => l.invoiceLineId,
  )
  const paidOf = groupBy(await repo.payments(entityId, live), (p) => p.invoiceId)
  const notesOf = groupBy(await credits.views(entityId, { invoiceIds: live }), (n) => n.invoiceId)
  /** What this scan's kegs credited so far: per invoice line, and each invoice's notes. */
  const scanCredited = new Map<string, number>()
  const scanNotes = new Map<string, { totalCents: number }[]>()
  let issuedOn: string | null = null
  const notes: (typeof creditNotes.$inferInsert)[] = []
  const noteLines: (typeof creditNoteLines.$inferInsert)[] = []

  return {
    /** One keg's deposit credited in turn: the id of its credit note, or null when nothing is owed back. */
    async credit(
      input: KegDepositCreditInput,
      path = 'data.assetNumber',
      timeZone?: string,
    ): Promise<string | null> {
      if (input.depositCents <= 0) return null
      const invoice = invoiceOf.get(input.orderId)
      if (!invoice) {
        const order = await repo.order(entityId, input.orderId)
        const number = order ? formatOrderNumber(order.order.sequence) : 'its order'
        throw new AppError(
          'CONFLICT',
          `Keg ${input.assetNumber} went out on order ${number}, which is not dispatched: no invoice charged its deposit yet. Dispatch the order, then scan the keg back.`,
          [{ path, message: 'Its order has no invoice yet' }],
        )
      }
      // A void invoice charged nothing: there is nothing to credit.
      if (invoice.voidedAt) return null
      const lines = (linesOf.get(invoice.id) ?? [])
        .filter((line) => line.depositCents > 0 && input.isKegLine(line.packageType))
        .sort((a, b) => Number(b.batchId === input.batchId) - Number(a.batchId === input.batchId))
      let credited: {
        line: (typeof lines)[number]
        amounts: NonNullable<ReturnType<typeof kegDepositCredit>>
      } | null = null
      for (const line of lines) {
        const amounts = kegDepositCredit(line, {
          kegDepositCents: input.depositCents,
          earlierDepositCents:
            (creditedOf.get(line.id) ?? []).reduce((sum, l) => sum + l.depositCents, 0) +
            (scanCredited.get(line.id) ?? 0),
        })
        if (amounts) {
          credited = { line, amounts }
          break
        }
      }
      // Every deposit of the keg's size on the invoice is refunded already (a credit note for the goods did it).
      if (!credited) return null
      const id = crypto.randomUUID()
      const totals = totalsOf([credited.amounts])
      const state = invoiceState(invoice, paidOf.get(invoice.id) ?? [], [
        ...(notesOf.get(invoice.id) ?? []),
        ...(scanNotes.get(invoice.id) ?? []),
      ])
      issuedOn ??= todayIn(timeZone ?? (await breweryTimeZone(tx, entityId)))
      notes.push({
        id,
        entityId,
        // Numbered when written (`write`), in the order credited.
        sequence: 0,
        number: '',
        invoiceId: invoice.id,
        customerId: invoice.customerId,
        issuedOn,
        returnedAt: input.returnedAt,
        reason: `Keg ${input.assetNumber} returned empty: its deposit credited.`,
        ...totals,
        refundCents: Math.max(0, totals.totalCents - state.balanceCents),
        createdBy: tenant.userId,
      })
      const line = {
        entityId,
        creditNoteId: id,
        invoiceLineId: credited.line.id,
        position: 0,
        quantity: 0,
        ...credited.amounts,
        kegAssetNumber: input.assetNumber,
        liquidEventIds: [],
      }
      noteLines.push(line)
      // The next keg of the scan sees this credit: on the line, and in the invoice's balance.
      scanCredited.set(credited.line.id, (scanCredited.get(credited.line.id) ?? 0) + line.depositCents)
      scanNotes.set(invoice.id, [...(scanNotes.get(invoice.id) ?? []), { totalCents: totals.totalCents }])
      return id
    },

    /** The credit notes decided, numbered in turn and written. */
    async write(): Promise<void> {
      if (notes.length === 0) return
      const first = await credits.takeNumber(entityId, notes.length)
      notes.forEach((note, index) => {
        note.sequence = first + index
        note.number = formatCreditNoteNumber(first + index)
      })
      await credits.insertMany(notes, noteLines)
    },
  }
}
export type KegDepositCredits = typeof kegDepositCredits

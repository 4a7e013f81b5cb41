import { formatOrderNumber, kegDepositCredit, todayIn, totalsOf } from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'
import { createCreditNoteRepository, formatCreditNoteNumber } from './credit-notes.repository.ts'
import { createSalesRepository } from './sales.repository.ts'
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

/** The credit note booked, or null when nothing is owed back (a void invoice; deposits already refunded). */
export type KegDepositCredit = { creditNoteId: string; number: string; invoiceNumber: string } | null

export async function creditKegDeposit(
  tx: Db,
  tenant: Tenant,
  input: KegDepositCreditInput,
): Promise<KegDepositCredit> {
  if (input.depositCents <= 0) return null
  const repo = createSalesRepository(tx)
  const credits = createCreditNoteRepository(tx)
  const invoice = await credits.invoiceOfOrder(tenant.entityId, input.orderId)
  if (!invoice) {
    const order = await repo.order(tenant.entityId, input.orderId)
    const number = order ? formatOrderNumber(order.order.sequence) : 'its order'
    throw new AppError(
      'CONFLICT',
      `Keg ${input.assetNumber} went out on order ${number}, which is not dispatched: no invoice charged its deposit yet. Dispatch the order, then scan the keg back.`,
      [{ path: 'data.assetNumber', message: 'Its order has no invoice yet' }],
    )
  }
  // A void invoice charged nothing: there is nothing to credit.
  if (invoice.voidedAt) return null
  const lines = (await repo.invoiceLines(tenant.entityId, [invoice.id]))
    .filter((line) => line.depositCents > 0 && input.isKegLine(line.packageType))
    .sort((a, b) => Number(b.batchId === input.batchId) - Number(a.batchId === input.batchId))
  const earlier = groupBy(
    await credits.linesOfInvoiceLines(
      tenant.entityId,
      lines.map((l) => l.id),
    ),
    (l) => l.invoiceLineId,
  )
  let credited: {
    line: (typeof lines)[number]
    amounts: NonNullable<ReturnType<typeof kegDepositCredit>>
  } | null = null
  for (const line of lines) {
    const amounts = kegDepositCredit(line, {
      kegDepositCents: input.depositCents,
      earlierDepositCents: (earlier.get(line.id) ?? []).reduce((sum, l) => sum + l.depositCents, 0),
    })
    if (amounts) {
      credited = { line, amounts }
      break
    }
  }
  // Every deposit of the keg's size on the invoice is refunded already (a credit note for the goods did it).
  if (!credited) return null
  const id = crypto.randomUUID()
  const sequence = await credits.takeNumber(tenant.entityId)
  const number = formatCreditNoteNumber(sequence)
  const totals = totalsOf([credited.amounts])
  const state = invoiceState(
    invoice,
    await repo.payments(tenant.entityId, [invoice.id]),
    await credits.views(tenant.entityId, { invoiceIds: [invoice.id] }),
  )
  await credits.insert(
    {
      id,
      entityId: tenant.entityId,
      sequence,
      number,
      invoiceId: invoice.id,
      customerId: invoice.customerId,
      issuedOn: todayIn(await breweryTimeZone(tx, tenant.entityId)),
      returnedAt: input.returnedAt,
      reason: `Keg ${input.assetNumber} returned empty: its deposit credited.`,
      ...totals,
      refundCents: Math.max(0, totals.totalCents - state.balanceCents),
      createdBy: tenant.userId,
    },
    [
      {
        entityId: tenant.entityId,
        creditNoteId: id,
        invoiceLineId: credited.line.id,
        position: 0,
        quantity: 0,
        ...credited.amounts,
        kegAssetNumber: input.assetNumber,
        liquidEventIds: [],
      },
    ],
  )
  return { creditNoteId: id, number, invoiceNumber: invoice.number }
}
export type CreditKegDeposit = typeof creditKegDeposit

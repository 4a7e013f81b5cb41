import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import type { AccountMapping } from '../../db/schema/accounting.ts'
import { invoiceLines, invoices } from '../../db/schema/sales.ts'
import { creditNoteLines, creditNotes } from '../../db/schema/sales-credits.ts'
import { AppError } from '../../errors.ts'
import type { Links } from './links.ts'
import type { AccountingProvider, ExternalRef, PushInvoiceLine, Session } from './provider.ts'

// A credit note pushed once (docs/decisions/367-credit-notes-pushed.md): QuickBooks' CreditMemo, Xero's credit note
// of type ACCRECCREDIT, with the lines of the invoice it credits (the beer returned at the invoice's price and
// account, the deposits refunded on the keg-deposit liability) and its tax; the accounting system's id kept beside
// ours, so a retry updates it.

type Deps = {
  db: Db
  links: Pick<Links, 'linkOf' | 'saveLink'>
  customerRef: (
    provider: AccountingProvider,
    session: Session,
    entityId: string,
    customerId: string,
  ) => Promise<ExternalRef>
  accountOf: (ref: { id: string; code: string } | undefined, role: string) => { id: string; code: string }
}

async function creditNoteOf(db: Db, entityId: string, creditNoteId: string) {
  const [note] = await db
    .select({ note: creditNotes, invoiceNumber: invoices.number })
    .from(creditNotes)
    .innerJoin(invoices, and(eq(invoices.id, creditNotes.invoiceId), eq(invoices.entityId, entityId)))
    .where(and(eq(creditNotes.entityId, entityId), eq(creditNotes.id, creditNoteId)))
  return note ?? null
}

/** "Credit note CN-00001". */
export async function creditNoteLabel(db: Db, entityId: string, creditNoteId: string) {
  return `Credit note ${(await creditNoteOf(db, entityId, creditNoteId))?.note.number ?? creditNoteId}`
}

export async function pushCreditNote(
  { db, links, customerRef, accountOf }: Deps,
  provider: AccountingProvider,
  session: Session,
  mapping: AccountMapping,
  entityId: string,
  creditNoteId: string,
) {
  const found = await creditNoteOf(db, entityId, creditNoteId)
  if (!found) throw new AppError('NOT_FOUND', 'Credit note not found.')
  const { note, invoiceNumber } = found
  const rows = await db
    .select({ credit: creditNoteLines, line: invoiceLines })
    .from(creditNoteLines)
    .innerJoin(
      invoiceLines,
      and(eq(invoiceLines.id, creditNoteLines.invoiceLineId), eq(invoiceLines.entityId, entityId)),
    )
    .where(and(eq(creditNoteLines.entityId, entityId), eq(creditNoteLines.creditNoteId, creditNoteId)))
    .orderBy(asc(creditNoteLines.position))
  const income = accountOf(mapping.income, 'income')
  const lines: PushInvoiceLine[] = rows.flatMap(({ credit, line }) => {
    const beer: PushInvoiceLine = {
      kind: 'beer',
      description: `Returned: ${line.productName} ${line.packageType}${line.batchNumber ? ` (batch ${line.batchNumber})` : ''}`,
      quantity: credit.quantity,
      unitPriceCents: line.unitPriceCents,
      amountCents: credit.subtotalCents,
      taxCents: credit.taxCents,
      account: mapping.incomeByPackageType?.[line.packageType] ?? income,
    }
    if (!credit.depositCents) return [beer]
    return [
      beer,
      {
        kind: 'deposit',
        description: `Keg deposit refunded: ${line.productName} ${line.packageType}`,
        quantity: credit.quantity,
        unitPriceCents: Math.round(credit.depositCents / Math.max(1, credit.quantity)),
        amountCents: credit.depositCents,
        taxCents: 0,
        account: accountOf(mapping.kegDeposits, 'keg-deposit liability'),
      },
    ]
  })
  const customer = await customerRef(provider, session, entityId, note.customerId)
  const existing = await links.linkOf(entityId, provider.name, 'creditNote', creditNoteId)
  const ref = await provider.upsertCreditNote(
    session,
    {
      id: note.id,
      number: note.number,
      customerExternalId: customer.externalId,
      invoiceNumber,
      issuedOn: note.issuedOn,
      reason: note.reason,
      lines,
      taxCents: note.taxCents,
      totalCents: note.totalCents,
    },
    existing,
  )
  await links.saveLink(entityId, provider.name, 'creditNote', creditNoteId, ref)
  return { ref, label: `Credit note ${note.number}` }
}

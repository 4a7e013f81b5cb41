import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  formatCents,
  PAYMENT_METHOD_LABELS,
  type AgingRow,
  type Address,
  type Invoice,
} from '@brewcommand/domain'
import { createPdfWriter, type Brewery } from './pdf-writer.ts'

// A customer statement as a PDF: the brewery, STATEMENT with the date, the customer, their open invoices (date,
// due, total, paid, credited, balance), the credit notes and payments of their invoices, the aging buckets and the
// balance due. A pure function.

export async function statementPdf({
  brewery,
  customer,
  asOf,
  invoices,
  aging,
}: {
  brewery: Brewery
  customer: { name: string; address: Address; licenceNumber: string }
  asOf: string
  invoices: Invoice[]
  aging: Omit<AgingRow, 'customerId' | 'customerName'>
}): Promise<Uint8Array> {
  const w = await createPdfWriter(`Statement ${customer.name} ${asOf}`, asOf)
  w.heading(brewery, 'STATEMENT', [`Date: ${asOf}`], { label: 'Statement for', ...customer })
  const live = invoices.filter((i) => i.status !== 'void')
  const open = live.filter((i) => i.balanceCents > 0)

  w.draw('Open invoices', 40, { font: w.bold, size: 11 })
  w.down(16)
  const columns: [string, number, boolean][] = [
    ['Invoice', 40, false],
    ['Date', 130, false],
    ['Due', 200, false],
    ['Total', 330, true],
    ['Paid', 400, true],
    ['Credited', 480, true],
    ['Balance', 572, true],
  ]
  for (const [label, x, right] of columns) w.draw(label, x, { font: w.bold, right })
  w.down(14)
  w.rule()
  if (open.length === 0) {
    w.draw('No open invoices.', 40)
    w.down(14)
  }
  for (const invoice of open) {
    w.room(16)
    w.draw(invoice.number, 40)
    w.draw(invoice.issuedOn, 130)
    w.draw(invoice.dueOn, 200)
    w.draw(formatCents(invoice.totalCents), 330, { right: true })
    w.draw(formatCents(invoice.paidCents), 400, { right: true })
    w.draw(formatCents(invoice.creditedCents), 480, { right: true })
    w.draw(formatCents(invoice.balanceCents), 572, { right: true })
    w.down(14)
  }
  w.down(10)

  const credits = live.flatMap((i) => i.creditNotes)
  const payments = live.flatMap((i) => i.payments.map((p) => ({ ...p, invoiceNumber: i.number })))
  w.room(40)
  w.draw('Credit notes', 40, { font: w.bold, size: 11 })
  w.down(16)
  if (credits.length === 0) {
    w.draw('None.', 40)
    w.down(14)
  }
  for (const note of credits) {
    w.room(16)
    w.draw(`${note.number} (${note.issuedOn}) against ${note.invoiceNumber}: ${note.reason}`, 40, {
      width: 440,
    })
    w.draw(formatCents(note.totalCents), 572, { right: true })
    w.down(14)
  }
  w.down(10)
  w.room(40)
  w.draw('Payments', 40, { font: w.bold, size: 11 })
  w.down(16)
  if (payments.length === 0) {
    w.draw('None.', 40)
    w.down(14)
  }
  for (const payment of payments) {
    w.room(16)
    w.draw(
      `${payment.receivedOn} ${PAYMENT_METHOD_LABELS[payment.method]}${payment.reference ? ` ${payment.reference}` : ''} to ${payment.invoiceNumber}`,
      40,
      { width: 440 },
    )
    w.draw(formatCents(payment.amountCents), 572, { right: true })
    w.down(14)
  }
  w.down(10)
  w.room(60)
  w.draw('Aging', 40, { font: w.bold, size: 11 })
  w.down(16)
  const x = [130, 220, 310, 400, 490]
  AGING_BUCKETS.forEach((bucket, i) =>
    w.draw(AGING_BUCKET_LABELS[bucket], x[i], { font: w.bold, right: true }),
  )
  w.draw('Balance due', 572, { font: w.bold, right: true })
  w.down(14)
  AGING_BUCKETS.forEach((bucket, i) => w.draw(formatCents(aging[bucket]), x[i], { right: true }))
  w.draw(formatCents(aging.totalCents), 572, { font: w.bold, right: true })
  return w.save()
}

import { formatCents, type Address, type CreditNote } from '@brewcommand/domain'
import { createPdfWriter, type Brewery } from './pdf-writer.ts'

// A credit note as a PDF (ADR 273): the brewery, CREDIT NOTE with its number, the invoice it credits and the dates,
// the customer as billed, one row per line returned (batch, units, price, deposit refunded, tax), the totals and
// what is owed back beyond the invoice's balance. A pure function.

export async function creditNotePdf(
  note: CreditNote,
  parties: { brewery: Brewery; billTo: { name: string; address: Address; licenceNumber: string } },
): Promise<Uint8Array> {
  const w = await createPdfWriter(`Credit note ${note.number}`, note.issuedOn)
  w.heading(
    parties.brewery,
    'CREDIT NOTE',
    [
      `Number: ${note.number}`,
      `Date: ${note.issuedOn}`,
      `Against invoice: ${note.invoiceNumber}`,
      `Returned: ${note.returnedAt.slice(0, 10)}`,
    ],
    { label: 'Credit to', ...parties.billTo },
  )
  w.draw(`Reason: ${note.reason}`, 40, { width: 530 })
  w.down(20)
  const columns: [string, number, boolean][] = [
    ['Item', 40, false],
    ['Batch', 260, false],
    ['Qty', 380, true],
    ['Credit', 450, true],
    ['Deposit', 510, true],
    ['Tax', 572, true],
  ]
  for (const [label, x, right] of columns) w.draw(label, x, { font: w.bold, right })
  w.down(14)
  w.rule()
  for (const line of note.lines) {
    w.room(16)
    const what = line.kegAssetNumber
      ? `Keg ${line.kegAssetNumber} back empty (${line.packageType} deposit)`
      : `${line.productName} ${line.packageType}`
    w.draw(what, 40, { width: 210 })
    w.draw(line.batchNumber || '-', 260, { width: 100 })
    w.draw(String(line.quantity), 380, { right: true })
    w.draw(formatCents(line.subtotalCents), 450, { right: true })
    w.draw(formatCents(line.depositCents), 510, { right: true })
    w.draw(formatCents(line.taxCents), 572, { right: true })
    w.down(14)
  }
  w.rule()
  w.down(6)
  const totals: [string, number][] = [
    ['Goods returned', note.subtotalCents],
    ['Deposits refunded', note.depositCents],
    ['Sales tax', note.taxCents],
    ['Total credit', note.totalCents],
    ...(note.refundCents > 0
      ? ([['To refund to the customer', note.refundCents]] as [string, number][])
      : []),
  ]
  for (const [label, cents] of totals) {
    w.room(14)
    const strong = label === 'Total credit'
    w.draw(label, 450, { font: strong ? w.bold : undefined, right: true })
    w.draw(formatCents(cents), 572, { font: strong ? w.bold : undefined, right: true })
    w.down(13)
  }
  return w.save()
}

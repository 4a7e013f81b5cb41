import { formatCents, PAYMENT_TERMS_LABELS, type Address, type Invoice } from '@brewcommand/domain'
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib'

// An invoice as a PDF (pdf-lib, as the TTB forms: docs/decisions/216-pdf-lib-for-the-ttb-forms.md), laid out as a
// buyer's accounts department expects: the brewery's name, address and licence numbers at the top left, the
// invoice's number and dates at the top right, Bill to, then one row per line with SKU, UPC, the lot (batch)
// number, quantity, price, deposit and tax, then the totals, payments and balance due. A pure function.

export type InvoiceParties = {
  brewery: {
    name: string
    address: string
    city: string
    state: string
    zip: string
    phone: string
    ein: string
  }
  brewersNoticeNumber: string
  billTo: { name: string; address: Address; licenceNumber: string }
}

// The standard fonts encode WinAnsi only: other characters become '?'.
const ascii = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?')
const money = (cents: number) => formatCents(cents)
const addressLines = (a: Address) =>
  [a.line1, a.line2, [a.city, a.state, a.zip].filter(Boolean).join(' '), a.country].filter(
    (line) => line !== '',
  )

/** Columns of the lines table: x of each column's left edge (right edge for figures). */
const COLUMNS = [
  { label: 'Item', x: 40, width: 150 },
  { label: 'SKU / UPC', x: 192, width: 84 },
  { label: 'Batch', x: 278, width: 70 },
  { label: 'Qty', x: 380, right: true },
  { label: 'Price', x: 440, right: true },
  { label: 'Deposit', x: 500, right: true },
  { label: 'Tax', x: 572, right: true },
] as const

export async function invoicePdf(invoice: Invoice, parties: InvoiceParties): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(`Invoice ${invoice.number}`)
  pdf.setProducer('BrewCommand')
  pdf.setCreationDate(new Date(`${invoice.issuedOn}T12:00:00Z`))
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  let page = pdf.addPage([612, 792])
  let y = 752
  const draw = (
    text: string,
    x: number,
    options: { size?: number; font?: PDFFont; right?: boolean; width?: number } = {},
  ) => {
    const size = options.size ?? 9
    const f = options.font ?? font
    let t = ascii(text)
    if (options.width)
      while (t.length > 1 && f.widthOfTextAtSize(t, size) > options.width) t = `${t.slice(0, -4)}...`
    page.drawText(t, { x: options.right ? x - f.widthOfTextAtSize(t, size) : x, y, size, font: f })
  }
  const rule = () => {
    page.drawLine({
      start: { x: 40, y: y + 9 },
      end: { x: 572, y: y + 9 },
      thickness: 0.5,
      color: rgb(0, 0, 0),
    })
  }
  const room = (height: number) => {
    if (y - height >= 50) return
    page = pdf.addPage([612, 792])
    y = 752
  }

  // The brewery, top left; the invoice, top right.
  const { brewery } = parties
  draw(brewery.name, 40, { size: 16, font: bold })
  draw('INVOICE', 572, { size: 16, font: bold, right: true })
  y -= 18
  const left = [
    brewery.address,
    [brewery.city, brewery.state, brewery.zip].filter(Boolean).join(' '),
    brewery.phone,
    parties.brewersNoticeNumber ? `Brewer's Notice ${parties.brewersNoticeNumber}` : '',
    brewery.ein ? `EIN ${brewery.ein}` : '',
  ].filter((line) => line !== '')
  const right = [
    `Number: ${invoice.number}`,
    `Date: ${invoice.issuedOn}`,
    `Terms: ${PAYMENT_TERMS_LABELS[invoice.paymentTerms]}`,
    `Due: ${invoice.dueOn}`,
    ...(invoice.status === 'void' ? ['VOID'] : []),
  ]
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    if (left[i]) draw(left[i], 40)
    if (right[i]) draw(right[i], 572, { right: true, font: right[i] === 'VOID' ? bold : font })
    y -= 12
  }
  y -= 10
  draw('Bill to', 40, { font: bold })
  y -= 12
  for (const line of [
    parties.billTo.name,
    ...addressLines(parties.billTo.address),
    ...(parties.billTo.licenceNumber ? [`Licence ${parties.billTo.licenceNumber}`] : []),
  ]) {
    draw(line, 40)
    y -= 12
  }
  y -= 14

  // The lines.
  for (const column of COLUMNS) draw(column.label, column.x, { font: bold, right: 'right' in column })
  y -= 14
  rule()
  for (const line of invoice.lines) {
    room(26)
    draw(`${line.productName} ${line.packageType}`, 40, { width: 150 })
    draw(line.sku || '-', 192, { width: 84 })
    draw(line.batchNumber || '-', 278, { width: 100 })
    draw(String(line.quantity), 380, { right: true })
    draw(money(line.unitPriceCents), 440, { right: true })
    draw(money(line.depositCents), 500, { right: true })
    draw(money(line.taxCents), 572, { right: true })
    y -= 11
    if (line.upc) {
      draw(`UPC ${line.upc}`, 192, { size: 7, width: 84 })
    }
    draw(`Line total ${money(line.subtotalCents)}`, 40, { size: 7 })
    y -= 13
  }
  rule()
  y -= 6
  const totals: [string, number][] = [
    ['Subtotal', invoice.subtotalCents],
    ['Deposits (refundable)', invoice.depositCents],
    ['Sales tax', invoice.taxCents],
    ['Total', invoice.totalCents],
    ['Paid', invoice.paidCents],
    ['Balance due', invoice.balanceCents],
  ]
  for (const [label, cents] of totals) {
    room(14)
    const strong = label === 'Total' || label === 'Balance due'
    draw(label, 440, { font: strong ? bold : font, right: true })
    draw(money(cents), 572, { font: strong ? bold : font, right: true })
    y -= 13
  }
  if (invoice.status === 'void') {
    y -= 6
    draw(`Void: ${invoice.voidReason}`, 40, { font: bold })
  }
  return pdf.save()
}

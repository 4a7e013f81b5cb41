import type { Recall } from '@brewcommand/domain'
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib'

// The recall list as a PDF (pdf-lib, as the invoice and the TTB forms: ADR 216): the recall's number, origin,
// reason and timing at the top, then each customer with contact, what was shipped (order, invoice, date, product,
// batch, units) and whether they were contacted, then the stock held in the brewery. A pure function.

const ascii = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?')

export async function recallPdf(recall: Recall): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(`${recall.kind === 'drill' ? 'Mock recall drill' : 'Recall'} ${recall.number}`)
  pdf.setProducer('BrewCommand')
  pdf.setCreationDate(new Date(recall.startedAt))
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  let page = pdf.addPage([612, 792])
  let y = 752
  const line = (text: string, x = 40, options: { size?: number; font?: PDFFont; width?: number } = {}) => {
    const size = options.size ?? 9
    const f = options.font ?? font
    let t = ascii(text)
    const width = options.width ?? 572 - x
    while (t.length > 1 && f.widthOfTextAtSize(t, size) > width) t = `${t.slice(0, -4)}...`
    page.drawText(t, { x, y, size, font: f, color: rgb(0, 0, 0) })
  }
  const next = (gap = 13) => {
    y -= gap
    if (y < 50) {
      page = pdf.addPage([612, 792])
      y = 752
    }
  }
  line(`${recall.kind === 'drill' ? 'Mock recall drill' : 'Recall'} ${recall.number}`, 40, {
    size: 16,
    font: bold,
  })
  next(22)
  line(`From: ${recall.originLabel}`)
  next()
  line(`Reason: ${recall.reason}`)
  next()
  line(
    `Started ${recall.startedAt.replace('T', ' ').slice(0, 16)} UTC; list complete in ${recall.listMs} ms; ` +
      `${recall.status === 'closed' ? `closed ${recall.closedAt?.slice(0, 10)}: ${recall.outcome}` : 'open'}`,
  )
  next(22)
  line(`Customers reached (${recall.customers.length})`, 40, { size: 11, font: bold })
  next(16)
  if (recall.customers.length === 0) {
    line('No shipment of these lots left the brewery.')
    next()
  }
  for (const customer of recall.customers) {
    line(`${customer.customerName} - ${customer.unitsShipped} units`, 40, { font: bold })
    next()
    const contact = customer.contacts
      .map((c) => [c.name, c.phone, c.email].filter(Boolean).join(' '))
      .join('; ')
    line(`Contact: ${contact || 'none on file'}`, 52)
    next()
    for (const s of customer.shipments) {
      line(
        `${s.orderNumber}${s.invoiceNumber ? ` / ${s.invoiceNumber}` : ''}  ${s.dispatchedOn}  ${s.product} ${s.packageType}  batch ${s.batchNumber}  x ${s.units}`,
        52,
      )
      next()
    }
    for (const k of customer.kegsOut) {
      line(
        `Keg ${k.assetNumber} (${k.size})  batch ${k.batchNumber}${k.orderNumber ? `  ${k.orderNumber}` : ''}  out since ${k.since.slice(0, 10)}: ${k.daysOut} days`,
        52,
      )
      next()
    }
    line(
      customer.contactedAt
        ? `Contacted ${customer.contactedAt.slice(0, 10)}; returned ${customer.returnedUnits}${customer.contactNote ? `; ${customer.contactNote}` : ''}`
        : 'Not contacted yet',
      52,
    )
    next(18)
  }
  next(6)
  line(`Stock in the brewery (${recall.stock.length})`, 40, { size: 11, font: bold })
  next(16)
  for (const s of recall.stock) {
    const hold = recall.holds.find((h) => h.kind === s.kind && h.label === s.label)
    line(
      `${s.label}: ${s.quantity}${hold ? (hold.releasedAt ? ` - released (${hold.releaseReason})` : ' - on hold') : ''}`,
    )
    next()
  }
  if (recall.history.length > 0) {
    next(10)
    line('History', 40, { size: 11, font: bold })
    next(16)
    for (const event of recall.history) {
      line(`${event.at.replace('T', ' ').slice(0, 16)}  ${event.action}  ${event.note}`)
      next()
    }
  }
  return pdf.save()
}

import type { Address } from '@brewcommand/domain'
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib'

// A small page writer for the sales documents that are not the invoice (credit note, customer statement): Letter
// pages, Helvetica, text drawn left or right aligned at a running line, a new page when the room runs out. The
// layout follows invoice.pdf.ts (pdf-lib, docs/decisions/216-pdf-lib-for-the-ttb-forms.md).

export type Brewery = {
  name: string
  address: string
  city: string
  state: string
  zip: string
  phone: string
}

// The standard fonts encode WinAnsi only: other characters become '?'.
const ascii = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?')

export const addressLines = (a: Address) =>
  [a.line1, a.line2, [a.city, a.state, a.zip].filter(Boolean).join(' '), a.country].filter(
    (line) => line !== '',
  )

export async function createPdfWriter(title: string, createdOn: string) {
  const pdf = await PDFDocument.create()
  pdf.setTitle(title)
  pdf.setProducer('BrewCommand')
  pdf.setCreationDate(new Date(`${createdOn}T12:00:00Z`))
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  let page = pdf.addPage([612, 792])
  const at = { y: 752 }
  const writer = {
    bold,
    at,
    draw(
      text: string,
      x: number,
      options: { size?: number; font?: PDFFont; right?: boolean; width?: number } = {},
    ) {
      const size = options.size ?? 9
      const f = options.font ?? font
      let t = ascii(text)
      if (options.width)
        while (t.length > 1 && f.widthOfTextAtSize(t, size) > options.width) t = `${t.slice(0, -4)}...`
      page.drawText(t, { x: options.right ? x - f.widthOfTextAtSize(t, size) : x, y: at.y, size, font: f })
    },
    rule() {
      page.drawLine({
        start: { x: 40, y: at.y + 9 },
        end: { x: 572, y: at.y + 9 },
        thickness: 0.5,
        color: rgb(0, 0, 0),
      })
    },
    room(height: number) {
      if (at.y - height >= 50) return
      page = pdf.addPage([612, 792])
      at.y = 752
    },
    down(points: number) {
      at.y -= points
    },
    /** The brewery top left, the document's name and facts top right, then the customer. */
    heading(
      brewery: Brewery,
      name: string,
      facts: string[],
      party: { label: string; name: string; address: Address; licenceNumber: string },
    ) {
      writer.draw(brewery.name, 40, { size: 16, font: bold })
      writer.draw(name, 572, { size: 16, font: bold, right: true })
      at.y -= 18
      const left = [
        brewery.address,
        [brewery.city, brewery.state, brewery.zip].filter(Boolean).join(' '),
        brewery.phone,
      ].filter((line) => line !== '')
      for (let i = 0; i < Math.max(left.length, facts.length); i++) {
        if (left[i]) writer.draw(left[i], 40)
        if (facts[i]) writer.draw(facts[i], 572, { right: true })
        at.y -= 12
      }
      at.y -= 10
      writer.draw(party.label, 40, { font: bold })
      at.y -= 12
      for (const line of [
        party.name,
        ...addressLines(party.address),
        ...(party.licenceNumber ? [`Licence ${party.licenceNumber}`] : []),
      ]) {
        writer.draw(line, 40)
        at.y -= 12
      }
      at.y -= 14
    },
    save: () => pdf.save(),
  }
  return writer
}

import { PDFDocument, StandardFonts, rgb } from 'pdf-lib'
import QRCode from 'qrcode'

// Print Labels (docs/decisions/290-kegs.md): a sheet of QR codes with the asset number beneath, on the Avery 5160
// layout (US Letter, 3 × 10 labels of 2 5/8" × 1", top margin 1/2", left margin 3/16", 1/8" between columns). The
// QR code (the `qrcode` package's matrix, error correction M) is drawn as vector squares, so it prints sharp at any
// size; the code holds the asset number only, which is what the Scan screen reads. A pure function.

const INCH = 72
export const AVERY_5160 = {
  page: [8.5 * INCH, 11 * INCH] as [number, number],
  columns: 3,
  rows: 10,
  width: 2.625 * INCH,
  height: 1 * INCH,
  left: 0.1875 * INCH,
  top: 0.5 * INCH,
  pitchX: 2.75 * INCH,
  pitchY: 1 * INCH,
}

/** QR side and the text beneath, in points. */
const QR_SIDE = 0.66 * INCH
const TEXT_SIZE = 9

export async function kegLabelsPdf(
  labels: { assetNumber: string; caption: string }[],
  { title = 'Keg labels', now = new Date() }: { title?: string; now?: Date } = {},
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(title)
  pdf.setProducer('BrewCommand')
  pdf.setCreationDate(now)
  const font = await pdf.embedFont(StandardFonts.HelveticaBold)
  const small = await pdf.embedFont(StandardFonts.Helvetica)
  const perPage = AVERY_5160.columns * AVERY_5160.rows
  const layout = AVERY_5160
  let page = pdf.addPage(layout.page)
  labels.forEach((label, index) => {
    const slot = index % perPage
    if (index > 0 && slot === 0) page = pdf.addPage(layout.page)
    const column = slot % layout.columns
    const row = Math.floor(slot / layout.columns)
    const x0 = layout.left + column * layout.pitchX
    const yTop = layout.page[1] - layout.top - row * layout.pitchY
    const qr = QRCode.create(label.assetNumber, { errorCorrectionLevel: 'M' })
    const size = qr.modules.size
    const cell = QR_SIDE / size
    const qrX = x0 + (layout.width - QR_SIDE) / 2
    const qrY = yTop - 4 - QR_SIDE
    for (let r = 0; r < size; r++)
      for (let c = 0; c < size; c++)
        if (qr.modules.get(r, c))
          page.drawRectangle({
            x: qrX + c * cell,
            y: qrY + (size - 1 - r) * cell,
            width: cell + 0.02,
            height: cell + 0.02,
            color: rgb(0, 0, 0),
          })
    const text = label.assetNumber
    const textWidth = font.widthOfTextAtSize(text, TEXT_SIZE)
    page.drawText(text, {
      x: x0 + (layout.width - textWidth) / 2,
      y: qrY - TEXT_SIZE - 1,
      size: TEXT_SIZE,
      font,
    })
    if (label.caption) {
      const caption = label.caption.replace(/[^\x20-\x7E]/g, '?')
      page.drawText(caption, { x: x0 + 6, y: yTop - 12, size: 6, font: small, color: rgb(0.3, 0.3, 0.3) })
    }
  })
  return pdf.save()
}

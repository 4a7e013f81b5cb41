import {
  dollarsOfCents,
  toCsv,
  unitsToBarrels,
  unitsToFormBarrels,
  type ExciseReturn,
  type OperationsReport,
  type Posting,
  type ReportLine,
} from '@brewcommand/domain'
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'

// The reports as files: a PDF laid out like the TTB form (docs/decisions/216-pdf-lib-for-the-ttb-forms.md) and
// CSVs of every table. Pure functions of a computed report.

type Header = {
  brewery: string
  brewersNoticeNumber: string
  /** Where the period's days begin (ADR 224). */
  timeZone: string
  closed: { closedAt: string; contentHash: string } | null
}

const TITLES: Record<string, string> = {
  '5130.26': "TTB F 5130.26 - Quarterly Brewer's Report of Operations",
  '5130.9': "TTB F 5130.9 - Brewer's Report of Operations",
  '5000.24': 'TTB F 5000.24 - Excise Tax Return (beer)',
}

/** One page per report, A4-wide US letter: title block, the form's numbered lines, then the reconciliation. */
export async function reportPdf(
  report: OperationsReport | ExciseReturn,
  header: Header,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(`${TITLES[report.form]} ${report.period.key}`)
  pdf.setProducer('BrewCommand')
  pdf.setCreationDate(new Date(header.closed?.closedAt ?? Date.now()))
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const writer = new PageWriter(pdf, font)

  writer.text(TITLES[report.form], { size: 14, font: bold })
  writer.text(
    `Period: ${report.period.key} (${report.period.from} to before ${report.period.to}, days from midnight ${header.timeZone})`,
  )
  writer.text(`Brewery: ${header.brewery || '-'}`)
  writer.text(`Brewer's Notice number: ${header.brewersNoticeNumber || 'not set (Settings, Tax)'}`)
  writer.text(
    header.closed
      ? `Closed ${header.closed.closedAt}; content hash sha-256 ${header.closed.contentHash}`
      : 'Open period: figures may still change',
    { size: 8 },
  )
  writer.gap()
  writer.row(['Line', 'Description', 'Barrels'], { font: bold })
  writer.rule()
  for (const line of report.lines) writer.row([String(line.number), line.label, line.barrels])
  writer.rule()

  if (report.form === '5000.24') {
    writer.gap()
    writer.row(['', 'Tax by rate', 'Tax'], { font: bold })
    for (const tier of report.tiers) {
      writer.row([
        '',
        `${tier.line.barrels} bbl at ${dollarsOfCents(tier.rateCents)} per barrel`,
        dollarsOfCents(tier.taxCents),
      ])
    }
    writer.rule()
    writer.row(['', 'Total tax', dollarsOfCents(report.taxCents)], { font: bold })
    writer.text(
      `Taxable barrels of the calendar year before this period: ${unitsToFormBarrels(report.yearToDateBeforeUnits)}`,
      {
        size: 8,
      },
    )
  } else {
    if (report.packaging.length > 0) {
      writer.gap()
      writer.row(['', 'Packaged in the period', 'Barrels'], { font: bold })
      for (const line of report.packaging) writer.row([String(line.number), line.label, line.barrels])
    }
    writer.gap()
    writer.text('Reconciliation with the physical inventory', { font: bold })
    writer.row(['Month', 'Start + additions - removals = books / counted', 'Over / short'], { font: bold })
    for (const month of report.reconciliation) {
      const counted = month.physicalUnits === null ? 'not counted' : unitsToFormBarrels(month.physicalUnits)
      writer.row([
        month.month,
        `${unitsToFormBarrels(month.startUnits)} + ${unitsToFormBarrels(month.additionsUnits)} - ${unitsToFormBarrels(month.removalsUnits)} = ${unitsToFormBarrels(month.bookEndUnits)} / ${counted}`,
        month.overageUnits > 0
          ? `+${unitsToFormBarrels(month.overageUnits)}`
          : month.shortageUnits > 0
            ? `-${unitsToFormBarrels(month.shortageUnits)}`
            : '0.00',
      ])
      if (month.note) writer.text(`    ${month.note}`, { size: 8 })
    }
  }
  if (report.unclassified.length > 0) {
    writer.gap()
    writer.text(
      `${report.unclassified.length} ledger event(s) have a class the reports do not know and count nowhere.`,
      {
        size: 8,
      },
    )
  }
  writer.gap()
  writer.text('Barrels of 31 US gallons, to two decimals. Computed by BrewCommand from the liquid ledger.', {
    size: 8,
  })
  return pdf.save()
}

/** Writes rows down a page, starting a new page when it is full. */
class PageWriter {
  private page: PDFPage
  private y: number
  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
  ) {
    this.page = pdf.addPage([612, 792])
    this.y = 750
  }
  private room(height: number) {
    if (this.y - height < 40) {
      this.page = this.pdf.addPage([612, 792])
      this.y = 750
    }
  }
  text(text: string, { size = 10, font = this.font }: { size?: number; font?: PDFFont } = {}) {
    this.room(size + 4)
    this.page.drawText(ascii(text), { x: 50, y: this.y, size, font })
    this.y -= size + 5
  }
  row(cells: [string, string, string], { font = this.font }: { font?: PDFFont } = {}) {
    this.room(15)
    const [number, label, figure] = cells.map(ascii)
    this.page.drawText(number, { x: 50, y: this.y, size: 10, font })
    this.page.drawText(fit(label, font, 10, 390), { x: 90, y: this.y, size: 10, font })
    this.page.drawText(figure, { x: 562 - font.widthOfTextAtSize(figure, 10), y: this.y, size: 10, font })
    this.y -= 15
  }
  rule() {
    this.page.drawLine({
      start: { x: 50, y: this.y + 10 },
      end: { x: 562, y: this.y + 10 },
      thickness: 0.5,
      color: rgb(0, 0, 0),
    })
    this.y -= 4
  }
  gap() {
    this.y -= 8
  }
}

// The standard fonts encode WinAnsi only: other characters (a reason typed in another script) become '?'.
const ascii = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?')
function fit(text: string, font: PDFFont, size: number, width: number) {
  let fitted = text
  while (fitted.length > 1 && font.widthOfTextAtSize(fitted, size) > width) fitted = fitted.slice(0, -2) + '…'
  return fitted.replace('…', '...')
}

const LINE_HEADER = ['line', 'description', 'barrels', 'barrels_exact', 'sources']
const lineRow = (line: ReportLine) => [
  line.number,
  line.label,
  line.barrels,
  unitsToBarrels(line.units),
  line.sources.length,
]

/** The report's lines as CSV (and, for the excise return, the tax by rate). */
export function reportCsv(report: OperationsReport | ExciseReturn): string {
  const rows: (string | number | null)[][] = report.lines.map(lineRow)
  if (report.form === '5000.24') {
    for (const tier of report.tiers)
      rows.push([
        null,
        `Tax at ${tier.label}`,
        tier.line.barrels,
        unitsToBarrels(tier.line.units),
        dollarsOfCents(tier.taxCents),
      ])
    rows.push([null, 'Total tax', null, null, dollarsOfCents(report.taxCents)])
  } else {
    for (const line of report.packaging) rows.push(lineRow(line))
  }
  return toCsv(LINE_HEADER, rows)
}

/** The daily records: every movement of beer, day by day, with its TTB line and the vessels by name. */
export function dailyCsv({
  postings,
  vesselNames,
}: {
  postings: readonly Posting[]
  vesselNames: ReadonlyMap<string, string>
}): string {
  const vessel = (id: string | null | undefined) => (id ? (vesselNames.get(id) ?? id) : null)
  return toCsv(
    [
      'date',
      'at',
      'event_id',
      'kind',
      'ttb_line',
      'barrels',
      'reason',
      'batch',
      'product',
      'from_vessel',
      'to_vessel',
      'reversal_of',
      'adjustment',
    ],
    postings.map((posting) => [
      posting.bookedOn,
      posting.bookedAt,
      posting.eventId,
      posting.event.kind,
      posting.line ?? 'none',
      unitsToBarrels(posting.units),
      posting.event.reason,
      posting.event.batchNumber ?? null,
      posting.event.productName ?? null,
      vessel(posting.event.fromVesselId),
      vessel(posting.event.toVesselId),
      posting.reversalOf,
      posting.adjustment ? 'yes' : 'no',
    ]),
  )
}

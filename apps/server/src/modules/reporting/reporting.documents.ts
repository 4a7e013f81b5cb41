import {
  COLUMN_HEADINGS,
  COLUMNS,
  decimalOfCents,
  dollarsOfCents,
  toCsv,
  unitsToBarrels,
  unitsToFormBarrels,
  type ExciseReturn,
  type OperationsReport,
  type Posting,
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

type Cell = { x: number; align?: 'left' | 'right'; width?: number }
const PORTRAIT: [number, number] = [612, 792]
const LANDSCAPE: [number, number] = [792, 612]
/** Line, words, figure: the 5130.26 and the 5000.24. */
const THREE: Cell[] = [{ x: 50 }, { x: 90, width: 390 }, { x: 562, align: 'right' }]
/** Line, words, then columns b–g: the 5130.9 on a landscape page. */
const NINE: Cell[] = [
  { x: 40 },
  { x: 62, width: 330 },
  ...[450, 510, 570, 630, 690, 752].map((x) => ({ x, align: 'right' as const })),
]

/** One report as a PDF laid out like the TTB form: title block, the form's numbered lines, then remarks. */
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
  const size = report.form === '5130.9' ? LANDSCAPE : PORTRAIT
  const writer = new PageWriter(pdf, font, size)

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
  if (report.form === '5130.9') {
    writer.row(['Line', 'Part 1 - Beer Summary (barrels)', ...COLUMNS.map(heading), heading('total')], NINE, {
      font: bold,
    })
    writer.rule()
    for (const line of report.lines) {
      writer.row(
        [line.ref, line.label, ...COLUMNS.map((column) => line.cells?.[column]?.barrels ?? ''), line.barrels],
        NINE,
      )
    }
    writer.rule()
  } else {
    writer.row(['Line', report.form === '5000.24' ? 'Barrels' : 'Part 1 - Beer Summary', 'Barrels'], THREE, {
      font: bold,
    })
    writer.rule()
    for (const line of report.lines) writer.row([line.ref, line.label, line.barrels], THREE)
    writer.rule()
  }
  if (report.form === '5000.24') excisePdf(writer, report, bold)
  else operationsPdf(writer, report, bold)
  if (report.unclassified.length > 0) {
    writer.gap()
    writer.text(
      `${report.unclassified.length} ledger event(s) have a class the reports do not know and count nowhere.`,
      { size: 8 },
    )
  }
  writer.gap()
  writer.text('Barrels of 31 US gallons, to two decimals. Computed by BrewCommand from the liquid ledger.', {
    size: 8,
  })
  return pdf.save()
}

const heading = (column: keyof typeof COLUMN_HEADINGS) =>
  `(${COLUMN_HEADINGS[column].letter}) ${COLUMN_HEADINGS[column].label.split(' ')[0]}`

function excisePdf(writer: PageWriter, report: ExciseReturn, bold: PDFFont) {
  writer.gap()
  writer.row(['', 'Calculation of tax due', 'Amount'], THREE, { font: bold })
  for (const amount of report.amounts)
    writer.row([amount.ref, amount.label, dollarsOfCents(amount.cents)], THREE)
  for (const [title, rows] of [
    ['Schedule A - Adjustments increasing amount due', report.scheduleA],
    ['Schedule B - Adjustments decreasing amount due', report.scheduleB],
  ] as const) {
    if (rows.length === 0) continue
    writer.gap()
    writer.text(title, { font: bold })
    for (const row of rows) writer.row([row.ref, row.explanation, dollarsOfCents(row.cents)], THREE)
  }
  writer.text(
    `Taxable barrels of the calendar year before this period: ${unitsToFormBarrels(report.yearToDateBeforeUnits)}`,
    { size: 8 },
  )
  for (const notice of report.notices) writer.text(`Notice: ${notice}`, { size: 8 })
}

function operationsPdf(writer: PageWriter, report: OperationsReport, bold: PDFFont) {
  writer.gap()
  writer.text(report.balances ? 'The form balances.' : 'The form does not balance: see the ledger.', {
    size: 8,
  })
  writer.gap()
  writer.text(report.form === '5130.26' ? 'Remarks' : 'Part 5 - Remarks', { font: bold })
  if (report.remarks.length === 0) writer.text('None.', { size: 9 })
  for (const remark of report.remarks) writer.text(remark, { size: 9 })
  writer.gap()
  writer.text('Reconciliation with the physical inventory', { font: bold })
  for (const month of report.reconciliation) {
    const counted = month.physicalUnits === null ? 'not counted' : unitsToFormBarrels(month.physicalUnits)
    const difference =
      month.overageUnits > 0
        ? `+${unitsToFormBarrels(month.overageUnits)}`
        : month.shortageUnits > 0
          ? `-${unitsToFormBarrels(month.shortageUnits)}`
          : '0.00'
    writer.text(
      `${month.month}: ${unitsToFormBarrels(month.startUnits)} + ${unitsToFormBarrels(month.additionsUnits)} - ${unitsToFormBarrels(month.removalsUnits)} + adjustments ${unitsToFormBarrels(month.adjustmentsUnits)} = ${unitsToFormBarrels(month.bookEndUnits)}; counted ${counted}; over/short ${difference}`,
      { size: 9 },
    )
  }
}

/** Writes rows down a page, starting a new page when it is full; long text wraps. */
class PageWriter {
  private page: PDFPage
  private y: number
  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly size: [number, number],
  ) {
    this.page = pdf.addPage(size)
    this.y = size[1] - 42
  }
  private room(height: number) {
    if (this.y - height < 40) {
      this.page = this.pdf.addPage(this.size)
      this.y = this.size[1] - 42
    }
  }
  text(text: string, { size = 10, font = this.font }: { size?: number; font?: PDFFont } = {}) {
    for (const piece of wrap(ascii(text), font, size, this.size[0] - 90)) {
      this.room(size + 4)
      this.page.drawText(piece, { x: 45, y: this.y, size, font })
      this.y -= size + 4
    }
  }
  row(cells: string[], layout: Cell[], { font = this.font }: { font?: PDFFont } = {}) {
    const size = layout.length > 3 ? 8 : 10
    this.room(size + 5)
    cells.forEach((raw, index) => {
      const cell = layout[index]
      const text = cell.width ? fit(ascii(raw), font, size, cell.width) : ascii(raw)
      const x = cell.align === 'right' ? cell.x - font.widthOfTextAtSize(text, size) : cell.x
      this.page.drawText(text, { x, y: this.y, size, font })
    })
    this.y -= size + 5
  }
  rule() {
    this.page.drawLine({
      start: { x: 40, y: this.y + 10 },
      end: { x: this.size[0] - 40, y: this.y + 10 },
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
const ascii = (text: string) =>
  text
    .replace(/[\u2212\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?')
function fit(text: string, font: PDFFont, size: number, width: number) {
  let fitted = text
  while (fitted.length > 1 && font.widthOfTextAtSize(fitted, size) > width)
    fitted = fitted.slice(0, -4) + '...'
  return fitted
}
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word
    if (current && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current)
      current = word
    } else current = candidate
  }
  return [...lines, current]
}

/** The report's lines as CSV, with the form's line numbers and words (the 5130.9 by column), then the remarks. */
export function reportCsv(report: OperationsReport | ExciseReturn): string {
  if (report.form === '5130.9') {
    const rows: (string | number | null)[][] = report.lines.map((line) => [
      line.ref,
      line.label,
      ...COLUMNS.map((column) => line.cells?.[column]?.barrels ?? null),
      line.barrels,
      unitsToBarrels(line.units),
      line.sources.length,
    ])
    for (const remark of report.remarks) rows.push(['Remarks', remark])
    return toCsv(
      [
        'line',
        'description',
        'b_cellar_bulk',
        'c_racking_bulk',
        'd_racking_keg',
        'e_bottling_bulk',
        'f_bottling_case',
        'g_total',
        'g_total_exact',
        'sources',
      ],
      rows,
    )
  }
  const rows: (string | number | null)[][] = report.lines.map((line) => [
    line.ref,
    line.label,
    line.barrels,
    unitsToBarrels(line.units),
    line.sources.length,
    null,
  ])
  if (report.form === '5000.24') {
    for (const amount of report.amounts)
      rows.push([amount.ref, amount.label, null, null, null, decimalOfCents(amount.cents)])
    for (const row of [...report.scheduleA, ...report.scheduleB])
      rows.push([
        row.ref,
        row.explanation,
        unitsToFormBarrels(row.units),
        unitsToBarrels(row.units),
        1,
        decimalOfCents(row.cents),
      ])
    for (const notice of report.notices) rows.push(['Notice', notice])
  } else {
    for (const remark of report.remarks) rows.push(['Remarks', remark])
  }
  return toCsv(['line', 'description', 'barrels', 'barrels_exact', 'sources', 'amount_usd'], rows)
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

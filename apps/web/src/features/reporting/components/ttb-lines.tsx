import {
  COLUMN_HEADINGS,
  COLUMNS,
  toCsv,
  unitsToBarrels,
  unitsToFormBarrels,
  type ReportLineRead,
} from '@brewcommand/domain'
import { useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx'
import { saveBlob, type TtbForm } from '../api/reports-api.ts'
import { useLine } from '../api/use-reports.ts'
import { DOWNLOAD_CSV, DRILL_DOWN, DRILL_EMPTY, DRILL_TITLE, DRILL_TOTAL } from '../messages.ts'
import { FigureTable, QueryState } from './report-card.tsx'

type Figure = Omit<ReportLineRead, 'cells'>

/** A figure as a button that lists the events behind it (a figure with none is plain text). */
function FigureButton({ line, onOpen }: { line: Figure; onOpen: (line: Figure) => void }) {
  if (line.sourceCount === 0) return <span className="tabular-nums">{line.barrels}</span>
  return (
    <Button
      type="button"
      variant="ghost"
      className="min-h-11 min-w-11 px-2 font-medium tabular-nums underline decoration-dotted underline-offset-4"
      aria-label={DRILL_DOWN(line.ref, line.label, line.barrels)}
      onClick={() => onOpen(line)}
    >
      {line.barrels}
    </Button>
  )
}

/** The form's numbered lines in its words, each figure opening the events behind it. */
export function LinesTable({
  form,
  period,
  lines,
  caption = 'Lines of the form',
}: {
  form: TtbForm
  period: string
  lines: ReportLineRead[]
  caption?: string
}) {
  const [open, setOpen] = useState<Figure | null>(null)
  return (
    <>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="w-12 py-2 pr-2 font-medium">
              Line
            </th>
            <th scope="col" className="py-2 pr-2 font-medium">
              Description
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Barrels
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key} className="border-b last:border-0">
              <td className="py-1 pr-2 align-top tabular-nums">{line.ref}</td>
              <th scope="row" className="py-1 pr-2 text-left align-top font-normal">
                {line.label}
              </th>
              <td className="py-1 text-right align-top">
                <FigureButton line={line} onOpen={setOpen} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <DrillDown form={form} period={period} line={open} onClose={() => setOpen(null)} />
    </>
  )
}

/** The 5130.9's lines in its columns b–f and the totals g, each figure opening its events. */
export function ColumnsTable({ period, lines }: { period: string; lines: ReportLineRead[] }) {
  const [open, setOpen] = useState<Figure | null>(null)
  const columns = [...COLUMNS, 'total'] as const
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[720px] text-sm">
          <caption className="sr-only">Part 1, Beer Summary, by column</caption>
          <thead>
            <tr className="border-b text-left align-bottom text-muted-foreground">
              <th scope="col" className="w-10 py-2 pr-2 font-medium">
                Line
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                (a) Operations
              </th>
              {columns.map((column) => (
                <th key={column} scope="col" className="py-2 pr-1 text-right font-medium">
                  ({COLUMN_HEADINGS[column].letter}) {COLUMN_HEADINGS[column].label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.key} className="border-b last:border-0">
                <td className="py-1 pr-2 align-top tabular-nums">{line.ref}</td>
                <th scope="row" className="py-1 pr-2 text-left align-top font-normal">
                  {line.label}
                </th>
                {COLUMNS.map((column) => (
                  <td key={column} className="py-1 pr-1 text-right align-top">
                    {line.cells?.[column] ? (
                      <FigureButton
                        line={{
                          ...line.cells[column],
                          label: `${line.label}, column (${COLUMN_HEADINGS[column].letter})`,
                        }}
                        onOpen={setOpen}
                      />
                    ) : null}
                  </td>
                ))}
                <td className="py-1 text-right align-top font-medium">
                  <FigureButton line={line} onOpen={setOpen} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DrillDown form="5130.9" period={period} line={open} onClose={() => setOpen(null)} />
    </>
  )
}

/** The events behind one figure, summing to it, with their CSV. */
function DrillDown({
  form,
  period,
  line,
  onClose,
}: {
  form: TtbForm
  period: string
  line: Figure | null
  onClose: () => void
}) {
  const detail = useLine(form, period, line?.key ?? null)
  return (
    <Dialog open={line !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{line ? DRILL_TITLE(line.ref, line.label) : ''}</DialogTitle>
          <DialogDescription>
            TTB F {form} · {period} · {line?.barrels} bbl
          </DialogDescription>
        </DialogHeader>
        <QueryState
          query={detail}
          what="the events"
          isEmpty={(data) => data.sources.length === 0}
          empty={DRILL_EMPTY}
        >
          {(data) => (
            <div className="grid gap-3">
              <div className="overflow-x-auto">
                <FigureTable
                  caption={`Events behind line ${data.ref}`}
                  head={['When', 'What', 'Reason or remark', 'Batch or product', 'Barrels']}
                  rows={data.sources.map((source) => [
                    source.day,
                    `${source.type === 'reversal' ? 'Reversal: ' : ''}${source.kind}${source.adjustment ? ' (prior-period adjustment)' : ''}`,
                    source.remark || source.reason || '—',
                    source.batchNumber ?? source.productName ?? '—',
                    <span key="barrels" title={`${unitsToBarrels(source.units)} bbl`}>
                      {unitsToFormBarrels(source.units)}
                    </span>,
                  ])}
                  foot={[
                    DRILL_TOTAL,
                    '',
                    '',
                    '',
                    <span key="total" title={`${unitsToBarrels(data.units)} bbl`}>
                      {unitsToFormBarrels(data.units)}
                    </span>,
                  ]}
                />
              </div>
              <Button
                type="button"
                variant="outline"
                className="min-h-11 w-fit"
                onClick={() =>
                  saveBlob(
                    new Blob(
                      [
                        toCsv(
                          [
                            'source',
                            'id',
                            'day',
                            'at',
                            'kind',
                            'reason',
                            'remark',
                            'batch',
                            'product',
                            'barrels',
                            'reversal_of',
                          ],
                          data.sources.map((s) => [
                            s.type,
                            s.id,
                            s.day,
                            s.at,
                            s.kind,
                            s.reason,
                            s.remark,
                            s.batchNumber,
                            s.productName,
                            unitsToBarrels(s.units),
                            s.reversalOf,
                          ]),
                        ),
                      ],
                      { type: 'text/csv' },
                    ),
                    `ttb-${form}-${period}-${data.key}.csv`,
                  )
                }
              >
                {DOWNLOAD_CSV}
              </Button>
            </div>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  )
}

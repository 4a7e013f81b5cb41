import {
  can,
  dollarsOfCents,
  toCsv,
  todayIn,
  unitsToBarrels,
  unitsToFormBarrels,
  type ExciseReturnRead,
  type OperationsReportRead,
  type ReconciliationRead,
  type ReportLineRead,
} from '@brewcommand/domain'
import { Lock } from 'lucide-react'
import { useId, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button.tsx'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { downloads, saveBlob, type TtbForm } from '../api/reports-api.ts'
import { useExcise, useLine, useOperations } from '../api/use-reports.ts'
import {
  CLOSE_CONFIRM,
  CLOSE_DESCRIPTION,
  CLOSE_PERIOD,
  CLOSE_QUEUED,
  CLOSE_TITLE,
  CLOSED_AT,
  DOWNLOAD_CSV,
  DOWNLOAD_PDF,
  DRILL_DOWN,
  DRILL_EMPTY,
  DRILL_TITLE,
  DRILL_TOTAL,
  FORM_NAMES,
  MONTH_LABEL,
  NOT_COUNTED,
  OPEN_PERIOD,
  PERIOD_SPAN,
  RECONCILIATION_EMPTY,
  RECONCILIATION_TITLE,
  TAX_TOTAL,
  UNCLASSIFIED,
  UNEXPLAINED,
} from '../messages.ts'
import { CountForm } from './count-form.tsx'
import { monthsOfQuarter } from './periods.ts'
import { DownloadButton, FigureTable, QueryState, ReportCard } from './report-card.tsx'

const FORMS: TtbForm[] = ['5130.26', '5130.9', '5000.24']

/**
 * Today in the brewery's zone. A zone this browser does not know falls back to UTC; the server still refuses to
 * close a period before it has ended in the brewery's zone.
 */
function todayWhere(timeZone: string, now: Date) {
  try {
    return todayIn(timeZone, now)
  } catch {
    return todayIn('UTC', now)
  }
}

/** The TTB reports of a quarter: choose the form (and the month for 5130.9), see its lines and drill into each. */
export function TtbTab({ quarter, now }: { quarter: string; now: Date }) {
  const [form, setForm] = useState<TtbForm>('5130.26')
  const { months } = monthsOfQuarter(quarter)
  const [chosenMonth, setMonth] = useState(months[months.length - 1])
  const month = months.includes(chosenMonth) ? chosenMonth : months[months.length - 1]
  const period = form === '5130.9' ? month : quarter
  const monthId = useId()
  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Report</legend>
        <div className="flex flex-wrap gap-2">
          {FORMS.map((candidate) => (
            <label
              key={candidate}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name="ttb-form"
                value={candidate}
                checked={form === candidate}
                onChange={() => setForm(candidate)}
                className="size-4"
              />
              TTB F {candidate}
            </label>
          ))}
        </div>
      </fieldset>
      {form === '5130.9' && (
        <div className="grid max-w-xs gap-1">
          <label htmlFor={monthId} className="text-sm font-medium">
            {MONTH_LABEL}
          </label>
          <select
            id={monthId}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            className="min-h-11 rounded-md border bg-background px-3 text-sm"
          >
            {months.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </div>
      )}
      {form === '5000.24' ? (
        <ExciseReport period={period} now={now} />
      ) : (
        <OperationsReport form={form} period={period} now={now} />
      )}
    </div>
  )
}

function OperationsReport({ form, period, now }: { form: '5130.26' | '5130.9'; period: string; now: Date }) {
  const report = useOperations(form, period)
  return (
    <ReportCard title={FORM_NAMES[form]} actions={<FormDownloads form={form} period={period} />}>
      <QueryState query={report} what={`TTB F ${form}`} isEmpty={() => false} empty="">
        {(data) => (
          <div className="grid gap-6">
            <ReportHeader report={data} form={form} period={period} now={now} />
            <LinesTable form={form} period={period} lines={data.lines} />
            {data.packaging.length > 0 && (
              <LinesTable
                form={form}
                period={period}
                lines={data.packaging}
                caption="Packaged in the month"
              />
            )}
            <Reconciliation rows={data.reconciliation} period={period} />
          </div>
        )}
      </QueryState>
    </ReportCard>
  )
}

function ExciseReport({ period, now }: { period: string; now: Date }) {
  const report = useExcise(period, true)
  return (
    <ReportCard title={FORM_NAMES['5000.24']} actions={<FormDownloads form="5000.24" period={period} />}>
      <QueryState query={report} what="TTB F 5000.24" isEmpty={() => false} empty="">
        {(data) => (
          <div className="grid gap-6">
            <ReportHeader report={data} form="5000.24" period={period} now={now} />
            <LinesTable form="5000.24" period={period} lines={data.lines} />
            <FigureTable
              caption="Tax by rate"
              head={['Rate', 'Barrels', 'Tax']}
              rows={data.tiers.map((tier) => [tier.label, tier.barrels, dollarsOfCents(tier.taxCents)])}
              foot={[TAX_TOTAL, '', dollarsOfCents(data.taxCents)]}
            />
          </div>
        )}
      </QueryState>
    </ReportCard>
  )
}

function FormDownloads({ form, period }: { form: TtbForm; period: string }) {
  return (
    <>
      <DownloadButton path={downloads.form(form, period, 'pdf')} label={DOWNLOAD_PDF} />
      <DownloadButton path={downloads.form(form, period, 'csv')} label={DOWNLOAD_CSV} />
    </>
  )
}

/** Who the report is for, whether its period is closed, and Close period for an Admin. */
function ReportHeader({
  report,
  form,
  period,
  now,
}: {
  report: OperationsReportRead | ExciseReturnRead
  form: TtbForm
  period: string
  now: Date
}) {
  const { currentEntity } = useAppState()
  const write = useWrite()
  const [confirming, setConfirming] = useState(false)
  const mayClose = can(currentEntity?.role, 'manageTaxAndPeriods')
  // A period ends at midnight in the brewery's time zone (ADR 224).
  const hasEnded = report.period.to <= todayWhere(report.timeZone, now)
  return (
    <div className="grid gap-2 text-sm">
      <p>
        {report.brewery}
        {report.brewersNoticeNumber && ` · Brewer's Notice ${report.brewersNoticeNumber}`} ·{' '}
        {PERIOD_SPAN(report.period.from, report.period.to, report.timeZone)}
      </p>
      {report.closed ? (
        <p className="flex items-center gap-2 font-medium">
          <Lock aria-hidden="true" className="size-4" />
          {CLOSED_AT(new Date(report.closed.closedAt).toLocaleString(), report.closed.contentHash)}
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-muted-foreground">{OPEN_PERIOD}</p>
          {mayClose && hasEnded && (
            <Button
              type="button"
              variant="destructive"
              className="min-h-11"
              onClick={() => setConfirming(true)}
            >
              {CLOSE_PERIOD}
            </Button>
          )}
        </div>
      )}
      {report.unclassified.length > 0 && <p role="alert">{UNCLASSIFIED(report.unclassified.length)}</p>}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={CLOSE_TITLE(form, period)}
        description={CLOSE_DESCRIPTION}
        confirmLabel={CLOSE_CONFIRM}
        onConfirm={() => {
          write({
            kind: 'production',
            action: 'reporting:close-period',
            uri: '/api/reports/periods',
            data: { id: crypto.randomUUID(), report: form, period },
            name: `${form} ${period}`,
          })
          toast.success(CLOSE_QUEUED(form, period))
        }}
      />
    </div>
  )
}

/** The form's numbered lines, each with a button that lists the events behind it. */
function LinesTable({
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
  const [open, setOpen] = useState<ReportLineRead | null>(null)
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
            <th scope="col" className="py-2 pr-2 text-right font-medium">
              Barrels
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              <span className="sr-only">Events</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key} className="border-b last:border-0">
              <td className="py-1 pr-2 tabular-nums">{line.number}</td>
              <th scope="row" className="py-1 pr-2 text-left font-normal">
                {line.label}
              </th>
              <td className="py-1 pr-2 text-right font-medium tabular-nums">{line.barrels}</td>
              <td className="py-1 text-right">
                <Button
                  type="button"
                  variant="ghost"
                  className="min-h-11 min-w-11"
                  aria-label={DRILL_DOWN(line.number, line.label)}
                  onClick={() => setOpen(line)}
                >
                  {line.sourceCount} events
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <DrillDown form={form} period={period} line={open} onClose={() => setOpen(null)} />
    </>
  )
}

/** The events behind one line, summing to it, with their CSV. */
function DrillDown({
  form,
  period,
  line,
  onClose,
}: {
  form: TtbForm
  period: string
  line: ReportLineRead | null
  onClose: () => void
}) {
  const detail = useLine(form, period, line?.key ?? null)
  return (
    <Dialog open={line !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{line ? DRILL_TITLE(line.number, line.label) : ''}</DialogTitle>
          <DialogDescription>
            TTB F {form} · {period} · {line?.barrels} bbl
          </DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm">
            <Spinner className="size-4" aria-hidden="true" /> Loading the events…
          </p>
        ) : detail.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {detail.error.message}
          </p>
        ) : detail.data.sources.length === 0 ? (
          <p className="text-sm text-muted-foreground">{DRILL_EMPTY}</p>
        ) : (
          <div className="grid gap-3">
            <div className="overflow-x-auto">
              <FigureTable
                caption={`Events behind line ${detail.data.number}`}
                head={['When', 'What', 'Reason', 'Batch or product', 'Barrels']}
                rows={detail.data.sources.map((source) => [
                  source.at.slice(0, 10),
                  `${source.type === 'reversal' ? 'Reversal: ' : ''}${source.kind}${source.adjustment ? ' (adjustment)' : ''}`,
                  source.reason || '—',
                  source.batchNumber ?? source.productName ?? '—',
                  unitsToBarrels(source.units),
                ])}
                foot={[DRILL_TOTAL, '', '', '', unitsToBarrels(detail.data.units)]}
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
                          'at',
                          'kind',
                          'reason',
                          'batch',
                          'product',
                          'barrels',
                          'reversal_of',
                        ],
                        detail.data.sources.map((s) => [
                          s.type,
                          s.id,
                          s.at,
                          s.kind,
                          s.reason,
                          s.batchNumber,
                          s.productName,
                          unitsToBarrels(s.units),
                          s.reversalOf,
                        ]),
                      ),
                    ],
                    { type: 'text/csv' },
                  ),
                  `ttb-${form}-${period}-${detail.data.key}.csv`,
                )
              }
            >
              {DOWNLOAD_CSV}
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}

/** Start + additions − removals = the books, against each month's physical count. */
function Reconciliation({ rows, period }: { rows: ReconciliationRead[]; period: string }) {
  const { currentEntity } = useAppState()
  const counted = rows.some((row) => row.physicalUnits !== null)
  return (
    <section aria-labelledby="reconciliation-heading" className="grid gap-3">
      <h3 id="reconciliation-heading" className="font-semibold">
        {RECONCILIATION_TITLE}
      </h3>
      {!counted && <p className="text-sm text-muted-foreground">{RECONCILIATION_EMPTY}</p>}
      <div className="overflow-x-auto">
        <FigureTable
          caption={RECONCILIATION_TITLE}
          head={['Month', 'Start', '+ Additions', '− Removals', '= Books', 'Counted', 'Over (+) / short (−)']}
          rows={rows.map((row) => [
            row.month,
            unitsToFormBarrels(row.startUnits),
            unitsToFormBarrels(row.additionsUnits),
            unitsToFormBarrels(row.removalsUnits),
            unitsToFormBarrels(row.bookEndUnits),
            row.physicalUnits === null ? NOT_COUNTED : unitsToFormBarrels(row.physicalUnits),
            <span key="difference" className="grid justify-items-end">
              {row.overageUnits > 0
                ? `+${unitsToFormBarrels(row.overageUnits)}`
                : row.shortageUnits > 0
                  ? `−${unitsToFormBarrels(row.shortageUnits)}`
                  : '0.00'}
              {row.note && <span className="text-xs text-muted-foreground">{row.note}</span>}
              {!row.explained && <span className="text-xs text-destructive">{UNEXPLAINED}</span>}
            </span>,
          ])}
        />
      </div>
      {can(currentEntity?.role, 'manageStock') && (
        <CountForm months={rows.map((row) => row.month)} key={period} />
      )}
    </section>
  )
}

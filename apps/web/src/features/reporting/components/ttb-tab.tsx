import {
  can,
  dollarsOfCents,
  todayIn,
  unitsToFormBarrels,
  type ExciseReturnRead,
  type OperationsReportRead,
} from '@brewcommand/domain'
import { Lock } from 'lucide-react'
import { useId, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button.tsx'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { downloads, type TtbForm } from '../api/reports-api.ts'
import { useExcise, useOperations } from '../api/use-reports.ts'
import {
  AMOUNTS_TITLE,
  BALANCES,
  CLOSE_CONFIRM,
  CLOSE_DESCRIPTION,
  CLOSE_PERIOD,
  CLOSE_QUEUED,
  CLOSE_TITLE,
  CLOSED_AT,
  DOWNLOAD_CSV,
  DOWNLOAD_PDF,
  FORM_NAMES,
  MONTH_LABEL,
  OPEN_PERIOD,
  PERIOD_SPAN,
  REMARKS_EMPTY,
  REMARKS_TITLE,
  RETURN_PERIOD_LABEL,
  SCHEDULE_A,
  SCHEDULE_B,
  UNBALANCED,
  UNCLASSIFIED,
} from '../messages.ts'
import { monthsOfQuarter } from './periods.ts'
import { Reconciliation } from './reconciliation.tsx'
import { DownloadButton, FigureTable, QueryState, ReportCard } from './report-card.tsx'
import { ColumnsTable, LinesTable } from './ttb-lines.tsx'

const FORMS: TtbForm[] = ['5130.26', '5130.9', '5000.24']

/**
 * Today in the brewery's zone. A zone this browser does not know falls back to UTC; the server still refuses to
 * close a period before it has ended in the brewery's zone.
 */
export function todayWhere(timeZone: string, now: Date) {
  try {
    return todayIn(timeZone, now)
  } catch {
    return todayIn('UTC', now)
  }
}

/** The periods a form can be asked for within a quarter: its months and itself (5130.9), half months (5000.24). */
function periodOptions(form: TtbForm, quarter: string) {
  const { months } = monthsOfQuarter(quarter)
  if (form === '5130.9') return [quarter, ...months]
  if (form === '5000.24')
    return [quarter, ...months.flatMap((month) => [`${month}-S1`, `${month}-S2`]), quarter.slice(0, 4)]
  return [quarter]
}

/** How a period reads in the choice. */
function periodName(key: string) {
  if (/-S1$/.test(key)) return `${key.slice(0, 7)}, 1st–15th (${key})`
  if (/-S2$/.test(key)) return `${key.slice(0, 7)}, 16th–end (${key})`
  if (/-Q\d$/.test(key)) return `Quarter ${key}`
  if (/^\d{4}$/.test(key)) return `Calendar year ${key}`
  return `Month ${key}`
}

/**
 * The TTB reports of a quarter: choose the form (and, for the 5130.9, the quarter or a month; for the 5000.24 the
 * return period), see its lines and drill into each figure.
 */
export function TtbTab({ quarter, now }: { quarter: string; now: Date }) {
  const [form, setForm] = useState<TtbForm>('5130.26')
  const [chosen, setChosen] = useState<Record<string, string>>({})
  const options = periodOptions(form, quarter)
  const period = options.includes(chosen[form] ?? '') ? chosen[form] : options[0]
  const periodId = useId()
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
      {options.length > 1 && (
        <div className="grid max-w-sm gap-1">
          <label htmlFor={periodId} className="text-sm font-medium">
            {form === '5000.24' ? RETURN_PERIOD_LABEL : MONTH_LABEL}
          </label>
          <select
            id={periodId}
            value={period}
            onChange={(event) => setChosen({ ...chosen, [form]: event.target.value })}
            className="min-h-11 rounded-md border bg-background px-3 text-sm"
          >
            {options.map((option) => (
              <option key={option} value={option}>
                {periodName(option)}
              </option>
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
            {form === '5130.9' ? (
              <ColumnsTable period={period} lines={data.lines} />
            ) : (
              <LinesTable form={form} period={period} lines={data.lines} />
            )}
            <p className={data.balances ? 'text-sm text-muted-foreground' : 'text-sm text-destructive'}>
              {data.balances ? BALANCES : UNBALANCED}
            </p>
            <Remarks remarks={data.remarks} />
            <Reconciliation
              rows={data.reconciliation}
              period={period}
              today={todayWhere(data.timeZone, now)}
            />
          </div>
        )}
      </QueryState>
    </ReportCard>
  )
}

/** The form's remarks: adjustments, losses, count differences and their causes. */
function Remarks({ remarks }: { remarks: string[] }) {
  return (
    <section aria-labelledby="remarks-heading" className="grid gap-2">
      <h3 id="remarks-heading" className="font-semibold">
        {REMARKS_TITLE}
      </h3>
      {remarks.length === 0 ? (
        <p className="text-sm text-muted-foreground">{REMARKS_EMPTY}</p>
      ) : (
        <ul className="grid list-disc gap-1 pl-5 text-sm">
          {remarks.map((remark) => (
            <li key={remark}>{remark}</li>
          ))}
        </ul>
      )}
    </section>
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
            {data.notices.map((notice) => (
              <p key={notice} role="alert" className="rounded-md border border-destructive p-3 text-sm">
                {notice}
              </p>
            ))}
            <LinesTable form="5000.24" period={period} lines={data.lines} caption="Barrels taxed" />
            <FigureTable
              caption={AMOUNTS_TITLE}
              head={['Line', AMOUNTS_TITLE, 'Amount']}
              rows={data.amounts.map((amount) => [amount.ref, amount.label, dollarsOfCents(amount.cents)])}
            />
            {(
              [
                [SCHEDULE_A, data.scheduleA],
                [SCHEDULE_B, data.scheduleB],
              ] as const
            ).map(([title, rows]) =>
              rows.length === 0 ? null : (
                <FigureTable
                  key={title}
                  caption={title}
                  head={['Line', title, 'Barrels', 'Tax']}
                  rows={rows.map((row) => [
                    row.ref,
                    row.explanation,
                    unitsToFormBarrels(Math.abs(row.units)),
                    dollarsOfCents(row.cents),
                  ])}
                />
              ),
            )}
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

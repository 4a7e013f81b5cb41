import { can } from '@brewcommand/domain'
import { lazy, Suspense, useId, useState } from 'react'
import { Link } from 'react-router'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { breweryToday, useBreweryTodayRead } from '@/lib/brewery-today.ts'
import { cn } from '@/lib/utils.ts'
import { useOperations, useReportsLive } from '../api/use-reports.ts'
import {
  NOT_ALLOWED,
  OVERVIEW_TAB,
  PERIOD_LABEL,
  REPORTING_HEADING,
  REPORTS_ZONE,
  TTB_TAB,
} from '../messages.ts'
import { Overview } from './overview.tsx'
import { currentQuarter, monthsOfQuarter, quarterOptions } from './periods.ts'

// The TTB and Sales tabs are fetched when first chosen (and already on hover or focus of their tab): the first
// view is the overview, and the TTB tab brings its dialogs and forms (ADR 173, ADR 410).
const loadTtb = () => import('./ttb-tab.tsx')
const loadSales = () => import('./sales-tab.tsx')
const TtbTab = lazy(async () => ({ default: (await loadTtb()).TtbTab }))
const SalesTab = lazy(async () => ({ default: (await loadSales()).SalesTab }))
const PRELOAD = { overview: null, ttb: loadTtb, sales: loadSales } as const

const TABS = [
  { key: 'overview', label: OVERVIEW_TAB },
  { key: 'ttb', label: TTB_TAB },
  { key: 'sales', label: 'Sales' },
] as const

/**
 * The Reporting page (docs/production.md "Reporting"): for a chosen quarter, production, losses and efficiency as
 * charts beside their tables, and the TTB reports with their drill-downs, reconciliation and close.
 */
export function ReportingPage({ now = () => new Date() }: { now?: () => Date }) {
  const { currentEntity } = useAppState()
  const [today] = useState(() => now())
  // The quarter in progress where the brewery is (ADR 346), not on this browser's clock; the browser's UTC date
  // only until the brewery's day has loaded.
  const breweryDay = breweryToday(useBreweryTodayRead().data, today)
  const breweryNow = breweryDay ? new Date(`${breweryDay}T12:00:00Z`) : today
  const options = quarterOptions(breweryNow)
  const [chosen, setQuarter] = useState<string | null>(null)
  const quarter = chosen ?? currentQuarter(breweryNow)
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('overview')
  const periodId = useId()
  const tabsId = useId()
  useReportsLive()

  if (!can(currentEntity?.role, 'viewReports')) {
    return (
      <div className="grid gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">{REPORTING_HEADING}</h1>
        <p className="text-muted-foreground">{NOT_ALLOWED}</p>
      </div>
    )
  }
  const { from, to } = monthsOfQuarter(quarter)
  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{REPORTING_HEADING}</h1>
          <ReportsZone quarter={quarter} />
          <Link className="text-sm underline underline-offset-2" to="/secure/reporting/trace">
            Trace and recall
          </Link>
        </div>
        <div className="grid gap-1">
          <label htmlFor={periodId} className="text-sm font-medium">
            {PERIOD_LABEL}
          </label>
          <select
            id={periodId}
            value={quarter}
            onChange={(event) => setQuarter(event.target.value)}
            className="min-h-11 min-w-40 rounded-md border bg-background px-3 text-sm"
          >
            {options.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </div>
      </div>
      <div role="tablist" aria-label="Reports" className="flex gap-2 border-b">
        {TABS.map((candidate) => (
          <button
            key={candidate.key}
            type="button"
            role="tab"
            id={`${tabsId}-${candidate.key}`}
            aria-selected={tab === candidate.key}
            aria-controls={`${tabsId}-${candidate.key}-panel`}
            tabIndex={tab === candidate.key ? 0 : -1}
            onClick={() => setTab(candidate.key)}
            onPointerEnter={() => void PRELOAD[candidate.key]?.().catch(() => undefined)}
            onFocus={() => void PRELOAD[candidate.key]?.().catch(() => undefined)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
                const next = TABS[(TABS.findIndex((t) => t.key === tab) + 1) % TABS.length]
                setTab(next.key)
                document.getElementById(`${tabsId}-${next.key}`)?.focus()
              }
            }}
            className={cn(
              '-mb-px min-h-11 border-b-2 border-transparent px-4 text-sm font-medium text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              tab === candidate.key && 'border-primary text-foreground',
            )}
          >
            {candidate.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${tabsId}-${tab}-panel`}
        aria-labelledby={`${tabsId}-${tab}`}
        className="min-w-0"
      >
        {tab === 'overview' && <Overview range={{ from, to }} />}
        <Suspense
          fallback={
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Spinner className="size-4" aria-hidden="true" /> Loading…
            </p>
          }
        >
          {tab === 'ttb' && <TtbTab quarter={quarter} now={today} />}
          {tab === 'sales' && <SalesTab range={{ from, to }} />}
        </Suspense>
      </div>
    </div>
  )
}

/**
 * The zone the period's days are cut in, as the quarter's Brewer's Report of Operations was cut (the brewery's
 * zone, or the one a closed period keeps); the TTB tab reads the same report from the cache.
 */
function ReportsZone({ quarter }: { quarter: string }) {
  const report = useOperations('5130.26', quarter)
  if (!report.data) return null
  return <p className="text-sm text-muted-foreground">{REPORTS_ZONE(report.data.timeZone)}</p>
}

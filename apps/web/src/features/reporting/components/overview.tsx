import { unitsToFormBarrels } from '@brewcommand/domain'
import { lazy, Suspense, useState } from 'react'
import { downloads, type MonthRange } from '../api/reports-api.ts'
import { useEfficiency, useLosses, useProduction } from '../api/use-reports.ts'
import {
  DAILY_RECORDS_CSV,
  DOWNLOAD_CSV,
  EFFICIENCY_EMPTY,
  EFFICIENCY_TITLE,
  LOSSES_EMPTY,
  LOSSES_TITLE,
  PRODUCTION_EMPTY,
  PRODUCTION_TITLE,
} from '../messages.ts'
import { CostReports } from './costs.tsx'
import { BarsChart, LinesChart } from './report-charts.tsx'
import { DownloadButton, FigureTable, QueryState, ReportCard } from './report-card.tsx'
import { EventsButton, type CountedRow } from './row-events.tsx'

const RowEvents = lazy(() => import('./row-events-dialog.tsx'))

const LINE_NAMES: Record<string, string> = {
  losses: 'Loss',
  destroyed: 'Dumped',
  consumedOnPremises: 'Sampled or consumed',
}
const COLORS = ['#b45309', '#0f766e', '#6d28d9', '#be123c', '#1d4ed8']
/** Charts draw barrels as numbers; the tables show two decimals (the exact figure in the CSV and on hover). */
const chartBarrels = (units: number) => units / 100_000

/** Production, losses, efficiency and cost of a range of months, each a chart beside its table with a CSV. */
export function Overview({ range }: { range: MonthRange }) {
  const production = useProduction(range)
  const losses = useLosses(range)
  const efficiency = useEfficiency(range)
  const [open, setOpen] = useState<CountedRow | null>(null)
  // The dialog stays mounted once fetched, so closing it hands the focus back to the count that opened it.
  const [fetched, setFetched] = useState(false)
  const openRow = (row: CountedRow) => {
    setFetched(true)
    setOpen(row)
  }
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2">
        <DownloadButton path={downloads.table('daily', range)} label={DAILY_RECORDS_CSV} />
      </div>
      <ReportCard
        title={PRODUCTION_TITLE}
        actions={<DownloadButton path={downloads.table('production', range)} label={DOWNLOAD_CSV} />}
        chart={
          production.data && production.data.rows.length > 0 ? (
            <BarsChart
              title="Barrels brewed and packaged by month"
              data={production.data.months.map((m) => ({
                month: m.month,
                Brewed: chartBarrels(m.brewedUnits),
                Packaged: chartBarrels(m.packagedUnits),
              }))}
              category="month"
              unit=" bbl"
              valueWidth={70}
              legend
              bars={[
                { key: 'Brewed', color: COLORS[0] },
                { key: 'Packaged', color: COLORS[1] },
              ]}
            />
          ) : undefined
        }
      >
        <QueryState
          query={production}
          what="production"
          isEmpty={(d) => d.rows.length === 0}
          empty={PRODUCTION_EMPTY}
        >
          {(data) => (
            <FigureTable
              caption="Barrels brewed and packaged by month and product"
              head={['Month', 'Product', 'Brewed (bbl)', 'Packaged (bbl)', 'Events']}
              rows={data.rows.map((row) => [
                row.month,
                row.product,
                <span key="brewed" title={`${row.brewedBbl} bbl`}>
                  {unitsToFormBarrels(row.brewedUnits)}
                </span>,
                <span key="packaged" title={`${row.packagedBbl} bbl`}>
                  {unitsToFormBarrels(row.packagedUnits)}
                </span>,
                <EventsButton
                  key="events"
                  counted={{
                    row: { table: 'production', month: row.month, product: row.product },
                    label: `${row.product}, ${row.month}`,
                    eventCount: row.eventCount,
                  }}
                  onOpen={openRow}
                />,
              ])}
            />
          )}
        </QueryState>
      </ReportCard>

      <ReportCard
        title={LOSSES_TITLE}
        actions={<DownloadButton path={downloads.table('losses', range)} label={DOWNLOAD_CSV} />}
        chart={
          losses.data && losses.data.rows.length > 0 ? (
            <BarsChart
              title="Barrels lost by reason"
              data={losses.data.rows.map((row) => ({
                reason: row.reason,
                Barrels: chartBarrels(row.units),
              }))}
              category="reason"
              unit=" bbl"
              vertical
              categoryWidth={120}
              bars={[{ key: 'Barrels', color: COLORS[3] }]}
            />
          ) : undefined
        }
      >
        <QueryState query={losses} what="losses" isEmpty={(d) => d.rows.length === 0} empty={LOSSES_EMPTY}>
          {(data) => (
            <FigureTable
              caption="Barrels lost by reason"
              head={['Reason', 'Kind', 'Barrels', 'Events']}
              rows={data.rows.map((row) => [
                row.reason,
                LINE_NAMES[row.line] ?? row.line,
                <span key="barrels" title={`${row.barrels} bbl`}>
                  {unitsToFormBarrels(row.units)}
                </span>,
                <EventsButton
                  key="events"
                  counted={{
                    row: { table: 'losses', line: row.line, reason: row.reason },
                    label: `${row.reason} (${LINE_NAMES[row.line] ?? row.line})`,
                    eventCount: row.eventCount,
                  }}
                  onOpen={openRow}
                />,
              ])}
            />
          )}
        </QueryState>
      </ReportCard>

      <ReportCard
        title={EFFICIENCY_TITLE}
        actions={<DownloadButton path={downloads.table('efficiency', range)} label={DOWNLOAD_CSV} />}
        chart={
          efficiency.data && efficiency.data.rows.length > 0 ? (
            <EfficiencyChart rows={efficiency.data.rows} />
          ) : undefined
        }
      >
        <QueryState
          query={efficiency}
          what="efficiency"
          isEmpty={(d) => d.rows.length === 0}
          empty={EFFICIENCY_EMPTY}
        >
          {(data) => (
            <FigureTable
              caption="Brewhouse efficiency per brew"
              head={['Batch', 'Brewhouse', 'Planned (%)', 'Reached (%)']}
              rows={data.rows.map((row) => [
                `${row.batchNumber} (${row.brewedAt.slice(0, 10)})`,
                row.brewhouseName,
                row.plannedPercent.toFixed(1),
                row.achievedPercent.toFixed(1),
              ])}
            />
          )}
        </QueryState>
      </ReportCard>

      <CostReports range={range} />
      {fetched ? (
        <Suspense fallback={null}>
          <RowEvents range={range} counted={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </div>
  )
}

type EfficiencyRow = {
  batchNumber: string
  brewhouseId: string
  brewhouseName: string
  brewedAt: string
  achievedPercent: number
}

/** One line per brewhouse across its brews, oldest first. */
function EfficiencyChart({ rows }: { rows: EfficiencyRow[] }) {
  const brewhouses = [...new Map(rows.map((row) => [row.brewhouseId, row.brewhouseName])).entries()]
  const data = rows.map((row) => ({ brew: `${row.batchNumber}`, [row.brewhouseId]: row.achievedPercent }))
  return (
    <LinesChart
      title="Brewhouse efficiency over time"
      data={data}
      category="brew"
      unit="%"
      width={50}
      lines={brewhouses.map(([id, name], index) => ({ key: id, name, color: COLORS[index % COLORS.length] }))}
    />
  )
}

import { formatCents, SalesReportSchema, type SalesReport, type SalesReportRow } from '@brewcommand/domain'
import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import { api } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { BarsChart } from './report-charts.tsx'
import { QueryState, ReportCard } from './report-card.tsx'

// Reporting's Sales (issue 35): revenue (goods invoiced less goods credited; never deposits nor tax) by month,
// product, package and customer, each a chart beside its table with its CSV, the top customers and the average
// price per barrel. A Manager's, as it shows prices.

type MonthRange = { from: string; to: string }

export function useSalesReport(range: MonthRange) {
  const { currentEntity } = useAppState()
  const { getAccessToken } = useAuth()
  const entityId = currentEntity?.entityId ?? ''
  return useQuery({
    queryKey: ['sales', entityId, 'report', range.from, range.to],
    queryFn: async ({ signal }) =>
      api.get(`/api/sales/report?from=${range.from}&to=${range.to}`, SalesReportSchema, {
        token: await getAccessToken(),
        signal,
      }),
    enabled: entityId !== '' && range.from !== '',
    retry: 1,
  })
}

const dollars = (cents: number) => Math.round(cents) / 100
const csvCell = (value: string | number) => {
  const text = String(value)
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The CSV of a table, built in the browser from the figures shown. */
function downloadCsv(name: string, heading: string, rows: SalesReportRow[]) {
  const lines = [
    [heading, 'Units', 'Barrels', 'Revenue ($)'].join(','),
    ...rows.map((r) =>
      [csvCell(r.key), r.units, r.barrels.toFixed(5), (r.revenueCents / 100).toFixed(2)].join(','),
    ),
  ]
  const url = URL.createObjectURL(new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

function Breakdown({
  title,
  heading,
  rows,
  file,
  limit,
}: {
  title: string
  heading: string
  rows: SalesReportRow[]
  file: string
  limit?: number
}) {
  const shown = limit ? rows.slice(0, limit) : rows
  return (
    <ReportCard
      title={title}
      actions={
        <Button
          type="button"
          variant="outline"
          className="min-h-11"
          onClick={() => downloadCsv(file, heading, rows)}
        >
          <Download aria-hidden="true" className="size-4" />
          CSV of {title.toLowerCase()}
        </Button>
      }
      chart={
        <BarsChart
          title={title}
          data={shown.map((r) => ({ [heading]: r.key, Revenue: dollars(r.revenueCents) }))}
          category={heading}
          unit=" $"
          valueWidth={80}
          bars={[{ key: 'Revenue', color: '#0f766e' }]}
        />
      }
    >
      <table className="w-full text-sm">
        <thead className="text-left">
          <tr>
            <th scope="col" className="p-2">
              {heading}
            </th>
            <th scope="col" className="p-2 text-right">
              Units
            </th>
            <th scope="col" className="p-2 text-right">
              Barrels
            </th>
            <th scope="col" className="p-2 text-right">
              Revenue
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.key} className="border-t">
              <th scope="row" className="p-2 text-left font-normal">
                {row.key}
              </th>
              <td className="p-2 text-right tabular-nums">{row.units}</td>
              <td className="p-2 text-right tabular-nums">{row.barrels.toFixed(2)}</td>
              <td className="p-2 text-right tabular-nums">{formatCents(row.revenueCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ReportCard>
  )
}

export function SalesTab({ range }: { range: MonthRange }) {
  const report = useSalesReport(range)
  return (
    <QueryState
      query={report}
      what="sales"
      isEmpty={(data: SalesReport) => data.months.length === 0}
      empty="No sales invoiced in this quarter."
    >
      {(data) => (
        <div className="grid min-w-0 gap-6">
          <dl className="grid gap-2 sm:grid-cols-3">
            <div className="rounded-xl border p-4">
              <dt className="text-sm text-muted-foreground">Revenue</dt>
              <dd className="text-xl font-semibold tabular-nums">{formatCents(data.totals.revenueCents)}</dd>
            </div>
            <div className="rounded-xl border p-4">
              <dt className="text-sm text-muted-foreground">Barrels sold</dt>
              <dd className="text-xl font-semibold tabular-nums">{data.totals.barrels.toFixed(2)}</dd>
            </div>
            <div className="rounded-xl border p-4">
              <dt className="text-sm text-muted-foreground">Average price per barrel</dt>
              <dd className="text-xl font-semibold tabular-nums">
                {data.averagePricePerBarrelCents === null
                  ? '—'
                  : formatCents(data.averagePricePerBarrelCents)}
              </dd>
            </div>
          </dl>
          <Breakdown title="Revenue by month" heading="Month" rows={data.months} file="sales-by-month.csv" />
          <Breakdown
            title="Top customers"
            heading="Customer"
            rows={data.customers}
            file="sales-by-customer.csv"
            limit={10}
          />
          <Breakdown
            title="Revenue by product"
            heading="Product"
            rows={data.products}
            file="sales-by-product.csv"
          />
          <Breakdown
            title="Revenue by package"
            heading="Package"
            rows={data.packages}
            file="sales-by-package.csv"
          />
        </div>
      )}
    </QueryState>
  )
}

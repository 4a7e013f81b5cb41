import { formatCents } from '@brewcommand/domain'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'

// Reporting's charts, in a module of their own so the Reporting page's first load carries no chart library
// (issue 40: each screen ≤ 250 KB of JavaScript; recharts alone is about 120 KB). The tables beside them are the
// figures; a chart arrives a moment later (report-card.tsx shows its place while it loads).

const tooltipDollars = (value: unknown) =>
  typeof value === 'number' ? formatCents(Math.round(value * 100)) : ''

export type BarSeries = { key: string; color: string; stack?: boolean }

/** Bars of `data` by `category` (across, or down with `vertical`), one series per `bars`. */
export function BarsChart({
  title,
  data,
  category,
  bars,
  unit,
  vertical = false,
  categoryWidth,
  valueWidth,
  legend = false,
  dollars = false,
}: {
  title: string
  data: Record<string, string | number>[]
  category: string
  bars: BarSeries[]
  unit: string
  vertical?: boolean
  categoryWidth?: number
  valueWidth?: number
  legend?: boolean
  dollars?: boolean
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        {...(vertical ? { layout: 'vertical' as const } : {})}
        data={data}
        accessibilityLayer
        title={title}
      >
        <CartesianGrid strokeDasharray="3 3" />
        {vertical ? (
          <>
            <XAxis type="number" unit={unit} />
            <YAxis type="category" dataKey={category} width={categoryWidth} />
          </>
        ) : (
          <>
            <XAxis dataKey={category} />
            <YAxis unit={unit} width={valueWidth} />
          </>
        )}
        <Tooltip {...(dollars ? { formatter: tooltipDollars } : {})} />
        {legend && <Legend />}
        {bars.map((bar) => (
          <Bar
            key={bar.key}
            dataKey={bar.key}
            fill={bar.color}
            {...(bar.stack ? { stackId: 'stack' } : {})}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}

/** One line per series across the points of `data` (by `category`), gaps bridged. */
export function LinesChart({
  title,
  data,
  category,
  lines,
  unit,
  width,
}: {
  title: string
  data: Record<string, string | number>[]
  category: string
  lines: { key: string; name: string; color: string }[]
  unit: string
  width: number
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} accessibilityLayer title={title}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey={category} />
        <YAxis unit={unit} width={width} domain={['auto', 'auto']} />
        <Tooltip />
        <Legend />
        {lines.map((line) => (
          <Line
            key={line.key}
            dataKey={line.key}
            name={line.name}
            stroke={line.color}
            connectNulls
            type="monotone"
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  )
}

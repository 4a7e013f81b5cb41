import type { Reading } from '@brewcommand/domain'
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { formatInstant, temperatureIn, type TemperatureUnit } from '../lib/display.ts'
import { CELLAR_TEXTS } from '../messages.ts'

const DAY_MS = 86_400_000

/**
 * The time axis's label for a tick: the day for a span of two days or more, the hour within one day, and the
 * day with the hour between (a day of iSpindel readings otherwise reads "Nov 26" at every tick).
 */
export function timeTickFormat(spanMs: number): (value: number) => string {
  const day: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' }
  const hour: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' }
  const options = spanMs >= 2 * DAY_MS ? day : spanMs >= DAY_MS / 2 ? { ...day, ...hour } : hour
  const format = new Intl.DateTimeFormat(undefined, options)
  return (value: number) => format.format(new Date(value))
}

/**
 * A batch's fermentation over time: gravity (left axis) and temperature in the person's unit (right axis), with
 * the expected FG as a line (recharts, docs/decisions/202-fermentation-chart-with-recharts.md). The readings
 * themselves are listed beside it, so the figures are there for a screen reader too.
 */
export function FermentationChart({
  readings,
  expectedFg,
  unit,
  batchNumber,
}: {
  readings: Reading[]
  expectedFg: number | null
  unit: TemperatureUnit
  batchNumber: string
}) {
  const points = readings.map((reading) => ({
    at: new Date(reading.takenAt).getTime(),
    gravity: reading.gravitySg,
    temperature:
      reading.temperatureC === null ? null : Number(temperatureIn(reading.temperatureC, unit).toFixed(1)),
  }))
  const gravities = points.flatMap((point) => (point.gravity === null ? [] : [point.gravity]))
  const low = Math.min(...gravities, expectedFg ?? Infinity, 1.03) - 0.002
  const high = Math.max(...gravities, 1.01) + 0.002
  const times = points.map((point) => point.at)
  const tickFormat = timeTickFormat(times.length ? Math.max(...times) - Math.min(...times) : 0)
  return (
    <figure aria-label={CELLAR_TEXTS.chartLabel(batchNumber)} className="h-64 w-full min-w-0">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-muted" />
          <XAxis
            dataKey="at"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={tickFormat}
          />
          <YAxis
            yAxisId="gravity"
            domain={[Number(low.toFixed(3)), Number(high.toFixed(3))]}
            tickFormatter={(value: number) => value.toFixed(3)}
            width={56}
          />
          <YAxis yAxisId="temperature" orientation="right" unit={`°${unit}`} width={56} />
          <Tooltip
            labelFormatter={(value) => formatInstant(new Date(Number(value)).toISOString())}
            formatter={(value, name) =>
              name === CELLAR_TEXTS.gravity ? Number(value).toFixed(3) : `${String(value)} °${unit}`
            }
          />
          <Legend />
          {expectedFg !== null && (
            <ReferenceLine
              yAxisId="gravity"
              y={expectedFg}
              stroke="var(--color-primary, #b45309)"
              strokeDasharray="6 3"
              label={{
                value: `${CELLAR_TEXTS.expectedFg} ${expectedFg.toFixed(3)}`,
                position: 'insideBottomLeft',
              }}
            />
          )}
          <Line
            yAxisId="gravity"
            type="monotone"
            dataKey="gravity"
            name={CELLAR_TEXTS.gravity}
            stroke="#b45309"
            dot={points.length < 40}
            connectNulls
            isAnimationActive={false}
          />
          <Line
            yAxisId="temperature"
            type="monotone"
            dataKey="temperature"
            name={CELLAR_TEXTS.temperature}
            stroke="#2563eb"
            dot={points.length < 40}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  )
}

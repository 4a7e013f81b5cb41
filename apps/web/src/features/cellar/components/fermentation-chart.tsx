import type { Reading } from '@brewcommand/domain'
import { useState, type PointerEvent } from 'react'
import { formatInstant, temperatureIn, type TemperatureUnit } from '../lib/display.ts'
import { CELLAR_TEXTS } from '../messages.ts'
import { useWidth } from '@/lib/use-width.ts'

const DAY_MS = 86_400_000
const HEIGHT = 256
const MARGIN = { top: 12, right: 56, bottom: 44, left: 56 }
const GRAVITY_COLOUR = '#b45309'
const TEMPERATURE_COLOUR = '#2563eb'

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

/** `count` evenly spaced values from `low` to `high`. */
const ticks = (low: number, high: number, count: number) =>
  Array.from({ length: count }, (_, i) => low + ((high - low) * i) / (count - 1))

type Point = { at: number; gravity: number | null; temperature: number | null; reading: Reading }

/**
 * A batch's fermentation over time: gravity (left axis) and temperature in the person's unit (right axis), a line
 * per device and a dot per hand-taken reading, with the expected FG as a dashed line; hovering shows the nearest
 * reading. Plain SVG (ADR 390, replacing recharts of ADR 202: the chart library was 90 KB of the batch page's
 * JavaScript); the server sends at most a few hundred readings per device. The newest readings are listed beside
 * it, so the figures are there for a screen reader too.
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
  const [ref, width] = useWidth(720)
  const [hover, setHover] = useState<Point | null>(null)
  const points: Point[] = readings.map((reading) => ({
    at: new Date(reading.takenAt).getTime(),
    gravity: reading.gravitySg,
    temperature:
      reading.temperatureC === null ? null : Number(temperatureIn(reading.temperatureC, unit).toFixed(1)),
    reading,
  }))
  const gravities = points.flatMap((point) => (point.gravity === null ? [] : [point.gravity]))
  const temperatures = points.flatMap((point) => (point.temperature === null ? [] : [point.temperature]))
  const low = Math.min(...gravities, expectedFg ?? Infinity, 1.03) - 0.002
  const high = Math.max(...gravities, 1.01) + 0.002
  const coolest = temperatures.length ? Math.floor(Math.min(...temperatures) - 1) : 0
  const warmest = temperatures.length ? Math.ceil(Math.max(...temperatures) + 1) : 1
  const times = points.map((point) => point.at)
  const first = Math.min(...times)
  const last = Math.max(...times)
  const span = Math.max(last - first, 1)
  const tickFormat = timeTickFormat(last - first)

  const plotWidth = Math.max(width - MARGIN.left - MARGIN.right, 10)
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom
  const x = (at: number) => MARGIN.left + ((at - first) / span) * plotWidth
  const yGravity = (value: number) => MARGIN.top + (1 - (value - low) / (high - low)) * plotHeight
  const yTemperature = (value: number) =>
    MARGIN.top + (1 - (value - coolest) / (warmest - coolest || 1)) * plotHeight

  // One line per device; hand-taken readings are dots (a few a week, joining them would invent a curve).
  const series = new Map<string, Point[]>()
  const byHand: Point[] = []
  for (const point of points) {
    if (!point.reading.deviceId) {
      byHand.push(point)
      continue
    }
    const line = series.get(point.reading.deviceId)
    if (line) line.push(point)
    else series.set(point.reading.deviceId, [point])
  }
  const path = (line: Point[], value: (p: Point) => number | null, y: (v: number) => number) =>
    line
      .flatMap((point) => {
        const v = value(point)
        return v === null ? [] : [`${x(point.at).toFixed(1)},${y(v).toFixed(1)}`]
      })
      .join(' ')

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    const box = event.currentTarget.getBoundingClientRect()
    const at = first + ((event.clientX - box.left - MARGIN.left) / plotWidth) * span
    let nearest: Point | null = null
    for (const point of points)
      if (!nearest || Math.abs(point.at - at) < Math.abs(nearest.at - at)) nearest = point
    setHover(nearest)
  }

  const timeTicks = ticks(first, last, Math.max(2, Math.min(7, Math.floor(plotWidth / 110))))
  return (
    <figure aria-label={CELLAR_TEXTS.chartLabel(batchNumber)} className="grid w-full min-w-0 gap-1">
      <div ref={ref} className="relative w-full">
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="block text-xs"
          onPointerMove={onPointerMove}
          onPointerLeave={() => setHover(null)}
        >
          {ticks(low, high, 5).map((value) => (
            <g key={`g${value}`}>
              <line
                x1={MARGIN.left}
                x2={MARGIN.left + plotWidth}
                y1={yGravity(value)}
                y2={yGravity(value)}
                className="stroke-muted"
                strokeDasharray="3 3"
              />
              <text
                x={MARGIN.left - 6}
                y={yGravity(value)}
                textAnchor="end"
                dominantBaseline="middle"
                fill="currentColor"
              >
                {value.toFixed(3)}
              </text>
            </g>
          ))}
          {temperatures.length > 0 &&
            ticks(coolest, warmest, 5).map((value) => (
              <text
                key={`t${value}`}
                x={MARGIN.left + plotWidth + 6}
                y={yTemperature(value)}
                dominantBaseline="middle"
                fill="currentColor"
              >
                {`${value.toFixed(1)}°${unit}`}
              </text>
            ))}
          {timeTicks.map((value) => (
            <text
              key={`x${value}`}
              x={x(value)}
              y={MARGIN.top + plotHeight + 16}
              textAnchor="middle"
              fill="currentColor"
            >
              {tickFormat(value)}
            </text>
          ))}
          {expectedFg !== null && (
            <g>
              <line
                x1={MARGIN.left}
                x2={MARGIN.left + plotWidth}
                y1={yGravity(expectedFg)}
                y2={yGravity(expectedFg)}
                stroke={GRAVITY_COLOUR}
                strokeDasharray="6 3"
              />
              <text x={MARGIN.left + 4} y={yGravity(expectedFg) - 4} fill={GRAVITY_COLOUR}>
                {`${CELLAR_TEXTS.expectedFg} ${expectedFg.toFixed(3)}`}
              </text>
            </g>
          )}
          {[...series.values()].map((line) => (
            <g key={line[0].reading.id} fill="none" strokeWidth={1.5} strokeLinejoin="round">
              <polyline points={path(line, (p) => p.gravity, yGravity)} stroke={GRAVITY_COLOUR} />
              <polyline points={path(line, (p) => p.temperature, yTemperature)} stroke={TEMPERATURE_COLOUR} />
            </g>
          ))}
          {byHand.map((point) => (
            <g key={point.reading.id}>
              {point.gravity !== null && (
                <circle cx={x(point.at)} cy={yGravity(point.gravity)} r={3} fill={GRAVITY_COLOUR} />
              )}
              {point.temperature !== null && (
                <circle
                  cx={x(point.at)}
                  cy={yTemperature(point.temperature)}
                  r={3}
                  fill={TEMPERATURE_COLOUR}
                />
              )}
            </g>
          ))}
          {hover && (
            <line
              x1={x(hover.at)}
              x2={x(hover.at)}
              y1={MARGIN.top}
              y2={MARGIN.top + plotHeight}
              stroke="currentColor"
              strokeOpacity={0.4}
            />
          )}
        </svg>
        {hover && (
          <div
            className="pointer-events-none absolute top-2 rounded border bg-background px-2 py-1 text-xs shadow-sm"
            style={{ left: Math.min(x(hover.at) + 8, Math.max(width - 180, 0)) }}
          >
            <div>{formatInstant(hover.reading.takenAt)}</div>
            {hover.gravity !== null && (
              <div style={{ color: GRAVITY_COLOUR }}>
                {CELLAR_TEXTS.gravity}: {hover.gravity.toFixed(3)}
              </div>
            )}
            {hover.temperature !== null && (
              <div style={{ color: TEMPERATURE_COLOUR }}>
                {CELLAR_TEXTS.temperature}: {hover.temperature} °{unit}
              </div>
            )}
          </div>
        )}
      </div>
      <figcaption className="flex gap-4 text-sm">
        <span style={{ color: GRAVITY_COLOUR }}>— {CELLAR_TEXTS.gravity}</span>
        <span style={{ color: TEMPERATURE_COLOUR }}>— {CELLAR_TEXTS.temperature}</span>
      </figcaption>
    </figure>
  )
}

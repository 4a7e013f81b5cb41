import { formatCents } from '@brewcommand/domain'
import { useId, useState, type KeyboardEvent, type PointerEvent, type ReactNode, type RefObject } from 'react'
import { useWidth } from '@/lib/use-width.ts'

// Reporting's charts as plain SVG (ADR 410, as the fermentation chart of ADR 390): recharts was about 94 KB of the
// Reporting page's JavaScript, over issue 40's 250 KB a screen, and no library measured did horizontal and stacked
// bars, lines and tooltips within about 20 KB. The tables beside them are the figures; each chart is named, and
// its tooltip follows the pointer or the arrow keys once the chart has the focus.

const HEIGHT = 256
const AXIS = 18
const PAD = 12

type Row = Record<string, string | number>

export type BarSeries = { key: string; color: string; stack?: boolean }

/** Round tick values covering `low`..`high` (about five), from the 1-2-5 steps. */
export function niceTicks(low: number, high: number, count = 5): number[] {
  if (!(high > low)) high = low + 1
  const raw = (high - low) / count
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw
  const first = Math.floor(low / step) * step
  const ticks: number[] = []
  for (let value = first; value < high + step * 0.999; value += step)
    ticks.push(Number(value.toPrecision(12)))
  return ticks
}

const valueOf = (row: Row, key: string) => (typeof row[key] === 'number' ? row[key] : null)

/** How a value reads on an axis and in a tooltip: dollars as money, anything else with its unit. */
function formats(unit: string, dollars: boolean) {
  const number = (value: number, digits: number) =>
    value.toLocaleString('en-US', { maximumFractionDigits: digits })
  return {
    tick: (value: number) => (dollars ? `$${number(value, 0)}` : `${number(value, 2)}${unit}`),
    tip: (value: number) => (dollars ? formatCents(Math.round(value * 100)) : `${number(value, 2)}${unit}`),
  }
}

/** A chart's frame: its name, the SVG, a legend, and the tooltip of the category under the pointer or the keys. */
function ChartFrame({
  title,
  width,
  frameRef,
  legend,
  tooltip,
  count,
  active,
  setActive,
  pick,
  children,
  vertical = false,
}: {
  title: string
  width: number
  frameRef: RefObject<HTMLDivElement | null>
  legend: { name: string; color: string }[] | null
  tooltip: { category: string; rows: { name: string; color: string; value: string }[] } | null
  count: number
  active: number | null
  setActive: (index: number | null) => void
  pick: (x: number, y: number) => number | null
  children: ReactNode
  vertical?: boolean
}) {
  const tipId = useId()
  function onKeyDown(event: KeyboardEvent<SVGSVGElement>) {
    const forward = vertical ? 'ArrowDown' : 'ArrowRight'
    const back = vertical ? 'ArrowUp' : 'ArrowLeft'
    let next: number | null
    if (event.key === forward) next = active === null ? 0 : Math.min(active + 1, count - 1)
    else if (event.key === back) next = active === null ? count - 1 : Math.max(active - 1, 0)
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = count - 1
    else if (event.key === 'Escape') next = null
    else return
    event.preventDefault()
    setActive(next)
  }
  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    const box = event.currentTarget.getBoundingClientRect()
    setActive(pick(event.clientX - box.left, event.clientY - box.top))
  }
  return (
    <figure aria-label={title} className="grid size-full min-w-0 grid-rows-[1fr_auto] gap-1">
      <div ref={frameRef} className="relative min-h-0 w-full min-w-0">
        <svg
          role="img"
          aria-label={`${title}; arrow keys show each ${vertical ? 'row' : 'column'}'s figures`}
          aria-describedby={tooltip ? tipId : undefined}
          tabIndex={0}
          width={width}
          height={HEIGHT - (legend ? 24 : 0)}
          className="block text-xs focus-visible:rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          onKeyDown={onKeyDown}
          onBlur={() => setActive(null)}
          onPointerMove={onPointerMove}
          onPointerLeave={() => setActive(null)}
        >
          {children}
        </svg>
        {/* One live region for the chart's life, so a screen reader reads each category's figures as they change. */}
        <div
          id={tipId}
          role="status"
          className={
            tooltip
              ? 'pointer-events-none absolute top-1 right-1 max-w-[70%] rounded border bg-background px-2 py-1 text-xs shadow-sm'
              : 'sr-only'
          }
        >
          {tooltip && (
            <>
              <div className="font-medium">{tooltip.category}</div>
              {tooltip.rows.map((row) => (
                <div key={row.name} style={{ color: row.color }}>
                  {row.name}: {row.value}
                </div>
              ))}
            </>
          )}
        </div>
      </div>
      {legend && (
        <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
          {legend.map((entry) => (
            <span key={entry.name} className="flex items-center gap-1">
              <span
                aria-hidden="true"
                className="inline-block size-2.5"
                style={{ background: entry.color }}
              />
              {entry.name}
            </span>
          ))}
        </figcaption>
      )}
    </figure>
  )
}

const clip = (text: string, room: number) => {
  const chars = Math.max(Math.floor(room / 6.5), 3)
  return text.length > chars ? `${text.slice(0, chars - 1)}…` : text
}

/** Bars of `data` by `category` (across, or down with `vertical`), one series per `bars`, stacked where asked. */
export function BarsChart({
  title,
  data,
  category,
  bars,
  unit,
  vertical = false,
  categoryWidth = 100,
  valueWidth = 60,
  legend = false,
  dollars = false,
}: {
  title: string
  data: Row[]
  category: string
  bars: BarSeries[]
  unit: string
  vertical?: boolean
  categoryWidth?: number
  valueWidth?: number
  legend?: boolean
  dollars?: boolean
}) {
  const [ref, width] = useWidth(480)
  const [active, setActive] = useState<number | null>(null)
  const format = formats(unit, dollars)
  const stacked = bars.filter((bar) => bar.stack)
  const apart = bars.filter((bar) => !bar.stack)
  // Each category's extent: a stack sums its series, a bar apart stands alone.
  const extents = data.flatMap((row) => {
    const values = apart.map((bar) => valueOf(row, bar.key) ?? 0)
    const stack = stacked.map((bar) => valueOf(row, bar.key) ?? 0)
    const up = stack.filter((v) => v > 0).reduce((a, b) => a + b, 0)
    const down = stack.filter((v) => v < 0).reduce((a, b) => a + b, 0)
    return [...values, up, down]
  })
  const ticks = niceTicks(Math.min(0, ...extents), Math.max(0, ...extents))
  const low = ticks[0]
  const high = ticks[ticks.length - 1]
  const height = HEIGHT - (legend ? 24 : 0)
  const slots = apart.length + (stacked.length > 0 ? 1 : 0)

  // Vertical layout: categories down the left, values across; otherwise categories across, values up.
  const left = vertical ? categoryWidth : valueWidth
  const plot = {
    x: left,
    y: PAD,
    w: Math.max(width - left - PAD, 10),
    h: Math.max(height - PAD - AXIS - 4, 10),
  }
  const bandLength = (vertical ? plot.h : plot.w) / Math.max(data.length, 1)
  const barLength = (bandLength * 0.8) / Math.max(slots, 1)
  const valueLength = vertical ? plot.w : plot.h
  const scale = (value: number) => ((value - low) / (high - low)) * valueLength
  const zero = scale(0)

  /** The rectangle of a value from `from` to `to` in slot `slot` of band `index`. */
  const rect = (index: number, slot: number, from: number, to: number) => {
    const along = index * bandLength + bandLength * 0.1 + slot * barLength
    const a = scale(Math.min(from, to))
    const b = scale(Math.max(from, to))
    return vertical
      ? { x: plot.x + a, y: plot.y + along, width: Math.max(b - a, 0), height: barLength }
      : { x: plot.x + along, y: plot.y + plot.h - b, width: barLength, height: Math.max(b - a, 0) }
  }
  const labelEvery = Math.max(1, Math.ceil((vertical ? 14 : 60) / bandLength))
  const pick = (x: number, y: number) => {
    const along = vertical ? y - plot.y : x - plot.x
    const index = Math.floor(along / bandLength)
    return index >= 0 && index < data.length ? index : null
  }
  const activeRow = active === null ? null : data[active]
  return (
    <ChartFrame
      title={title}
      width={width}
      frameRef={ref}
      vertical={vertical}
      legend={legend ? bars.map((bar) => ({ name: bar.key, color: bar.color })) : null}
      tooltip={
        activeRow
          ? {
              category: String(activeRow[category]),
              rows: bars.flatMap((bar) => {
                const value = valueOf(activeRow, bar.key)
                return value === null ? [] : [{ name: bar.key, color: bar.color, value: format.tip(value) }]
              }),
            }
          : null
      }
      count={data.length}
      active={active}
      setActive={setActive}
      pick={pick}
    >
      {ticks.map((value) => {
        const at = scale(value)
        return vertical ? (
          <g key={value} data-tick="value">
            <line
              x1={plot.x + at}
              x2={plot.x + at}
              y1={plot.y}
              y2={plot.y + plot.h}
              className="stroke-muted"
              strokeDasharray="3 3"
            />
            <text
              x={plot.x + at}
              y={plot.y + plot.h + 14}
              textAnchor={value === high ? 'end' : 'middle'}
              fill="currentColor"
            >
              {format.tick(value)}
            </text>
          </g>
        ) : (
          <g key={value} data-tick="value">
            <line
              x1={plot.x}
              x2={plot.x + plot.w}
              y1={plot.y + plot.h - at}
              y2={plot.y + plot.h - at}
              className="stroke-muted"
              strokeDasharray="3 3"
            />
            <text
              x={plot.x - 6}
              y={plot.y + plot.h - at}
              textAnchor="end"
              dominantBaseline="middle"
              fill="currentColor"
            >
              {format.tick(value)}
            </text>
          </g>
        )
      })}
      {active !== null && (
        <rect
          {...(vertical
            ? { x: plot.x, y: plot.y + active * bandLength, width: plot.w, height: bandLength }
            : { x: plot.x + active * bandLength, y: plot.y, width: bandLength, height: plot.h })}
          fill="currentColor"
          fillOpacity={0.06}
        />
      )}
      {data.map((row, index) => {
        let up = 0
        let down = 0
        const name = String(row[category])
        return (
          <g key={`${index}-${name}`}>
            {apart.map((bar, slot) => {
              const value = valueOf(row, bar.key)
              if (value === null) return null
              return (
                <rect key={bar.key} data-bar={bar.key} fill={bar.color} {...rect(index, slot, 0, value)} />
              )
            })}
            {stacked.map((bar) => {
              const value = valueOf(row, bar.key)
              if (value === null) return null
              const from = value >= 0 ? up : down
              if (value >= 0) up += value
              else down += value
              return (
                <rect
                  key={bar.key}
                  data-bar={bar.key}
                  fill={bar.color}
                  {...rect(index, apart.length, from, from + value)}
                />
              )
            })}
            {index % labelEvery === 0 &&
              (vertical ? (
                <text
                  data-tick="category"
                  x={plot.x - 6}
                  y={plot.y + (index + 0.5) * bandLength}
                  textAnchor="end"
                  dominantBaseline="middle"
                  fill="currentColor"
                >
                  {clip(name, categoryWidth - 8)}
                </text>
              ) : (
                <text
                  data-tick="category"
                  x={plot.x + (index + 0.5) * bandLength}
                  y={plot.y + plot.h + 14}
                  textAnchor="middle"
                  fill="currentColor"
                >
                  {clip(name, bandLength * labelEvery - 4)}
                </text>
              ))}
          </g>
        )
      })}
      {vertical ? (
        <line
          x1={plot.x + zero}
          x2={plot.x + zero}
          y1={plot.y}
          y2={plot.y + plot.h}
          stroke="currentColor"
          strokeOpacity={0.5}
        />
      ) : (
        <line
          x1={plot.x}
          x2={plot.x + plot.w}
          y1={plot.y + plot.h - zero}
          y2={plot.y + plot.h - zero}
          stroke="currentColor"
          strokeOpacity={0.5}
        />
      )}
    </ChartFrame>
  )
}

/** One line per series across the points of `data` (by `category`), gaps bridged, a dot on each figure. */
export function LinesChart({
  title,
  data,
  category,
  lines,
  unit,
  width: valueWidth,
}: {
  title: string
  data: Row[]
  category: string
  lines: { key: string; name: string; color: string }[]
  unit: string
  width: number
}) {
  const [ref, width] = useWidth(480)
  const [active, setActive] = useState<number | null>(null)
  const format = formats(unit, false)
  const values = data.flatMap((row) => lines.flatMap((line) => valueOf(row, line.key) ?? []))
  const ticks = values.length ? niceTicks(Math.min(...values), Math.max(...values)) : niceTicks(0, 1)
  const low = ticks[0]
  const high = ticks[ticks.length - 1]
  const height = HEIGHT - 24
  const plot = {
    x: valueWidth,
    y: PAD,
    w: Math.max(width - valueWidth - PAD, 10),
    h: Math.max(height - PAD - AXIS - 4, 10),
  }
  const step = plot.w / Math.max(data.length, 1)
  const x = (index: number) => plot.x + (index + 0.5) * step
  const y = (value: number) => plot.y + plot.h - ((value - low) / (high - low || 1)) * plot.h
  const labelEvery = Math.max(1, Math.ceil(60 / step))
  const activeRow = active === null ? null : data[active]
  return (
    <ChartFrame
      title={title}
      width={width}
      frameRef={ref}
      legend={lines.map((line) => ({ name: line.name, color: line.color }))}
      tooltip={
        activeRow
          ? {
              category: String(activeRow[category]),
              rows: lines.flatMap((line) => {
                const value = valueOf(activeRow, line.key)
                return value === null
                  ? []
                  : [{ name: line.name, color: line.color, value: format.tip(value) }]
              }),
            }
          : null
      }
      count={data.length}
      active={active}
      setActive={setActive}
      pick={(px) => {
        const index = Math.floor((px - plot.x) / step)
        return index >= 0 && index < data.length ? index : null
      }}
    >
      {ticks.map((value) => (
        <g key={value} data-tick="value">
          <line
            x1={plot.x}
            x2={plot.x + plot.w}
            y1={y(value)}
            y2={y(value)}
            className="stroke-muted"
            strokeDasharray="3 3"
          />
          <text x={plot.x - 6} y={y(value)} textAnchor="end" dominantBaseline="middle" fill="currentColor">
            {format.tick(value)}
          </text>
        </g>
      ))}
      {data.map((row, index) =>
        index % labelEvery === 0 ? (
          <text
            key={`${index}-${String(row[category])}`}
            data-tick="category"
            x={x(index)}
            y={plot.y + plot.h + 14}
            textAnchor="middle"
            fill="currentColor"
          >
            {clip(String(row[category]), step * labelEvery - 4)}
          </text>
        ) : null,
      )}
      {active !== null && (
        <line
          x1={x(active)}
          x2={x(active)}
          y1={plot.y}
          y2={plot.y + plot.h}
          stroke="currentColor"
          strokeOpacity={0.4}
        />
      )}
      {lines.map((line) => {
        const points = data.flatMap((row, index) => {
          const value = valueOf(row, line.key)
          return value === null ? [] : [{ index, value }]
        })
        return (
          <g key={line.key} data-line={line.key}>
            <polyline
              points={points.map((p) => `${x(p.index).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')}
              fill="none"
              stroke={line.color}
              strokeWidth={2}
              strokeLinejoin="round"
            />
            {points.map((p) => (
              <circle
                key={p.index}
                data-dot={line.key}
                cx={x(p.index)}
                cy={y(p.value)}
                r={p.index === active ? 5 : 3}
                fill={line.color}
              />
            ))}
          </g>
        )
      })}
    </ChartFrame>
  )
}

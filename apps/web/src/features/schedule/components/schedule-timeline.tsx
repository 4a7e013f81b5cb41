import { dayStart, type ScheduleBar, type ScheduleDay, type ScheduleRead } from '@brewcommand/domain'
import { useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { cn } from '@/lib/utils.ts'
import { BREWHOUSE_ROW, GROWN_NOTE, PACKAGING_ROW, REFUSED_DISMISS, STAGE_LABEL } from '../messages.ts'
import { addDays, barBox, snapDays, todayScrollLeft } from '../timeline.ts'

/** Where a dragged or edited bar should go. */
export type MoveTarget = { bar: ScheduleBar; vesselId: string; start: string; end: string }

const NAME_WIDTH = 128
const ROW_HEIGHT = 56

const stageColour: Record<string, string> = {
  fermentation: 'bg-amber-200 text-amber-950 border-amber-500',
  conditioning: 'bg-sky-200 text-sky-950 border-sky-500',
  brew: 'bg-emerald-200 text-emerald-950 border-emerald-500',
  packaging: 'bg-violet-200 text-violet-950 border-violet-500',
}

/**
 * The timeline: one row per vessel (with the brewhouse's brew days above and packaging days below), days
 * across, a today line. A bar is a button: Enter or a click opens its dialog; a Manager drags it along its row
 * (snapping to days) or onto another vessel's row. A refused move shows the server's message beside the bar,
 * which stays where the server has it.
 */
export function ScheduleTimeline({
  schedule,
  days,
  dayWidth,
  today,
  canEdit,
  refusals,
  onMove,
  onOpen,
  onDismiss,
}: {
  schedule: ScheduleRead
  days: string[]
  dayWidth: number
  today: string
  canEdit: boolean
  /** The server's refusal of a bar's last move, by occupancy id, with the refused write to dismiss. */
  refusals: Map<string, { message: string; requestId: string }>
  onMove: (target: MoveTarget) => void
  onOpen: (bar: ScheduleBar) => void
  onDismiss: (requestId: string) => void
}) {
  const window = { from: days[0], to: addDays(days.at(-1)!, 1) }
  const width = days.length * dayWidth
  const todayOffset = ((dayStart(today) - dayStart(window.from)) / 86_400_000 + 0.5) * dayWidth
  const showToday = today >= window.from && today < window.to
  const dayBars = (stage: 'brew' | 'packaging') => schedule.days.filter((d) => d.stage === stage)

  // A phone shows three or four days of the fourteen: open on today, not on the Monday before it.
  const scroller = useRef<HTMLDivElement>(null)
  const scrollTarget = showToday ? todayOffset : null
  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    element.scrollLeft = todayScrollLeft(scrollTarget, dayWidth, element.clientWidth - NAME_WIDTH, width)
  }, [scrollTarget, dayWidth, width, window.from])

  return (
    <div
      ref={scroller}
      className="max-w-full min-w-0 overflow-x-auto rounded-xl border bg-card shadow-xs"
      data-testid="schedule-timeline"
    >
      <div className="relative" style={{ width: NAME_WIDTH + width }}>
        <div className="flex border-b text-xs" aria-hidden="true">
          <div className="sticky left-0 z-20 shrink-0 border-r bg-card" style={{ width: NAME_WIDTH }} />
          {days.map((day) => {
            const date = new Date(`${day}T00:00:00Z`)
            const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6
            return (
              <div
                key={day}
                className={cn(
                  'shrink-0 border-r py-1 text-center',
                  weekend && 'bg-muted/60',
                  day === today && 'font-semibold text-primary',
                )}
                style={{ width: dayWidth }}
              >
                <div>{date.toLocaleDateString('en-US', { weekday: 'narrow', timeZone: 'UTC' })}</div>
                <div>{date.getUTCDate()}</div>
              </div>
            )
          })}
        </div>
        <ul aria-label="Vessels">
          <DayRow
            label={BREWHOUSE_ROW}
            items={dayBars('brew')}
            window={window}
            dayWidth={dayWidth}
            width={width}
          />
          {schedule.vessels.map((vessel) => (
            <li
              key={vessel.id}
              className="flex border-b"
              data-vessel-row={vessel.id}
              aria-label={vessel.name}
              style={{ height: ROW_HEIGHT }}
            >
              <div
                className="sticky left-0 z-20 flex shrink-0 flex-col justify-center border-r bg-card px-2 text-sm"
                style={{ width: NAME_WIDTH }}
              >
                <span className="truncate font-medium">{vessel.name}</span>
                <span className="truncate text-xs text-muted-foreground">
                  {vessel.workingCapacityBbl} bbl
                  {vessel.state === 'out-of-service' ? ' · out of service' : ''}
                </span>
              </div>
              <div
                className={cn('relative', vessel.state === 'out-of-service' && 'bg-muted/70')}
                style={{ width }}
              >
                {schedule.bars
                  .filter((bar) => bar.vesselId === vessel.id)
                  .map((bar) => (
                    <Bar
                      key={bar.id}
                      bar={bar}
                      window={window}
                      dayWidth={dayWidth}
                      canEdit={canEdit}
                      refusal={refusals.get(bar.id)}
                      onMove={onMove}
                      onOpen={onOpen}
                      onDismiss={onDismiss}
                    />
                  ))}
              </div>
            </li>
          ))}
          <DayRow
            label={PACKAGING_ROW}
            items={dayBars('packaging')}
            window={window}
            dayWidth={dayWidth}
            width={width}
          />
        </ul>
        {showToday && (
          <div
            className="pointer-events-none absolute top-0 bottom-0 z-10 w-0.5 bg-red-500"
            style={{ left: NAME_WIDTH + todayOffset }}
            role="presentation"
            data-testid="today-line"
          />
        )}
      </div>
    </div>
  )
}

function DayRow({
  label,
  items,
  window,
  dayWidth,
  width,
}: {
  label: string
  items: ScheduleDay[]
  window: { from: string; to: string }
  dayWidth: number
  width: number
}) {
  return (
    <li className="flex border-b" aria-label={label} style={{ height: ROW_HEIGHT - 12 }}>
      <div
        className="sticky left-0 z-20 flex shrink-0 items-center border-r bg-card px-2 text-sm font-medium"
        style={{ width: NAME_WIDTH }}
      >
        {label}
      </div>
      <div className="relative" style={{ width }}>
        {items.map((item) => {
          const box = barBox(
            { start: dayStart(item.date), end: dayStart(item.date) + 86_400_000 },
            window,
            dayWidth,
          )
          if (!box) return null
          return (
            <span
              key={`${item.batchId}-${item.stage}`}
              className={cn(
                'absolute top-1.5 bottom-1.5 flex items-center justify-center overflow-hidden rounded border text-xs font-medium',
                stageColour[item.stage],
              )}
              style={{ left: box.left, width: box.width }}
              title={`${STAGE_LABEL[item.stage]}: ${item.batchNumber} ${item.productName} (${item.date})`}
            >
              <span className="truncate px-1">{item.batchNumber}</span>
            </span>
          )
        })}
      </div>
    </li>
  )
}

function Bar({
  bar,
  window,
  dayWidth,
  canEdit,
  refusal,
  onMove,
  onOpen,
  onDismiss,
}: {
  bar: ScheduleBar
  window: { from: string; to: string }
  dayWidth: number
  canEdit: boolean
  refusal?: { message: string; requestId: string }
  onMove: (target: MoveTarget) => void
  onOpen: (bar: ScheduleBar) => void
  onDismiss: (requestId: string) => void
}) {
  const drag = useRef<{ x: number; y: number; dragged: boolean } | null>(null)
  const suppressClick = useRef(false)
  const [offset, setOffset] = useState({ x: 0, y: 0 })
  const box = barBox({ start: Date.parse(bar.start), end: Date.parse(bar.end) }, window, dayWidth)
  if (!box) return null
  const start = bar.start.slice(0, 10)
  const end = bar.end.slice(0, 10)
  const label = `${STAGE_LABEL[bar.stage]} of batch ${bar.batchNumber} ${bar.productName}, ${start} to ${end}${bar.grown ? `, ${GROWN_NOTE}` : ''}`
  // A batch already in its vessel keeps its start: only its end moves (in the dialog).
  const canDrag = canEdit && !bar.actualStart

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (!canDrag || event.button !== 0) return
    event.currentTarget.setPointerCapture?.(event.pointerId)
    drag.current = { x: event.clientX, y: event.clientY, dragged: false }
  }
  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (!drag.current) return
    const dx = event.clientX - drag.current.x
    const dy = event.clientY - drag.current.y
    if (Math.abs(dx) > 4 || Math.abs(dy) > 4) drag.current.dragged = true
    if (drag.current.dragged) setOffset({ x: dx, y: dy })
  }
  const onPointerUp = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const started = drag.current
    drag.current = null
    setOffset({ x: 0, y: 0 })
    if (!started?.dragged) return
    suppressClick.current = true
    const shift = snapDays(event.clientX - started.x, dayWidth)
    // The vessel row at the pointer's height is the one it was dropped on (by height only, so a row scrolled
    // sideways out of view still counts).
    const row = [...document.querySelectorAll<HTMLElement>('[data-vessel-row]')].find((element) => {
      const rect = element.getBoundingClientRect()
      return event.clientY >= rect.top && event.clientY < rect.bottom
    })?.dataset.vesselRow
    const vesselId = row ?? bar.vesselId
    if (shift === 0 && vesselId === bar.vesselId) return
    onMove({ bar, vesselId, start: addDays(start, shift), end: addDays(end, shift) })
  }

  return (
    <>
      <button
        type="button"
        className={cn(
          'absolute top-1.5 bottom-1.5 z-10 flex min-h-11 touch-none items-center overflow-hidden rounded-md border-2 px-2 text-left text-xs font-semibold shadow-sm select-none focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none',
          stageColour[bar.stage],
          bar.grown && 'border-dashed border-red-600',
          canDrag && 'cursor-grab active:cursor-grabbing',
          offset.x !== 0 || offset.y !== 0 ? 'z-30 opacity-80' : '',
        )}
        style={{
          left: box.left,
          width: box.width,
          transform: `translate(${offset.x}px, ${offset.y}px)`,
        }}
        aria-label={label}
        title={label}
        data-bar={bar.id}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null
          setOffset({ x: 0, y: 0 })
        }}
        onClick={() => {
          if (suppressClick.current) {
            suppressClick.current = false
            return
          }
          onOpen(bar)
        }}
      >
        <span className="truncate">{bar.batchNumber}</span>
      </button>
      {refusal && (
        <div
          role="alert"
          className="absolute top-0.5 z-40 flex w-72 items-start gap-2 rounded-md border border-destructive bg-background p-1.5 text-xs text-destructive shadow-md"
          style={{ left: box.left + box.width + 4 }}
        >
          <span>{refusal.message}</span>
          <button type="button" className="underline" onClick={() => onDismiss(refusal.requestId)}>
            {REFUSED_DISMISS}
          </button>
        </div>
      )}
    </>
  )
}

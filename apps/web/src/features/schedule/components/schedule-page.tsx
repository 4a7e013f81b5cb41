import {
  can,
  pendingProductionWrites,
  utcDate,
  type ProductionWrite,
  type ScheduleBar,
  type ScheduleRead,
} from '@brewcommand/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useQueue } from '@/lib/queue/queue-provider.tsx'
import { useSocket } from '@/lib/socket/socket-provider.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { cn } from '@/lib/utils.ts'
import { getSchedule, scheduleKey } from '../api/schedule-api.ts'
import {
  EARLIER,
  LATER,
  MONTH,
  NO_VESSELS,
  ONLY_MANAGERS_SCHEDULE,
  SCHEDULE_HEADING,
  SCHEDULE_INTRO,
  SCHEDULE_LOAD_FAILED,
  TODAY,
  WEEK,
} from '../messages.ts'
import { DAY_WIDTH, pageAnchor, viewWindow, type ScheduleView } from '../timeline.ts'
import { BookingDialog } from './booking-dialog.tsx'
import { CapacityForm, CleaningTimeForm, FeedPanel, ShiftsPanel, UnbookedPanel } from './schedule-panels.tsx'
import { ScheduleTimeline, type MoveTarget } from './schedule-timeline.tsx'

/** Changes that move the schedule: its own, and batches and vessels (planned, changed, brewed, archived). */
const SCHEDULE_URIS = ['brewcommand://schedule', 'brewcommand://batches/', 'brewcommand://vessels/']

/** Applies the queued moves over the server's bars, so a drag shows at once (offline too). */
function withPendingMoves(schedule: ScheduleRead, writes: ProductionWrite[]): ScheduleRead {
  const moves = new Map<string, { vesselId: string; start: string; end: string }>()
  for (const write of writes) {
    if (write.action !== 'schedule:move' || !write.data) continue
    const id = write.uri.split('/').at(-1)!
    moves.set(id, write.data as { vesselId: string; start: string; end: string })
  }
  if (moves.size === 0) return schedule
  return {
    ...schedule,
    bars: schedule.bars.map((bar) => {
      const move = moves.get(bar.id)
      return move
        ? {
            ...bar,
            vesselId: move.vesselId,
            start: `${move.start}T00:00:00.000Z`,
            end: `${move.end}T00:00:00.000Z`,
          }
        : bar
    }),
  }
}

/**
 * Operations → Schedule: the vessels' timeline (week or month), overdue batches and their proposed shifts,
 * batches not booked yet, "can we brew this?" and the calendar feed. A Manager moves bookings (dragging or in
 * the dialog); every member sees them, and every change anyone makes shows at once on every open schedule.
 */
export function SchedulePage() {
  const { currentEntity } = useAppState()
  const { getAccessToken } = useAuth()
  const entityId = currentEntity?.entityId
  const canEdit = can(currentEntity?.role, 'planProduction')
  const [view, setView] = useState<ScheduleView>('week')
  // Today on this device's calendar (the timeline's days are UTC midnights, so its wall clock is read as UTC).
  const today = utcDate(Date.now() - new Date().getTimezoneOffset() * 60_000)
  const [anchor, setAnchor] = useState(today)
  const window = viewWindow(view, anchor)
  const queryClient = useQueryClient()
  const schedule = useQuery({
    queryKey: [...scheduleKey(entityId), window.from, window.to],
    queryFn: async () => getSchedule(await getAccessToken(), window.from, window.to),
    enabled: entityId !== undefined,
    placeholderData: (previous) => previous,
  })
  const refresh = () => void queryClient.invalidateQueries({ queryKey: scheduleKey(entityId) })

  // Live: any schedule change in the brewery (someone else's, or our own once stored) reloads the schedule.
  const { subscribe } = useSocket()
  useEffect(
    () =>
      subscribe('dataModified', (event) => {
        if (SCHEDULE_URIS.some((uri) => event.payload.objectUri.startsWith(uri))) {
          void queryClient.invalidateQueries({ queryKey: scheduleKey(entityId) })
        }
      }),
    [subscribe, queryClient, entityId],
  )

  const { snapshot, dismiss } = useQueue()
  const pending = pendingProductionWrites(snapshot.pending, '/api/schedule')
  const refusedWrites = pendingProductionWrites(snapshot.refused, '/api/schedule')
  // A write answered leaves the queue: read the schedule it changed.
  const pendingCount = pending.length
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: scheduleKey(entityId) })
  }, [pendingCount, queryClient, entityId])

  const refusals = useMemo(() => {
    const byId = new Map<string, { message: string; requestId: string }>()
    for (const request of refusedWrites) {
      const parts = request.write.uri.split('/')
      // .../occupancies/{id} for a move, .../batches/{id}/book for a booking
      const id = request.write.action === 'schedule:book' ? parts.at(-2)! : parts.at(-1)!
      byId.set(id, {
        message: request.error ?? 'The server refused this change.',
        requestId: request.requestId,
      })
    }
    return byId
  }, [refusedWrites])
  const pendingIds = new Set(
    pending.map((request) =>
      request.write.action === 'schedule:book'
        ? request.write.uri.split('/').at(-2)!
        : ((request.write.data?.occupancyId as string | undefined) ?? request.write.uri.split('/').at(-1)!),
    ),
  )

  const write = useWrite()
  const [open, setOpen] = useState<ScheduleBar | null>(null)
  const move = ({ bar, vesselId, start, end }: MoveTarget) => {
    // A new try replaces the refused one beside the bar.
    const refused = refusals.get(bar.id)
    if (refused) dismiss(refused.requestId)
    write({
      kind: 'production',
      action: 'schedule:move',
      uri: `/api/schedule/occupancies/${bar.id}`,
      data: { vesselId, start, end },
      name: bar.batchNumber,
    })
  }

  const products = (currentEntity?.products ?? []).map((p) => ({ id: p.id, name: p.name }))
  const data = schedule.data
    ? withPendingMoves(
        schedule.data,
        pending.map((r) => r.write),
      )
    : undefined

  return (
    // One column no wider than the page: the timeline (up to 42 days) scrolls inside it instead of running off
    // the page's edge.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{SCHEDULE_HEADING}</h1>
        <p className="max-w-3xl text-muted-foreground">{SCHEDULE_INTRO}</p>
        {!canEdit && <p className="text-sm text-muted-foreground">{ONLY_MANAGERS_SCHEDULE}</p>}
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="View" className="flex rounded-md border">
          {(['week', 'month'] as const).map((option) => (
            <Button
              key={option}
              variant={view === option ? 'default' : 'ghost'}
              size="lg"
              aria-pressed={view === option}
              onClick={() => setView(option)}
            >
              {option === 'week' ? WEEK : MONTH}
            </Button>
          ))}
        </div>
        <Button
          variant="outline"
          size="lg"
          aria-label={EARLIER}
          onClick={() => setAnchor(pageAnchor(view, anchor, -1))}
        >
          <ChevronLeft className="size-5" />
        </Button>
        <Button variant="outline" size="lg" onClick={() => setAnchor(today)}>
          {TODAY}
        </Button>
        <Button
          variant="outline"
          size="lg"
          aria-label={LATER}
          onClick={() => setAnchor(pageAnchor(view, anchor, 1))}
        >
          <ChevronRight className="size-5" />
        </Button>
        <span className="text-sm text-muted-foreground">
          {window.from} – {window.days.at(-1)}
        </span>
        {schedule.isFetching && <Spinner className="size-4" aria-label="Loading" />}
      </div>

      {schedule.isPending && (
        <div className="flex items-center gap-2 text-muted-foreground" role="status">
          <Spinner className="size-5" /> Loading the schedule…
        </div>
      )}
      {schedule.isError && !data && (
        <div role="alert" className="grid gap-2 rounded-xl border border-destructive p-4">
          <p>
            {SCHEDULE_LOAD_FAILED} {schedule.error.message}
          </p>
          <Button className="w-fit" size="lg" variant="outline" onClick={() => void schedule.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {data && (
        <>
          <ShiftsPanel
            schedule={data}
            canEdit={canEdit}
            pending={pendingIds}
            onAccept={(occupancyId, batchNumber) =>
              write({
                kind: 'production',
                action: 'schedule:accept-shift',
                uri: '/api/schedule/shifts/accept',
                data: { occupancyId },
                name: batchNumber,
              })
            }
          />
          {data.vessels.length === 0 ? (
            <p className="rounded-xl border bg-card p-6 text-muted-foreground">{NO_VESSELS}</p>
          ) : (
            <ScheduleTimeline
              schedule={data}
              days={window.days}
              dayWidth={DAY_WIDTH[view]}
              today={today}
              canEdit={canEdit}
              refusals={refusals}
              onMove={move}
              onOpen={setOpen}
              onDismiss={(requestId) => dismiss(requestId)}
            />
          )}
          <UnbookedPanel
            schedule={data}
            canEdit={canEdit}
            pending={pendingIds}
            refusals={refusals}
            onDismiss={(requestId) => dismiss(requestId)}
            onBook={(batchId, batchNumber, fermenterId) => {
              const refused = refusals.get(batchId)
              if (refused) dismiss(refused.requestId)
              write({
                kind: 'production',
                action: 'schedule:book',
                uri: `/api/schedule/batches/${batchId}/book`,
                data: fermenterId ? { fermenterId } : {},
                name: batchNumber,
              })
            }}
          />
          <div className={cn('grid gap-6', canEdit && 'lg:grid-cols-2')}>
            <CapacityForm products={products} today={today} getToken={getAccessToken} />
            {canEdit && (
              <div className="grid gap-6">
                <FeedPanel feed={data.feed} getToken={getAccessToken} onChanged={refresh} />
                <CleaningTimeForm
                  key={data.cleaningGapHours}
                  hours={data.cleaningGapHours}
                  onSave={(settings) =>
                    write({
                      kind: 'production',
                      action: 'schedule:settings',
                      uri: '/api/schedule/settings',
                      data: settings,
                      name: 'Cleaning time',
                    })
                  }
                />
              </div>
            )}
          </div>
          <BookingDialog
            bar={open}
            schedule={data}
            canEdit={canEdit}
            onClose={() => setOpen(null)}
            onSave={(target) => {
              setOpen(null)
              move(target)
            }}
            onDurations={(bar, durations) => {
              setOpen(null)
              write({
                kind: 'production',
                action: 'schedule:durations',
                uri: `/api/schedule/batches/${bar.batchId}/durations`,
                data: durations,
                name: bar.batchNumber,
              })
            }}
          />
        </>
      )}
    </div>
  )
}

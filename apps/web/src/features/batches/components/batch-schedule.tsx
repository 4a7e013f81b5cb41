import {
  BatchBookingSchema,
  can,
  isCellarObjectUri,
  type Batch,
  type BatchBooking,
} from '@brewcommand/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CheckCircle2 } from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { z } from 'zod'
import { Section } from '@/components/item-cards.tsx'
import { Button } from '@/components/ui/button.tsx'
import { request } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { productionKeys } from '@/lib/production/production-queries.ts'
import { useSocket } from '@/lib/socket/socket-provider.tsx'
import { SCHEDULE_PATH } from '../lib/paths.ts'
import { BATCH_TEXTS } from '../messages.ts'

const bookingKey = (entityId: string, batchId: string) =>
  ['schedule', entityId, 'batch-booking', batchId] as const

/** The batch's bookings, or why it has none (`GET /api/schedule/batches/{id}`); read again on any live change. */
export function useBatchBooking(batchId: string) {
  const { getAccessToken } = useAuth()
  const entityId = useAppState().currentEntity?.entityId ?? ''
  const client = useQueryClient()
  const { subscribe } = useSocket()
  useEffect(
    () =>
      subscribe('dataModified', (event) => {
        void client.invalidateQueries({ queryKey: bookingKey(entityId, batchId) })
        // The cellar's change of this batch (a packaging run, Complete Batch) may have moved its status on.
        if (isCellarObjectUri(event.payload.objectUri) && event.payload.objectUri.endsWith(batchId))
          void client.invalidateQueries({ queryKey: productionKeys.batch(entityId, batchId) })
      }),
    [subscribe, client, entityId, batchId],
  )
  return useQuery({
    queryKey: bookingKey(entityId, batchId),
    queryFn: async () =>
      request('GET', `/api/schedule/batches/${encodeURIComponent(batchId)}`, BatchBookingSchema, undefined, {
        token: await getAccessToken(),
      }),
    enabled: entityId !== '' && batchId !== '',
    retry: false,
  })
}

/** What the batch still holds in its tanks, by the ledger (`GET /api/cellar/batches/{id}`, its yield). */
export function useLeftInTanks(batchId: string) {
  const { getAccessToken } = useAuth()
  const entityId = useAppState().currentEntity?.entityId ?? ''
  return useQuery({
    queryKey: ['production', entityId, 'left-in-tanks', batchId],
    queryFn: async () =>
      request(
        'GET',
        // Only the yield is read: the fewest chart points the route sends (ADR 390), not the batch's readings.
        `/api/cellar/batches/${encodeURIComponent(batchId)}?points=10`,
        z.object({ yield: z.object({ inVesselsBbl: z.number() }) }).loose(),
        undefined,
        { token: await getAccessToken() },
      ),
    enabled: entityId !== '' && batchId !== '',
    retry: false,
  })
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { timeZone: 'UTC', month: 'short', day: 'numeric' })

function BookingLine({ booking }: { booking: BatchBooking['bookings'][number] }) {
  const stage = booking.stage === 'fermentation' ? BATCH_TEXTS.fermentation : BATCH_TEXTS.conditioning
  const ended = booking.actualEnd !== null
  return (
    <li className="flex flex-wrap justify-between gap-2 rounded-md border p-3">
      <span className="font-medium">
        {stage} in {booking.vesselName}
      </span>
      <span className="text-muted-foreground">
        {day(booking.start)} – {day(booking.end)}
        {ended ? ` · ${BATCH_TEXTS.ended}` : booking.actualStart ? ` · ${BATCH_TEXTS.inProgress}` : ''}
      </span>
    </li>
  )
}

/** The batch page's Schedule section: what Plan Batch booked, or why it could not (naming the batch in the way). */
export function BatchBookings({ batchId }: { batchId: string }) {
  const booking = useBatchBooking(batchId)
  return (
    <Section title={BATCH_TEXTS.schedule}>
      {booking.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          {BATCH_TEXTS.loadingSchedule}
        </p>
      )}
      {booking.isError && (
        <p role="alert" className="text-sm text-destructive">
          {BATCH_TEXTS.scheduleFailed}{' '}
          <button type="button" className="min-h-11 underline" onClick={() => void booking.refetch()}>
            {BATCH_TEXTS.retry}
          </button>
        </p>
      )}
      {booking.data && (
        <div className="grid gap-3 text-sm">
          {booking.data.bookings.length > 0 && (
            <ul className="grid gap-2">
              {booking.data.bookings.map((line) => (
                <BookingLine key={line.id} booking={line} />
              ))}
            </ul>
          )}
          {booking.data.notBooked && (
            <p role="status" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-950">
              {BATCH_TEXTS.notBooked(booking.data.batchNumber)} {booking.data.notBooked}
            </p>
          )}
          {booking.data.bookings.length === 0 && !booking.data.notBooked && (
            <p className="text-muted-foreground">{BATCH_TEXTS.noBookings}</p>
          )}
          <Link to={SCHEDULE_PATH} className="min-h-11 text-primary underline">
            {BATCH_TEXTS.openSchedule}
          </Link>
        </div>
      )}
    </Section>
  )
}

// Complete Batch's dialog loads when it is opened (ADR 390).
const CompleteBatchDialog = lazy(async () => ({
  default: (await import('./complete-batch-dialog.tsx')).CompleteBatchDialog,
}))

const COMPLETABLE = new Set(['fermenting', 'conditioning', 'packaging'])

/**
 * Complete Batch (a Manager, ADR 252): what the batch still holds in its tanks is written off as a loss with a
 * reason, its remaining bookings are released.
 */
export function CompleteBatchButton({ batch }: { batch: Batch }) {
  const { currentEntity } = useAppState()
  const [open, setOpen] = useState(false)
  if (!can(currentEntity?.role, 'planProduction') || !COMPLETABLE.has(batch.status)) return null
  return (
    <>
      <Button variant="outline" className="h-11" onClick={() => setOpen(true)}>
        <CheckCircle2 aria-hidden="true" className="size-4" />
        {BATCH_TEXTS.completeBatch}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CompleteBatchDialog batch={batch} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}

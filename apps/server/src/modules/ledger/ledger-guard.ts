import {
  CLOCK_SKEW_MS,
  closedPeriodAt,
  dayIn,
  firstNegativeInstant,
  firstOpenInstantAfter,
  periodName,
  priorPeriodRemark,
  type ClosedPeriod,
  type LedgerEvent,
} from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'
import { createLedgerRepository, ledgerEventOf } from './ledger.repository.ts'

// Dates that hold on every liquid-event write (docs/decisions/230-ledger-dates-that-hold.md, 231-prior-period-
// adjustments.md): the cellar, brew day's finish, packaging and finished goods all date their events here, and
// check the places they touched after inserting.

/** What a write asks of the ledger's dates. */
export type DateRequest = {
  /** When the person says it happened (now when they gave none). */
  requested: Date
  /** The request confirms booking an event dated in a closed period as a prior-period adjustment. */
  priorPeriodAdjustment: boolean
  /** The batch whose beer moves (its brew must have begun), none for beer received from elsewhere. */
  batchId: string | null
  /** The server's clock. */
  now: Date
  /** The field the refusal names (`data.occurredAt`). */
  field: string
}

/** Where an event is booked: its instant, and the adjustment it is when the asked date was in a closed period. */
export type DatedEvent = {
  occurredAt: Date
  priorPeriodAdjustment: { originalOccurredAt: string; remark: string } | null
}

const when = (instant: Date, timeZone: string) =>
  `${dayIn(instant, timeZone)} ${instant.toISOString().slice(11, 16)} UTC`

/** Refuses an event dated after now plus the clock skew. */
export function assertNotFuture(requested: Date, now: Date, field: string) {
  if (requested.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw new AppError('VALIDATION_FAILED', 'An event cannot be dated in the future.', [
      { path: field, message: 'In the future' },
    ])
}

/** What dating events needs from the database, read once for any number of events (a dispatch's lots). */
export type DatingContext = {
  timeZone: string
  periods: ClosedPeriod[]
  /** The batches named by the requests: their numbers and when their brew began. */
  batches: Map<string, { number: string; began: Date | null }>
}

/**
 * Reads what `datedWith` checks for the requests' batches: the time zone (unless the caller read it), the closed
 * periods, the batches.
 */
export async function datingContext(
  tx: Db,
  tenant: Tenant,
  batchIds: readonly (string | null)[],
  known: { timeZone?: string } = {},
): Promise<DatingContext> {
  // One after the other: a write's transaction is one connection (ADR 380).
  const timeZone = known.timeZone ?? (await breweryTimeZone(tx, tenant.entityId))
  const repo = createLedgerRepository(tx)
  const ids = [...new Set(batchIds.filter((id): id is string => !!id))]
  const rows = ids.length === 0 ? [] : await repo.batchesBegun(tenant.entityId, ids)
  const periods: ClosedPeriod[] = await repo.closedPeriods(tenant.entityId)
  const batches = new Map(
    rows.map((row) => [row.id, { number: row.number, began: row.brewDayStartedAt ?? row.brewDayFinishedAt }]),
  )
  return { timeZone, periods, batches }
}

/**
 * The instant an event is booked at, after the checks every liquid-event write makes: not after now plus five
 * minutes, not before the batch's brew, and not inside a closed report period — unless the request confirms a
 * prior-period adjustment, which is booked at the first instant of the open period (now when later) with a remark
 * naming the original date. A closed period without the confirmation is a 409 naming the period.
 */
export function datedWith(context: DatingContext, request: DateRequest): DatedEvent {
  assertNotFuture(request.requested, request.now, request.field)
  const { timeZone, periods } = context
  // Not before the batch's brew (the beer did not exist yet).
  const batch = request.batchId ? context.batches.get(request.batchId) : undefined
  if (batch?.began && request.requested.getTime() < batch.began.getTime())
    throw new AppError(
      'VALIDATION_FAILED',
      `Batch ${batch.number} was brewed on ${when(batch.began, timeZone)}; this cannot be dated before it.`,
      [{ path: request.field, message: 'Before the beer existed' }],
    )
  const closed = closedPeriodAt(request.requested, periods, timeZone)
  if (!closed) return { occurredAt: request.requested, priorPeriodAdjustment: null }
  if (!request.priorPeriodAdjustment)
    throw new AppError(
      'CONFLICT',
      `${dayIn(request.requested, timeZone)} is in ${periodName(closed)}, which is closed. Book it as a prior-period adjustment in the open period, or change the date.`,
      [{ path: request.field, message: `In closed period ${closed.period}` }],
    )
  const open = firstOpenInstantAfter(request.requested, periods, timeZone)
  return {
    occurredAt: open.getTime() > request.now.getTime() ? open : request.now,
    priorPeriodAdjustment: {
      originalOccurredAt: request.requested.toISOString(),
      remark: priorPeriodRemark(request.requested, closed, timeZone),
    },
  }
}

/** One event's instant (`datedWith`), reading what it checks. */
export async function dateLiquidEvent(tx: Db, tenant: Tenant, request: DateRequest): Promise<DatedEvent> {
  assertNotFuture(request.requested, request.now, request.field)
  return datedWith(await datingContext(tx, tenant, [request.batchId]), request)
}

/** The `details` keys a dated event adds (none unless it is a prior-period adjustment). */
export const adjustmentDetails = (dated: DatedEvent): Record<string, unknown> =>
  dated.priorPeriodAdjustment ? { priorPeriodAdjustment: dated.priorPeriodAdjustment } : {}

/** How a refusal names the places a write touched. */
export type PlaceNames = { vessels?: Map<string, string>; packages?: Map<string, string> }

/**
 * After a write inserted its events: no instant of the touched vessels' and packaging options' whole timelines
 * shows a negative volume (or units). A refusal rolls the write back with a sentence naming the place and the day.
 */
export async function assertTimelineHolds(
  tx: Db,
  tenant: Tenant,
  places: { vesselIds?: readonly string[]; packageIds?: readonly string[] },
  names: PlaceNames,
  field: string,
) {
  const repo = createLedgerRepository(tx)
  const events = (
    await repo.eventsOfPlaces(tenant.entityId, places.vesselIds ?? [], places.packageIds ?? [])
  ).map(ledgerEventOf)
  await assertEventsHold(tx, tenant, events, places, names, field)
}

/**
 * `assertTimelineHolds` on events the caller holds (the places' events as its transaction wrote them): reads only
 * to name the day and the batch of a refusal.
 */
export async function assertEventsHold(
  tx: Db,
  tenant: Tenant,
  events: readonly LedgerEvent[],
  places: { vesselIds?: readonly string[]; packageIds?: readonly string[] },
  names: PlaceNames,
  field: string,
) {
  const vesselIds = places.vesselIds ?? []
  const packageIds = places.packageIds ?? []
  const negative = firstNegativeInstant(events, { vesselIds, packageIds })
  if (!negative) return
  const repo = createLedgerRepository(tx)
  const timeZone = await breweryTimeZone(tx, tenant.entityId)
  const day = dayIn(new Date(negative.occurredAt), timeZone)
  const numbers = negative.batchId ? await repo.batchNumbers(tenant.entityId, [negative.batchId]) : new Map()
  const ofBatch = negative.batchId ? ` of batch ${numbers.get(negative.batchId) ?? 'this batch'}` : ''
  const place =
    'vesselId' in negative.place
      ? (names.vessels?.get(negative.place.vesselId) ?? 'The vessel')
      : `${names.packages?.get(negative.place.packageId) ?? 'The packaging option'} on hand`
  const short =
    'vesselId' in negative.place
      ? `${Math.abs(negative.volumeBbl).toFixed(2)} bbl`
      : `${Math.abs(negative.units ?? 0)} units`
  throw new AppError(
    'CONFLICT',
    `${place} would be short by ${short}${ofBatch} on ${day}: that much beer was not there at that date.`,
    [{ path: field, message: 'More than was there at that date' }],
  )
}

import {
  cellarObjectUri,
  DEVICE_TOKEN_PATTERN,
  parseDevicePayload,
  vesselContents,
  type LedgerEvent,
} from '@brewcommand/domain'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { createCellarRepository, toLedgerEvent, type ReadingRow } from './cellar.repository.ts'
import { hashDeviceToken } from './devices.ts'
import { toReading } from './cellar-views.ts'

/** Rows per INSERT: 14 columns × 2,000 rows stays well below PostgreSQL's 65,535 parameters. */
export const BULK_INGEST_CHUNK = 2_000
/** At most this many readings in one upload (a device's buffer of a year at one per 15 minutes is 35,040). */
export const BULK_INGEST_MAX = 50_000

export type BufferedReading = { takenAt: Date; body: unknown }

/**
 * Which batch was in a vessel at each instant, as `batchInVessel` (cellar-context.ts) answers for one reading:
 * the occupancy at that instant, else the batch holding most of the vessel by the ledger, else the fermenter's
 * batch. Here the vessel's occupancies and ledger events are read once for the whole upload, not per reading.
 */
function attributor(
  occupancies: { batchId: string; actualStart: Date | null; actualEnd: Date | null }[],
  events: LedgerEvent[],
  fermenterBatchId: string | null,
  vesselId: string,
) {
  // The ledger's main batch after each event's instant, computed once per distinct instant.
  const instants = [...new Set(events.map((event) => event.occurredAt))].sort()
  const mainAfter = instants.map((instant) => {
    const held = vesselContents(events.filter((event) => event.occurredAt <= instant)).get(vesselId)
    return held?.batches.toSorted((a, b) => b.volumeBbl - a.volumeBbl)[0]?.batchId ?? null
  })
  return (at: Date): string | null => {
    const ms = at.getTime()
    for (let i = occupancies.length - 1; i >= 0; i--) {
      const { actualStart, actualEnd, batchId } = occupancies[i]
      if (actualStart && actualStart.getTime() <= ms && (!actualEnd || actualEnd.getTime() > ms))
        return batchId
    }
    const iso = at.toISOString()
    let lo = 0
    let hi = instants.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (instants[mid] <= iso) lo = mid + 1
      else hi = mid
    }
    return (lo > 0 ? mainAfter[lo - 1] : null) ?? fermenterBatchId
  }
}

/**
 * A device's buffered readings uploaded at once (issue 40; a device that was offline, or a brewery's history):
 * the token names the device as for one post, every body is read as iSpindel, Brewfather or plain JSON (the first
 * refusal names its index), each reading keeps the instant the device took it (never in the future) and goes to
 * the device's vessel and the batch in it then. Stored in chunks of BULK_INGEST_CHUNK rows; the brewery's room
 * hears the latest reading once, and the alert rules run once.
 */
export function createBulkIngest({
  db,
  realtime,
  afterReading,
}: {
  db: Db
  realtime?: () => Pick<Realtime, 'dataModified'> | null
  afterReading?: (entityId: string) => Promise<void>
}) {
  const repo = createCellarRepository(db)
  return async function ingestMany(
    token: string,
    buffered: readonly BufferedReading[],
  ): Promise<{ entityId: string; stored: number }> {
    const device = DEVICE_TOKEN_PATTERN.test(token)
      ? await repo.deviceByTokenHash(hashDeviceToken(token))
      : null
    if (!device || device.revokedAt) throw new AppError('UNAUTHENTICATED', 'Unknown or revoked device token.')
    if (!device.vesselId)
      throw new AppError(
        'CONFLICT',
        'This device is not in a vessel; choose its vessel in Settings → Devices.',
      )
    if (buffered.length === 0) return { entityId: device.entityId, stored: 0 }
    if (buffered.length > BULK_INGEST_MAX)
      throw new AppError('VALIDATION_FAILED', `Upload at most ${BULK_INGEST_MAX} readings at a time.`)
    const latestAllowed = Date.now() + 5 * 60_000
    const parsed = buffered.map(({ takenAt, body }, index) => {
      const result = parseDevicePayload(body)
      if (!result.ok)
        throw new AppError('VALIDATION_FAILED', `Reading ${index + 1}: ${result.problem.message}`, [
          { path: `${index}.${result.problem.field}`, message: result.problem.message },
        ])
      if (!(takenAt instanceof Date) || Number.isNaN(takenAt.getTime()) || takenAt.getTime() > latestAllowed)
        throw new AppError(
          'VALIDATION_FAILED',
          `Reading ${index + 1}: a reading cannot be taken in the future.`,
          [{ path: `${index}.takenAt`, message: 'In the future' }],
        )
      return { takenAt, reading: result.reading }
    })
    const times = parsed.map((p) => p.takenAt.getTime())
    const from = new Date(Math.min(...times))
    const to = new Date(Math.max(...times))
    const vesselId = device.vesselId
    const batchAt = attributor(
      await repo.occupanciesBetween(device.entityId, vesselId, from, to),
      (await repo.eventsTouching(device.entityId, [vesselId], [])).map(toLedgerEvent),
      (await repo.batchByFermenter(device.entityId, vesselId))?.id ?? null,
      vesselId,
    )
    let stored = 0
    let latest: ReadingRow | null = null
    for (let start = 0; start < parsed.length; start += BULK_INGEST_CHUNK) {
      const rows = parsed.slice(start, start + BULK_INGEST_CHUNK).map(({ takenAt, reading }) => ({
        id: crypto.randomUUID(),
        entityId: device.entityId,
        vesselId,
        batchId: batchAt(takenAt),
        deviceId: device.id,
        source: 'device',
        takenAt,
        gravitySg: reading.gravitySg,
        temperatureC: reading.temperatureC,
        ph: reading.ph,
        battery: reading.battery,
        note: reading.note,
        entered: {
          format: reading.format,
          angle: reading.angle,
          rssi: reading.rssi,
          interval: reading.intervalSeconds,
        },
      }))
      stored += await repo.insertReadings(rows)
      for (const row of rows)
        if (!latest || row.takenAt.getTime() >= latest.takenAt.getTime())
          latest = { ...row, recordedBy: null, recordedAt: new Date() }
    }
    if (latest) {
      const reading = toReading(latest, device.name)
      realtime?.()?.dataModified(device.entityId, {
        sourceSocketId: '',
        payload: { objectUri: cellarObjectUri('vessels', vesselId), data: { id: vesselId, reading } },
      })
    }
    await afterReading?.(device.entityId).catch(() => undefined)
    return { entityId: device.entityId, stored }
  }
}
export type BulkIngest = ReturnType<typeof createBulkIngest>

declare module 'fastify' {
  interface FastifyInstance {
    /** A device's buffered readings at once (createBulkIngest). */
    bulkIngest: BulkIngest
  }
}

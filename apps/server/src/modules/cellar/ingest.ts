import { cellarObjectUri, DEVICE_TOKEN_PATTERN, parseDevicePayload, type Reading } from '@brewcommand/domain'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { createCellarRepository } from './cellar.repository.ts'
import { hashDeviceToken, toReading, type CellarService } from './cellar.service.ts'
import { createPostBatcher } from './ingest-batch.ts'

/** A device posts at most once per this many seconds (docs/production.md "Rules everywhere"). */
export const INGEST_SECONDS_PER_POST = 10

/**
 * Runs the alert rules of a brewery soon after its devices post, at most once per `delaySeconds` per brewery from
 * this instance: the job is queued to start `delaySeconds` later, so it reads every reading posted before it
 * starts, and posts meanwhile need not queue another (ADR 375). Several instances queue one each at most (the
 * queue's singleton key keeps one waiting).
 */
export function coalescedAfterReading(
  enqueue: (entityId: string, startAfterSeconds: number) => Promise<void>,
  { delaySeconds = 10, now = () => Date.now() }: { delaySeconds?: number; now?: () => number } = {},
) {
  const pendingUntil = new Map<string, number>()
  return async (entityId: string) => {
    const at = now()
    // A second's margin: the queued job must start after this reading committed.
    if ((pendingUntil.get(entityId) ?? 0) - 1000 > at) return
    pendingUntil.set(entityId, at + delaySeconds * 1000)
    if (pendingUntil.size > 10_000) {
      for (const [id, until] of pendingUntil) if (until < at) pendingUntil.delete(id)
    }
    await enqueue(entityId, delaySeconds).catch((error: unknown) => {
      pendingUntil.delete(entityId)
      throw error
    })
  }
}

/**
 * A device's post (`POST /api/ingest/{deviceToken}`): the token (its SHA-256 looked up) names the device and its
 * brewery, the body is read as iSpindel, Brewfather or plain JSON, one post per 10 seconds per device (the slot is
 * a row update, so every instance agrees), and the reading goes to the device's vessel and the batch in it now.
 * An accepted post is one statement, one round trip (ADR 375), shared with the posts waiting at the same moment
 * (ADR 395); a refusal takes a second to name its reason.
 */
export function createIngest({
  db,
  cellar,
  realtime,
  afterReading,
  statementsAtOnce = 1,
}: {
  db: Db
  cellar: CellarService
  realtime: () => Pick<Realtime, 'dataModified'> | null
  /** Runs the alert rules for the brewery soon (the job queue). */
  afterReading?: (entityId: string) => Promise<void>
  /** Statements of waiting posts running at once: 1 on PGlite (it runs one at a time), more on PostgreSQL. */
  statementsAtOnce?: number
}) {
  const repo = createCellarRepository(db)
  const accept = createPostBatcher(db, INGEST_SECONDS_PER_POST, { parallel: statementsAtOnce })

  /** Why a post was not accepted, in the order a device is told: token, body, vessel, rate. */
  async function refusal(tokenHash: string | null, problem: AppError | null): Promise<AppError> {
    const device = tokenHash ? await repo.deviceByTokenHash(tokenHash) : null
    if (!device || device.revokedAt)
      return new AppError('UNAUTHENTICATED', 'Unknown or revoked device token.')
    if (problem) return problem
    if (!device.vesselId)
      return new AppError(
        'CONFLICT',
        'This device is not in a vessel; choose its vessel in Settings → Devices.',
      )
    return new AppError('RATE_LIMITED', `A device may post once every ${INGEST_SECONDS_PER_POST} seconds.`)
  }

  return async function ingest(
    token: string,
    body: unknown,
  ): Promise<{ entityId: string; reading: Reading }> {
    const tokenHash = DEVICE_TOKEN_PATTERN.test(token) ? hashDeviceToken(token) : null
    const parsed = parseDevicePayload(body)
    if (!tokenHash || !parsed.ok)
      throw await refusal(
        tokenHash,
        parsed.ok
          ? null
          : new AppError('VALIDATION_FAILED', parsed.problem.message, [
              { path: parsed.problem.field, message: parsed.problem.message },
            ]),
      )
    const { reading } = parsed
    const entered = {
      format: reading.format,
      angle: reading.angle,
      rssi: reading.rssi,
      interval: reading.intervalSeconds,
    }
    const id = crypto.randomUUID()
    const accepted = await accept({
      token_hash: tokenHash,
      id,
      gravity_sg: reading.gravitySg ?? null,
      temperature_c: reading.temperatureC ?? null,
      ph: reading.ph ?? null,
      battery: reading.battery ?? null,
      note: reading.note ?? '',
      entered,
    })
    if (!accepted) throw await refusal(tokenHash, null)

    let stored: Reading
    if (accepted.reading_id && accepted.taken_at) {
      const takenAt = new Date(accepted.taken_at)
      stored = {
        id: accepted.reading_id,
        vesselId: accepted.vessel_id,
        batchId: accepted.batch_id,
        deviceId: accepted.device_id,
        deviceName: accepted.name,
        source: 'device',
        takenAt: takenAt.toISOString(),
        gravitySg: reading.gravitySg ?? null,
        temperatureC: reading.temperatureC ?? null,
        ph: reading.ph ?? null,
        battery: reading.battery ?? null,
        note: reading.note ?? '',
        recordedBy: null,
      }
    } else {
      // No occupancy names the batch: what the ledger holds there, else the fermenter's batch (the slot is taken).
      const takenAt = new Date()
      const row = await repo.insertReading({
        id,
        entityId: accepted.entity_id,
        vesselId: accepted.vessel_id,
        batchId: await cellar.batchInVessel(db, accepted.entity_id, accepted.vessel_id, takenAt),
        deviceId: accepted.device_id,
        source: 'device',
        takenAt,
        gravitySg: reading.gravitySg,
        temperatureC: reading.temperatureC,
        ph: reading.ph,
        battery: reading.battery,
        note: reading.note,
        entered,
      })
      if (!row) throw new Error('The reading was not stored')
      stored = toReading(row, accepted.name)
    }
    realtime()?.dataModified(accepted.entity_id, {
      sourceSocketId: '',
      payload: {
        objectUri: cellarObjectUri('vessels', accepted.vessel_id),
        data: { id: accepted.vessel_id, reading: stored },
      },
    })
    await afterReading?.(accepted.entity_id).catch(() => undefined)
    return { entityId: accepted.entity_id, reading: stored }
  }
}

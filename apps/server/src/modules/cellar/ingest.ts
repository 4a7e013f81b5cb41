import { cellarObjectUri, DEVICE_TOKEN_PATTERN, parseDevicePayload, type Reading } from '@brewcommand/domain'
import { sql } from 'drizzle-orm'
import { namedStatement, type Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { createCellarRepository } from './cellar.repository.ts'
import { hashDeviceToken, toReading, type CellarService } from './cellar.service.ts'

/** A device posts at most once per this many seconds (docs/production.md "Rules everywhere"). */
export const INGEST_SECONDS_PER_POST = 10

type Accepted = {
  device_id: string
  entity_id: string
  vessel_id: string
  name: string
  batch_id: string | null
  reading_id: string | null
  taken_at: Date | string | null
}

/**
 * A device's post in one statement (ADR 375): the device found by its token's SHA-256 (the unique index) and not
 * revoked, its slot of one post per `seconds` taken (a row update, so every instance agrees and a revoke
 * committed anywhere refuses the next post at once), and — when an occupancy names the batch in its vessel now,
 * as it does for every batch filled through the cellar — the reading inserted with that batch. Nothing is
 * answered when the device is unknown, revoked, in no vessel or posting too soon; the reading's columns are null
 * when no occupancy names the batch (the caller then works it out from the ledger and inserts it).
 */
const acceptPost = namedStatement(
  'ingest.accept',
  () => sql`
    with d as (
      update devices set last_ingest_at = now(), last_seen_at = now()
      where token_hash = ${sql.placeholder('tokenHash')} and revoked_at is null and vessel_id is not null
        and (last_ingest_at is null
          or last_ingest_at <= now() - make_interval(secs => ${sql.placeholder('seconds')}::double precision))
      returning id, entity_id, vessel_id, name
    ),
    o as (
      select vo.batch_id from vessel_occupancies vo join d
        on vo.entity_id = d.entity_id and vo.vessel_id = d.vessel_id
      where vo.actual_start <= now() and (vo.actual_end is null or vo.actual_end > now())
      order by vo.actual_start desc limit 1
    ),
    r as (
      insert into readings (id, entity_id, vessel_id, batch_id, device_id, source, taken_at, gravity_sg,
        temperature_c, ph, battery, note, entered)
      select ${sql.placeholder('id')}::uuid, d.entity_id, d.vessel_id, o.batch_id, d.id, 'device', now(),
        ${sql.placeholder('gravitySg')}::double precision, ${sql.placeholder('temperatureC')}::double precision,
        ${sql.placeholder('ph')}::double precision, ${sql.placeholder('battery')}::double precision,
        ${sql.placeholder('note')}::text, ${sql.placeholder('entered')}::jsonb
      from d join o on true
      returning id, taken_at
    )
    select d.id as device_id, d.entity_id, d.vessel_id, d.name, (select batch_id from o) as batch_id,
      r.id as reading_id, r.taken_at
    from d left join r on true`,
)

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
 * An accepted post is one statement, one round trip (ADR 375); a refusal takes a second to name its reason.
 */
export function createIngest({
  db,
  cellar,
  realtime,
  afterReading,
}: {
  db: Db
  cellar: CellarService
  realtime: () => Pick<Realtime, 'dataModified'> | null
  /** Runs the alert rules for the brewery soon (the job queue). */
  afterReading?: (entityId: string) => Promise<void>
}) {
  const repo = createCellarRepository(db)

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
    const result = (await acceptPost(db, {
      tokenHash,
      seconds: INGEST_SECONDS_PER_POST,
      id,
      gravitySg: reading.gravitySg ?? null,
      temperatureC: reading.temperatureC ?? null,
      ph: reading.ph ?? null,
      battery: reading.battery ?? null,
      note: reading.note ?? '',
      entered: JSON.stringify(entered),
    })) as { rows: Accepted[] }
    const accepted = result.rows[0]
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

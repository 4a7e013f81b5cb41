import { cellarObjectUri, DEVICE_TOKEN_PATTERN, parseDevicePayload, type Reading } from '@brewcommand/domain'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { createCellarRepository } from './cellar.repository.ts'
import { hashDeviceToken, toReading, type CellarService } from './cellar.service.ts'

/** A device posts at most once per this many seconds (docs/production.md "Rules everywhere"). */
export const INGEST_SECONDS_PER_POST = 10

/**
 * A device's post (`POST /api/ingest/{deviceToken}`): the token (its SHA-256 looked up) names the device and its
 * brewery, the body is read as iSpindel, Brewfather or plain JSON, one post per 10 seconds per device (the slot is
 * a row update, so every instance agrees), and the reading goes to the device's vessel and the batch in it now.
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
  return async function ingest(
    token: string,
    body: unknown,
  ): Promise<{ entityId: string; reading: Reading }> {
    const device = DEVICE_TOKEN_PATTERN.test(token)
      ? await repo.deviceByTokenHash(hashDeviceToken(token))
      : null
    if (!device || device.revokedAt) throw new AppError('UNAUTHENTICATED', 'Unknown or revoked device token.')
    const parsed = parseDevicePayload(body)
    if (!parsed.ok)
      throw new AppError('VALIDATION_FAILED', parsed.problem.message, [
        { path: parsed.problem.field, message: parsed.problem.message },
      ])
    if (!device.vesselId)
      throw new AppError(
        'CONFLICT',
        'This device is not in a vessel; choose its vessel in Settings → Devices.',
      )
    if (!(await repo.takeIngestSlot(device.id, INGEST_SECONDS_PER_POST)))
      throw new AppError('RATE_LIMITED', `A device may post once every ${INGEST_SECONDS_PER_POST} seconds.`)
    const { reading } = parsed
    const takenAt = new Date()
    const row = await repo.insertReading({
      id: crypto.randomUUID(),
      entityId: device.entityId,
      vesselId: device.vesselId,
      batchId: await cellar.batchInVessel(db, device.entityId, device.vesselId, takenAt),
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
    })
    const stored = toReading(row, device.name)
    realtime()?.dataModified(device.entityId, {
      sourceSocketId: '',
      payload: {
        objectUri: cellarObjectUri('vessels', device.vesselId),
        data: { id: device.vesselId, reading: stored },
      },
    })
    await afterReading?.(device.entityId).catch(() => undefined)
    return { entityId: device.entityId, reading: stored }
  }
}

import {
  ALERT_KINDS,
  ALERT_RULES,
  cellarObjectUri,
  DEFAULT_CELLAR_SETTINGS,
  expectedFinalGravity,
  fermentationAlerts,
  fermentationBand,
  isDeviceSilent,
  type AlertKind,
  type CellarAlert,
  type Recipe,
} from '@brewcommand/domain'
import { lockForTransaction, type Db } from '../../db/client.ts'
import { defineJob } from '../../jobs/job-queue.ts'
import type { Mailer } from '../../mail/mailer.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { createCellarRepository, type AlertRow } from './cellar.repository.ts'
import { toAlert } from './cellar.service.ts'

/** The alert rules run every five minutes on the job queue (and right after a device posts). */
export const CELLAR_ALERTS_CRON = '*/5 * * * *'

/** Alerts raised once per batch; the others again once the last one is acknowledged. */
const ONCE_PER_BATCH: ReadonlySet<AlertKind> = new Set(['gravity-stable', 'fg-reached'])

type Logger = { error(obj: object, msg: string): void }
export type CellarAlertDeps = {
  realtime: Pick<Realtime, 'dataModified'> | null
  mailer: Mailer | null
  publicUrl: string
  logger?: Logger
}

/** The breweries to look at: those with batches in the cellar or devices that post. */
async function breweriesToCheck(db: Db): Promise<string[]> {
  const repo = createCellarRepository(db)
  const [batches, devices] = await Promise.all([repo.batchesInCellar(), repo.activeDevices()])
  return [...new Set([...batches.map((b) => b.entityId), ...devices.map((d) => d.entityId)])]
}

/** Evaluates one brewery's rules in one transaction (a lock per brewery, so two runs never raise one alert twice). */
async function evaluateBrewery(db: Db, entityId: string, now: Date): Promise<AlertRow[]> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db
    await lockForTransaction(tx, `cellar.alerts:${entityId}`)
    const repo = createCellarRepository(tx)
    const raised: AlertRow[] = []
    const raise = async (row: Omit<Parameters<typeof repo.insertAlert>[0], 'entityId'>) => {
      const [inserted] = await repo.insertAlert({ ...row, entityId, raisedAt: now })
      raised.push(inserted)
    }
    for (const batch of await repo.batchesInCellar(entityId)) {
      const windowStart = new Date(now.getTime() - ALERT_RULES.stableForHours * 3_600_000)
      const rows = await repo.alertReadings(entityId, batch.id, windowStart)
      if (rows.length === 0) continue
      const readings = rows.map((reading) => ({
        takenAt: reading.takenAt.toISOString(),
        gravitySg: reading.gravitySg,
        temperatureC: reading.temperatureC,
      }))
      const snapshot = batch.recipeSnapshot as unknown as Recipe
      const vesselId = rows.at(-1)!.vesselId
      const found = fermentationAlerts({
        readings,
        expectedFg: expectedFinalGravity(snapshot),
        band: fermentationBand(snapshot),
        now,
      })
      const subject = `batch:${batch.id}`
      // Back in its band: the excursion is over (resolved, as par-level alerts are), so the next one is a new
      // alert with its own mail rather than hidden behind an open one nobody acknowledged.
      if (!found.some((alert) => alert.kind === 'temperature-out-of-band'))
        for (const open of await repo.alertsOfSubject(entityId, subject, 'temperature-out-of-band'))
          if (!open.resolvedAt) await repo.resolveAlert(entityId, open.id)
      for (const alert of found) {
        const earlier = await repo.alertsOfSubject(entityId, subject, alert.kind)
        const skip = ONCE_PER_BATCH.has(alert.kind)
          ? earlier.length > 0
          : earlier.some((a) => !a.acknowledgedAt)
        if (skip) continue
        await raise({
          kind: alert.kind,
          message: `${batch.number} ${batch.productName}: ${alert.message}`.trim(),
          vesselId,
          batchId: batch.id,
          subject,
        })
      }
    }
    for (const device of await repo.vesselDevices(entityId)) {
      const lastSeenAt = device.lastSeenAt?.toISOString() ?? null
      if (!isDeviceSilent(lastSeenAt, now)) continue
      const subject = `device:${device.id}`
      const earlier = await repo.alertsOfSubject(entityId, subject, 'device-silent')
      if (earlier.some((alert) => alert.raisedAt.getTime() >= device.lastSeenAt!.getTime())) continue
      await raise({
        kind: 'device-silent',
        message: `${device.name} has sent nothing since ${lastSeenAt}`,
        vesselId: device.vesselId,
        deviceId: device.id,
        subject,
      })
    }
    return raised
  })
}

/**
 * Tells the brewery's room about newly raised alerts and mails its chosen roles; a failure is logged, the alerts
 * stay in the app. The cellar's rules and inventory's par levels (par-levels.job.ts) announce through it.
 */
export async function announceAlerts(db: Db, deps: CellarAlertDeps, entityId: string, rows: AlertRow[]) {
  const alerts = rows.map(toAlert)
  for (const alert of alerts)
    deps.realtime?.dataModified(entityId, {
      sourceSocketId: '',
      payload: { objectUri: cellarObjectUri('alerts', alert.id), data: { ...alert } },
    })
  if (!deps.mailer || alerts.length === 0) return
  const repo = createCellarRepository(db)
  const stock = alerts.every((alert) => alert.kind === 'below-par')
  const what = stock ? 'stock' : 'cellar'
  try {
    const settings = await repo.settings(entityId)
    const roles = settings?.alertRoles ?? DEFAULT_CELLAR_SETTINGS.alertRoles
    const addresses = await repo.memberAddresses(entityId, roles)
    const base = deps.publicUrl.replace(/\/$/, '')
    const text = [
      ...alerts.map((alert) => `• ${ALERT_KINDS[alert.kind]}: ${alert.message}`),
      '',
      stock
        ? `See the inventory: ${base}/secure/inventory`
        : `See the cellar: ${base}/secure/operations/cellar`,
    ].join('\n')
    const subject =
      alerts.length === 1
        ? `${stock ? 'Stock' : 'Cellar'} alert: ${ALERT_KINDS[alerts[0].kind]}`
        : `${alerts.length} ${what} alerts`
    for (const to of addresses) await deps.mailer.send({ to, subject, text })
    await repo.markMailed(alerts.map((alert) => alert.id))
  } catch (error) {
    deps.logger?.error({ err: error }, `${what} alerts: the mail could not be sent`)
  }
}

/** Runs the alert rules for one brewery, or every brewery with something in the cellar; answers what it raised. */
export async function evaluateCellarAlerts(
  db: Db,
  deps: CellarAlertDeps,
  { entityId, now = new Date() }: { entityId?: string; now?: Date } = {},
): Promise<CellarAlert[]> {
  const raised: CellarAlert[] = []
  for (const id of entityId ? [entityId] : await breweriesToCheck(db)) {
    const rows = await evaluateBrewery(db, id, now)
    if (rows.length === 0) continue
    await announceAlerts(db, deps, id, rows)
    raised.push(...rows.map(toAlert))
  }
  return raised
}

/** The job the queue runs on its schedule and after a device posts (`{ entityId }`). */
export const cellarAlertsJob = (db: Db, deps: CellarAlertDeps) =>
  defineJob<{ entityId?: string }>('cellar.alerts', async (data) => {
    await evaluateCellarAlerts(db, deps, data.entityId ? { entityId: data.entityId } : {})
  })

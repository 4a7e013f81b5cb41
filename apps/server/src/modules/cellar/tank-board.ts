import {
  apparentAttenuation,
  barrelsPerUnitOfPackageType,
  batchYield,
  vesselContents,
  type BatchFermentation,
  type DeviceKind,
  type LedgerEvent,
  type PackageOption,
  type TankCard,
  type VesselDetail,
  LATEST_BATCH_READINGS,
} from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import { AppError } from '../../errors.ts'
import { measuredOriginalGravity, type CellarContext } from './cellar-context.ts'
import {
  toLedgerEvent,
  type AlertRow,
  type BatchRow,
  type DeviceRow,
  type VesselRow,
} from './cellar.repository.ts'
import { DEFAULT_POINTS } from './downsample.ts'
import { cellarBatch, iso, toCleaning, toLiquidEvents, toReading, vesselSummary } from './cellar-views.ts'

/** How many readings a tank card's trend shows. */
const TREND_READINGS = 12

/** What every tank card of one board reads once: the ledger, the batches, cleanings, alerts and devices. */
type BoardContext = {
  tenant: Tenant
  events: LedgerEvent[]
  contents: ReturnType<typeof vesselContents>
  batches: Map<string, BatchRow>
  cleaning: Map<string, { lastCleanedAt: string | null; lastSanitisedAt: string | null }>
  alerts: AlertRow[]
  devices: DeviceRow[]
  at: Date
}

async function tankCard(ctx: CellarContext, vessel: VesselRow, context: BoardContext): Promise<TankCard> {
  const { tenant, contents, batches, at } = context
  const held = contents.get(vessel.id)
  const heldBatchId = held?.batches.toSorted((a, b) => b.volumeBbl - a.volumeBbl)[0]?.batchId ?? null
  const fallback = held
    ? undefined
    : [...batches.values()].find((batch) => batch.fermenterId === vessel.id && batch.status === 'fermenting')
  const batchRow = heldBatchId ? batches.get(heldBatchId) : fallback
  const batch = batchRow
    ? cellarBatch(
        batchRow,
        context.events,
        await measuredOriginalGravity(ctx.db, tenant.entityId, batchRow.id),
        at,
      )
    : null
  const recent = batch
    ? await ctx.reads.latestReadings(tenant.entityId, vessel.id, batch.id, TREND_READINGS)
    : []
  const trend = recent.toReversed().map((reading) => ({
    takenAt: reading.takenAt.toISOString(),
    gravitySg: reading.gravitySg,
    temperatureC: reading.temperatureC,
  }))
  const lastGravity = recent.find((reading) => reading.gravitySg !== null)?.gravitySg ?? null
  const lastTemperature = recent.find((reading) => reading.temperatureC !== null)?.temperatureC ?? null
  const cleaning = context.cleaning.get(vessel.id)
  return {
    vessel: vesselSummary(vessel),
    contentsBbl: held?.volumeBbl ?? 0,
    batch,
    latest: recent[0]
      ? { gravitySg: lastGravity, temperatureC: lastTemperature, takenAt: recent[0].takenAt.toISOString() }
      : null,
    trend,
    attenuation:
      batch?.originalGravity && lastGravity !== null
        ? apparentAttenuation(batch.originalGravity, lastGravity)
        : null,
    lastCleanedAt: cleaning?.lastCleanedAt ?? null,
    lastSanitisedAt: cleaning?.lastSanitisedAt ?? null,
    openAlerts: context.alerts.filter((alert) => alert.vesselId === vessel.id && !alert.acknowledgedAt)
      .length,
    devices: context.devices
      .filter((device) => device.vesselId === vessel.id)
      .map((device) => ({
        id: device.id,
        name: device.name,
        kind: device.kind as DeviceKind,
        lastSeenAt: iso(device.lastSeenAt),
      })),
  }
}

async function boardContext(ctx: CellarContext, tenant: Tenant): Promise<BoardContext> {
  const { reads } = ctx
  const [events, cellarBatches, cleaning, alerts, devices] = await Promise.all([
    reads.cellarEvents(tenant.entityId),
    reads.batchesInCellar(tenant.entityId),
    reads.lastCleaning(tenant.entityId),
    reads.alerts(tenant.entityId, 500),
    reads.vesselDevices(tenant.entityId),
  ])
  const ledger = events.map(toLedgerEvent)
  const contents = vesselContents(ledger)
  const heldIds = [...contents.values()].flatMap((held) => held.batches.map((b) => b.batchId))
  const extra = heldIds.filter((id): id is string => !!id && !cellarBatches.some((batch) => batch.id === id))
  const batches = new Map(
    [...cellarBatches, ...(await reads.batchesByIds(tenant.entityId, extra))].map((batch) => [
      batch.id,
      batch,
    ]),
  )
  return { tenant, events: ledger, contents, batches, cleaning, alerts, devices, at: ctx.now() }
}

/** The tank board: one card per vessel, what it holds and how it is doing. */
export async function tankBoard(ctx: CellarContext, tenant: Tenant): Promise<TankCard[]> {
  const [vessels, context] = await Promise.all([
    ctx.reads.vessels(tenant.entityId),
    boardContext(ctx, tenant),
  ])
  return Promise.all(vessels.map((vessel) => tankCard(ctx, vessel, context)))
}

/** One vessel: its card, its ledger, its cleanings and the packaging options of the batch it holds. */
export async function vesselDetail(
  ctx: CellarContext,
  tenant: Tenant,
  vesselId: string,
): Promise<VesselDetail> {
  const { reads } = ctx
  const vessel = await reads.vessel(tenant.entityId, vesselId)
  if (!vessel || vessel.archivedAt) throw new AppError('NOT_FOUND', 'Vessel not found.')
  const context = await boardContext(ctx, tenant)
  const card = await tankCard(ctx, vessel, context)
  const [events, cleaning] = await Promise.all([
    reads.eventsTouching(tenant.entityId, [vesselId], []),
    reads.vesselCleaning(tenant.entityId, vesselId),
  ])
  const batch = card.batch ? context.batches.get(card.batch.id) : undefined
  const packages = batch?.productId ? await reads.productPackages(tenant.entityId, batch.productId) : []
  const packageOptions: PackageOption[] = packages.map((option) => ({
    id: option.id,
    type: option.type,
    sku: option.sku,
    upc: option.upc,
    barrelsPerUnit: barrelsPerUnitOfPackageType(option.type),
  }))
  return { ...card, events: toLiquidEvents(events), cleaning: cleaning.map(toCleaning), packageOptions }
}

/**
 * A batch's fermentation: its chart's readings (downsampled to `points` per device, ADR 390), its newest
 * readings, its ledger and its yield.
 */
export async function batchFermentation(
  ctx: CellarContext,
  tenant: Tenant,
  batchId: string,
  points = DEFAULT_POINTS,
): Promise<BatchFermentation> {
  const { reads } = ctx
  const batch = await reads.batch(tenant.entityId, batchId)
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found.')
  const [events, chart, readingCount, latest, vessels, og] = await Promise.all([
    reads.batchEvents(tenant.entityId, batchId),
    reads.batchChart(tenant.entityId, batchId, points),
    reads.countBatchReadings(tenant.entityId, batchId),
    reads.latestBatchReadings(tenant.entityId, batchId, LATEST_BATCH_READINGS),
    reads.vessels(tenant.entityId),
    measuredOriginalGravity(ctx.db, tenant.entityId, batchId),
  ])
  const ledger = events.map(toLedgerEvent)
  const view = ({ reading, deviceName }: (typeof latest)[number]) => toReading(reading, deviceName)
  return {
    batch: cellarBatch(batch, ledger, og, ctx.now()),
    readings: chart.map(view),
    readingCount,
    latestReadings: latest.map(view),
    events: toLiquidEvents(events),
    yield: batchYield(ledger, batchId),
    vessels: vessels.map((vessel) => ({ id: vessel.id, name: vessel.name })),
  }
}

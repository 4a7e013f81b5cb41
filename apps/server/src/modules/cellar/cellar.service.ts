import { createHash } from 'node:crypto'
import {
  apparentAttenuation,
  barrelsPerUnitOfPackageType,
  batchYield,
  brixToGravity,
  cleans,
  DEFAULT_CELLAR_SETTINGS,
  effectiveEvents,
  expectedFinalGravity,
  expectedOriginalGravity,
  fahrenheitToCelsius,
  fermentationBand,
  fermentationDay,
  roundBarrels,
  sanitises,
  TTB_CLASS_OF_KIND,
  vesselContents,
  type BatchFermentation,
  type CellarAlert,
  type CellarBatch,
  type CellarDashboard,
  type CellarSettings,
  type CleaningEvent,
  type CleaningInputSchema,
  type Device,
  type DeviceInputSchema,
  type DeviceKind,
  type LedgerEvent,
  type LiquidEvent,
  type LiquidEventInputSchema,
  type LiquidEventKind,
  type PackageOption,
  type PackagingRunInputSchema,
  type Reading,
  type ReadingInputSchema,
  type Recipe,
  type TankCard,
  type VesselDetail,
  todayIn,
} from '@brewcommand/domain'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { measurements } from '../../db/schema/production.ts'
import { AppError } from '../../errors.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'
import {
  createCellarRepository,
  toLedgerEvent,
  type AlertRow,
  type BatchRow,
  type CleaningRow,
  type DeviceRow,
  type EventRow,
  type ReadingRow,
  type VesselRow,
} from './cellar.repository.ts'
import { checkVesselFill } from './fill-check.ts'

type ReadingInput = z.output<typeof ReadingInputSchema>
type MovementInput = z.output<typeof LiquidEventInputSchema>
type PackagingInput = z.output<typeof PackagingRunInputSchema>
type CleaningInput = z.output<typeof CleaningInputSchema>
type DeviceInput = z.output<typeof DeviceInputSchema>

/** How many readings a tank card's trend shows. */
const TREND_READINGS = 12
/** Vessels a batch conditions in once it leaves the fermenter. */
const CONDITIONING_KINDS = new Set(['brite-tank', 'serving-tank', 'barrel'])

export const hashDeviceToken = (token: string) => createHash('sha256').update(token).digest('hex')

const iso = (value: Date | null) => (value ? value.toISOString() : null)

export function toReading(row: ReadingRow, deviceName: string | null = null): Reading {
  return {
    id: row.id,
    vesselId: row.vesselId,
    batchId: row.batchId,
    deviceId: row.deviceId,
    deviceName,
    source: row.source === 'device' ? 'device' : 'manual',
    takenAt: row.takenAt.toISOString(),
    gravitySg: row.gravitySg,
    temperatureC: row.temperatureC,
    ph: row.ph,
    battery: row.battery,
    note: row.note,
    recordedBy: row.recordedBy,
  }
}

function toLiquidEvent(row: EventRow, supersededBy: string | null): LiquidEvent {
  return {
    id: row.id,
    batchId: row.batchId,
    kind: row.kind,
    fromVesselId: row.fromVesselId,
    toVesselId: row.toVesselId,
    volumeBbl: Number(row.volumeBbl),
    reason: row.reason,
    ttbClass: row.ttbClass,
    details: row.details ?? null,
    supersedesId: row.supersedesId,
    supersededBy,
    occurredAt: row.occurredAt.toISOString(),
    recordedBy: row.recordedBy,
    recordedAt: row.recordedAt.toISOString(),
  }
}

function toLiquidEvents(rows: EventRow[]): LiquidEvent[] {
  const replacedBy = new Map(rows.filter((row) => row.supersedesId).map((row) => [row.supersedesId!, row.id]))
  return rows.map((row) => toLiquidEvent(row, replacedBy.get(row.id) ?? null))
}

function toCleaning(row: CleaningRow): CleaningEvent {
  return {
    id: row.id,
    vesselId: row.vesselId,
    kind: row.kind as CleaningEvent['kind'],
    chemical: row.chemical,
    concentration: row.concentration,
    temperature: row.temperature ?? null,
    durationMinutes: row.durationMinutes,
    verification: row.verification,
    occurredAt: row.occurredAt.toISOString(),
    recordedBy: row.recordedBy,
  }
}

function toDevice(row: DeviceRow, vesselName: string | null): Device {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as DeviceKind,
    vesselId: row.vesselId,
    vesselName,
    tokenHint: row.tokenHint,
    lastSeenAt: iso(row.lastSeenAt),
    createdAt: row.createdAt.toISOString(),
    revokedAt: iso(row.revokedAt),
  }
}

export function toAlert(row: AlertRow): CellarAlert {
  return {
    id: row.id,
    kind: row.kind as CellarAlert['kind'],
    message: row.message,
    vesselId: row.vesselId,
    batchId: row.batchId,
    deviceId: row.deviceId,
    raisedAt: row.raisedAt.toISOString(),
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedBy,
    resolvedAt: iso(row.resolvedAt),
  }
}

const snapshotOf = (batch: BatchRow) => batch.recipeSnapshot as unknown as Recipe

function vesselSummary(vessel: VesselRow): TankCard['vessel'] {
  return {
    id: vessel.id,
    name: vessel.name,
    kind: vessel.kind,
    state: vessel.state,
    capacityBbl: Number(vessel.capacityBbl),
    workingCapacityBbl: Number(vessel.workingCapacityBbl),
  }
}

/** A batch as the cellar shows it: day N since it went into its first vessel, what the snapshot expects. */
function cellarBatch(
  batch: BatchRow,
  events: LedgerEvent[],
  measuredOg: number | null,
  now: Date,
): CellarBatch {
  const brewed = effectiveEvents(events).find(
    (event) => event.batchId === batch.id && event.kind === 'brewed',
  )
  const startedAt = brewed?.occurredAt ?? iso(batch.brewDayFinishedAt)
  const snapshot = snapshotOf(batch)
  return {
    id: batch.id,
    number: batch.number,
    productId: batch.productId,
    productName: batch.productName,
    status: batch.status,
    fermentationStartedAt: startedAt,
    day: startedAt ? fermentationDay(startedAt, now) : null,
    originalGravity: measuredOg ?? expectedOriginalGravity(snapshot),
    expectedFg: expectedFinalGravity(snapshot),
    band: fermentationBand(snapshot),
  }
}

function specificGravity(gravity: ReadingInput['gravity']): number | null {
  if (!gravity) return null
  return gravity.unit === 'Plato' ? brixToGravity(gravity.value) : gravity.value
}

function celsius(temperature: { value: number; unit: 'F' | 'C' } | null): number | null {
  if (!temperature) return null
  return temperature.unit === 'F' ? fahrenheitToCelsius(temperature.value) : temperature.value
}

/**
 * The cellar (docs/production.md): the tank board, readings, the liquid ledger's movements and packaging,
 * cleaning, devices, alerts and the brewery's cellar settings. Writes take the write runner's transaction;
 * reads use the service's connection.
 */
/**
 * What a packaging run puts on hand (modules/inventory, docs/decisions/213-finished-goods-and-cost.md): the
 * finished goods of each `packaged` event and the packaging materials they use, in the run's own transaction.
 */
export type FinishedGoodsPort = (
  tx: Db,
  tenant: Tenant,
  event: {
    id: string
    batchId: string | null
    volumeBbl: string
    details: Record<string, unknown> | null
    supersedesId: string | null
    occurredAt: Date
  },
) => Promise<unknown>

export function createCellarService({
  db,
  now = () => new Date(),
  finishedGoods,
}: {
  db: Db
  now?: () => Date
  /** Finished goods from packaging runs; none in tests of the cellar alone. */
  finishedGoods?: FinishedGoodsPort
}) {
  const reads = createCellarRepository(db)

  async function measuredOriginalGravity(connection: Db, entityId: string, batchId: string) {
    const [row] = await connection
      .select({ gravity: measurements.gravity })
      .from(measurements)
      .where(
        and(
          eq(measurements.entityId, entityId),
          eq(measurements.batchId, batchId),
          eq(measurements.point, 'original-gravity'),
        ),
      )
      .orderBy(measurements.takenAt)
    return row?.gravity ?? null
  }

  async function mustVessel(
    repo: ReturnType<typeof createCellarRepository>,
    tenant: Tenant,
    id: string,
    field: string,
  ) {
    const vessel = await repo.vessel(tenant.entityId, id, { lock: true })
    if (!vessel || vessel.archivedAt)
      throw new AppError('NOT_FOUND', 'Vessel not found.', [{ path: field, message: 'No such vessel' }])
    return vessel
  }

  /** The batch in a vessel at `at`: its occupancy, else what the ledger holds there, else the fermenter's batch. */
  async function batchInVessel(tx: Db, entityId: string, vesselId: string, at: Date): Promise<string | null> {
    const repo = createCellarRepository(tx)
    const occupancy = await repo.occupancyAt(entityId, vesselId, at)
    if (occupancy) return occupancy.batchId
    const events = (await repo.eventsTouching(entityId, [vesselId], [])).map(toLedgerEvent)
    const held = vesselContents(events.filter((event) => event.occurredAt <= at.toISOString())).get(vesselId)
    const main = held?.batches.toSorted((a, b) => b.volumeBbl - a.volumeBbl)[0]
    if (main?.batchId) return main.batchId
    return (await repo.batchByFermenter(entityId, vesselId))?.id ?? null
  }

  async function tankCard(
    vessel: VesselRow,
    context: {
      tenant: Tenant
      events: LedgerEvent[]
      contents: ReturnType<typeof vesselContents>
      batches: Map<string, BatchRow>
      cleaning: Map<string, { lastCleanedAt: string | null; lastSanitisedAt: string | null }>
      alerts: AlertRow[]
      devices: DeviceRow[]
      at: Date
    },
  ): Promise<TankCard> {
    const { tenant, contents, batches, at } = context
    const held = contents.get(vessel.id)
    const heldBatchId = held?.batches.toSorted((a, b) => b.volumeBbl - a.volumeBbl)[0]?.batchId ?? null
    const fallback = held
      ? undefined
      : [...batches.values()].find(
          (batch) => batch.fermenterId === vessel.id && batch.status === 'fermenting',
        )
    const batchRow = heldBatchId ? batches.get(heldBatchId) : fallback
    const batch = batchRow
      ? cellarBatch(
          batchRow,
          context.events,
          await measuredOriginalGravity(db, tenant.entityId, batchRow.id),
          at,
        )
      : null
    const recent = batch
      ? await reads.latestReadings(tenant.entityId, vessel.id, batch.id, TREND_READINGS)
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

  async function boardContext(tenant: Tenant) {
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
    const extra = heldIds.filter(
      (id): id is string => !!id && !cellarBatches.some((batch) => batch.id === id),
    )
    const batches = new Map(
      [...cellarBatches, ...(await reads.batchesByIds(tenant.entityId, extra))].map((batch) => [
        batch.id,
        batch,
      ]),
    )
    return { tenant, events: ledger, rows: events, contents, batches, cleaning, alerts, devices, at: now() }
  }

  /** Applies the consequences of a movement: vessel states, occupancies and the batch's status. */
  async function afterMovement(
    tx: Db,
    tenant: Tenant,
    batch: BatchRow,
    touched: { from: VesselRow | null; to: VesselRow | null },
    at: Date,
  ) {
    const repo = createCellarRepository(tx)
    const ledger = (await repo.eventsTouching(tenant.entityId, [], [batch.id])).map(toLedgerEvent)
    const contents = vesselContents(ledger)
    if (touched.from && !contents.has(touched.from.id)) {
      await repo.closeOccupancies(tenant.entityId, touched.from.id, batch.id, at)
      // Emptied: it needs cleaning before it is filled again.
      const others = (await repo.eventsTouching(tenant.entityId, [touched.from.id], [])).map(toLedgerEvent)
      if (!vesselContents(others).has(touched.from.id))
        await repo.setVesselState(tenant.entityId, touched.from.id, 'dirty')
    }
    if (touched.to) {
      await repo.setVesselState(tenant.entityId, touched.to.id, 'in-use')
      const open = await repo.openOccupancies(tenant.entityId, touched.to.id)
      if (!open.some((occupancy) => occupancy.batchId === batch.id))
        await repo.openOccupancy({
          entityId: tenant.entityId,
          batchId: batch.id,
          vesselId: touched.to.id,
          stage: CONDITIONING_KINDS.has(touched.to.kind) ? 'conditioning' : 'fermentation',
          actualStart: at,
        })
    }
    const result = batchYield(ledger, batch.id)
    let status = batch.status
    if (result.inVesselsBbl === 0 && result.intoFermenterBbl > 0)
      status = result.packagedBbl > 0 || result.removedBbl > 0 ? 'completed' : 'dumped'
    else if (result.packagedBbl > 0) status = 'packaging'
    else if (touched.to && CONDITIONING_KINDS.has(touched.to.kind) && batch.status === 'fermenting')
      status = 'conditioning'
    if (status !== batch.status) await repo.setBatchStatus(tenant.entityId, batch.id, status)
  }

  /** Refuses a ledger that would take more from a vessel than it holds. */
  function assertNoOverdraw(events: LedgerEvent[], vesselNames: Map<string, string>, field: string) {
    for (const held of vesselContents(events).values()) {
      for (const part of held.batches) {
        if (part.volumeBbl < 0)
          throw new AppError(
            'CONFLICT',
            `${vesselNames.get(held.vesselId) ?? 'The vessel'} does not hold that much beer.`,
            [{ path: field, message: 'More than the vessel holds' }],
          )
      }
    }
  }

  /** The event a correction supersedes: the brewery's, of the same kind, not superseded yet. */
  async function supersededEvent(tx: Db, tenant: Tenant, supersedesId: string, kind: string, field: string) {
    const repo = createCellarRepository(tx)
    const old = await repo.event(tenant.entityId, supersedesId)
    if (!old)
      throw new AppError('NOT_FOUND', 'The event to correct was not found.', [
        { path: field, message: 'No such event' },
      ])
    if (old.kind !== kind)
      throw new AppError('VALIDATION_FAILED', 'A correction has the kind of the event it corrects.', [
        { path: field, message: `That event is ${old.kind}` },
      ])
    const by = await repo.supersederOf(tenant.entityId, supersedesId)
    if (by)
      throw new AppError('CONFLICT', 'That event was corrected already; correct the correction instead.', [
        { path: field, message: 'Already corrected' },
      ])
    return old
  }

  return {
    async tankBoard(tenant: Tenant): Promise<TankCard[]> {
      const [vessels, context] = await Promise.all([reads.vessels(tenant.entityId), boardContext(tenant)])
      return Promise.all(vessels.map((vessel) => tankCard(vessel, context)))
    },

    async vesselDetail(tenant: Tenant, vesselId: string): Promise<VesselDetail> {
      const vessel = await reads.vessel(tenant.entityId, vesselId)
      if (!vessel || vessel.archivedAt) throw new AppError('NOT_FOUND', 'Vessel not found.')
      const context = await boardContext(tenant)
      const card = await tankCard(vessel, context)
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
    },

    async batchFermentation(tenant: Tenant, batchId: string): Promise<BatchFermentation> {
      const batch = await reads.batch(tenant.entityId, batchId)
      if (!batch) throw new AppError('NOT_FOUND', 'Batch not found.')
      const [events, readingRows, vessels, og] = await Promise.all([
        reads.batchEvents(tenant.entityId, batchId),
        reads.batchReadings(tenant.entityId, batchId),
        reads.vessels(tenant.entityId),
        measuredOriginalGravity(db, tenant.entityId, batchId),
      ])
      const ledger = events.map(toLedgerEvent)
      return {
        batch: cellarBatch(batch, ledger, og, now()),
        readings: readingRows.map(({ reading, deviceName }) => toReading(reading, deviceName)),
        events: toLiquidEvents(events),
        yield: batchYield(ledger, batchId),
        vessels: vessels.map((vessel) => ({ id: vessel.id, name: vessel.name })),
      }
    },

    async recordReading(tx: Db, tenant: Tenant, input: ReadingInput): Promise<Reading> {
      const repo = createCellarRepository(tx)
      const vessel = await repo.vessel(tenant.entityId, input.vesselId)
      if (!vessel)
        throw new AppError('NOT_FOUND', 'Vessel not found.', [
          { path: 'data.vesselId', message: 'No such vessel' },
        ])
      assertCan(tenant, 'cellarWork')
      const takenAt = input.takenAt ? new Date(input.takenAt) : now()
      if (takenAt.getTime() > now().getTime() + 5 * 60_000)
        throw new AppError('VALIDATION_FAILED', 'A reading cannot be taken in the future.', [
          { path: 'data.takenAt', message: 'In the future' },
        ])
      const row = await repo.insertReading({
        id: input.id,
        entityId: tenant.entityId,
        vesselId: vessel.id,
        batchId: await batchInVessel(tx, tenant.entityId, vessel.id, takenAt),
        source: 'manual',
        takenAt,
        gravitySg: specificGravity(input.gravity),
        temperatureC: celsius(input.temperature),
        ph: input.ph,
        note: input.note,
        entered: { gravity: input.gravity, temperature: input.temperature },
        recordedBy: tenant.userId,
      })
      if (!row)
        throw new AppError('CONFLICT', 'A reading with this id exists.', [
          { path: 'data.id', message: 'Taken' },
        ])
      return toReading(row)
    },

    /** A transfer, sample, dump or loss, or a correction of one (docs/production.md "liquid_event"). */
    async recordMovement(tx: Db, tenant: Tenant, input: MovementInput) {
      const repo = createCellarRepository(tx)
      const from = await mustVessel(repo, tenant, input.fromVesselId, 'data.fromVesselId')
      const to = input.toVesselId ? await mustVessel(repo, tenant, input.toVesselId, 'data.toVesselId') : null
      const old = input.supersedesId
        ? await supersededEvent(tx, tenant, input.supersedesId, input.kind, 'data.supersedesId')
        : null
      assertCan(tenant, 'cellarWork')
      const at = input.occurredAt ? new Date(input.occurredAt) : now()
      const batchId = old?.batchId ?? (await batchInVessel(tx, tenant.entityId, from.id, now()))
      if (!batchId)
        throw new AppError('CONFLICT', `${from.name} holds no beer.`, [
          { path: 'data.fromVesselId', message: 'Empty' },
        ])
      const batch = await repo.batch(tenant.entityId, batchId)
      if (!batch) throw new AppError('NOT_FOUND', 'Batch not found.')
      const touching = (
        await repo.eventsTouching(tenant.entityId, [from.id, ...(to ? [to.id] : [])], [batchId])
      ).map(toLedgerEvent)
      let cleaning = null
      if (to) {
        if (to.state === 'out-of-service')
          throw new AppError('CONFLICT', `${to.name} is out of service.`, [
            { path: 'data.toVesselId', message: 'Out of service' },
          ])
        const inTo = vesselContents(touching).get(to.id)
        const other = inTo?.batches.find((part) => part.batchId !== batchId)
        if (other) {
          const otherBatch = other.batchId ? await repo.batch(tenant.entityId, other.batchId) : null
          throw new AppError('CONFLICT', `${to.name} holds batch ${otherBatch?.number ?? 'another batch'}.`, [
            { path: 'data.toVesselId', message: 'Holds another batch' },
          ])
        }
        if (!inTo && !old)
          cleaning = await checkVesselFill(tx, tenant, to, {
            accept: input.acceptCleaningWarning,
            now: now(),
          })
      }
      const event: LedgerEvent = {
        id: input.id,
        kind: input.kind,
        batchId,
        fromVesselId: from.id,
        toVesselId: to?.id ?? null,
        volumeBbl: roundBarrels(input.volumeBbl),
        supersedesId: old?.id ?? null,
        occurredAt: at.toISOString(),
      }
      const names = new Map([from, ...(to ? [to] : [])].map((vessel) => [vessel.id, vessel.name]))
      assertNoOverdraw([...touching, event], names, 'data.volumeBbl')
      if (to) {
        const after = vesselContents([...touching, event]).get(to.id)?.volumeBbl ?? 0
        if (after > Number(to.capacityBbl) + 1e-9)
          throw new AppError('CONFLICT', `${to.name} holds at most ${Number(to.capacityBbl)} bbl.`, [
            { path: 'data.volumeBbl', message: 'More than the vessel holds' },
          ])
      }
      const inserted = await repo.insertEvent({
        id: event.id,
        entityId: tenant.entityId,
        batchId,
        kind: event.kind,
        fromVesselId: event.fromVesselId,
        toVesselId: event.toVesselId,
        volumeBbl: event.volumeBbl.toFixed(5),
        reason: input.reason,
        ttbClass: TTB_CLASS_OF_KIND[event.kind],
        details: cleaning ? { cleaningWarning: cleaning } : null,
        supersedesId: event.supersedesId,
        occurredAt: at,
        recordedBy: tenant.userId,
      })
      if (!inserted)
        throw new AppError('CONFLICT', 'An event with this id exists.', [
          { path: 'data.id', message: 'Taken' },
        ])
      await afterMovement(tx, tenant, batch, { from, to }, now())
      const [row] = await repo
        .eventsTouching(tenant.entityId, [], [batchId])
        .then((rows) => rows.filter((r) => r.id === event.id))
      return { event: toLiquidEvent(row, null), vesselIds: [...names.keys()], batchId }
    },

    /** A packaging run (planProduction): one `packaged` event per option, with the option, SKU, UPC and units. */
    async packageRun(tx: Db, tenant: Tenant, input: PackagingInput) {
      const repo = createCellarRepository(tx)
      const from = await mustVessel(repo, tenant, input.fromVesselId, 'data.fromVesselId')
      const olds: EventRow[] = []
      for (const [index, line] of input.lines.entries())
        if (line.supersedesId)
          olds.push(
            await supersededEvent(
              tx,
              tenant,
              line.supersedesId,
              'packaged',
              `data.lines.${index}.supersedesId`,
            ),
          )
      assertCan(tenant, 'planProduction')
      const batchId =
        olds.find((old) => old)?.batchId ?? (await batchInVessel(tx, tenant.entityId, from.id, now()))
      if (!batchId)
        throw new AppError('CONFLICT', `${from.name} holds no beer.`, [
          { path: 'data.fromVesselId', message: 'Empty' },
        ])
      const batch = await repo.batch(tenant.entityId, batchId)
      if (!batch) throw new AppError('NOT_FOUND', 'Batch not found.')
      const options = batch.productId ? await repo.productPackages(tenant.entityId, batch.productId) : []
      const at = input.occurredAt ? new Date(input.occurredAt) : now()
      const rows = input.lines.map((line, index) => {
        const option = options.find((candidate) => candidate.id === line.packageId)
        if (!option)
          throw new AppError('VALIDATION_FAILED', 'That packaging option is not one of the product’s.', [
            { path: `data.lines.${index}.packageId`, message: 'Not an option of this product' },
          ])
        const perUnit = barrelsPerUnitOfPackageType(option.type) ?? line.barrelsPerUnit
        if (perUnit === null)
          throw new AppError('VALIDATION_FAILED', `Give the barrels in one unit of ${option.type}.`, [
            {
              path: `data.lines.${index}.barrelsPerUnit`,
              message: 'Barrels per unit is required for this option',
            },
          ])
        return {
          id: line.id,
          entityId: tenant.entityId,
          batchId,
          kind: 'packaged' as const,
          fromVesselId: from.id,
          toVesselId: null,
          volumeBbl: roundBarrels(line.units * perUnit).toFixed(5),
          reason: '',
          ttbClass: TTB_CLASS_OF_KIND.packaged,
          details: {
            runId: input.id,
            packageId: option.id,
            packageType: option.type,
            packageTypeId: option.typeId,
            sku: option.sku,
            upc: option.upc,
            units: line.units,
            barrelsPerUnit: perUnit,
          },
          supersedesId: line.supersedesId,
          occurredAt: at,
          recordedBy: tenant.userId,
        }
      })
      const touching = (await repo.eventsTouching(tenant.entityId, [from.id], [batchId])).map(toLedgerEvent)
      const candidate = rows.map((row) => ({ ...toLedgerEvent({ ...row, recordedAt: at }) }))
      assertNoOverdraw([...touching, ...candidate], new Map([[from.id, from.name]]), 'data.lines')
      for (const [index, row] of rows.entries()) {
        if (!(await repo.insertEvent(row)))
          throw new AppError('CONFLICT', 'An event with this id exists.', [
            { path: `data.lines.${index}.id`, message: 'Taken' },
          ])
      }
      if (finishedGoods) for (const row of rows) await finishedGoods(tx, tenant, row)
      await afterMovement(tx, tenant, batch, { from, to: null }, now())
      const stored = (await repo.batchEvents(tenant.entityId, batchId)).filter((row) =>
        rows.some((r) => r.id === row.id),
      )
      return { events: stored.map((row) => toLiquidEvent(row, null)), vesselIds: [from.id], batchId }
    },

    async logCleaning(tx: Db, tenant: Tenant, input: CleaningInput): Promise<CleaningEvent> {
      const repo = createCellarRepository(tx)
      const vessel = await mustVessel(repo, tenant, input.vesselId, 'data.vesselId')
      assertCan(tenant, 'cellarWork')
      const held = vesselContents(
        (await repo.eventsTouching(tenant.entityId, [vessel.id], [])).map(toLedgerEvent),
      )
      if (held.has(vessel.id))
        throw new AppError('CONFLICT', `${vessel.name} holds beer; empty it before cleaning.`, [
          { path: 'data.vesselId', message: 'Holds beer' },
        ])
      const occurredAt = input.occurredAt ? new Date(input.occurredAt) : now()
      const row = await repo.insertCleaning({
        id: input.id,
        entityId: tenant.entityId,
        vesselId: vessel.id,
        kind: input.kind,
        chemical: input.chemical,
        concentration: input.concentration,
        temperature: input.temperature,
        durationMinutes: input.durationMinutes,
        verification: input.verification,
        occurredAt,
        recordedBy: tenant.userId,
      })
      if (!row)
        throw new AppError('CONFLICT', 'A cleaning with this id exists.', [
          { path: 'data.id', message: 'Taken' },
        ])
      if (vessel.state !== 'out-of-service') {
        const state = sanitises(input.kind) ? 'sanitised' : cleans(input.kind) ? 'clean' : vessel.state
        await repo.setVesselState(tenant.entityId, vessel.id, state)
      }
      return toCleaning(row)
    },

    async devices(tenant: Tenant): Promise<Device[]> {
      const rows = await reads.devices(tenant.entityId)
      return rows.map(({ device, vesselName }) => toDevice(device, vesselName))
    },

    async addDevice(tx: Db, tenant: Tenant, input: DeviceInput): Promise<Device> {
      const repo = createCellarRepository(tx)
      const vessel = input.vesselId ? await mustVessel(repo, tenant, input.vesselId, 'data.vesselId') : null
      assertCan(tenant, 'manageEquipment')
      const row = await repo.insertDevice({
        id: input.id,
        entityId: tenant.entityId,
        name: input.name,
        kind: input.kind,
        vesselId: vessel?.id ?? null,
        tokenHash: hashDeviceToken(input.token),
        tokenHint: input.token.slice(-4),
        createdBy: tenant.userId,
      })
      if (!row)
        throw new AppError('CONFLICT', 'A device with this id or token exists.', [
          { path: 'data.id', message: 'Taken' },
        ])
      return toDevice(row, vessel?.name ?? null)
    },

    async revokeDevice(tx: Db, tenant: Tenant, deviceId: string) {
      const repo = createCellarRepository(tx)
      const device = await repo.device(tenant.entityId, deviceId)
      if (!device) throw new AppError('NOT_FOUND', 'Device not found.')
      assertCan(tenant, 'manageEquipment')
      await repo.revokeDevice(tenant.entityId, deviceId, tenant.userId)
      return { id: deviceId, vesselId: device.vesselId }
    },

    async settings(tenant: Tenant): Promise<CellarSettings> {
      const row = await reads.settings(tenant.entityId)
      return row
        ? {
            cleanWindowHours: row.cleanWindowHours,
            sanitiseWindowHours: row.sanitiseWindowHours,
            alertRoles: row.alertRoles as CellarSettings['alertRoles'],
          }
        : DEFAULT_CELLAR_SETTINGS
    },

    async saveSettings(tx: Db, tenant: Tenant, input: CellarSettings): Promise<CellarSettings> {
      assertCan(tenant, 'manageEquipment')
      await createCellarRepository(tx).saveSettings({ entityId: tenant.entityId, ...input })
      return input
    },

    async alerts(tenant: Tenant) {
      const [rows, unread] = await Promise.all([
        reads.alerts(tenant.entityId),
        reads.unreadAlertCount(tenant.entityId),
      ])
      return { alerts: rows.map(toAlert), unread }
    },

    async acknowledgeAlert(tx: Db, tenant: Tenant, alertId: string): Promise<CellarAlert> {
      const repo = createCellarRepository(tx)
      const alert = await repo.alert(tenant.entityId, alertId)
      if (!alert) throw new AppError('NOT_FOUND', 'Alert not found.')
      assertCan(tenant, 'cellarWork')
      const [updated] = await repo.acknowledgeAlert(tenant.entityId, alertId, tenant.userId)
      // Acknowledged already: the first acknowledgement stands.
      return toAlert(updated ?? alert)
    },

    async dashboard(tenant: Tenant): Promise<CellarDashboard> {
      // Today where the brewery is: an evening shift in Oregon still sees today's brew days (ADR 224).
      const today = todayIn(await breweryTimeZone(db, tenant.entityId), now())
      const [brewDays, board, alerts] = await Promise.all([
        reads.brewDaysOn(tenant.entityId, today),
        this.tankBoard(tenant),
        this.alerts(tenant),
      ])
      const tanksNeedingAttention = board.flatMap((card) => {
        const reasons: string[] = []
        if (card.openAlerts > 0)
          reasons.push(`${card.openAlerts} unread alert${card.openAlerts === 1 ? '' : 's'}`)
        if (card.vessel.state === 'dirty') reasons.push('Needs cleaning')
        if (card.vessel.state === 'out-of-service') reasons.push('Out of service')
        if (card.batch && card.contentsBbl > 0 && !card.latest) reasons.push('No readings yet')
        return reasons.length ? [{ vesselId: card.vessel.id, name: card.vessel.name, reasons }] : []
      })
      return {
        brewDaysToday: brewDays.map((batch) => ({
          id: batch.id,
          number: batch.number,
          productName: batch.productName,
          status: batch.status,
        })),
        tanksNeedingAttention,
        unreadAlerts: alerts.unread,
        alerts: alerts.alerts.filter((alert) => !alert.acknowledgedAt).slice(0, 5),
      }
    },

    batchInVessel,
  }
}
export type CellarService = ReturnType<typeof createCellarService>
export type { LiquidEventKind }

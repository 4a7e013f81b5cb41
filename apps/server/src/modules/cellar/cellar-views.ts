import {
  effectiveEvents,
  expectedFinalGravity,
  expectedOriginalGravity,
  fermentationBand,
  fermentationDay,
  type CellarAlert,
  type CellarBatch,
  type CleaningEvent,
  type Device,
  type DeviceKind,
  type LedgerEvent,
  type LiquidEvent,
  type Reading,
  type Recipe,
  type TankCard,
} from '@brewcommand/domain'
import type {
  AlertRow,
  BatchRow,
  CleaningRow,
  DeviceRow,
  EventRow,
  ReadingRow,
  VesselRow,
} from './cellar.repository.ts'

/** How the cellar's rows read on the wire: readings, ledger events, cleanings, devices, alerts, batches. */

export const iso = (value: Date | null) => (value ? value.toISOString() : null)

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

export function toLiquidEvent(row: EventRow, supersededBy: string | null): LiquidEvent {
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

export function toLiquidEvents(rows: EventRow[]): LiquidEvent[] {
  const replacedBy = new Map(rows.filter((row) => row.supersedesId).map((row) => [row.supersedesId!, row.id]))
  return rows.map((row) => toLiquidEvent(row, replacedBy.get(row.id) ?? null))
}

export function toCleaning(row: CleaningRow): CleaningEvent {
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

export function toDevice(row: DeviceRow, vesselName: string | null): Device {
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

export function vesselSummary(vessel: VesselRow): TankCard['vessel'] {
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
export function cellarBatch(
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

import {
  containerOfPackageType,
  LEDGER_OF_FINISHED_GOODS,
  type FinishedGoodsMovementView,
  type ManualFinishedGoodsKind,
} from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import { AppError } from '../../errors.ts'
import type { finishedGoodsMovements } from '../../db/schema/inventory.ts'
import type { liquidEvents } from '../../db/schema/production.ts'
import { adjustmentDetails, type DatedEvent } from '../ledger/ledger-guard.ts'
import type { LedgerRepository } from '../ledger/ledger.repository.ts'

// The rows a finished-goods write books (finished-goods-ledger.ts): one liquid event and its finished-goods row,
// named after the option as it is (or as the ledger last named it).

/** The finished-goods kinds that take packaged beer off hand. */
export type TakeKind = Extract<
  ManualFinishedGoodsKind,
  'sold' | 'removed' | 'consumed' | 'broken' | 'destroyed'
>

/** The TTB class of a removal for consumption or sale, without tax, or on premises. */
export type RemovalClass = 'removed-taxpaid' | 'removed-without-tax' | 'consumed-on-premises'

export const KIND_OF_REMOVAL: Record<RemovalClass, TakeKind> = {
  'removed-taxpaid': 'sold',
  'removed-without-tax': 'removed',
  'consumed-on-premises': 'consumed',
}

/** What a finished-goods write answers: one row per batch it touched, and the liquid events it wrote. */
export type FinishedGoodsWrite = { movements: FinishedGoodsMovementView[]; liquidEventIds: string[] }

export type OptionNames = {
  packageId: string
  productId: string | null
  productName: string
  packageType: string
  sku: string
  upc: string
}

type LockedOption = NonNullable<Awaited<ReturnType<LedgerRepository['lockedPackageOption']>>>
type LastNames = NonNullable<Awaited<ReturnType<LedgerRepository['lastNamesOf']>>>

/** An option's names from its catalogue row. */
export const namesOfOption = ({ option, productName }: LockedOption): OptionNames => ({
  packageId: option.id,
  productId: option.productId,
  productName,
  packageType: option.type,
  sku: option.sku,
  upc: option.upc,
})

/** An option gone from the catalogue: its last names on the ledger. */
export const namesOfLast = (packageId: string, last: LastNames): OptionNames => ({
  packageId,
  productId: last.productId,
  productName: last.productName,
  packageType: last.packageType,
  sku: last.sku,
  upc: last.upc,
})

/** The option's names, its row locked (removals of one option queue behind each other). */
export async function optionNames(
  repo: LedgerRepository,
  tenant: Tenant,
  packageId: string,
): Promise<OptionNames> {
  const option = await repo.lockedPackageOption(tenant.entityId, packageId)
  if (option) return namesOfOption(option)
  const last = await repo.lastNamesOf(tenant.entityId, packageId)
  if (!last)
    throw new AppError('NOT_FOUND', 'Packaging option not found.', [
      { path: 'data.packageId', message: 'No such packaging option' },
    ])
  return namesOfLast(packageId, last)
}

export const nameOf = (names: OptionNames) => `${names.productName} ${names.packageType}`.trim()

export function view(
  row: {
    id: string
    packageId: string
    kind: string
    units: number
    batchId: string | null
    liquidEventId: string | null
    customer: string
    reason: string
    occurredAt: Date
  },
  ttbClass: string | null,
): FinishedGoodsMovementView {
  return {
    id: row.id,
    packageId: row.packageId,
    kind: row.kind as FinishedGoodsMovementView['kind'],
    units: row.units,
    batchId: row.batchId,
    liquidEventId: row.liquidEventId,
    ttbClass,
    customer: row.customer,
    reason: row.reason,
    occurredAt: row.occurredAt.toISOString(),
  }
}

export type PackagedEntry = {
  movementId: string
  kind: ManualFinishedGoodsKind
  names: OptionNames
  batchId: string | null
  units: number
  volumeBbl: number
  dated: DatedEvent
  customer: string
  reason: string
  details: Record<string, unknown>
}
export type LiquidEventInsert = typeof liquidEvents.$inferInsert & { id: string }
export type FinishedGoodsInsert = typeof finishedGoodsMovements.$inferInsert & { id: string }

/** The liquid event and the finished-goods row of one entry, as they are written. */
export function packagedRows(tenant: Tenant, entry: PackagedEntry) {
  const ledger = LEDGER_OF_FINISHED_GOODS[entry.kind]
  const eventId = crypto.randomUUID()
  const event: LiquidEventInsert = {
    id: eventId,
    entityId: tenant.entityId,
    batchId: entry.batchId,
    kind: ledger.kind,
    fromVesselId: null,
    toVesselId: null,
    volumeBbl: entry.volumeBbl.toFixed(5),
    reason: entry.reason,
    ttbClass: ledger.ttbClass,
    details: {
      source: 'packaged',
      packageId: entry.names.packageId,
      units: entry.units,
      container: containerOfPackageType(entry.names.packageType),
      packageType: entry.names.packageType,
      sku: entry.names.sku,
      finishedGoodsMovementId: entry.movementId,
      ...entry.details,
      ...adjustmentDetails(entry.dated),
    },
    occurredAt: entry.dated.occurredAt,
    recordedBy: tenant.userId,
  }
  const movement: FinishedGoodsInsert = {
    id: entry.movementId,
    entityId: tenant.entityId,
    packageId: entry.names.packageId,
    productId: entry.names.productId,
    productName: entry.names.productName,
    packageType: entry.names.packageType,
    sku: entry.names.sku,
    upc: entry.names.upc,
    kind: entry.kind,
    units: ledger.sign * entry.units,
    volumeBbl: (ledger.sign * entry.volumeBbl).toFixed(5),
    batchId: entry.batchId,
    liquidEventId: eventId,
    customer: entry.customer,
    reason: entry.reason,
    occurredAt: entry.dated.occurredAt,
    recordedBy: tenant.userId,
  }
  return { event, movement, ttbClass: ledger.ttbClass }
}

/** One liquid event and its finished-goods row, in the caller's transaction. */
export async function bookPackaged(repo: LedgerRepository, tenant: Tenant, entry: PackagedEntry) {
  const { event, movement, ttbClass } = packagedRows(tenant, entry)
  if (!(await repo.insertEvent(event))) throw new AppError('CONFLICT', 'A liquid event with this id exists.')
  const row = await repo.insertFinishedGoods(movement)
  if (!row)
    throw new AppError('CONFLICT', `A finished goods record with id ${entry.movementId} already exists.`, [
      { path: 'data.id', message: 'Taken' },
    ])
  return view(row, ttbClass)
}

import {
  formatBatchNumber,
  GALLONS_PER_BBL,
  type Batch,
  type BatchChange,
  type BatchStatus,
  type BatchSummary,
  type BrewhouseConstants,
  type PlanBatch,
  type Recipe,
} from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { EquipmentRepository } from '../equipment/equipment.repository.ts'
import type { BatchRepository, BatchRow } from './batches.repository.ts'

const batchNotFound = () => new AppError('NOT_FOUND', 'Batch not found')
const brewhouseNotFound = () =>
  new AppError('NOT_FOUND', 'Brewhouse not found', [
    { path: 'data.brewhouseId', message: 'Not one of this brewery’s brewhouses' },
  ])

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** A stored batch in a list. */
export function toBatchSummary(row: BatchRow): BatchSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status as BatchStatus,
    productId: row.productId,
    productName: row.productName,
    recipeId: row.recipeId,
    brewhouse: { id: row.brewhouseId, name: row.brewhouseName, version: row.brewhouseVersion },
    plannedBrewDate: row.plannedBrewDate,
    targetVolumeBbl: Number(row.targetVolumeBbl),
    targetVolumeUnit: row.targetVolumeUnit === 'GAL' ? 'GAL' : 'BBL',
    fermenterId: row.fermenterId,
    brewDayStartedAt: iso(row.brewDayStartedAt),
    brewDayFinishedAt: iso(row.brewDayFinishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** A stored batch whole, with the server's clock. */
export function toBatch(row: BatchRow, now = new Date()): Batch {
  const summary = toBatchSummary(row)
  return {
    ...summary,
    recipeSnapshot: row.recipeSnapshot as Recipe,
    brewhouse: {
      ...summary.brewhouse,
      versionId: row.brewhouseVersionId,
      constants: row.constants as BrewhouseConstants,
    },
    serverTime: now.toISOString(),
  }
}

/** Barrels to the five decimals they are stored with. */
const toStoredBarrels = (volume: { quantity: number; unit: 'BBL' | 'GAL' }) =>
  (volume.unit === 'BBL' ? volume.quantity : volume.quantity / GALLONS_PER_BBL).toFixed(5)

/** Refuses a target volume of nothing, or above the brewhouse's maximum batch size. */
function checkVolume(stored: string, constants: BrewhouseConstants) {
  const path = 'data.targetVolume.quantity'
  if (Number(stored) <= 0)
    throw new AppError('VALIDATION_FAILED', 'The target volume is too small.', [
      { path, message: 'Target volume must be above 0' },
    ])
  const gallons = Number(stored) * GALLONS_PER_BBL
  if (gallons > constants.maxBatchGallons + 1e-6)
    throw new AppError(
      'VALIDATION_FAILED',
      'The target volume is above the brewhouse’s maximum batch size.',
      [
        {
          path,
          message: `Above ${constants.name}’s maximum batch size of ${+constants.maxBatchGallons.toFixed(2)} gal (${+(constants.maxBatchGallons / GALLONS_PER_BBL).toFixed(2)} BBL)`,
        },
      ],
    )
}

/**
 * Batches (docs/production.md "batch"): Plan Batch freezes the recipe as it is stored now and pins the
 * brewhouse version in force; its number is the brewery's next of the planned brew date's year. Everyone
 * reads; planning and changing a planned batch is a Manager's (planProduction).
 */
export function createBatchService({
  db,
  repoFor,
  equipmentFor,
  onPlanned,
  onChanged,
}: {
  db: Db
  repoFor: (connection: Db) => BatchRepository
  equipmentFor: (connection: Db) => EquipmentRepository
  /**
   * Runs in Plan Batch's transaction once the batch is stored: the schedule books its stages (in its fermenter
   * only when the plan says it conditions there).
   */
  onPlanned?: (
    connection: Db,
    tenant: Tenant,
    batchId: string,
    plan: { conditionInFermenter: boolean },
  ) => Promise<unknown>
  /** Runs in Change Plan's transaction once the batch is updated: the schedule moves its bookings along. */
  onChanged?: (connection: Db, tenant: Tenant, batchId: string) => Promise<unknown>
}) {
  const repo = repoFor(db)

  async function read(r: BatchRepository, tenant: Tenant, id: string): Promise<BatchRow> {
    const row = await r.find(tenant.entityId, id)
    if (!row) throw batchNotFound()
    return row
  }

  return {
    list: async (tenant: Tenant, statuses?: BatchStatus[]) =>
      (await repo.list(tenant.entityId, statuses)).map(toBatchSummary),

    get: async (tenant: Tenant, id: string) => toBatch(await read(repo, tenant, id)),

    /** A batch as a broadcast carries it (the list's shape). */
    summary: async (tenant: Tenant, id: string) => toBatchSummary(await read(repo, tenant, id)),

    async plan(connection: Db, tenant: Tenant, input: PlanBatch): Promise<Batch> {
      assertCan(tenant, 'planProduction')
      const r = repoFor(connection)
      const equipment = equipmentFor(connection)
      // The snapshot comes from the recipes table in this transaction, never from the request.
      const recipe = await r.recipeToBrew(tenant.entityId, input.productId, input.recipeId)
      if (!recipe)
        throw new AppError('NOT_FOUND', 'Recipe not found', [
          { path: 'data.recipeId', message: 'Not a recipe of this product' },
        ])
      const version = await equipment.currentVersion(tenant.entityId, input.brewhouseId)
      if (!version) throw brewhouseNotFound()
      const targetVolumeBbl = toStoredBarrels(input.targetVolume)
      checkVolume(targetVolumeBbl, version.constants as BrewhouseConstants)
      const year = Number(input.plannedBrewDate.slice(0, 4))
      const sequence = await r.nextSequence(tenant.entityId, year)
      const inserted = await r.insert(tenant.entityId, {
        id: input.id,
        number: formatBatchNumber(year, sequence),
        year,
        sequence,
        productId: input.productId,
        productName: recipe.productName,
        recipeId: input.recipeId,
        recipeSnapshot: recipe.document,
        brewhouseId: input.brewhouseId,
        brewhouseVersionId: version.versionId,
        plannedBrewDate: input.plannedBrewDate,
        targetVolumeBbl,
        targetVolumeUnit: input.targetVolume.unit,
        plannedBy: tenant.userId,
      })
      if (!inserted) throw new AppError('CONFLICT', `A batch with id ${input.id} already exists`)
      await onPlanned?.(connection, tenant, input.id, {
        conditionInFermenter: input.conditionInFermenter === true,
      })
      return toBatch(await read(r, tenant, input.id))
    },

    /**
     * A planned batch's new date, target volume or brewhouse (the version in force now); 409 once brew day
     * has started.
     */
    async change(connection: Db, tenant: Tenant, id: string, change: BatchChange): Promise<Batch> {
      const r = repoFor(connection)
      const batch = await read(r, tenant, id)
      assertCan(tenant, 'planProduction')
      if (batch.status !== 'planned')
        throw new AppError(
          'CONFLICT',
          `Batch ${batch.number} is ${batch.status}: only a planned batch changes.`,
        )
      let constants = batch.constants as BrewhouseConstants
      const set: Parameters<BatchRepository['updatePlanned']>[2] = {}
      if (change.brewhouseId) {
        const version = await equipmentFor(connection).currentVersion(tenant.entityId, change.brewhouseId)
        if (!version) throw brewhouseNotFound()
        constants = version.constants as BrewhouseConstants
        set.brewhouseId = change.brewhouseId
        set.brewhouseVersionId = version.versionId
      }
      if (change.plannedBrewDate) set.plannedBrewDate = change.plannedBrewDate
      const targetVolumeBbl = change.targetVolume
        ? toStoredBarrels(change.targetVolume)
        : batch.targetVolumeBbl
      if (change.targetVolume) {
        set.targetVolumeBbl = targetVolumeBbl
        set.targetVolumeUnit = change.targetVolume.unit
      }
      if (change.targetVolume || change.brewhouseId) checkVolume(targetVolumeBbl, constants)
      if (Object.keys(set).length > 0 && !(await r.updatePlanned(tenant.entityId, id, set)))
        throw new AppError('CONFLICT', `Batch ${batch.number} is no longer planned.`)
      if (Object.keys(set).length > 0) await onChanged?.(connection, tenant, id)
      return toBatch(await read(r, tenant, id))
    },
  }
}
export type BatchService = ReturnType<typeof createBatchService>

import { toScaled, type FinishedGood, type FinishedGoodsMovement } from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { createInventoryRepository } from './inventory.repository.ts'
import { costsOfBatches, optionTotals } from './cost.service.ts'
import { reverseStep, take } from './consumption.service.ts'
import { invalid, type PackagedEventDetails } from './inventory.shared.ts'
import {
  receiveFinishedGoods,
  returnableRemovals,
  returnFinishedGoods,
  takeFinishedGoods,
  type FinishedGoodsWrite,
} from './finished-goods-ledger.ts'

// The removals the Sales dispatch and credit note call in their own transactions (TSDoc in the ledger file).
export {
  removeFinishedGoods,
  removeFinishedGoodsLots,
  returnFinishedGoods,
  type FinishedGoodsWrite,
} from './finished-goods-ledger.ts'

// Finished goods: what packaging runs put on hand (and the packaging materials they consume), removals, returns,
// breakage, destruction and receipts (each on the liquid ledger, finished-goods-ledger.ts), and what is on hand per packaging option at its cost per unit (docs/decisions/213).

export function createFinishedGoodsService({ db }: { db: Db }) {
  const reads = createInventoryRepository(db)
  const service = {
    /** Finished goods on hand per packaging option, with the cost per unit of what was packaged and their value. */
    async finishedGoods(tenant: Tenant): Promise<FinishedGood[]> {
      const rows = await reads.finishedGoods(tenant.entityId)
      const batchIds = [...new Set(rows.filter((row) => row.batchId).map((row) => row.batchId!))]
      const totals = optionTotals(await costsOfBatches(db, tenant.entityId, batchIds, rows))
      const goods = new Map<string, FinishedGood>()
      for (const row of rows) {
        const good = goods.get(row.packageId) ?? {
          packageId: row.packageId,
          productId: row.productId,
          productName: row.productName,
          packageType: row.packageType,
          sku: row.sku,
          upc: row.upc,
          packaged: 0,
          onHand: 0,
          costPerUnitCents: null,
          valueCents: 0,
        }
        good.onHand += row.units
        if (row.kind === 'packaged') good.packaged += row.units
        goods.set(row.packageId, good)
      }
      return [...goods.values()].map((good) => {
        const total = totals.get(good.packageId)
        // The value is the option's cost times the share of its units on hand, rounded once (ADR 240).
        return {
          ...good,
          costPerUnitCents: total ? Math.round(total.costCents / total.units) : null,
          valueCents: total ? Math.round((total.costCents * Math.max(0, good.onHand)) / total.units) : 0,
        }
      })
    },

    /**
     * A movement of finished goods recorded by hand (manageStock): a removal (taxpaid sale, tax-free with its
     * reason, consumed on premises), breakage, destruction, the return of an earlier removal, or packaged beer
     * received in bond. Each writes its liquid event in this transaction (finished-goods-ledger.ts).
     */
    async recordFinishedGoods(
      tx: Db,
      tenant: Tenant,
      input: FinishedGoodsMovement,
      now: Date = new Date(),
    ): Promise<FinishedGoodsWrite> {
      assertCan(tenant, 'manageStock')
      const occurredAt = input.occurredAt ? new Date(input.occurredAt) : now
      const common = {
        movementId: input.id,
        units: input.units,
        occurredAt,
        priorPeriodAdjustment: input.priorPeriodAdjustment,
        reason: input.reason,
        now,
      }
      if (input.kind === 'returned')
        return returnFinishedGoods(tx, tenant, {
          ...common,
          removalLiquidEventId: input.returnOf!,
          packageId: input.packageId,
        })
      if (input.kind === 'received')
        return receiveFinishedGoods(tx, tenant, {
          ...common,
          packageId: input.packageId,
          fromBrewery: input.fromBrewery,
        })
      return takeFinishedGoods(tx, tenant, {
        ...common,
        kind: input.kind,
        packageId: input.packageId,
        batchId: input.batchId,
        taxFreeReason: input.taxFreeReason,
        customer: input.customer,
      })
    },

    /** The packaged removals of an option that can still come back, newest first (a return's choice). */
    returnableRemovals: (tenant: Tenant, packageId: string) => returnableRemovals(db, tenant, packageId),

    /**
     * A packaging run's liquid event (kind 'packaged', `details.packageId` and `details.units`) puts units of
     * its packaging option on hand and consumes the packaging materials its units use. Once per event; an
     * event superseding an earlier one takes the earlier one's units and materials back first.
     */
    async finishedGoodsFromPackaging(
      tx: Db,
      tenant: Tenant,
      event: {
        id: string
        batchId: string | null
        volumeBbl: string | number
        details: Record<string, unknown> | null
        supersedesId?: string | null
        occurredAt?: Date
      },
    ) {
      const repo = createInventoryRepository(tx)
      const existing = await repo.finishedGoodsOfEvent(tenant.entityId, event.id)
      if (existing) return existing
      const details = (event.details ?? {}) as Partial<PackagedEventDetails>
      const units = Number(details.units)
      if (typeof details.packageId !== 'string' || !Number.isInteger(units) || units <= 0)
        throw invalid('data.details', 'A packaging run names its packageId and a whole number of units')
      const option = await repo.packageOption(tenant.entityId, details.packageId)
      if (!option) throw invalid('data.details.packageId', 'Not a packaging option of this brewery')
      if (event.supersedesId) {
        const earlier = await repo.finishedGoodsOfEvent(tenant.entityId, event.supersedesId)
        if (earlier) {
          await repo.insertFinishedGoods({
            id: crypto.randomUUID(),
            entityId: tenant.entityId,
            packageId: earlier.packageId,
            productId: earlier.productId,
            productName: earlier.productName,
            packageType: earlier.packageType,
            sku: earlier.sku,
            upc: earlier.upc,
            kind: 'packaged',
            units: -earlier.units,
            volumeBbl: (-Number(earlier.volumeBbl)).toFixed(5),
            batchId: earlier.batchId,
            reason: 'Superseded by a corrected packaging run',
            recordedBy: tenant.userId,
          })
          if (earlier.batchId)
            await reverseStep(repo, tenant, earlier.batchId, `package:${event.supersedesId}`)
        }
      }
      const row = await repo.insertFinishedGoods({
        id: crypto.randomUUID(),
        entityId: tenant.entityId,
        packageId: option.option.id,
        productId: option.option.productId,
        productName: option.productName,
        packageType: option.option.type,
        sku: option.option.sku,
        upc: option.option.upc,
        kind: 'packaged',
        units,
        volumeBbl: Number(event.volumeBbl).toFixed(5),
        batchId: event.batchId,
        liquidEventId: event.id,
        ...(event.occurredAt ? { occurredAt: event.occurredAt } : {}),
        recordedBy: tenant.userId,
      })
      for (const material of await repo.materialsOfPackageType(tenant.entityId, option.option.typeId)) {
        if (material.perUnit === null) continue
        const needed = toScaled(units * Number(material.perUnit))
        if (needed > 0)
          await take(repo, tenant, material, needed, {
            kind: 'consumed',
            batchId: event.batchId,
            stepKey: `package:${event.id}`,
            reason: `Packaged ${units} × ${option.option.type}`,
            operationId: crypto.randomUUID(),
          })
      }
      return row
    },
  }
  return service
}

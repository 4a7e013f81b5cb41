import {
  BatchCostSchema,
  CanWeBrewSchema,
  envelopeOf,
  FinishedGoodSchema,
  FinishedGoodsMovementSchema,
  FinishedGoodsWriteResultSchema,
  HopAmountSchema,
  InventoryAlertSchema,
  InventoryItemChangeSchema,
  InventoryItemDetailSchema,
  InventoryItemSchema,
  inventoryObjectUri,
  LotSchema,
  NewInventoryItemSchema,
  ReceiveLotSchema,
  ReturnableRemovalSchema,
  StockAdjustmentSchema,
  StockCountSchema,
  StockImportSchema,
} from '@brewcommand/domain'
import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { WriteHeadersSchema, type Broadcast, type WriteRunner } from '../../writes/write-runner.ts'
import type { InventoryService } from './inventory.service.ts'

const ItemParams = z.object({ itemId: z.uuid('The item id must be a UUID') })
const BatchParams = z.object({ batchId: z.uuid('The batch id must be a UUID') })
const PackageParams = z.object({ packageId: z.uuid('The packaging option id must be a UUID') })
const WeeksQuery = z.object({
  weeks: z.coerce
    .number({ error: 'weeks must be a number' })
    .int('weeks must be a whole number')
    .min(1, 'weeks is 1 to 52')
    .max(52, 'weeks is 1 to 52')
    .default(4),
})
const stock = <T extends z.ZodType>(data: T) => envelopeOf('stock', data)

/** What the brewery's room hears after a stock change: the item (or part) that changed. */
const stockChange = (what: string, id: string): Broadcast => ({
  objectUri: inventoryObjectUri(what),
  data: { id },
})

/**
 * `/api/inventory` (docs/production.md "inventory_item, lot, stock_movement, reservation"): items with on hand,
 * reserved, available and value; Receive Stock, adjustments, counts and the opening-stock import (Manager);
 * Can we brew?; batch cost; finished goods. Every write goes through the write runner; after a stock change
 * the par-level job checks the brewery (`checkParLevels`, docs/decisions/212-par-level-alerts.md).
 */
export const inventoryRoutes: FastifyPluginAsyncZod<{
  inventory: InventoryService
  runWrite: WriteRunner
  /** Queues the par-level check of a brewery; a failure to queue is logged (the hourly sweep catches up). */
  checkParLevels: (entityId: string, log: FastifyBaseLogger) => Promise<void>
}> = async (app, { inventory, runWrite, checkParLevels }) => {
  const headers = WriteHeadersSchema

  app.get(
    '/items',
    { schema: { response: { 200: z.object({ data: z.array(InventoryItemSchema) }) } } },
    async (request) => ({
      data: await inventory.listItems(request.tenant),
    }),
  )

  app.post('/items', { schema: { body: stock(NewInventoryItemSchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => inventory.addItem(tx, request.tenant, request.body.data),
      body: (item) => ({ data: item }),
      broadcast: (item) => stockChange(`items/${item.id}`, item.id),
      afterCommit: () => checkParLevels(request.tenant.entityId, request.log),
    }),
  )

  app.get(
    '/items/:itemId',
    { schema: { params: ItemParams, response: { 200: z.object({ data: InventoryItemDetailSchema }) } } },
    async (request) => ({ data: await inventory.itemDetail(request.tenant, request.params.itemId) }),
  )

  app.put(
    '/items/:itemId',
    { schema: { params: ItemParams, body: stock(InventoryItemChangeSchema), headers } },
    (request, reply) => {
      const { itemId } = request.params
      return runWrite(request, reply, {
        status: 200,
        run: (tx) => inventory.changeItem(tx, request.tenant, itemId, request.body.data),
        body: (item) => ({ data: item }),
        broadcast: () => stockChange(`items/${itemId}`, itemId),
        afterCommit: () => checkParLevels(request.tenant.entityId, request.log),
      })
    },
  )

  app.post(
    '/items/:itemId/lots',
    { schema: { params: ItemParams, body: stock(ReceiveLotSchema), headers } },
    (request, reply) => {
      const { itemId } = request.params
      return runWrite(request, reply, {
        status: 201,
        run: (tx) => inventory.receive(tx, request.tenant, itemId, request.body.data),
        body: (lot) => ({ data: LotSchema.parse(lot) }),
        broadcast: () => stockChange(`items/${itemId}`, itemId),
        afterCommit: () => checkParLevels(request.tenant.entityId, request.log),
      })
    },
  )

  app.post(
    '/items/:itemId/adjustments',
    { schema: { params: ItemParams, body: stock(StockAdjustmentSchema), headers } },
    (request, reply) => {
      const { itemId } = request.params
      return runWrite(request, reply, {
        status: 201,
        run: (tx) => inventory.adjust(tx, request.tenant, itemId, request.body.data),
        body: (item) => ({ data: item }),
        broadcast: () => stockChange(`items/${itemId}`, itemId),
        afterCommit: () => checkParLevels(request.tenant.entityId, request.log),
      })
    },
  )

  app.post(
    '/items/:itemId/counts',
    { schema: { params: ItemParams, body: stock(StockCountSchema), headers } },
    (request, reply) => {
      const { itemId } = request.params
      return runWrite(request, reply, {
        status: 201,
        run: (tx) => inventory.count(tx, request.tenant, itemId, request.body.data),
        body: (result) => ({ data: result }),
        broadcast: () => stockChange(`items/${itemId}`, itemId),
        afterCommit: () => checkParLevels(request.tenant.entityId, request.log),
      })
    },
  )

  // A preview reads and writes nothing: not a queued write, so a plain body.
  app.post('/import/preview', { schema: { body: StockImportSchema } }, async (request) => ({
    data: await inventory.previewImport(request.tenant, request.body.csv),
  }))

  app.post('/import', { schema: { body: stock(StockImportSchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => inventory.importStock(tx, request.tenant, request.body.data.csv),
      body: (result) => ({ data: result }),
      broadcast: () => stockChange('items', request.tenant.entityId),
      afterCommit: () => checkParLevels(request.tenant.entityId, request.log),
    }),
  )

  app.get(
    '/can-we-brew',
    { schema: { querystring: WeeksQuery, response: { 200: z.object({ data: CanWeBrewSchema }) } } },
    async (request) => ({ data: await inventory.canWeBrewWeeks(request.tenant, request.query.weeks) }),
  )

  app.get(
    '/can-we-brew/:batchId',
    { schema: { params: BatchParams, response: { 200: z.object({ data: CanWeBrewSchema }) } } },
    async (request) => ({ data: await inventory.canWeBrewBatch(request.tenant, request.params.batchId) }),
  )

  app.get(
    '/batches/:batchId/cost',
    { schema: { params: BatchParams, response: { 200: z.object({ data: BatchCostSchema }) } } },
    async (request) => ({ data: await inventory.batchCost(request.tenant, request.params.batchId) }),
  )

  app.get(
    '/batches/:batchId/hop-amounts',
    { schema: { params: BatchParams, response: { 200: z.object({ data: z.array(HopAmountSchema) }) } } },
    async (request) => ({ data: await inventory.hopAmounts(request.tenant, request.params.batchId) }),
  )

  app.get(
    '/finished-goods',
    { schema: { response: { 200: z.object({ data: z.array(FinishedGoodSchema) }) } } },
    async (request) => ({ data: await inventory.finishedGoods(request.tenant) }),
  )

  app.post(
    '/finished-goods/movements',
    { schema: { body: stock(FinishedGoodsMovementSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => inventory.recordFinishedGoods(tx, request.tenant, request.body.data),
        body: (result) => ({ data: FinishedGoodsWriteResultSchema.parse(result) }),
        broadcast: () =>
          stockChange(`finished-goods/${request.body.data.packageId}`, request.body.data.packageId),
      }),
  )

  app.get(
    '/finished-goods/:packageId/removals',
    {
      schema: {
        params: PackageParams,
        response: { 200: z.object({ data: z.array(ReturnableRemovalSchema) }) },
      },
    },
    async (request) => ({
      data: await inventory.returnableRemovals(request.tenant, request.params.packageId),
    }),
  )

  app.get(
    '/alerts',
    { schema: { response: { 200: z.object({ data: z.array(InventoryAlertSchema) }) } } },
    async (request) => ({ data: await inventory.alerts(request.tenant) }),
  )
}

import type { ProductionWriteDefinition } from '../writes/production-writes.ts'
import {
  FinishedGoodsMovementSchema,
  InventoryItemChangeSchema,
  NewInventoryItemSchema,
  ReceiveLotSchema,
  StockAdjustmentSchema,
  StockCountSchema,
  StockImportSchema,
} from './inventory.schema.ts'

/**
 * The queued writes of the inventory part of the production side: one row per action, keyed `inventory:<verb>`
 * (packages/domain/src/writes/production-writes.ts says what a row holds). Consumption is no row here: brew day's
 * own writes consume (docs/decisions/211-consumption-points.md).
 */
export const INVENTORY_WRITES = {
  'inventory:add-item': {
    method: 'POST',
    envelopeType: 'stock',
    schema: NewInventoryItemSchema,
    permission: 'manageStock',
    noun: 'New inventory item',
  },
  'inventory:change-item': {
    method: 'PUT',
    envelopeType: 'stock',
    schema: InventoryItemChangeSchema,
    permission: 'manageStock',
    noun: 'Change to inventory item',
  },
  'inventory:receive': {
    method: 'POST',
    envelopeType: 'stock',
    schema: ReceiveLotSchema,
    permission: 'manageStock',
    noun: 'Stock received',
  },
  'inventory:adjust': {
    method: 'POST',
    envelopeType: 'stock',
    schema: StockAdjustmentSchema,
    permission: 'manageStock',
    noun: 'Stock adjustment',
  },
  'inventory:count': {
    method: 'POST',
    envelopeType: 'stock',
    schema: StockCountSchema,
    permission: 'manageStock',
    noun: 'Stock count',
  },
  'inventory:import': {
    method: 'POST',
    envelopeType: 'stock',
    schema: StockImportSchema,
    permission: 'manageStock',
    noun: 'Opening stock import',
  },
  'inventory:finished-goods': {
    method: 'POST',
    envelopeType: 'stock',
    schema: FinishedGoodsMovementSchema,
    permission: 'manageStock',
    noun: 'Finished goods',
  },
} as const satisfies Record<string, ProductionWriteDefinition>

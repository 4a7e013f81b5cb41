import { can } from '@brewcommand/domain'
import type { Db } from '../../db/client.ts'
import { createCanWeBrewService } from './can-we-brew.service.ts'
import { createConsumptionService } from './consumption.service.ts'
import { createCostService } from './cost.service.ts'
import { createFinishedGoodsService } from './finished-goods.service.ts'
import { createLotsService } from './lots.service.ts'
import { createParLevelsService } from './par-levels.service.ts'
import { createStockImportService } from './stock-import.service.ts'

// Inventory's rules (docs/production.md; docs/decisions/210–214). Reads take the tenant; writes take the write
// runner's transaction and plain inputs and throw AppError to refuse. The functions under "for the other
// production modules" are called inside their writes (Plan Batch, brew day, Package), which check their own
// permission first.
//
// The service is composed of the model's parts, one file each: items and lots (lots.service.ts), what batches take
// from stock (consumption.service.ts), can we brew? (can-we-brew.service.ts), costs (cost.service.ts), finished
// goods (finished-goods.service.ts), opening stock from CSV (stock-import.service.ts) and par levels
// (par-levels.service.ts); the pieces they share are in inventory.shared.ts.

export type { Consumption, PackagedEventDetails } from './inventory.shared.ts'

export function createInventoryService({ db }: { db: Db }) {
  return {
    ...createLotsService({ db }),
    ...createConsumptionService({ db }),
    ...createCanWeBrewService({ db }),
    ...createCostService({ db }),
    ...createFinishedGoodsService({ db }),
    ...createStockImportService({ db }),
    ...createParLevelsService({ db }),
    /** Whether the role may do it (the routes' answers say which controls to show). */
    can,
  }
}
export type InventoryService = ReturnType<typeof createInventoryService>

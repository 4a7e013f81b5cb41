import {
  canConvertStock,
  parseOpeningStockCsv,
  scaledToText,
  toScaled,
  type OpeningStockError,
  type OpeningStockRow,
  type StockUnit,
} from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { createInventoryRepository, type InventoryRepository } from './inventory.repository.ts'
import { receiveLot } from './lots.service.ts'

// Opening stock from CSV: the preview (what would be imported, an error per bad line) and the import, all or
// nothing (docs/decisions/214-opening-stock-csv.md).

export function createStockImportService({ db }: { db: Db }) {
  const reads = createInventoryRepository(db)
  const service = {
    /** Opening stock read from CSV: the lines it would import and an error per bad line. Writes nothing. */
    async previewImport(tenant: Tenant, csv: string) {
      assertCan(tenant, 'manageStock')
      return preview(reads, tenant.entityId, csv)
    },

    /** Imports opening stock in one transaction, only when every line is good (the preview's errors, as a 400). */
    async importStock(tx: Db, tenant: Tenant, csv: string) {
      assertCan(tenant, 'manageStock')
      const repo = createInventoryRepository(tx)
      const { rows, errors } = await preview(repo, tenant.entityId, csv)
      if (errors.length > 0)
        throw new AppError(
          'VALIDATION_FAILED',
          `${errors.length} line${errors.length === 1 ? '' : 's'} of the file cannot be imported.`,
          errors
            .slice(0, 100)
            .map((error) => ({ path: `data.csv.line${error.line}.${error.field}`, message: error.message })),
        )
      const created: string[] = []
      for (const row of rows) {
        let item = row.ingredientId
          ? await repo.itemByIngredient(tenant.entityId, row.ingredientId)
          : ((await repo.items(tenant.entityId)).find(
              (candidate) =>
                candidate.name.toLowerCase() === row.name.toLowerCase() &&
                candidate.category === row.category,
            ) ?? null)
        if (!item) {
          item = (await repo.insertItem({
            id: crypto.randomUUID(),
            entityId: tenant.entityId,
            name: row.name,
            category: row.category,
            ingredientId: row.ingredientId,
            unit: row.unit,
            parLevel: row.parLevel === null ? null : scaledToText(toScaled(row.parLevel)),
          }))!
          created.push(item.id)
        }
        await receiveLot(
          repo,
          tenant,
          item,
          {
            id: crypto.randomUUID(),
            supplier: row.supplier,
            lotCode: row.lotCode,
            receivedOn: row.receivedOn,
            bestBefore: row.bestBefore,
            quantity: row.quantity,
            unit: row.unit,
            unitCostCents: row.unitCostCents,
            alphaAcid: row.alphaAcid,
            colorLovibond: row.colorLovibond,
            extractPct: row.extractPct,
          },
          `data.csv.line${row.line}`,
        )
      }
      return { lots: rows.length, itemsCreated: created.length }
    },
  }
  return service
}

export async function preview(repo: InventoryRepository, entityId: string, csv: string) {
  const parsed = parseOpeningStockCsv(csv)
  const errors: OpeningStockError[] = [...parsed.errors]
  const rows: (OpeningStockRow & { itemId: string | null })[] = []
  const items = await repo.items(entityId)
  const planned = new Map<string, StockUnit>()
  for (const row of parsed.rows) {
    const key = row.ingredientId ?? `${row.category}:${row.name.toLowerCase()}`
    const item =
      items.find((candidate) =>
        row.ingredientId
          ? candidate.ingredientId === row.ingredientId
          : `${candidate.category}:${candidate.name.toLowerCase()}` === key,
      ) ?? null
    const unit = (item?.unit as StockUnit | undefined) ?? planned.get(key) ?? row.unit
    if (!canConvertStock(row.unit, unit)) {
      errors.push({
        line: row.line,
        field: 'unit',
        message: `${row.name} is kept in ${unit}; ${row.unit} cannot be converted to it`,
      })
      continue
    }
    if (!item && !planned.has(key)) planned.set(key, row.unit)
    rows.push({ ...row, itemId: item?.id ?? null })
  }
  errors.sort((a, b) => a.line - b.line)
  return { rows, errors, newItems: planned.size }
}

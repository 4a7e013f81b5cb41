import type {
  NewPriceList,
  PriceList,
  PriceListChange,
  SalesSettings,
  SalesSettingsChange,
} from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { createSalesRepository, type SalesRepository } from './sales.repository.ts'
import { groupBy } from './sales.views.ts'

// Price lists and the brewery's sales settings (docs/decisions/270-sales-rounding-and-invoice-numbers.md): a price
// per packaging option with optional quantity breaks, one default list, the deposits per package type, the sales
// tax rate and the invoices' prefix. Selling is a Manager's; so is reading prices.

/** Every price names a packaging option of the brewery (an unknown id is refused naming the price). */
async function mustBeOptions(repo: SalesRepository, entityId: string, prices: { packageId: string }[]) {
  const ids = [...new Set(prices.map((p) => p.packageId))]
  const known = new Set((await repo.options(entityId, ids)).map((row) => row.option.id))
  const index = prices.findIndex((p) => !known.has(p.packageId))
  if (index >= 0) throw new AppError('NOT_FOUND', 'Packaging option not found.')
}

export function createPriceListService({ db }: { db: Db }) {
  const reads = createSalesRepository(db)

  async function listOf(repo: SalesRepository, entityId: string, id: string): Promise<PriceList> {
    const row = await repo.priceList(entityId, id)
    if (!row) throw new AppError('NOT_FOUND', 'Price list not found.')
    const prices = await repo.prices(entityId, [id])
    return {
      id: row.id,
      name: row.name,
      isDefault: row.isDefault,
      prices: prices.map((p) => ({
        packageId: p.packageId,
        minQuantity: p.minQuantity,
        unitPriceCents: p.unitPriceCents,
      })),
    }
  }

  return {
    async list(tenant: Tenant): Promise<PriceList[]> {
      assertCan(tenant, 'sell')
      const [lists, prices] = await Promise.all([
        reads.priceLists(tenant.entityId),
        reads.prices(tenant.entityId),
      ])
      const byList = groupBy(prices, (p) => p.priceListId)
      return lists.map((row) => ({
        id: row.id,
        name: row.name,
        isDefault: row.isDefault,
        prices: (byList.get(row.id) ?? []).map((p) => ({
          packageId: p.packageId,
          minQuantity: p.minQuantity,
          unitPriceCents: p.unitPriceCents,
        })),
      }))
    },

    async add(tx: Db, tenant: Tenant, input: NewPriceList): Promise<PriceList> {
      assertCan(tenant, 'sell')
      const repo = createSalesRepository(tx)
      await mustBeOptions(repo, tenant.entityId, input.prices)
      const row = await repo.insertPriceList({
        id: input.id,
        entityId: tenant.entityId,
        name: input.name,
        isDefault: input.isDefault,
      })
      if (!row) throw new AppError('CONFLICT', `A price list with id ${input.id} already exists.`)
      if (input.isDefault) await repo.clearOtherDefaults(tenant.entityId, input.id)
      await repo.replacePrices(tenant.entityId, input.id, input.prices)
      return listOf(repo, tenant.entityId, input.id)
    },

    async change(tx: Db, tenant: Tenant, id: string, input: PriceListChange): Promise<PriceList> {
      const repo = createSalesRepository(tx)
      if (!(await repo.priceList(tenant.entityId, id)))
        throw new AppError('NOT_FOUND', 'Price list not found.')
      assertCan(tenant, 'sell')
      await mustBeOptions(repo, tenant.entityId, input.prices)
      await repo.updatePriceList(tenant.entityId, id, { name: input.name, isDefault: input.isDefault })
      if (input.isDefault) await repo.clearOtherDefaults(tenant.entityId, id)
      await repo.replacePrices(tenant.entityId, id, input.prices)
      return listOf(repo, tenant.entityId, id)
    },

    async settings(tenant: Tenant): Promise<SalesSettings> {
      assertCan(tenant, 'sell')
      return settingsOf(reads, tenant.entityId)
    },

    async changeSettings(tx: Db, tenant: Tenant, input: SalesSettingsChange): Promise<SalesSettings> {
      assertCan(tenant, 'sell')
      const repo = createSalesRepository(tx)
      await repo.updateSettings(tenant.entityId, {
        taxRateBasisPoints: input.taxRateBasisPoints,
        invoicePrefix: input.invoicePrefix,
      })
      await repo.replaceDeposits(tenant.entityId, input.deposits)
      return settingsOf(repo, tenant.entityId)
    },
  }
}

/** The brewery's settings; a brewery that never saved them has no tax, prefix `INV-` and numbers from 1. */
export async function settingsOf(repo: SalesRepository, entityId: string): Promise<SalesSettings> {
  const { settings: row, deposits } = await repo.settingsAndDeposits(entityId)
  return {
    taxRateBasisPoints: row?.taxRateBasisPoints ?? 0,
    invoicePrefix: row?.invoicePrefix ?? 'INV-',
    nextInvoiceNumber: row?.nextInvoiceNumber ?? 1,
    deposits,
  }
}

export type PriceListService = ReturnType<typeof createPriceListService>

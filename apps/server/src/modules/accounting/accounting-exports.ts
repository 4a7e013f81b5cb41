import { eq } from 'drizzle-orm'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { accountingConnections } from '../../db/schema/accounting.ts'
import { createSalesRepository } from '../sales/sales.repository.ts'
import {
  accountingCsv,
  DEFAULT_CSV_ACCOUNTS,
  type CsvAccounts,
  type CsvDataset,
  type CsvProvider,
} from './accounting-csv.ts'

/**
 * The CSV downloads of Settings → Integrations, with or without a connection (docs/decisions/310-accounting-sync.md):
 * the brewery's invoices, payments or customers in QuickBooks Online's or Xero's import layout. The account codes
 * come from the brewery's mapping when one is saved, else Xero's default chart.
 */
export function createAccountingExports(db: Db) {
  const sales = createSalesRepository(db)

  async function accountsOf(entityId: string): Promise<CsvAccounts> {
    const [connection] = await db
      .select({ mapping: accountingConnections.mapping })
      .from(accountingConnections)
      .where(eq(accountingConnections.entityId, entityId))
    const mapping = connection?.mapping ?? {}
    return {
      incomeCode: mapping.income?.code || DEFAULT_CSV_ACCOUNTS.incomeCode,
      depositCode: mapping.kegDeposits?.code || DEFAULT_CSV_ACCOUNTS.depositCode,
    }
  }

  return {
    async csv(tenant: Tenant, provider: CsvProvider, dataset: CsvDataset) {
      assertCan(tenant, 'sell')
      const { entityId } = tenant
      const invoices = dataset === 'customers' ? [] : await sales.invoices(entityId)
      const [lines, payments, customers, accounts] = await Promise.all([
        dataset === 'invoices'
          ? sales.invoiceLines(
              entityId,
              invoices.map((invoice) => invoice.id),
            )
          : [],
        dataset === 'payments' ? sales.payments(entityId) : [],
        dataset === 'customers' ? sales.customers(entityId) : [],
        accountsOf(entityId),
      ])
      return {
        body: accountingCsv(provider, dataset, { invoices, lines, payments, customers, accounts }),
        fileName: `${provider}-${dataset}.csv`,
      }
    },
  }
}
export type AccountingExports = ReturnType<typeof createAccountingExports>

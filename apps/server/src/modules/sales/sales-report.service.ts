import { salesReport, type SalesFact, type SalesReport } from '@brewcommand/domain'
import { and, eq, gte, isNull, lt } from 'drizzle-orm'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { creditNoteLines, creditNotes } from '../../db/schema/sales-credits.ts'
import { invoiceLines, invoices } from '../../db/schema/sales.ts'
import { AppError } from '../../errors.ts'

// Reporting's Sales (packages/domain/src/sales/sales-report.ts): the invoice lines of the months asked (void
// invoices left out) and the credit lines of credit notes issued in them, as facts the domain adds up. A Manager's
// (it shows prices).

const firstDayAfter = (month: string) => {
  const [year, m] = month.split('-').map(Number)
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`
}

export function createSalesReportService({ db }: { db: Db }) {
  return {
    async report(tenant: Tenant, { from, to }: { from: string; to: string }): Promise<SalesReport> {
      assertCan(tenant, 'sell')
      if (from > to)
        throw new AppError('VALIDATION_FAILED', 'The first month comes after the last.', [
          { path: 'querystring.from', message: 'After the last month' },
        ])
      const start = `${from}-01`
      const end = firstDayAfter(to)
      const [sold, back] = await Promise.all([
        db
          .select({
            day: invoices.issuedOn,
            customerName: invoices.customerName,
            productName: invoiceLines.productName,
            packageType: invoiceLines.packageType,
            units: invoiceLines.quantity,
            revenueCents: invoiceLines.subtotalCents,
          })
          .from(invoiceLines)
          .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
          .where(
            and(
              eq(invoices.entityId, tenant.entityId),
              isNull(invoices.voidedAt),
              gte(invoices.issuedOn, start),
              lt(invoices.issuedOn, end),
            ),
          ),
        db
          .select({
            day: creditNotes.issuedOn,
            customerName: invoices.customerName,
            productName: invoiceLines.productName,
            packageType: invoiceLines.packageType,
            units: creditNoteLines.quantity,
            revenueCents: creditNoteLines.subtotalCents,
          })
          .from(creditNoteLines)
          .innerJoin(creditNotes, eq(creditNotes.id, creditNoteLines.creditNoteId))
          .innerJoin(invoiceLines, eq(invoiceLines.id, creditNoteLines.invoiceLineId))
          .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
          .where(
            and(
              eq(creditNotes.entityId, tenant.entityId),
              gte(creditNotes.issuedOn, start),
              lt(creditNotes.issuedOn, end),
            ),
          ),
      ])
      const facts: SalesFact[] = [
        ...sold,
        ...back.map((row) => ({ ...row, units: -row.units, revenueCents: -row.revenueCents })),
      ]
      return salesReport(facts, { from, to })
    },
  }
}

export type SalesReportService = ReturnType<typeof createSalesReportService>

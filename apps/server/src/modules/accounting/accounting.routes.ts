import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CSV_DATASETS, CSV_PROVIDERS } from './accounting-csv.ts'
import type { AccountingExports } from './accounting-exports.ts'

const ExportParams = z.object({
  provider: z.enum(CSV_PROVIDERS, 'Choose quickbooks or xero'),
  dataset: z.enum(CSV_DATASETS, 'Choose invoices, payments or customers'),
})

/**
 * `/api/accounting` (docs/decisions/310-accounting-sync.md): people only (no API key scope reaches this path).
 * The CSV exports need `sell`, as the invoices they hold; the connection, mapping, journal and log need
 * `manageAccounting` (Admins).
 */
export const accountingRoutes: FastifyPluginAsyncZod<{ exports: AccountingExports }> = async (
  app,
  { exports },
) => {
  app.get('/exports/:provider/:dataset', { schema: { params: ExportParams } }, async (request, reply) => {
    const { body, fileName } = await exports.csv(
      request.tenant,
      request.params.provider,
      request.params.dataset,
    )
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(body)
  })
}

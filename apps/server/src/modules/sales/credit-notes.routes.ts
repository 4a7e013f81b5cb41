import type { FastifyBaseLogger } from 'fastify'
import {
  envelopeOf,
  InvoiceSchema,
  NewCreditNoteSchema,
  salesObjectUri,
  SalesReportQuerySchema,
  SalesReportSchema,
} from '@brewcommand/domain'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { WriteHeadersSchema, type WriteRunner } from '../../writes/write-runner.ts'
import type { CreditNoteService } from './credit-notes.service.ts'
import type { InvoiceService } from './invoices.service.ts'
import type { SalesReportService } from './sales-report.service.ts'

const InvoiceParams = z.object({ invoiceId: z.uuid('The invoice id must be a UUID') })
const CreditNoteParams = z.object({ creditNoteId: z.uuid('The credit note id must be a UUID') })
const CustomerParams = z.object({ customerId: z.uuid('The customer id must be a UUID') })

const sendPdf = (reply: FastifyReply, { bytes, fileName }: { bytes: Uint8Array; fileName: string }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .send(Buffer.from(bytes))

/**
 * `/api/sales`, credit notes (docs/decisions/273-credit-notes-and-returns.md): Credit Note against an invoice (the
 * goods come back on the ledger; a Manager's) and its PDF; a customer's statement PDF.
 */
export const creditNoteRoutes: FastifyPluginAsyncZod<{
  credits: CreditNoteService
  invoices: InvoiceService
  report: SalesReportService
  runWrite: WriteRunner
  /** After a credit note commits: the accounting sync of the brewery is queued (ADR 367). */
  afterSalesWrite?: (entityId: string, log: FastifyBaseLogger) => Promise<void>
}> = async (app, { credits, invoices, report, runWrite, afterSalesWrite }) => {
  // Reporting's Sales: revenue by month, product, package and customer over the months asked.
  app.get(
    '/report',
    {
      schema: {
        querystring: SalesReportQuerySchema,
        response: { 200: z.object({ data: SalesReportSchema }) },
      },
    },
    async (request) => ({ data: await report.report(request.tenant, request.query) }),
  )
  app.post(
    '/invoices/:invoiceId/credit-notes',
    {
      schema: {
        params: InvoiceParams,
        body: envelopeOf('sales', NewCreditNoteSchema),
        headers: WriteHeadersSchema,
        response: { 201: z.object({ data: InvoiceSchema }) },
      },
    },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => credits.create(tx, request.tenant, request.params.invoiceId, request.body.data),
        body: (invoice) => ({ data: invoice }),
        afterCommit: async () => {
          await afterSalesWrite?.(request.tenant.entityId, request.log)
        },
        broadcast: (invoice) => ({
          objectUri: salesObjectUri(`invoices/${invoice.id}`),
          data: { id: invoice.id },
        }),
      }),
  )
  app.get(
    '/credit-notes/:creditNoteId/pdf',
    { schema: { params: CreditNoteParams } },
    async (request, reply) => sendPdf(reply, await credits.pdf(request.tenant, request.params.creditNoteId)),
  )
  app.get(
    '/customers/:customerId/statement',
    { schema: { params: CustomerParams } },
    async (request, reply) =>
      sendPdf(reply, await invoices.statementPdf(request.tenant, request.params.customerId)),
  )
}

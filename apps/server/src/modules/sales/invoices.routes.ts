import {
  AgingSchema,
  DispatchOrderSchema,
  DispatchOrdersSchema,
  EmailInvoiceSchema,
  envelopeOf,
  InvoiceSchema,
  NewInvoiceSchema,
  OrderSchema,
  OrderStepSchema,
  RecordPaymentSchema,
  RecordPaymentsSchema,
  salesObjectUri,
  VoidInvoiceSchema,
} from '@brewcommand/domain'
import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { WriteHeadersSchema, type WriteRunner } from '../../writes/write-runner.ts'
import { createInvoicingService } from './create-invoice.service.ts'
import type { DispatchService } from './dispatch.service.ts'
import type { InvoiceService } from './invoices.service.ts'
import type { OrderService } from './orders.service.ts'

const InvoiceParams = z.object({ invoiceId: z.uuid('The invoice id must be a UUID') })
const OrderParams = z.object({ orderId: z.uuid('The order id must be a UUID') })
const sales = <T extends z.ZodType>(data: T) => envelopeOf('sales', data)
const headers = WriteHeadersSchema

/**
 * `/api/sales`, the money side (docs/decisions/270-sales-rounding-and-invoice-numbers.md): Dispatch (the removal,
 * which issues the invoice unless the customer is invoiced by Create Invoice) and Delivered; Create Invoice for
 * several dispatched orders of one customer (ADR 345); invoices, their PDF and Email Invoice; Record Payment; Void (Admin);
 * receivables aging.
 */
export const invoiceRoutes: FastifyPluginAsyncZod<{
  invoices: InvoiceService
  orders: OrderService
  /** Dispatch, once the ledger's removal is there to call; without it there is no Dispatch route. */
  dispatch?: DispatchService
  runWrite: WriteRunner
  /** Queues the sending of a brewery's requested mails; a failure to queue is logged (the sweep sends them). */
  queueMail: (entityId: string, log: FastifyBaseLogger) => Promise<void>
  /** After a dispatch (its invoice) or a payment commits: the accounting sync of the brewery is queued. */
  afterSalesWrite?: (entityId: string, log: FastifyBaseLogger) => Promise<void>
}> = async (app, { invoices, orders, dispatch, runWrite, queueMail, afterSalesWrite }) => {
  if (dispatch) {
    const service = dispatch
    app.post(
      '/orders/:orderId/dispatch',
      { schema: { params: OrderParams, body: sales(DispatchOrderSchema), headers } },
      (request, reply) =>
        runWrite(request, reply, {
          status: 200,
          // With `pick`, picked and dispatched at once: the pick's own checks and rows, then the dispatch's (ADR 416).
          run: (tx) => service.dispatch(tx, request.tenant, request.params.orderId, request.body.data),
          body: (order) => ({ data: OrderSchema.parse(order) }),
          afterCommit: async () => {
            await afterSalesWrite?.(request.tenant.entityId, request.log)
          },
          broadcast: (order) => ({ objectUri: salesObjectUri(`orders/${order.id}`), data: { id: order.id } }),
        }),
    )
  }
  if (dispatch) {
    const service = dispatch
    // A van's load: several orders dispatched (picked first with `pick`) in one write, all or none (ADR 422).
    app.post(
      '/orders/dispatch',
      { schema: { body: sales(DispatchOrdersSchema), headers } },
      (request, reply) =>
        runWrite(request, reply, {
          status: 200,
          run: (tx) => {
            const { orderIds, ...input } = request.body.data
            return service.dispatchMany(tx, request.tenant, orderIds, input)
          },
          body: (dispatched) => ({ data: z.array(OrderSchema).parse(dispatched) }),
          afterCommit: async () => {
            await afterSalesWrite?.(request.tenant.entityId, request.log)
          },
          broadcast: () => ({ objectUri: salesObjectUri('orders'), data: { id: request.tenant.entityId } }),
        }),
    )
  }
  app.post(
    '/orders/:orderId/deliver',
    { schema: { params: OrderParams, body: sales(OrderStepSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => orders.deliver(tx, request.tenant, request.params.orderId),
        body: (order) => ({ data: order }),
        broadcast: (order) => ({ objectUri: salesObjectUri(`orders/${order.id}`), data: { id: order.id } }),
      }),
  )

  app.get(
    '/invoices',
    { schema: { response: { 200: z.object({ data: z.array(InvoiceSchema) }) } } },
    async (request) => ({ data: await invoices.list(request.tenant) }),
  )
  const invoicing = createInvoicingService({ invoices })
  app.post('/invoices', { schema: { body: sales(NewInvoiceSchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => invoicing.create(tx, request.tenant, request.body.data),
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
    '/invoices/:invoiceId',
    { schema: { params: InvoiceParams, response: { 200: z.object({ data: InvoiceSchema }) } } },
    async (request) => ({ data: await invoices.get(request.tenant, request.params.invoiceId) }),
  )
  app.get('/invoices/:invoiceId/pdf', { schema: { params: InvoiceParams } }, async (request, reply) => {
    const { bytes, fileName } = await invoices.pdf(request.tenant, request.params.invoiceId)
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .send(Buffer.from(bytes))
  })
  app.post(
    '/invoices/:invoiceId/payments',
    { schema: { params: InvoiceParams, body: sales(RecordPaymentSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => invoices.recordPayment(tx, request.tenant, request.params.invoiceId, request.body.data),
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
  // A deposit: several payments recorded in one write, all or none (ADR 422).
  app.post(
    '/invoices/payments',
    { schema: { body: sales(RecordPaymentsSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => invoices.recordPayments(tx, request.tenant, request.body.data.payments),
        body: (paid) => ({ data: paid }),
        afterCommit: async () => {
          await afterSalesWrite?.(request.tenant.entityId, request.log)
        },
        broadcast: () => ({ objectUri: salesObjectUri('invoices'), data: { id: request.tenant.entityId } }),
      }),
  )
  app.post(
    '/invoices/:invoiceId/void',
    { schema: { params: InvoiceParams, body: sales(VoidInvoiceSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => invoices.voidInvoice(tx, request.tenant, request.params.invoiceId, request.body.data),
        body: (invoice) => ({ data: invoice }),
        broadcast: (invoice) => ({
          objectUri: salesObjectUri(`invoices/${invoice.id}`),
          data: { id: invoice.id },
        }),
      }),
  )
  // Email Invoice is a keyed write (a retried request asks for one mail): a row of the mail outbox, sent by the job.
  app.post(
    '/invoices/:invoiceId/email',
    { schema: { params: InvoiceParams, body: sales(EmailInvoiceSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => invoices.requestEmail(tx, request.tenant, request.params.invoiceId, request.body.data),
        body: (mail) => ({ data: { id: mail.id, to: mail.to, requestedAt: mail.requestedAt } }),
        // Queued once committed (the queue has its own connection; on PGlite a write holds the only one).
        afterCommit: (mail) => queueMail(mail.entityId, request.log),
      }),
  )
  app.get('/aging', { schema: { response: { 200: z.object({ data: AgingSchema }) } } }, async (request) => ({
    data: await invoices.aging(request.tenant),
  }))
}

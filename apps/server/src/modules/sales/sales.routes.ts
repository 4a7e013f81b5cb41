import {
  AvailabilitySchema,
  BreweryTodaySchema,
  CustomerChangeSchema,
  CustomerDetailSchema,
  CustomerImportPreviewSchema,
  CustomerImportSchema,
  CustomerSchema,
  envelopeOf,
  NewCustomerSchema,
  NewOrderSchema,
  NewOrdersSchema,
  NewPriceListSchema,
  OrderChangeSchema,
  OrderSchema,
  OrderStepSchema,
  PriceListChangeSchema,
  PriceListSchema,
  salesObjectUri,
  SalesSettingsChangeSchema,
  SalesSettingsSchema,
  todayIn,
  type Order,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { z } from 'zod'
import { WriteHeadersSchema, type Broadcast, type WriteRunner } from '../../writes/write-runner.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'
import type { CustomerService } from './customers.service.ts'
import type { OrderService } from './orders.service.ts'
import type { PriceListService } from './price-lists.service.ts'

const CustomerParams = z.object({ customerId: z.uuid('The customer id must be a UUID') })
const PriceListParams = z.object({ priceListId: z.uuid('The price list id must be a UUID') })
const OrderParams = z.object({ orderId: z.uuid('The order id must be a UUID') })
const sales = <T extends z.ZodType>(data: T) => envelopeOf('sales', data)
const headers = WriteHeadersSchema

/** What the brewery's room hears after a sales change. */
const salesChange = (what: string, id: string): Broadcast => ({
  objectUri: salesObjectUri(what),
  data: { id },
})

/**
 * `/api/sales` (docs/production.md "Sales"): customers and their import, price lists and the sales settings
 * (deposits, tax rate, invoice prefix), orders and their steps, available to promise. Every write goes through the
 * write runner; the permission of each is in the one table (sell, fulfilOrders, voidInvoices).
 */
export const salesRoutes: FastifyPluginAsyncZod<{
  customers: CustomerService
  priceLists: PriceListService
  orders: OrderService
  runWrite: WriteRunner
  /** Reads the brewery's time zone (GET /today). */
  db: Db
}> = async (app, { customers, priceLists, orders, runWrite, db }) => {
  // ---- customers ----
  app.get(
    '/customers',
    { schema: { response: { 200: z.object({ data: z.array(CustomerSchema) }) } } },
    async (request) => ({ data: await customers.list(request.tenant) }),
  )
  app.post('/customers', { schema: { body: sales(NewCustomerSchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => customers.add(tx, request.tenant, request.body.data),
      body: (customer) => ({ data: customer }),
      broadcast: (customer) => salesChange(`customers/${customer.id}`, customer.id),
    }),
  )
  app.get(
    '/customers/:customerId',
    { schema: { params: CustomerParams, response: { 200: z.object({ data: CustomerDetailSchema }) } } },
    async (request) => ({ data: await customers.detail(request.tenant, request.params.customerId) }),
  )
  app.put(
    '/customers/:customerId',
    { schema: { params: CustomerParams, body: sales(CustomerChangeSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => customers.change(tx, request.tenant, request.params.customerId, request.body.data),
        body: (customer) => ({ data: customer }),
        broadcast: (customer) => salesChange(`customers/${customer.id}`, customer.id),
      }),
  )
  // A preview reads and writes nothing: not a queued write, so a plain body.
  app.post(
    '/customers/import/preview',
    {
      schema: {
        body: CustomerImportSchema,
        response: { 200: z.object({ data: CustomerImportPreviewSchema }) },
      },
    },
    async (request) => ({ data: await customers.previewImport(request.tenant, request.body.csv) }),
  )
  app.post(
    '/customers/import',
    { schema: { body: sales(CustomerImportSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => customers.importCustomers(tx, request.tenant, request.body.data.csv),
        body: (result) => ({ data: result }),
        broadcast: () => salesChange('customers', request.tenant.entityId),
      }),
  )

  // ---- price lists and settings ----
  app.get(
    '/price-lists',
    { schema: { response: { 200: z.object({ data: z.array(PriceListSchema) }) } } },
    async (request) => ({ data: await priceLists.list(request.tenant) }),
  )
  app.post('/price-lists', { schema: { body: sales(NewPriceListSchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => priceLists.add(tx, request.tenant, request.body.data),
      body: (list) => ({ data: list }),
      broadcast: (list) => salesChange(`price-lists/${list.id}`, list.id),
    }),
  )
  app.put(
    '/price-lists/:priceListId',
    { schema: { params: PriceListParams, body: sales(PriceListChangeSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => priceLists.change(tx, request.tenant, request.params.priceListId, request.body.data),
        body: (list) => ({ data: list }),
        broadcast: (list) => salesChange(`price-lists/${list.id}`, list.id),
      }),
  )
  app.get(
    '/settings',
    { schema: { response: { 200: z.object({ data: SalesSettingsSchema }) } } },
    async (request) => ({ data: await priceLists.settings(request.tenant) }),
  )
  app.put('/settings', { schema: { body: sales(SalesSettingsChangeSchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 200,
      run: (tx) => priceLists.changeSettings(tx, request.tenant, request.body.data),
      body: (settings) => ({ data: settings }),
      broadcast: () => salesChange('settings', request.tenant.entityId),
    }),
  )

  // ---- the brewery's day (ADR 346): every member's, for the orders board, the dashboard and Reporting ----
  app.get(
    '/today',
    { schema: { response: { 200: z.object({ data: BreweryTodaySchema }) } } },
    async (request) => {
      const timeZone = await breweryTimeZone(db, request.tenant.entityId)
      return { data: { timeZone, today: todayIn(timeZone) } }
    },
  )

  // ---- orders ----
  app.get(
    '/availability',
    { schema: { response: { 200: z.object({ data: z.array(AvailabilitySchema) }) } } },
    async (request) => ({ data: await orders.availability(request.tenant) }),
  )
  app.get(
    '/orders',
    { schema: { response: { 200: z.object({ data: z.array(OrderSchema) }) } } },
    async (request) => ({ data: await orders.list(request.tenant) }),
  )
  app.post('/orders', { schema: { body: sales(NewOrderSchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => orders.add(tx, request.tenant, request.body.data),
      body: (order) => ({ data: order }),
      broadcast: (order) => salesChange(`orders/${order.id}`, order.id),
    }),
  )
  // Several orders placed at once (a portal's or a distributor's day of orders), all or none (ADR 422).
  app.post('/orders/many', { schema: { body: sales(NewOrdersSchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => orders.addMany(tx, request.tenant, request.body.data.orders),
      body: (placed) => ({ data: placed }),
      broadcast: () => salesChange('orders', request.tenant.entityId),
    }),
  )
  app.get(
    '/orders/:orderId',
    { schema: { params: OrderParams, response: { 200: z.object({ data: OrderSchema }) } } },
    async (request) => ({ data: await orders.get(request.tenant, request.params.orderId) }),
  )
  app.put(
    '/orders/:orderId',
    { schema: { params: OrderParams, body: sales(OrderChangeSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => orders.change(tx, request.tenant, request.params.orderId, request.body.data),
        body: (order) => ({ data: order }),
        broadcast: (order) => salesChange(`orders/${order.id}`, order.id),
      }),
  )
  const steps: Record<string, (tx: Db, tenant: Tenant, id: string) => Promise<Order>> = {
    confirm: (tx, tenant, id) => orders.confirm(tx, tenant, id),
    pick: (tx, tenant, id) => orders.pick(tx, tenant, id),
    cancel: (tx, tenant, id) => orders.cancel(tx, tenant, id),
  }
  for (const [step, run] of Object.entries(steps))
    app.post(
      `/orders/:orderId/${step}`,
      { schema: { params: OrderParams, body: sales(OrderStepSchema), headers } },
      (request, reply) =>
        runWrite(request, reply, {
          status: 200,
          run: (tx) => run(tx, request.tenant, request.params.orderId),
          body: (order) => ({ data: order }),
          broadcast: (order) => salesChange(`orders/${order.id}`, order.id),
        }),
    )
}

import type { ProductionWriteDefinition } from '../writes/production-writes.ts'
import {
  CustomerChangeSchema,
  CustomerImportSchema,
  DispatchOrderSchema,
  EmailInvoiceSchema,
  NewCreditNoteSchema,
  NewCustomerSchema,
  NewOrderSchema,
  NewPriceListSchema,
  OrderChangeSchema,
  OrderStepSchema,
  PriceListChangeSchema,
  RecordPaymentSchema,
  SalesSettingsChangeSchema,
  VoidInvoiceSchema,
} from './sales.schema.ts'

/**
 * The queued writes of sales: one row per action, keyed `sales:<verb>` (packages/domain/src/writes/
 * production-writes.ts says what a row holds). Selling (customers, prices, orders, payments) is a Manager's;
 * picking and dispatching a Brewer's; voiding an invoice an Admin's.
 */
export const SALES_WRITES = {
  'sales:add-customer': {
    method: 'POST',
    envelopeType: 'sales',
    schema: NewCustomerSchema,
    permission: 'sell',
    noun: 'New customer',
  },
  'sales:change-customer': {
    method: 'PUT',
    envelopeType: 'sales',
    schema: CustomerChangeSchema,
    permission: 'sell',
    noun: 'Change to customer',
  },
  'sales:import-customers': {
    method: 'POST',
    envelopeType: 'sales',
    schema: CustomerImportSchema,
    permission: 'sell',
    noun: 'Customer import',
  },
  'sales:add-price-list': {
    method: 'POST',
    envelopeType: 'sales',
    schema: NewPriceListSchema,
    permission: 'sell',
    noun: 'New price list',
  },
  'sales:change-price-list': {
    method: 'PUT',
    envelopeType: 'sales',
    schema: PriceListChangeSchema,
    permission: 'sell',
    noun: 'Change to price list',
  },
  'sales:change-settings': {
    method: 'PUT',
    envelopeType: 'sales',
    schema: SalesSettingsChangeSchema,
    permission: 'sell',
    noun: 'Sales settings',
  },
  'sales:add-order': {
    method: 'POST',
    envelopeType: 'sales',
    schema: NewOrderSchema,
    permission: 'sell',
    noun: 'New order',
  },
  'sales:change-order': {
    method: 'PUT',
    envelopeType: 'sales',
    schema: OrderChangeSchema,
    permission: 'sell',
    noun: 'Change to order',
  },
  'sales:confirm-order': {
    method: 'POST',
    envelopeType: 'sales',
    schema: OrderStepSchema,
    permission: 'sell',
    noun: 'Confirm order',
  },
  'sales:cancel-order': {
    method: 'POST',
    envelopeType: 'sales',
    schema: OrderStepSchema,
    permission: 'sell',
    noun: 'Cancel order',
  },
  'sales:pick-order': {
    method: 'POST',
    envelopeType: 'sales',
    schema: OrderStepSchema,
    permission: 'fulfilOrders',
    noun: 'Pick order',
  },
  'sales:dispatch-order': {
    method: 'POST',
    envelopeType: 'sales',
    schema: DispatchOrderSchema,
    permission: 'fulfilOrders',
    noun: 'Dispatch order',
  },
  'sales:deliver-order': {
    method: 'POST',
    envelopeType: 'sales',
    schema: OrderStepSchema,
    permission: 'fulfilOrders',
    noun: 'Order delivered',
  },
  'sales:record-payment': {
    method: 'POST',
    envelopeType: 'sales',
    schema: RecordPaymentSchema,
    permission: 'sell',
    noun: 'Payment',
  },
  'sales:email-invoice': {
    method: 'POST',
    envelopeType: 'sales',
    schema: EmailInvoiceSchema,
    permission: 'sell',
    noun: 'Email invoice',
  },
  'sales:void-invoice': {
    method: 'POST',
    envelopeType: 'sales',
    schema: VoidInvoiceSchema,
    permission: 'voidInvoices',
    noun: 'Void invoice',
  },
  'sales:credit-note': {
    method: 'POST',
    envelopeType: 'sales',
    schema: NewCreditNoteSchema,
    permission: 'sell',
    noun: 'Credit note',
  },
} as const satisfies Record<string, ProductionWriteDefinition>

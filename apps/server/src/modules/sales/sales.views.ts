import {
  formatInvoiceNumber,
  formatOrderNumber,
  invoiceStatus,
  lineAmounts,
  totalsOf,
  type CreditNote,
  type Customer,
  type CustomerKind,
  type Invoice,
  type InvoiceStatus,
  type Order,
  type OrderStatus,
  type PaymentMethod,
  type PaymentTerms,
} from '@brewcommand/domain'
import type {
  CustomerRow,
  InvoiceLineRow,
  InvoiceRow,
  OrderLineRow,
  OrderRow,
  PaymentRow,
  ReservationRow,
} from './sales.repository.ts'

// The read shapes of sales, built from rows. A role that may not sell reads an order without its money.

const iso = (value: Date | string | null) => (value instanceof Date ? value.toISOString() : value)

export function customerView(row: CustomerRow, balanceCents: number): Customer {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as CustomerKind,
    licenceNumber: row.licenceNumber,
    licenceExpiresOn: row.licenceExpiresOn,
    billingAddress: row.billingAddress,
    deliveryAddress: row.deliveryAddress,
    contacts: row.contacts,
    paymentTerms: row.paymentTerms as PaymentTerms,
    taxExempt: row.taxExempt,
    taxExemptReason: row.taxExemptReason,
    priceListId: row.priceListId,
    notes: row.notes,
    invoiceAtDispatch: row.invoiceAtDispatch,
    balanceCents,
    createdAt: iso(row.createdAt)!,
  }
}

/** A line's amounts as ADR 270 computes them from what the line stores. */
export const amountsOfLine = (order: OrderRow, line: OrderLineRow) =>
  lineAmounts({
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    depositCents: line.depositCents,
    taxRateBasisPoints: order.taxRateBasisPoints,
    taxExempt: order.taxExempt,
  })

export function orderView(
  { order, customerName }: { order: OrderRow; customerName: string },
  lines: OrderLineRow[],
  reservations: ReservationRow[],
  batchNumbers: Map<string, string>,
  { seesMoney, invoiceId }: { seesMoney: boolean; invoiceId: string | null },
): Order {
  const money = <T>(value: T) => (seesMoney ? value : null)
  const amounts = lines.map((line) => amountsOfLine(order, line))
  const totals = totalsOf(amounts)
  return {
    id: order.id,
    number: formatOrderNumber(order.sequence),
    customerId: order.customerId,
    customerName,
    status: order.status as OrderStatus,
    requestedDeliveryOn: order.requestedDeliveryOn,
    deliveryAddress: order.deliveryAddress,
    notes: order.notes,
    lines: lines.map((line, index) => ({
      id: line.id,
      packageId: line.packageId,
      productName: line.productName,
      packageType: line.packageType,
      sku: line.sku,
      upc: line.upc,
      quantity: line.quantity,
      unitPriceCents: money(line.unitPriceCents),
      depositCents: money(amounts[index].depositCents),
      subtotalCents: money(amounts[index].subtotalCents),
      taxCents: money(amounts[index].taxCents),
      lots: reservations
        .filter((r) => r.orderLineId === line.id)
        .map((r) => ({
          batchId: r.batchId,
          batchNumber: r.batchId ? (batchNumbers.get(r.batchId) ?? '') : '',
          units: r.units,
        })),
    })),
    subtotalCents: money(totals.subtotalCents),
    depositCents: money(totals.depositCents),
    taxCents: money(totals.taxCents),
    totalCents: money(totals.totalCents),
    confirmedAt: iso(order.confirmedAt),
    pickedAt: iso(order.pickedAt),
    dispatchedAt: iso(order.dispatchedAt),
    deliveredAt: iso(order.deliveredAt),
    cancelledAt: iso(order.cancelledAt),
    invoiceId,
    createdAt: iso(order.createdAt)!,
  }
}

/**
 * What an invoice's payments and credit notes add up to, its balance and status. The balance is never below 0: a
 * credit beyond it is a refund owed, kept on the credit note (ADR 273).
 */
export function invoiceState(
  row: InvoiceRow,
  paid: readonly Pick<PaymentRow, 'amountCents'>[],
  credits: readonly { totalCents: number }[] = [],
) {
  const paidCents = paid.reduce((sum, payment) => sum + payment.amountCents, 0)
  const creditedCents = credits.reduce((sum, credit) => sum + credit.totalCents, 0)
  const voided = row.voidedAt !== null
  const status: InvoiceStatus = invoiceStatus({
    totalCents: row.totalCents,
    paidCents,
    creditedCents,
    voided,
  })
  return {
    paidCents,
    creditedCents,
    balanceCents: voided ? 0 : Math.max(0, row.totalCents - paidCents - creditedCents),
    status,
  }
}

export function invoiceView(
  row: InvoiceRow,
  lines: InvoiceLineRow[],
  paid: PaymentRow[],
  credits: CreditNote[] = [],
): Invoice {
  const state = invoiceState(row, paid, credits)
  return {
    id: row.id,
    number: row.number || formatInvoiceNumber('', row.sequence),
    sequence: row.sequence,
    orderId: row.orderId,
    customerId: row.customerId,
    customerName: row.customerName,
    status: state.status,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    paymentTerms: row.paymentTerms as PaymentTerms,
    lines: lines.map((line) => ({
      id: line.id,
      productName: line.productName,
      packageType: line.packageType,
      sku: line.sku,
      upc: line.upc,
      batchNumber: line.batchNumber,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      depositCents: line.depositCents,
      subtotalCents: line.subtotalCents,
      taxCents: line.taxCents,
    })),
    subtotalCents: row.subtotalCents,
    depositCents: row.depositCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    paidCents: state.paidCents,
    creditedCents: state.creditedCents,
    balanceCents: state.balanceCents,
    payments: paid.map((payment) => ({
      id: payment.id,
      method: payment.method as PaymentMethod,
      amountCents: payment.amountCents,
      receivedOn: payment.receivedOn,
      reference: payment.reference,
      recordedAt: iso(payment.recordedAt)!,
    })),
    creditNotes: credits,
    voidedAt: iso(row.voidedAt),
    voidReason: row.voidReason,
  }
}

/** Groups rows by a key. */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const k = key(row)
    const group = groups.get(k)
    if (group) group.push(row)
    else groups.set(k, [row])
  }
  return groups
}

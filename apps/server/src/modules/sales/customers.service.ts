import {
  parseCustomersCsv,
  type Customer,
  type CustomerChange,
  type CustomerDetail,
  type CustomerImportPreview,
  type NewCustomer,
} from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { createCreditNoteRepository } from './credit-notes.repository.ts'
import type { OrderService } from './orders.service.ts'
import { createSalesRepository, type SalesRepository } from './sales.repository.ts'
import { customerView, groupBy, invoiceState, invoiceView } from './sales.views.ts'

// Customers (docs/production.md "Sales"): New Customer, edit, the customer's page (orders, invoices, balance, what
// they bought by product and month) and the CSV import, previewed with an error per bad line (ADR 271).

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message }])

/** What each customer owes: the balances of their invoices that are not void. */
async function balances(
  repo: SalesRepository,
  credits: ReturnType<typeof createCreditNoteRepository>,
  entityId: string,
  customerId?: string,
) {
  const [invoiceRows, paymentRows, creditRows] = await Promise.all([
    repo.invoices(entityId, customerId),
    repo.payments(entityId),
    credits.views(entityId, customerId ? { customerId } : {}),
  ])
  const paid = groupBy(paymentRows, (p) => p.invoiceId)
  const credited = groupBy(creditRows, (c) => c.invoiceId)
  const owed = new Map<string, number>()
  for (const invoice of invoiceRows) {
    const { balanceCents } = invoiceState(invoice, paid.get(invoice.id) ?? [], credited.get(invoice.id) ?? [])
    owed.set(invoice.customerId, (owed.get(invoice.customerId) ?? 0) + balanceCents)
  }
  return owed
}

async function mustHavePriceList(repo: SalesRepository, entityId: string, priceListId: string | null) {
  if (priceListId !== null && !(await repo.priceList(entityId, priceListId)))
    throw invalid('data.priceListId', 'This price list is not one of the brewery’s.')
}

async function mustBeNewName(repo: SalesRepository, entityId: string, name: string, self?: string) {
  const same = await repo.customerNamed(entityId, name)
  if (same && same.id !== self) throw invalid('data.name', `There is already a customer named “${name}”.`)
}

const fieldsOf = (input: CustomerChange) => ({
  name: input.name,
  kind: input.kind,
  licenceNumber: input.licenceNumber,
  licenceExpiresOn: input.licenceExpiresOn,
  billingAddress: input.billingAddress,
  deliveryAddress: input.deliveryAddress,
  contacts: input.contacts,
  paymentTerms: input.paymentTerms,
  taxExempt: input.taxExempt,
  taxExemptReason: input.taxExempt ? input.taxExemptReason : '',
  priceListId: input.priceListId,
  notes: input.notes,
  invoiceAtDispatch: input.invoiceAtDispatch,
})

export function createCustomerService({ db, orders }: { db: Db; orders: () => OrderService }) {
  const reads = createSalesRepository(db)

  async function previewRows(repo: SalesRepository, entityId: string, csv: string) {
    const parsed = parseCustomersCsv(csv)
    const existing = new Set((await repo.customers(entityId)).map((c) => c.name.toLowerCase()))
    const errors = [...parsed.errors]
    const rows = parsed.rows.filter((row) => {
      if (!existing.has(row.name.toLowerCase())) return true
      errors.push({ line: row.line, field: 'name', message: `“${row.name}” is already a customer` })
      return false
    })
    errors.sort((a, b) => a.line - b.line)
    return { rows, errors }
  }

  return {
    async list(tenant: Tenant): Promise<Customer[]> {
      assertCan(tenant, 'sell')
      const [rows, owed] = await Promise.all([
        reads.customers(tenant.entityId),
        balances(reads, createCreditNoteRepository(db), tenant.entityId),
      ])
      return rows.map((row) => customerView(row, owed.get(row.id) ?? 0))
    },

    async detail(tenant: Tenant, id: string): Promise<CustomerDetail> {
      const row = await reads.customer(tenant.entityId, id)
      if (!row) throw new AppError('NOT_FOUND', 'Customer not found.')
      assertCan(tenant, 'sell')
      const [owed, customerOrders, invoiceRows] = await Promise.all([
        balances(reads, createCreditNoteRepository(db), tenant.entityId, id),
        orders().list(tenant, { customerId: id }),
        reads.invoices(tenant.entityId, id),
      ])
      const ids = invoiceRows.map((i) => i.id)
      const [lineRows, paymentRows, creditRows] = await Promise.all([
        reads.invoiceLines(tenant.entityId, ids),
        reads.payments(tenant.entityId, ids),
        createCreditNoteRepository(db).views(tenant.entityId, { invoiceIds: ids }),
      ])
      const linesOf = groupBy(lineRows, (l) => l.invoiceId)
      const paidOf = groupBy(paymentRows, (p) => p.invoiceId)
      const creditsOf = groupBy(creditRows, (c) => c.invoiceId)
      const bought = new Map<string, CustomerDetail['bought'][number]>()
      for (const invoice of invoiceRows) {
        if (invoice.voidedAt) continue
        for (const line of linesOf.get(invoice.id) ?? []) {
          const month = invoice.issuedOn.slice(0, 7)
          const key = `${month}|${line.productName}|${line.packageType}`
          const entry = bought.get(key) ?? {
            month,
            productName: line.productName,
            packageType: line.packageType,
            units: 0,
            subtotalCents: 0,
          }
          entry.units += line.quantity
          entry.subtotalCents += line.subtotalCents
          bought.set(key, entry)
        }
      }
      return {
        customer: customerView(row, owed.get(id) ?? 0),
        orders: customerOrders,
        invoices: invoiceRows.map((i) =>
          invoiceView(i, linesOf.get(i.id) ?? [], paidOf.get(i.id) ?? [], creditsOf.get(i.id) ?? []),
        ),
        bought: [...bought.values()].sort(
          (a, b) => b.month.localeCompare(a.month) || a.productName.localeCompare(b.productName),
        ),
      }
    },

    async add(tx: Db, tenant: Tenant, input: NewCustomer): Promise<Customer> {
      assertCan(tenant, 'sell')
      const repo = createSalesRepository(tx)
      await mustHavePriceList(repo, tenant.entityId, input.priceListId)
      await mustBeNewName(repo, tenant.entityId, input.name)
      const [row] = await repo.insertCustomers([
        { id: input.id, entityId: tenant.entityId, ...fieldsOf(input) },
      ])
      if (!row) throw new AppError('CONFLICT', `A customer with id ${input.id} already exists.`)
      return customerView(row, 0)
    },

    async change(tx: Db, tenant: Tenant, id: string, input: CustomerChange): Promise<Customer> {
      const repo = createSalesRepository(tx)
      if (!(await repo.customer(tenant.entityId, id))) throw new AppError('NOT_FOUND', 'Customer not found.')
      assertCan(tenant, 'sell')
      await mustHavePriceList(repo, tenant.entityId, input.priceListId)
      await mustBeNewName(repo, tenant.entityId, input.name, id)
      const row = await repo.updateCustomer(tenant.entityId, id, fieldsOf(input))
      if (!row) throw new AppError('NOT_FOUND', 'Customer not found.')
      return customerView(
        row,
        (await balances(repo, createCreditNoteRepository(tx), tenant.entityId, id)).get(id) ?? 0,
      )
    },

    async previewImport(tenant: Tenant, csv: string): Promise<CustomerImportPreview> {
      assertCan(tenant, 'sell')
      const { rows, errors } = await previewRows(reads, tenant.entityId, csv)
      return {
        rows: rows.map((row) => ({
          line: row.line,
          name: row.name,
          kind: row.kind,
          email: row.contact.email,
          phone: row.contact.phone,
          city: row.address.city,
        })),
        errors,
      }
    },

    /** Imports the whole file or nothing: any bad line refuses it, naming every bad line. */
    async importCustomers(tx: Db, tenant: Tenant, csv: string) {
      assertCan(tenant, 'sell')
      const repo = createSalesRepository(tx)
      const { rows, errors } = await previewRows(repo, tenant.entityId, csv)
      if (errors.length > 0)
        throw new AppError(
          'VALIDATION_FAILED',
          `The file has ${errors.length} bad ${errors.length === 1 ? 'line' : 'lines'}; nothing was imported.`,
          errors.slice(0, 50).map((e) => ({ path: `data.csv.line${e.line}.${e.field}`, message: e.message })),
        )
      const inserted = await repo.insertCustomers(
        rows.map((row) => ({
          id: crypto.randomUUID(),
          entityId: tenant.entityId,
          name: row.name,
          kind: row.kind,
          licenceNumber: row.licenceNumber,
          billingAddress: row.address,
          deliveryAddress: row.address,
          contacts: row.contact.name || row.contact.email || row.contact.phone ? [row.contact] : [],
          paymentTerms: 'net-30',
          notes: row.notes,
        })),
      )
      return { customers: inserted.length }
    },
  }
}

export type CustomerService = ReturnType<typeof createCustomerService>

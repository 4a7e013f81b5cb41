import { decimalOfCents, PAYMENT_TERMS_LABELS, toCsv, type PaymentTerms } from '@brewcommand/domain'
import type { CustomerRow, InvoiceLineRow, InvoiceRow, PaymentRow } from '../sales/sales.repository.ts'

// CSV files in the import layouts QuickBooks Online and Xero document (docs/decisions/310-accounting-sync.md), for
// a brewery without a connection: the bookkeeper downloads them and imports them by hand. Every cell goes through
// the domain's `toCsv` (ADR 245: a cell that could start a formula is escaped). Dates are US (MM/DD/YYYY), money
// is dollars to the cent without a symbol.

export const CSV_PROVIDERS = ['quickbooks', 'xero'] as const
export type CsvProvider = (typeof CSV_PROVIDERS)[number]
export const CSV_DATASETS = ['invoices', 'payments', 'customers'] as const
export type CsvDataset = (typeof CSV_DATASETS)[number]

/**
 * QuickBooks Online, Settings → Import data. Invoices: the column names the importer maps by itself (Intuit's
 * "Import invoices" help and sample file). Customers: the customer import's fields. Payments: QuickBooks has no
 * payment import; received money is uploaded as a bank file (Banking → Upload from file), 3-column layout.
 */
export const QUICKBOOKS_COLUMNS = {
  invoices: [
    'InvoiceNo',
    'Customer',
    'InvoiceDate',
    'DueDate',
    'Terms',
    'Location',
    'Memo',
    'Item(Product/Service)',
    'ItemDescription',
    'ItemQuantity',
    'ItemRate',
    'ItemAmount',
    'Taxable',
    'TaxRate',
    'Service Date',
  ],
  customers: [
    'Name',
    'Company',
    'Email',
    'Phone',
    'Mobile',
    'Fax',
    'Website',
    'Street',
    'City',
    'State',
    'ZIP',
    'Country',
    'Opening Balance',
    'Opening Balance Date',
    'Resale Number',
  ],
  payments: ['Date', 'Description', 'Amount'],
} as const satisfies Record<CsvDataset, readonly string[]>

/**
 * Xero's own templates (Business → Invoices → Import; Contacts → Import; a bank account's Import a Statement),
 * with their asterisks on the required columns.
 */
export const XERO_COLUMNS = {
  invoices: [
    '*ContactName',
    'EmailAddress',
    'POAddressLine1',
    'POAddressLine2',
    'POAddressLine3',
    'POAddressLine4',
    'POCity',
    'PORegion',
    'POPostalCode',
    'POCountry',
    '*InvoiceNumber',
    'Reference',
    '*InvoiceDate',
    '*DueDate',
    'InventoryItemCode',
    '*Description',
    '*Quantity',
    '*UnitAmount',
    'Discount',
    '*AccountCode',
    '*TaxType',
    'TrackingName1',
    'TrackingOption1',
    'TrackingName2',
    'TrackingOption2',
    'Currency',
    'BrandingTheme',
  ],
  customers: [
    '*ContactName',
    'AccountNumber',
    'EmailAddress',
    'FirstName',
    'LastName',
    'POAttentionTo',
    'POAddressLine1',
    'POAddressLine2',
    'POAddressLine3',
    'POAddressLine4',
    'POCity',
    'PORegion',
    'POPostalCode',
    'POCountry',
    'SAAttentionTo',
    'SAAddressLine1',
    'SAAddressLine2',
    'SAAddressLine3',
    'SAAddressLine4',
    'SACity',
    'SARegion',
    'SAPostalCode',
    'SACountry',
    'PhoneNumber',
    'FaxNumber',
    'MobileNumber',
    'DDINumber',
    'SkypeName',
    'BankAccountName',
    'BankAccountNumber',
    'BankAccountParticulars',
    'TaxNumber',
    'AccountsReceivableTaxCodeName',
    'AccountsPayableTaxCodeName',
    'Website',
  ],
  payments: ['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Check Number'],
} as const satisfies Record<CsvDataset, readonly string[]>

/** The account codes an export names (Xero needs an account per line); from the brewery's mapping when saved. */
export type CsvAccounts = { incomeCode: string; depositCode: string }
/** Xero's default chart of accounts: 200 Sales. A deposit account has no default; the mapping names it. */
export const DEFAULT_CSV_ACCOUNTS: CsvAccounts = { incomeCode: '200', depositCode: '' }

export type CsvInput = {
  invoices: InvoiceRow[]
  lines: InvoiceLineRow[]
  payments: PaymentRow[]
  customers: CustomerRow[]
  accounts: CsvAccounts
}

/** 2026-11-27 → 11/27/2026. */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`
const money = (cents: number) => decimalOfCents(cents)!
const terms = (value: string) => PAYMENT_TERMS_LABELS[value as PaymentTerms] ?? value
const street = (a: { line1: string; line2: string }) => [a.line1, a.line2].filter(Boolean).join(', ')
/** The tax rate of a line in percent, as its invoice charged it (tax ÷ subtotal, to 2 places). */
const taxPercent = (line: InvoiceLineRow) =>
  line.subtotalCents > 0 ? ((line.taxCents / line.subtotalCents) * 100).toFixed(2) : '0.00'
const lineDescription = (line: InvoiceLineRow) =>
  `${line.productName} ${line.packageType}${line.batchNumber ? ` (batch ${line.batchNumber})` : ''}`
const depositDescription = (line: InvoiceLineRow) => `Keg deposit: ${line.productName} ${line.packageType}`
const unitDeposit = (line: InvoiceLineRow) => Math.round(line.depositCents / Math.max(line.quantity, 1))

/** The invoices to export: issued and not void (a void invoice has nothing to import). */
function liveInvoices(input: CsvInput) {
  return input.invoices.filter((invoice) => !invoice.voidedAt).sort((a, b) => a.sequence - b.sequence)
}

function linesByInvoice(input: CsvInput) {
  const map = new Map<string, InvoiceLineRow[]>()
  for (const line of input.lines) map.set(line.invoiceId, [...(map.get(line.invoiceId) ?? []), line])
  return map
}

function quickbooksInvoices(input: CsvInput): string {
  const linesOf = linesByInvoice(input)
  const rows = liveInvoices(input).flatMap((invoice) =>
    (linesOf.get(invoice.id) ?? []).flatMap((line) => {
      const head = [invoice.number, invoice.customerName, usDate(invoice.issuedOn), usDate(invoice.dueOn)]
      const product = [
        ...head,
        terms(invoice.paymentTerms),
        '',
        '',
        `${line.productName} ${line.packageType}`,
        lineDescription(line),
        line.quantity,
        money(line.unitPriceCents),
        money(line.subtotalCents),
        line.taxCents > 0 ? 'Y' : 'N',
        line.taxCents > 0 ? `${taxPercent(line)}%` : '',
        usDate(invoice.issuedOn),
      ]
      if (line.depositCents === 0) return [product]
      const deposit = [
        ...head,
        terms(invoice.paymentTerms),
        '',
        '',
        'Keg deposit',
        depositDescription(line),
        line.quantity,
        money(unitDeposit(line)),
        money(line.depositCents),
        'N',
        '',
        usDate(invoice.issuedOn),
      ]
      return [product, deposit]
    }),
  )
  return toCsv(QUICKBOOKS_COLUMNS.invoices, rows)
}

function xeroInvoices(input: CsvInput): string {
  const linesOf = linesByInvoice(input)
  const rows = liveInvoices(input).flatMap((invoice) => {
    const a = invoice.billingAddress
    const head = [
      invoice.customerName,
      '',
      a.line1,
      a.line2,
      '',
      '',
      a.city,
      a.state,
      a.zip,
      a.country,
      invoice.number,
      '',
      usDate(invoice.issuedOn),
      usDate(invoice.dueOn),
    ]
    const tail = ['', '', '', '', 'USD', '']
    return (linesOf.get(invoice.id) ?? []).flatMap((line) => {
      const product = [
        ...head,
        line.sku,
        lineDescription(line),
        line.quantity,
        money(line.unitPriceCents),
        '',
        input.accounts.incomeCode,
        line.taxCents > 0 ? 'Tax on Sales' : 'Tax Exempt',
        ...tail,
      ]
      if (line.depositCents === 0) return [product]
      const deposit = [
        ...head,
        '',
        depositDescription(line),
        line.quantity,
        money(unitDeposit(line)),
        '',
        input.accounts.depositCode,
        'Tax Exempt',
        ...tail,
      ]
      return [product, deposit]
    })
  })
  return toCsv(XERO_COLUMNS.invoices, rows)
}

function paymentRows(input: CsvInput) {
  const invoiceOf = new Map(input.invoices.map((invoice) => [invoice.id, invoice]))
  return input.payments.flatMap((payment) => {
    const invoice = invoiceOf.get(payment.invoiceId)
    return invoice ? [{ payment, invoice }] : []
  })
}

function quickbooksPayments(input: CsvInput): string {
  return toCsv(
    QUICKBOOKS_COLUMNS.payments,
    paymentRows(input).map(({ payment, invoice }) => [
      usDate(payment.receivedOn),
      `Payment of invoice ${invoice.number} from ${invoice.customerName} (${payment.method}${payment.reference ? ` ${payment.reference}` : ''})`,
      money(payment.amountCents),
    ]),
  )
}

function xeroPayments(input: CsvInput): string {
  return toCsv(
    XERO_COLUMNS.payments,
    paymentRows(input).map(({ payment, invoice }) => [
      usDate(payment.receivedOn),
      money(payment.amountCents),
      invoice.customerName,
      `Payment of invoice ${invoice.number} (${payment.method})`,
      invoice.number,
      payment.method === 'check' ? payment.reference : '',
    ]),
  )
}

function quickbooksCustomers(input: CsvInput): string {
  return toCsv(
    QUICKBOOKS_COLUMNS.customers,
    input.customers.map((customer) => {
      const contact = customer.contacts[0]
      const a = customer.billingAddress
      return [
        customer.name,
        customer.name,
        contact?.email ?? '',
        contact?.phone ?? '',
        '',
        '',
        '',
        street(a),
        a.city,
        a.state,
        a.zip,
        a.country,
        '',
        '',
        customer.taxExempt ? customer.licenceNumber : '',
      ]
    }),
  )
}

function xeroCustomers(input: CsvInput): string {
  return toCsv(
    XERO_COLUMNS.customers,
    input.customers.map((customer) => {
      const contact = customer.contacts[0]
      const [first = '', ...rest] = (contact?.name ?? '').split(' ')
      const b = customer.billingAddress
      const d = customer.deliveryAddress
      const address = (a: typeof b) => [a.line1, a.line2, '', '', a.city, a.state, a.zip, a.country]
      return [
        customer.name,
        customer.licenceNumber,
        contact?.email ?? '',
        first,
        rest.join(' '),
        contact?.name ?? '',
        ...address(b),
        contact?.name ?? '',
        ...address(d),
        contact?.phone ?? '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        customer.taxExempt ? 'Tax Exempt' : '',
        '',
        '',
      ]
    }),
  )
}

const BUILDERS: Record<CsvProvider, Record<CsvDataset, (input: CsvInput) => string>> = {
  quickbooks: { invoices: quickbooksInvoices, payments: quickbooksPayments, customers: quickbooksCustomers },
  xero: { invoices: xeroInvoices, payments: xeroPayments, customers: xeroCustomers },
}

/** The CSV of one dataset in one provider's import layout. */
export function accountingCsv(provider: CsvProvider, dataset: CsvDataset, input: CsvInput): string {
  return BUILDERS[provider][dataset](input)
}

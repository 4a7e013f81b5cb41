import { EMPTY_ADDRESS } from '@brewcommand/domain'
import { describe, expect, it } from 'vitest'
import type { CustomerRow, InvoiceLineRow, InvoiceRow, PaymentRow } from '../sales/sales.repository.ts'
import { accountingCsv, QUICKBOOKS_COLUMNS, XERO_COLUMNS, type CsvInput } from './accounting-csv.ts'

// The column lists the providers document, written out here from their help pages (not from the code):
//
// QuickBooks Online, "Import invoices" (columns its importer maps by itself, as in Intuit's sample file):
//   InvoiceNo, Customer, InvoiceDate, DueDate, Terms, Location, Memo, Item(Product/Service), ItemDescription,
//   ItemQuantity, ItemRate, ItemAmount, Taxable, TaxRate, Service Date
// QuickBooks Online, "Import customers": Name, Company, Email, Phone, Mobile, Fax, Website, Street, City, State,
//   ZIP, Country, Opening Balance, Opening Balance Date, Resale Number
// QuickBooks Online, bank file upload (3-column layout, how received payments are imported): Date, Description, Amount
//
// Xero, sales invoice import template: *ContactName, EmailAddress, POAddressLine1..4, POCity, PORegion,
//   POPostalCode, POCountry, *InvoiceNumber, Reference, *InvoiceDate, *DueDate, InventoryItemCode, *Description,
//   *Quantity, *UnitAmount, Discount, *AccountCode, *TaxType, TrackingName1, TrackingOption1, TrackingName2,
//   TrackingOption2, Currency, BrandingTheme
// Xero, contact import template (its first 35 columns): *ContactName, AccountNumber, EmailAddress, FirstName,
//   LastName, POAttentionTo, POAddressLine1..4, POCity, PORegion, POPostalCode, POCountry, SAAttentionTo,
//   SAAddressLine1..4, SACity, SARegion, SAPostalCode, SACountry, PhoneNumber, FaxNumber, MobileNumber, DDINumber,
//   SkypeName, BankAccountName, BankAccountNumber, BankAccountParticulars, TaxNumber,
//   AccountsReceivableTaxCodeName, AccountsPayableTaxCodeName, Website
// Xero, bank statement import (US): *Date, *Amount, Payee, Description, Reference, Check Number
//
// The invoice, by hand: 2 × $89.99 = $179.98 of Seed Pale Ale 1/6 BBL Keg, deposit 2 × $30.00 = $60.00, tax 8.25 %
// of 179.98 = 14.848… → $14.85; total 179.98 + 60.00 + 14.85 = $254.83. Its tax rate read back: 1485 / 17998 =
// 8.2509… % → "8.25%". Paid $100.00 by check 1042 on 2026-11-20.

const QUICKBOOKS_DOCUMENTED = {
  invoices:
    'InvoiceNo,Customer,InvoiceDate,DueDate,Terms,Location,Memo,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount,Taxable,TaxRate,Service Date',
  customers:
    'Name,Company,Email,Phone,Mobile,Fax,Website,Street,City,State,ZIP,Country,Opening Balance,Opening Balance Date,Resale Number',
  payments: 'Date,Description,Amount',
}
const XERO_DOCUMENTED = {
  invoices:
    '*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,InventoryItemCode,*Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2,Currency,BrandingTheme',
  customers:
    '*ContactName,AccountNumber,EmailAddress,FirstName,LastName,POAttentionTo,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,SAAttentionTo,SAAddressLine1,SAAddressLine2,SAAddressLine3,SAAddressLine4,SACity,SARegion,SAPostalCode,SACountry,PhoneNumber,FaxNumber,MobileNumber,DDINumber,SkypeName,BankAccountName,BankAccountNumber,BankAccountParticulars,TaxNumber,AccountsReceivableTaxCodeName,AccountsPayableTaxCodeName,Website',
  payments: '*Date,*Amount,Payee,Description,Reference,Check Number',
}

const billing = {
  ...EMPTY_ADDRESS,
  line1: '1 Seed St',
  city: 'Bend',
  state: 'OR',
  zip: '97701',
  country: 'US',
}
const invoice = {
  id: 'inv-1',
  entityId: 'e',
  sequence: 42,
  number: 'INV-0042',
  orderId: null,
  customerId: 'c-1',
  customerName: 'The Growler Bar',
  billingAddress: billing,
  licenceNumber: 'OLCC-1',
  paymentTerms: 'net-30',
  issuedOn: '2026-11-03',
  dueOn: '2026-12-03',
  subtotalCents: 17998,
  depositCents: 6000,
  taxCents: 1485,
  totalCents: 25483,
  voidedAt: null,
  voidReason: '',
  voidedBy: null,
} as unknown as InvoiceRow
const line = {
  id: 'l-1',
  entityId: 'e',
  invoiceId: 'inv-1',
  position: 0,
  orderLineId: null,
  packageId: 'p',
  productName: 'Seed Pale Ale',
  packageType: '1/6 BBL Keg',
  sku: 'SPA-K6',
  upc: '',
  batchId: null,
  batchNumber: 'B-007',
  quantity: 2,
  unitPriceCents: 8999,
  depositCents: 6000,
  subtotalCents: 17998,
  taxCents: 1485,
  liquidEventId: null,
} as InvoiceLineRow
const payment = {
  id: 'pay-1',
  entityId: 'e',
  invoiceId: 'inv-1',
  method: 'check',
  amountCents: 10000,
  receivedOn: '2026-11-20',
  reference: '1042',
  recordedBy: null,
  recordedAt: new Date(),
} as PaymentRow
const customer = {
  id: 'c-1',
  entityId: 'e',
  name: 'The Growler Bar',
  kind: 'bar',
  licenceNumber: 'OLCC-1',
  licenceExpiresOn: null,
  billingAddress: billing,
  deliveryAddress: billing,
  contacts: [{ name: 'Dana Reyes', email: 'dana@growler.example', phone: '541-555-0100' }],
  paymentTerms: 'net-30',
  taxExempt: false,
  taxExemptReason: '',
  priceListId: null,
  notes: '',
} as unknown as CustomerRow
const input: CsvInput = {
  invoices: [invoice, { ...invoice, id: 'inv-void', number: 'INV-0043', voidedAt: new Date() }],
  lines: [line],
  payments: [payment],
  customers: [customer],
  accounts: { incomeCode: '4000', depositCode: '2150' },
}
const rowsOf = (csv: string) => csv.trimEnd().split('\r\n')

describe('CSV exports in the providers’ import layouts', () => {
  it.each(['invoices', 'customers', 'payments'] as const)(
    'QuickBooks %s: the documented header',
    (dataset) => {
      expect(QUICKBOOKS_COLUMNS[dataset].join(',')).toBe(QUICKBOOKS_DOCUMENTED[dataset])
      expect(rowsOf(accountingCsv('quickbooks', dataset, input))[0]).toBe(QUICKBOOKS_DOCUMENTED[dataset])
    },
  )
  it.each(['invoices', 'customers', 'payments'] as const)('Xero %s: the documented header', (dataset) => {
    expect(XERO_COLUMNS[dataset].join(',')).toBe(XERO_DOCUMENTED[dataset])
    expect(rowsOf(accountingCsv('xero', dataset, input))[0]).toBe(XERO_DOCUMENTED[dataset])
  })

  it('QuickBooks invoices: a product line and a deposit line that sum to the invoice less tax; void left out', () => {
    const [, product, deposit, ...rest] = rowsOf(accountingCsv('quickbooks', 'invoices', input))
    expect(rest).toEqual([])
    expect(product).toBe(
      'INV-0042,The Growler Bar,11/03/2026,12/03/2026,Net 30,,,Seed Pale Ale 1/6 BBL Keg,Seed Pale Ale 1/6 BBL Keg (batch B-007),2,89.99,179.98,Y,8.25%,11/03/2026',
    )
    expect(deposit).toBe(
      'INV-0042,The Growler Bar,11/03/2026,12/03/2026,Net 30,,,Keg deposit,Keg deposit: Seed Pale Ale 1/6 BBL Keg,2,30.00,60.00,N,,11/03/2026',
    )
    // 179.98 + 60.00 = 239.98, and QuickBooks adds 8.25 % of the taxable 179.98 = 14.85 → 254.83.
  })

  it('Xero invoices: the mapped income and deposit accounts, Tax on Sales only on the beer', () => {
    const rows = rowsOf(accountingCsv('xero', 'invoices', input)).slice(1)
    expect(rows).toHaveLength(2)
    const cells = rows.map((row) => row.split(','))
    const at = (name: string) => XERO_DOCUMENTED.invoices.split(',').indexOf(name)
    expect(cells.map((c) => [c[at('*InvoiceNumber')], c[at('*Quantity')], c[at('*UnitAmount')]])).toEqual([
      ['INV-0042', '2', '89.99'],
      ['INV-0042', '2', '30.00'],
    ])
    expect(cells.map((c) => [c[at('*AccountCode')], c[at('*TaxType')], c[at('Currency')]])).toEqual([
      ['4000', 'Tax on Sales', 'USD'],
      ['2150', 'Tax Exempt', 'USD'],
    ])
  })

  it('payments: one bank line each, naming the invoice', () => {
    expect(rowsOf(accountingCsv('quickbooks', 'payments', input))[1]).toBe(
      '11/20/2026,Payment of invoice INV-0042 from The Growler Bar (check 1042),100.00',
    )
    expect(rowsOf(accountingCsv('xero', 'payments', input))[1]).toBe(
      '11/20/2026,100.00,The Growler Bar,Payment of invoice INV-0042 (check),INV-0042,1042',
    )
  })

  it('customers: name, contact and address in the providers’ columns; a formula is escaped', () => {
    const evil = { ...customer, name: '=HYPERLINK("x")' }
    const [, qb] = rowsOf(accountingCsv('quickbooks', 'customers', { ...input, customers: [evil] }))
    expect(qb.startsWith(`"'=HYPERLINK(""x"")","'=HYPERLINK(""x"")",dana@growler.example,541-555-0100`)).toBe(
      true,
    )
    const [, xero] = rowsOf(accountingCsv('xero', 'customers', input))
    expect(xero.split(',').slice(0, 7)).toEqual([
      'The Growler Bar',
      'OLCC-1',
      'dana@growler.example',
      'Dana',
      'Reyes',
      'Dana Reyes',
      '1 Seed St',
    ])
  })
})

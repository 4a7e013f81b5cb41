import { csvRecords } from '../production/inventory-csv.ts'
import { CUSTOMER_KINDS, type Address, type CustomerKind } from './sales.schema.ts'

// Customers from a spreadsheet (docs/decisions/271-sales-customers-import.md): the columns QuickBooks, Breww and
// Ekos exports carry (name, email, phone, addresses), previewed with an error per bad line like the opening-stock
// import, imported only when confirmed and only whole.

type Column =
  | 'name'
  | 'kind'
  | 'contact'
  | 'email'
  | 'phone'
  | 'address'
  | 'address 2'
  | 'city'
  | 'state'
  | 'zip'
  | 'country'
  | 'licence'
  | 'notes'

/** Header names as the exports write them (lower case, spaces collapsed) → the column they fill. */
const HEADERS: Record<string, Column> = {
  name: 'name',
  customer: 'name',
  'customer name': 'name',
  'display name': 'name',
  company: 'name',
  'company name': 'name',
  kind: 'kind',
  type: 'kind',
  'customer type': 'kind',
  contact: 'contact',
  'contact name': 'contact',
  'primary contact': 'contact',
  email: 'email',
  'email address': 'email',
  'main email': 'email',
  phone: 'phone',
  telephone: 'phone',
  'phone number': 'phone',
  'main phone': 'phone',
  address: 'address',
  'address line 1': 'address',
  'billing address': 'address',
  'billing address line 1': 'address',
  'billing street': 'address',
  street: 'address',
  'address line 2': 'address 2',
  'billing address line 2': 'address 2',
  city: 'city',
  'billing city': 'city',
  'town/city': 'city',
  state: 'state',
  'billing state': 'state',
  county: 'state',
  zip: 'zip',
  'zip code': 'zip',
  postcode: 'zip',
  'postal code': 'zip',
  'billing zip': 'zip',
  'billing zip code': 'zip',
  country: 'country',
  'billing country': 'country',
  licence: 'licence',
  license: 'licence',
  'licence number': 'licence',
  'license number': 'licence',
  notes: 'notes',
  note: 'notes',
}

/** An example file for the import dialog. */
export const CUSTOMERS_CSV_EXAMPLE = [
  'name,email,phone,address,city,state,zip,kind',
  'The Tap House,orders@taphouse.example,(503) 555-0142,12 Main St,Portland,OR,97201,bar',
  'Corner Bottle Shop,buyer@corner.example,,400 Oak Ave,Salem,OR,97301,bottle-shop',
].join('\n')

export type CustomerCsvRow = {
  line: number
  name: string
  kind: CustomerKind
  contact: { name: string; email: string; phone: string }
  address: Address
  licenceNumber: string
  notes: string
}
export type CustomerCsvError = { line: number; field: string; message: string }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const KIND_WORDS: Record<string, CustomerKind> = {
  'bottle shop': 'bottle-shop',
  'liquor store': 'bottle-shop',
  pub: 'bar',
  store: 'grocery',
  wholesaler: 'distributor',
}

const LIMITS: Partial<Record<Column, number>> = {
  name: 200,
  contact: 200,
  phone: 40,
  address: 200,
  'address 2': 200,
  city: 100,
  state: 50,
  zip: 20,
  country: 60,
  licence: 100,
  notes: 2000,
}

/**
 * Reads customers: a header naming the columns (a name column is required), then one customer per line. Every
 * problem is an error naming its line and column; a name met twice in the file is refused on its second line.
 */
export function parseCustomersCsv(text: string): { rows: CustomerCsvRow[]; errors: CustomerCsvError[] } {
  const records = csvRecords(text.replace(/^\uFEFF/, ''))
  const rows: CustomerCsvRow[] = []
  const errors: CustomerCsvError[] = []
  const header = records.shift()
  if (!header) return { rows, errors: [{ line: 1, field: 'file', message: 'The file has no header line' }] }
  const index = new Map<Column, number>()
  header.cells.forEach((cell, position) => {
    const column = HEADERS[cell.trim().toLowerCase().replace(/\s+/g, ' ')]
    if (column && !index.has(column)) index.set(column, position)
  })
  if (!index.has('name'))
    return { rows, errors: [{ line: header.line, field: 'header', message: 'Missing column: name' }] }
  if (records.length === 0)
    errors.push({ line: header.line, field: 'file', message: 'No lines after the header' })
  if (records.length > 5000)
    return { rows, errors: [{ line: header.line, field: 'file', message: 'At most 5,000 lines at a time' }] }

  const seen = new Set<string>()
  for (const record of records) {
    const get = (column: Column) => (index.has(column) ? (record.cells[index.get(column)!] ?? '').trim() : '')
    const lineErrors: CustomerCsvError[] = []
    const fail = (field: Column, message: string) => lineErrors.push({ line: record.line, field, message })
    for (const [column, max] of Object.entries(LIMITS) as [Column, number][])
      if (get(column).length > max) fail(column, `The ${column} is at most ${max} characters`)
    const name = get('name')
    if (name === '') fail('name', 'The name is required')
    else if (seen.has(name.toLowerCase())) fail('name', `"${name}" is already on an earlier line`)
    const email = get('email')
    if (email !== '' && (!EMAIL.test(email) || email.length > 254))
      fail('email', `"${email}" is not an email address`)
    const kindText = get('kind').toLowerCase().replace(/_/g, '-')
    const kind: CustomerKind | null =
      kindText === ''
        ? 'other'
        : (CUSTOMER_KINDS as readonly string[]).includes(kindText)
          ? (kindText as CustomerKind)
          : (KIND_WORDS[kindText.replace(/-/g, ' ')] ?? null)
    if (kind === null) fail('kind', `The kind is one of ${CUSTOMER_KINDS.join(', ')}`)
    if (lineErrors.length > 0 || kind === null) {
      errors.push(...lineErrors)
      continue
    }
    seen.add(name.toLowerCase())
    rows.push({
      line: record.line,
      name,
      kind,
      contact: { name: get('contact'), email, phone: get('phone') },
      address: {
        line1: get('address'),
        line2: get('address 2'),
        city: get('city'),
        state: get('state'),
        zip: get('zip'),
        country: get('country'),
      },
      licenceNumber: get('licence'),
      notes: get('notes'),
    })
  }
  return { rows, errors }
}

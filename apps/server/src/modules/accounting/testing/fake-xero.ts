import type { XeroEndpoints } from '../xero.ts'
import {
  bearerOf,
  createFakeTokens,
  startFakeServer,
  type FakeAnswer,
  type FakeRequest,
} from './fake-server.ts'

// A local Xero (tests and journeys), answering as the Accounting API 2.0 documents: the identity server's token and
// revocation endpoints, GET /connections, Accounts, Contacts, Invoices (ACCREC), CreditNotes (ACCRECCREDIT),
// Payments and ManualJournals;
// refusals as `ValidationException` with `Elements[].ValidationErrors[]`, 401 for an expired token, 429 with
// Retry-After when told to, and every API call must name the tenant in `xero-tenant-id`.

export const FAKE_XERO_CLIENT = { id: 'xero-fake-client', secret: 'xero-fake-secret' }
export const FAKE_TENANT = '8f3f5d0e-7c54-4c2e-9a55-fake0000c0de'

type Row = Record<string, unknown>
const validation = (message: string): FakeAnswer => ({
  status: 400,
  body: {
    ErrorNumber: 10,
    Type: 'ValidationException',
    Message: 'A validation exception occurred',
    Elements: [{ ValidationErrors: [{ Message: message }] }],
  },
})

export const FAKE_XERO_ACCOUNTS = [
  { AccountID: 'a-sales', Code: '200', Name: 'Sales', Type: 'REVENUE', Status: 'ACTIVE' },
  { AccountID: 'a-deposits', Code: '825', Name: 'Keg Deposits', Type: 'CURRLIAB', Status: 'ACTIVE' },
  { AccountID: 'a-tax', Code: '820', Name: 'Sales Tax', Type: 'CURRLIAB', Status: 'ACTIVE' },
  { AccountID: 'a-ar', Code: '610', Name: 'Accounts Receivable', Type: 'CURRENT', Status: 'ACTIVE' },
  { AccountID: 'a-bank', Code: '090', Name: 'Business Bank Account', Type: 'BANK', Status: 'ACTIVE' },
  { AccountID: 'a-cogs', Code: '310', Name: 'Cost of Goods Sold', Type: 'DIRECTCOSTS', Status: 'ACTIVE' },
  { AccountID: 'a-inv', Code: '630', Name: 'Inventory', Type: 'INVENTORY', Status: 'ACTIVE' },
  { AccountID: 'a-wip', Code: '635', Name: 'Work in Progress', Type: 'CURRENT', Status: 'ACTIVE' },
]

export async function startFakeXero({
  redirectUri = 'http://localhost/callback/xero',
  port = 0,
}: { redirectUri?: string; port?: number } = {}) {
  const tokens = createFakeTokens(FAKE_XERO_CLIENT)
  const accounts = FAKE_XERO_ACCOUNTS.map((a) => ({ ...a }))
  const store = {
    Contacts: new Map<string, Row>(),
    Invoices: new Map<string, Row>(),
    CreditNotes: new Map<string, Row>(),
    Payments: new Map<string, Row>(),
    ManualJournals: new Map<string, Row>(),
  }
  const idField = {
    Contacts: 'ContactID',
    Invoices: 'InvoiceID',
    CreditNotes: 'CreditNoteID',
    Payments: 'PaymentID',
    ManualJournals: 'ManualJournalID',
  }
  let rateLimitNext = 0

  function write(collection: keyof typeof store, record: Row): FakeAnswer {
    const key = idField[collection]
    if (collection === 'Invoices') {
      const contact = (record.Contact as { ContactID?: string } | undefined)?.ContactID ?? ''
      if (!store.Contacts.has(contact)) return validation('The contact could not be found')
      for (const line of (record.LineItems as { AccountCode?: string }[]) ?? []) {
        const account = accounts.find((a) => a.Code === line.AccountCode)
        if (!account || account.Status !== 'ACTIVE')
          return validation(`Account code '${line.AccountCode ?? ''}' is not a valid code for this document.`)
      }
      const number = record.InvoiceNumber
      if (!record[key] && [...store.Invoices.values()].some((i) => i.InvoiceNumber === number))
        return validation('Invoice # must be unique.')
    }
    if (collection === 'CreditNotes') {
      if (record.Type !== 'ACCRECCREDIT' && record.Type !== 'ACCPAYCREDIT')
        return validation('The Type of a credit note must be ACCRECCREDIT or ACCPAYCREDIT')
      const contact = (record.Contact as { ContactID?: string } | undefined)?.ContactID ?? ''
      if (!store.Contacts.has(contact)) return validation('The contact could not be found')
      for (const line of (record.LineItems as { AccountCode?: string }[]) ?? []) {
        const account = accounts.find((a) => a.Code === line.AccountCode)
        if (!account || account.Status !== 'ACTIVE')
          return validation(`Account code '${line.AccountCode ?? ''}' is not a valid code for this document.`)
      }
      const number = record.CreditNoteNumber
      if (!record[key] && [...store.CreditNotes.values()].some((c) => c.CreditNoteNumber === number))
        return validation('Credit Note Number must be unique.')
    }
    if (collection === 'Payments') {
      const invoice = store.Invoices.get(
        (record.Invoice as { InvoiceID?: string } | undefined)?.InvoiceID ?? '',
      )
      if (!invoice) return validation('Invoice could not be found')
      invoice.AmountDue = Math.round((Number(invoice.AmountDue) - Number(record.Amount)) * 100) / 100
      invoice.AmountPaid = Math.round((Number(invoice.AmountPaid) + Number(record.Amount)) * 100) / 100
      if (Number(invoice.AmountDue) <= 0) invoice.Status = 'PAID'
    }
    if (collection === 'ManualJournals') {
      const lines = (record.JournalLines as { LineAmount: number; AccountCode?: string }[] | undefined) ?? []
      if (typeof record.Narration !== 'string' || !record.Narration)
        return validation('Narration must be supplied')
      if (lines.length < 2) return validation('Journal lines must contain at least two individual lines')
      for (const line of lines) {
        const account = accounts.find((a) => a.Code === line.AccountCode)
        if (!account || account.Status !== 'ACTIVE')
          return validation(`Account code '${line.AccountCode ?? ''}' is not a valid code.`)
        if (typeof line.LineAmount !== 'number' || line.LineAmount === 0)
          return validation('Journal lines must have a non-zero LineAmount')
      }
      const sum = lines.reduce((s, l) => s + Math.round(l.LineAmount * 100), 0)
      if (sum !== 0) return validation('The total debits must equal the total credits.')
    }
    const id = String((record[key] as string | undefined) ?? crypto.randomUUID())
    const current = store[collection].get(id)
    if (record[key] && !current) return validation(`${collection} ${id} could not be found`)
    const row: Row = { ...current, ...record, [key]: id, UpdatedDateUTC: `/Date(${Date.now()}+0000)/` }
    if ((collection === 'Invoices' || collection === 'CreditNotes') && !current) {
      const lines = (record.LineItems as { LineAmount: number; TaxAmount?: number }[]) ?? []
      const total =
        lines.reduce((s, l) => s + Math.round(l.LineAmount * 100) + Math.round((l.TaxAmount ?? 0) * 100), 0) /
        100
      Object.assign(row, { Total: total, AmountDue: total, AmountPaid: 0 })
    }
    store[collection].set(id, row)
    return { status: 200, body: { Id: crypto.randomUUID(), Status: 'OK', [collection]: [row] } }
  }

  const server = await startFakeServer((request: FakeRequest) => {
    if (request.path === '/identity/connect/authorize') {
      const target = new URL(request.query.get('redirect_uri') ?? redirectUri)
      target.searchParams.set('code', tokens.code(target.origin + target.pathname))
      target.searchParams.set('state', request.query.get('state') ?? '')
      return { status: 302, headers: { location: target.toString() } }
    }
    if (request.path === '/connect/token') return tokens.token(request, 1800)
    if (request.path === '/connect/revocation') {
      tokens.revoke(request.form().get('token') ?? '')
      return { status: 200 }
    }
    if (!tokens.live(bearerOf(request)))
      return {
        status: 401,
        body: { Type: null, Title: 'Unauthorized', Status: 401, Detail: 'TokenExpired: token expired' },
      }
    if (request.path === '/connections')
      return {
        status: 200,
        body: [
          {
            id: crypto.randomUUID(),
            tenantId: FAKE_TENANT,
            tenantType: 'ORGANISATION',
            tenantName: 'Demo Company (US)',
          },
        ],
      }
    const match = /^\/api\.xro\/2\.0\/(\w+)$/.exec(request.path)
    if (!match) return { status: 404, body: {} }
    if (request.headers['xero-tenant-id'] !== FAKE_TENANT)
      return { status: 403, body: { Title: 'Forbidden', Detail: 'AuthenticationUnsuccessful' } }
    if (rateLimitNext > 0) {
      rateLimitNext -= 1
      return {
        status: 429,
        headers: { 'retry-after': '1', 'x-rate-limit-problem': 'minute' },
        body: undefined,
      }
    }
    const collection = match[1]
    if (collection === 'Accounts') return { status: 200, body: { Accounts: accounts } }
    if (!(collection in store)) return { status: 404, body: {} }
    const table = collection as keyof typeof store
    if (request.method === 'GET') {
      const since = Date.parse(String(request.headers['if-modified-since'] ?? '')) || 0
      const rows = [...store[table].values()].filter(
        (row) => Number(/\/Date\((\d+)/.exec(String(row.UpdatedDateUTC))?.[1] ?? 0) >= since - 1000,
      )
      return { status: 200, body: { [table]: rows } }
    }
    const records = (request.json()[table] as Row[] | undefined) ?? []
    if (records.length !== 1) return validation('One record per request')
    return write(table, records[0])
  }, port)

  const endpoints: XeroEndpoints = {
    authorize: `${server.url}/identity/connect/authorize`,
    token: `${server.url}/connect/token`,
    revoke: `${server.url}/connect/revocation`,
    connections: `${server.url}/connections`,
    api: `${server.url}/api.xro/2.0`,
  }
  return {
    url: server.url,
    endpoints,
    store,
    tokens,
    code: (uri = redirectUri) => tokens.code(uri),
    rateLimit(n = 1) {
      rateLimitNext = n
    },
    archiveAccount(code: string) {
      const account = accounts.find((a) => a.Code === code)
      if (account) account.Status = 'ARCHIVED'
    },
    /** A payment entered in Xero against one of its invoices. */
    pay(invoiceId: string, amount: number, on = new Date().toISOString().slice(0, 10)) {
      const answer = write('Payments', {
        Invoice: { InvoiceID: invoiceId },
        Account: { AccountID: 'a-bank' },
        Date: `/Date(${Date.parse(on)}+0000)/`,
        Amount: amount,
        Status: 'AUTHORISED',
      })
      if (answer.status !== 200) throw new Error(JSON.stringify(answer.body))
      return (answer.body as { Payments: Row[] }).Payments[0]
    },
    close: server.close,
  }
}
export type FakeXero = Awaited<ReturnType<typeof startFakeXero>>

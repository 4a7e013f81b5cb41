import type { QuickBooksEndpoints } from '../quickbooks.ts'
import {
  bearerOf,
  createFakeTokens,
  startFakeServer,
  type FakeAnswer,
  type FakeRequest,
} from './fake-server.ts'

// A local QuickBooks Online (tests and journeys), answering as the Accounting API v3 documents: the OAuth 2.0
// token and revoke endpoints, CompanyInfo, Account/Item/Payment queries, Customer, Item, Invoice, CreditMemo,
// Payment and JournalEntry writes (a sparse update must name the current SyncToken), `Fault` bodies for refusals, 401 for an
// expired token and 429 with Retry-After when told to. `pay()` enters a payment as a bookkeeper would.

export const FAKE_QUICKBOOKS_CLIENT = { id: 'qb-fake-client', secret: 'qb-fake-secret' }
export const FAKE_REALM = '9130350000000001'

type Entity = Record<string, unknown> & { Id: string; SyncToken: string }
const fault = (status: number, type: string, message: string, detail = ''): FakeAnswer => ({
  status,
  body: {
    Fault: { Error: [{ Message: message, Detail: detail, code: '2500' }], type },
    time: new Date().toISOString(),
  },
})

export const FAKE_QUICKBOOKS_ACCOUNTS = [
  { Id: '1', Name: 'Beer Sales', AcctNum: '4000', AccountType: 'Income', Active: true },
  {
    Id: '2',
    Name: 'Keg Deposits Held',
    AcctNum: '2150',
    AccountType: 'Other Current Liability',
    Active: true,
  },
  {
    Id: '3',
    Name: 'Sales Tax Payable',
    AcctNum: '2200',
    AccountType: 'Other Current Liability',
    Active: true,
  },
  {
    Id: '4',
    Name: 'Accounts Receivable (A/R)',
    AcctNum: '1100',
    AccountType: 'Accounts Receivable',
    Active: true,
  },
  { Id: '5', Name: 'Checking', AcctNum: '1000', AccountType: 'Bank', Active: true },
  { Id: '6', Name: 'Cost of Goods Sold', AcctNum: '5000', AccountType: 'Cost of Goods Sold', Active: true },
  { Id: '7', Name: 'Inventory Asset', AcctNum: '1300', AccountType: 'Other Current Asset', Active: true },
  { Id: '8', Name: 'Work in Progress', AcctNum: '1310', AccountType: 'Other Current Asset', Active: true },
  { Id: '9', Name: 'Taproom Sales', AcctNum: '4100', AccountType: 'Income', Active: true },
]

export async function startFakeQuickBooks({
  redirectUri = 'http://localhost/callback/quickbooks',
  port = 0,
}: { redirectUri?: string; port?: number } = {}) {
  const tokens = createFakeTokens(FAKE_QUICKBOOKS_CLIENT)
  let ids = 100
  const store: Record<string, Map<string, Entity>> = {
    Customer: new Map(),
    Item: new Map(),
    Invoice: new Map(),
    CreditMemo: new Map(),
    Payment: new Map(),
    JournalEntry: new Map(),
  }
  const accounts = new Map(FAKE_QUICKBOOKS_ACCOUNTS.map((a) => [a.Id, { ...a }]))
  let rateLimitNext = 0
  const requests: { method: string; path: string }[] = []

  function write(kind: string, body: Record<string, unknown>): FakeAnswer {
    const table = store[kind]
    if (kind === 'Invoice' || kind === 'CreditMemo' || kind === 'Payment') {
      const ref = (body.CustomerRef as { value?: string } | undefined)?.value ?? ''
      if (!store.Customer.has(ref))
        return fault(400, 'ValidationFault', 'Invalid Reference Id', `Customer ${ref} not found`)
    }
    if (kind === 'Invoice' || kind === 'CreditMemo') {
      for (const line of (body.Line as { SalesItemLineDetail?: { ItemRef?: { value?: string } } }[]) ?? []) {
        const item = store.Item.get(line.SalesItemLineDetail?.ItemRef?.value ?? '')
        if (!item) return fault(400, 'ValidationFault', 'Invalid Reference Id', 'Item not found')
        const account = accounts.get((item.IncomeAccountRef as { value: string }).value)
        if (!account?.Active)
          return fault(
            400,
            'ValidationFault',
            'Invalid Reference Id',
            `The account of item ${String(item.Name)} no longer exists`,
          )
      }
    }
    if (kind === 'JournalEntry') {
      type JournalLine = {
        Amount: number
        DetailType?: string
        JournalEntryLineDetail?: { PostingType?: string; AccountRef?: { value?: string } }
      }
      const lines = (body.Line as JournalLine[] | undefined) ?? []
      if (lines.length < 2)
        return fault(
          400,
          'ValidationFault',
          'Required param missing',
          'A journal entry needs two lines or more',
        )
      for (const line of lines) {
        const detail = line.JournalEntryLineDetail
        if (line.DetailType !== 'JournalEntryLineDetail' || !detail)
          return fault(400, 'ValidationFault', 'Request has invalid or unsupported property', 'DetailType')
        if (!['Debit', 'Credit'].includes(detail.PostingType ?? ''))
          return fault(400, 'ValidationFault', 'Invalid Enumeration', 'PostingType must be Debit or Credit')
        if (!(line.Amount > 0))
          return fault(400, 'ValidationFault', 'Invalid Number', 'Amount must be positive')
        if (!accounts.get(detail.AccountRef?.value ?? '')?.Active)
          return fault(400, 'ValidationFault', 'Invalid Reference Id', 'Account was not found')
      }
      const sum = (type: string) =>
        Math.round(
          lines
            .filter((l) => l.JournalEntryLineDetail?.PostingType === type)
            .reduce((s, l) => s + l.Amount * 100, 0),
        )
      if (sum('Debit') !== sum('Credit'))
        return fault(400, 'ValidationFault', 'Transaction must balance', 'Debits and credits differ')
    }
    if (body.Id !== undefined) {
      const current = table.get(`${body.Id as string}`)
      if (!current)
        return fault(400, 'ValidationFault', 'Object Not Found', `${kind} ${`${body.Id as string}`}`)
      if (current.SyncToken !== body.SyncToken)
        return fault(
          400,
          'ValidationFault',
          'Stale Object Error',
          'You and another user were working on the same thing',
        )
      const updated = { ...current, ...body, SyncToken: String(Number(current.SyncToken) + 1) } as Entity
      table.set(updated.Id, updated)
      return { status: 200, body: { [kind]: updated, time: new Date().toISOString() } }
    }
    if (kind === 'Customer' && [...table.values()].some((c) => c.DisplayName === body.DisplayName))
      return fault(400, 'ValidationFault', 'Duplicate Name Exists Error', 'The name supplied already exists.')
    const entity = {
      ...body,
      Id: String(++ids),
      SyncToken: '0',
      MetaData: { LastUpdatedTime: new Date().toISOString() },
    } as Entity
    if (kind === 'Invoice' || kind === 'CreditMemo') {
      const total = ((body.Line as { Amount: number }[]) ?? []).reduce(
        (s, l) => s + Math.round(l.Amount * 100),
        0,
      )
      const tax = Math.round(
        Number((body.TxnTaxDetail as { TotalTax?: number } | undefined)?.TotalTax ?? 0) * 100,
      )
      entity.TotalAmt = (total + tax) / 100
      // A credit memo's Balance is what is left to apply (all of it until applied).
      entity.Balance = entity.TotalAmt
    }
    table.set(entity.Id, entity)
    return { status: 200, body: { [kind]: entity, time: new Date().toISOString() } }
  }

  function query(statement: string): FakeAnswer {
    const from = /from (\w+)/i.exec(statement)?.[1] ?? ''
    if (from === 'Account')
      return {
        status: 200,
        body: { QueryResponse: { Account: [...accounts.values()].filter((a) => a.Active) } },
      }
    const table = store[from]
    if (!table) return fault(400, 'ValidationFault', 'QueryParserError', `Unknown entity ${from}`)
    let rows = [...table.values()]
    const name = /Name = '((?:[^'\\]|\\.)*)'/.exec(statement)?.[1]
    if (name !== undefined) rows = rows.filter((row) => row.Name === name.replace(/\\'/g, "'"))
    const since = /LastUpdatedTime > '([^']+)'/.exec(statement)?.[1]
    if (since)
      rows = rows.filter((row) => (row.MetaData as { LastUpdatedTime: string }).LastUpdatedTime > since)
    return { status: 200, body: { QueryResponse: rows.length ? { [from]: rows } : {} } }
  }

  const server = await startFakeServer((request: FakeRequest) => {
    requests.push({ method: request.method, path: request.path })
    if (request.path === '/connect/oauth2') {
      // The consent page, consented at once: back to the app with a code, the state and the company.
      const target = new URL(request.query.get('redirect_uri') ?? redirectUri)
      target.searchParams.set('code', tokens.code(target.origin + target.pathname))
      target.searchParams.set('state', request.query.get('state') ?? '')
      target.searchParams.set('realmId', FAKE_REALM)
      return { status: 302, headers: { location: target.toString() } }
    }
    if (request.path === '/oauth2/v1/tokens/bearer') return tokens.token(request)
    if (request.path === '/v2/oauth2/tokens/revoke') {
      tokens.revoke(String((request.json().token as string | undefined) ?? ''))
      return { status: 200, body: {} }
    }
    const match = /^\/v3\/company\/([^/]+)\/(\w+)(?:\/(\w+))?$/.exec(request.path)
    if (!match) return { status: 404, body: {} }
    if (!tokens.live(bearerOf(request)))
      return fault(401, 'AUTHENTICATION', 'message=AuthenticationFailed; errorCode=003200; statusCode=401')
    if (rateLimitNext > 0) {
      rateLimitNext -= 1
      return {
        status: 429,
        headers: { 'retry-after': '1' },
        body: { Fault: { Error: [{ Message: 'ThrottleExceeded' }], type: 'SERVICE' } },
      }
    }
    const [, realm, resource] = match
    if (realm !== FAKE_REALM) return fault(403, 'AuthorizationFault', 'ApplicationAuthorizationFailed')
    if (resource === 'companyinfo')
      return { status: 200, body: { CompanyInfo: { CompanyName: 'Sandbox Company_US_1', Id: '1' } } }
    if (resource === 'query') return query(request.query.get('query') ?? '')
    const kind = {
      customer: 'Customer',
      item: 'Item',
      invoice: 'Invoice',
      creditmemo: 'CreditMemo',
      payment: 'Payment',
      journalentry: 'JournalEntry',
    }[resource]
    if (!kind || request.method !== 'POST') return { status: 404, body: {} }
    return write(kind, request.json())
  }, port)

  const endpoints: QuickBooksEndpoints = {
    authorize: `${server.url}/connect/oauth2`,
    token: `${server.url}/oauth2/v1/tokens/bearer`,
    revoke: `${server.url}/v2/oauth2/tokens/revoke`,
    api: server.url,
  }

  return {
    url: server.url,
    endpoints,
    store,
    tokens,
    requests,
    code: (uri = redirectUri) => tokens.code(uri),
    /** The next `n` API calls answer 429 with Retry-After: 1. */
    rateLimit(n = 1) {
      rateLimitNext = n
    },
    /** The bookkeeper deletes an account (its items' invoices are refused). */
    deactivateAccount(id: string) {
      const account = accounts.get(id)
      if (account) account.Active = false
    },
    /** A payment entered in QuickBooks against one of its invoices. */
    pay(invoiceId: string, amount: number, on = new Date().toISOString().slice(0, 10)) {
      const invoice = store.Invoice.get(invoiceId)
      if (!invoice) throw new Error(`No invoice ${invoiceId} in the fake`)
      invoice.Balance = Math.round((Number(invoice.Balance) - amount) * 100) / 100
      const payment = {
        Id: String(++ids),
        SyncToken: '0',
        CustomerRef: invoice.CustomerRef,
        TotalAmt: amount,
        TxnDate: on,
        Line: [{ Amount: amount, LinkedTxn: [{ TxnId: invoiceId, TxnType: 'Invoice' }] }],
        MetaData: { LastUpdatedTime: new Date().toISOString() },
      } as Entity
      store.Payment.set(payment.Id, payment)
      return payment
    },
    close: server.close,
  }
}
export type FakeQuickBooks = Awaited<ReturnType<typeof startFakeQuickBooks>>

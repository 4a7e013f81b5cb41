import type { OAuthAppConfig } from '../../config.ts'
import { basicAuth, callJson, oauthError, tokenSetOf, type ErrorReader, type TokenResponse } from './http.ts'
import {
  centsOf,
  dollars,
  type AccountingProvider,
  type ChartAccount,
  type ExternalRef,
  type PushInvoiceLine,
  type Session,
} from './provider.ts'

// QuickBooks Online through its documented REST API (Accounting API v3, OAuth 2.0): developer.intuit.com.
// Entities used: CompanyInfo, Account (query), Customer, Item (the beer and the deposit are sold as items whose
// income account is the mapped one), Invoice, CreditMemo, Payment, JournalEntry. Updates are sparse, naming Id and SyncToken.

export type QuickBooksEndpoints = {
  authorize: string
  token: string
  revoke: string
  api: string
}

export function quickbooksEndpoints(environment: 'sandbox' | 'production'): QuickBooksEndpoints {
  return {
    authorize: 'https://appcenter.intuit.com/connect/oauth2',
    token: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
    revoke: 'https://developer.api.intuit.com/v2/oauth2/tokens/revoke',
    api:
      environment === 'sandbox'
        ? 'https://sandbox-quickbooks.api.intuit.com'
        : 'https://quickbooks.api.intuit.com',
  }
}

const MINOR_VERSION = '75'
const LABEL = 'QuickBooks'

/** QuickBooks' Fault: `{ Fault: { Error: [{ Message, Detail, code }], type } }`. */
const faultOf: ErrorReader = (_status, body) => {
  const errors = (body as { Fault?: { Error?: { Message?: string; Detail?: string }[] } } | null)?.Fault
    ?.Error
  if (!errors?.length) return oauthError(_status, body)
  return errors
    .map((e) => [e.Message, e.Detail].filter(Boolean).join(': '))
    .join('; ')
    .slice(0, 400)
}

const GROUPS: Record<string, ChartAccount['group']> = {
  Income: 'income',
  'Other Income': 'income',
  Bank: 'bank',
  'Accounts Receivable': 'receivable',
  'Other Current Asset': 'asset',
  'Other Current Liability': 'liability',
  'Long Term Liability': 'liability',
  'Cost of Goods Sold': 'cogs',
  Expense: 'expense',
}

type QbAccount = { Id: string; Name: string; AcctNum?: string; AccountType: string; Active?: boolean }
type QbEntity = { Id: string; SyncToken: string }

export function createQuickBooksProvider(
  app: OAuthAppConfig,
  endpoints: QuickBooksEndpoints,
): AccountingProvider {
  const tokenCall = (form: Record<string, string>, what: string) =>
    callJson<TokenResponse>(endpoints.token, {
      method: 'POST',
      headers: {
        authorization: basicAuth(app.clientId, app.clientSecret),
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
      what,
      readError: oauthError,
      providerLabel: LABEL,
    })

  const api = <T>(session: Session, path: string, what: string, body?: object) =>
    callJson<T>(
      `${endpoints.api}/v3/company/${encodeURIComponent(session.companyId)}/${path}${path.includes('?') ? '&' : '?'}minorversion=${MINOR_VERSION}`,
      {
        method: body ? 'POST' : 'GET',
        headers: {
          authorization: `Bearer ${session.accessToken}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        what,
        readError: faultOf,
        providerLabel: LABEL,
      },
    )
  const query = <T>(session: Session, statement: string, what: string) =>
    api<{ QueryResponse: T }>(session, `query?query=${encodeURIComponent(statement)}`, what)

  /** Writes an entity: a create, or a sparse update of the version we last wrote. */
  async function upsert(
    session: Session,
    entity: string,
    what: string,
    body: object,
    existing: ExternalRef | null,
  ) {
    const payload = existing
      ? { ...body, Id: existing.externalId, SyncToken: existing.syncToken, sparse: true }
      : body
    const answer = await api<Record<string, QbEntity>>(session, entity.toLowerCase(), what, payload)
    const written = answer[entity]
    return { externalId: written.Id, syncToken: written.SyncToken }
  }

  /** The item a line sells: one per income account, named after it, made once. */
  async function itemFor(session: Session, account: { id: string }, name: string) {
    const found = await query<{ Item?: { Id: string }[] }>(
      session,
      `select Id from Item where Name = '${name.replace(/'/g, "\\'")}'`,
      `find the item ${name}`,
    )
    if (found.QueryResponse.Item?.[0]) return found.QueryResponse.Item[0].Id
    const made = await api<{ Item: { Id: string } }>(session, 'item', `make the item ${name}`, {
      Name: name,
      Type: 'Service',
      IncomeAccountRef: { value: account.id },
    })
    return made.Item.Id
  }

  /** An invoice's or credit memo's lines: each sells the item of its income (or deposit) account. */
  async function salesLines(session: Session, lines: PushInvoiceLine[]) {
    const items = new Map<string, string>()
    for (const line of lines) {
      const key = `${line.kind}:${line.account.id}`
      if (!items.has(key))
        items.set(
          key,
          await itemFor(
            session,
            line.account,
            line.kind === 'deposit' ? 'Keg deposit' : `Beer sales ${line.account.id}`,
          ),
        )
    }
    return lines.map((line) => ({
      DetailType: 'SalesItemLineDetail',
      Amount: dollars(line.amountCents),
      Description: line.description,
      SalesItemLineDetail: {
        ItemRef: { value: items.get(`${line.kind}:${line.account.id}`) },
        Qty: line.quantity,
        UnitPrice: dollars(line.unitPriceCents),
        TaxCodeRef: { value: line.taxCents > 0 ? 'TAX' : 'NON' },
      },
    }))
  }

  return {
    name: 'quickbooks',

    authorizeUrl(state) {
      const url = new URL(endpoints.authorize)
      url.search = new URLSearchParams({
        client_id: app.clientId,
        response_type: 'code',
        scope: 'com.intuit.quickbooks.accounting',
        redirect_uri: app.redirectUri,
        state,
      }).toString()
      return url.toString()
    },

    async exchangeCode({ code, realmId }) {
      if (!realmId) throw new Error('QuickBooks sent no company (realmId) with the authorization')
      const tokens = tokenSetOf(
        await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri }, 'connect'),
      )
      const info = await api<{ CompanyInfo: { CompanyName: string } }>(
        { accessToken: tokens.accessToken, companyId: realmId },
        `companyinfo/${encodeURIComponent(realmId)}`,
        'read the company',
      )
      return { tokens, companyId: realmId, companyName: info.CompanyInfo.CompanyName }
    },

    async refresh(refreshToken) {
      return tokenSetOf(
        await tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'renew the connection'),
      )
    },

    async revoke({ refreshToken }) {
      await callJson(endpoints.revoke, {
        method: 'POST',
        headers: {
          authorization: basicAuth(app.clientId, app.clientSecret),
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ token: refreshToken }),
        what: 'disconnect',
        readError: oauthError,
        providerLabel: LABEL,
      })
    },

    async accounts(session) {
      const answer = await query<{ Account?: QbAccount[] }>(
        session,
        'select * from Account where Active = true maxresults 1000',
        'read the chart of accounts',
      )
      return (answer.QueryResponse.Account ?? []).map((a) => ({
        id: a.Id,
        code: a.AcctNum ?? '',
        name: a.Name,
        group: GROUPS[a.AccountType] ?? 'other',
      }))
    },

    upsertCustomer(session, customer, existing) {
      const a = customer.billingAddress
      return upsert(
        session,
        'Customer',
        `save the customer ${customer.name}`,
        {
          DisplayName: customer.name.slice(0, 500),
          CompanyName: customer.name.slice(0, 100),
          ...(customer.email ? { PrimaryEmailAddr: { Address: customer.email } } : {}),
          ...(customer.phone ? { PrimaryPhone: { FreeFormNumber: customer.phone } } : {}),
          BillAddr: {
            Line1: a.line1,
            Line2: a.line2,
            City: a.city,
            CountrySubDivisionCode: a.state,
            PostalCode: a.zip,
            Country: a.country,
          },
          Taxable: !customer.taxExempt,
        },
        existing,
      )
    },

    async upsertInvoice(session, invoice, existing) {
      return upsert(
        session,
        'Invoice',
        `save invoice ${invoice.number}`,
        {
          DocNumber: invoice.number,
          TxnDate: invoice.issuedOn,
          DueDate: invoice.dueOn,
          CustomerRef: { value: invoice.customerExternalId },
          Line: await salesLines(session, invoice.lines),
          TxnTaxDetail: { TotalTax: dollars(invoice.taxCents) },
          PrivateNote: `BrewCommand invoice ${invoice.number}`,
        },
        existing,
      )
    },

    async upsertCreditNote(session, note, existing) {
      return upsert(
        session,
        'CreditMemo',
        `save credit note ${note.number}`,
        {
          DocNumber: note.number,
          TxnDate: note.issuedOn,
          CustomerRef: { value: note.customerExternalId },
          Line: await salesLines(session, note.lines),
          TxnTaxDetail: { TotalTax: dollars(note.taxCents) },
          CustomerMemo: { value: `Credit for invoice ${note.invoiceNumber}: ${note.reason}`.slice(0, 1000) },
          PrivateNote: `BrewCommand credit note ${note.number} (invoice ${note.invoiceNumber})`,
        },
        existing,
      )
    },

    upsertPayment(session, payment, existing) {
      return upsert(
        session,
        'Payment',
        'save the payment',
        {
          CustomerRef: { value: payment.customerExternalId },
          TotalAmt: dollars(payment.amountCents),
          TxnDate: payment.receivedOn,
          PaymentRefNum: payment.reference.slice(0, 21),
          DepositToAccountRef: { value: payment.bankAccount.id },
          Line: [
            {
              Amount: dollars(payment.amountCents),
              LinkedTxn: [{ TxnId: payment.invoiceExternalId, TxnType: 'Invoice' }],
            },
          ],
        },
        existing,
      )
    },

    postJournal(session, journal, existing) {
      return upsert(
        session,
        'JournalEntry',
        `post the journal of ${journal.month}`,
        {
          TxnDate: journal.date,
          DocNumber: `BC-${journal.month}`,
          PrivateNote: journal.memo,
          Line: journal.lines.map((line) => ({
            DetailType: 'JournalEntryLineDetail',
            Amount: dollars(line.debitCents || line.creditCents),
            Description: line.description,
            JournalEntryLineDetail: {
              PostingType: line.debitCents ? 'Debit' : 'Credit',
              AccountRef: { value: line.account.id },
            },
          })),
        },
        existing,
      )
    },

    async paymentsSince(session, since) {
      type QbPayment = {
        Id: string
        TotalAmt: number
        TxnDate: string
        Line?: { Amount: number; LinkedTxn?: { TxnId: string; TxnType: string }[] }[]
      }
      const answer = await query<{ Payment?: QbPayment[] }>(
        session,
        `select * from Payment where MetaData.LastUpdatedTime > '${since.toISOString()}' maxresults 1000`,
        'read the payments',
      )
      return (answer.QueryResponse.Payment ?? []).flatMap((payment) =>
        (payment.Line ?? []).flatMap((line) =>
          (line.LinkedTxn ?? [])
            .filter((txn) => txn.TxnType === 'Invoice')
            .map((txn) => ({
              externalId: payment.Id,
              invoiceExternalId: txn.TxnId,
              amountCents: centsOf(line.Amount),
              receivedOn: payment.TxnDate,
            })),
        ),
      )
    },
  }
}

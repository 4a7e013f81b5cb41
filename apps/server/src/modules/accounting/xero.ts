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

// Xero through its documented REST API (Accounting API 2.0, OAuth 2.0): developer.xero.com. The company is a
// tenant (GET /connections after the code exchange; every call names it in `xero-tenant-id`). Entities used:
// Accounts, Contacts, Invoices (ACCREC), CreditNotes (ACCRECCREDIT), Payments, ManualJournals; a record is updated by posting it with its id.

export type XeroEndpoints = {
  authorize: string
  token: string
  revoke: string
  connections: string
  api: string
}

export const XERO_ENDPOINTS: XeroEndpoints = {
  authorize: 'https://login.xero.com/identity/connect/authorize',
  token: 'https://identity.xero.com/connect/token',
  revoke: 'https://identity.xero.com/connect/revocation',
  connections: 'https://api.xero.com/connections',
  api: 'https://api.xero.com/api.xro/2.0',
}

const LABEL = 'Xero'
const SCOPES = 'offline_access accounting.transactions accounting.contacts accounting.settings.read'

/** Xero's validation errors: `{ Elements: [{ ValidationErrors: [{ Message }] }], Message }`. */
const validationOf: ErrorReader = (status, body) => {
  const answer = body as {
    Message?: string
    Detail?: string
    Elements?: { ValidationErrors?: { Message?: string }[] }[]
  } | null
  const messages = (answer?.Elements ?? []).flatMap((e) =>
    (e.ValidationErrors ?? []).map((v) => v.Message ?? ''),
  )
  const said = messages.filter(Boolean).join('; ') || answer?.Detail || answer?.Message
  return said ? said.slice(0, 400) : oauthError(status, body)
}

const GROUPS: Record<string, ChartAccount['group']> = {
  REVENUE: 'income',
  SALES: 'income',
  OTHERINCOME: 'income',
  BANK: 'bank',
  CURRENT: 'asset',
  INVENTORY: 'asset',
  CURRLIAB: 'liability',
  LIABILITY: 'liability',
  TERMLIAB: 'liability',
  DIRECTCOSTS: 'cogs',
  EXPENSE: 'expense',
  OVERHEADS: 'expense',
}

/** Xero's JSON dates: `/Date(1764547200000+0000)/` → 2025-12-01. */
export function xeroDate(value: string): string {
  const ms = /\/Date\((\d+)/.exec(value)?.[1]
  return ms ? new Date(Number(ms)).toISOString().slice(0, 10) : value.slice(0, 10)
}

/** An invoice's or credit note's line items: the account by its code, tax exclusive. */
const lineItems = (lines: PushInvoiceLine[]) =>
  lines.map((line) => ({
    Description: line.description,
    Quantity: line.quantity,
    UnitAmount: dollars(line.unitPriceCents),
    AccountCode: line.account.code,
    TaxType: line.taxCents > 0 ? 'OUTPUT' : 'NONE',
    TaxAmount: dollars(line.taxCents),
    LineAmount: dollars(line.amountCents),
  }))

export function createXeroProvider(
  app: OAuthAppConfig,
  endpoints: XeroEndpoints = XERO_ENDPOINTS,
): AccountingProvider {
  const tokenCall = (form: Record<string, string>, what: string) =>
    callJson<TokenResponse>(endpoints.token, {
      method: 'POST',
      headers: {
        authorization: basicAuth(app.clientId, app.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
      what,
      readError: oauthError,
      providerLabel: LABEL,
    })

  const api = <T>(
    session: Session,
    path: string,
    what: string,
    init: { method?: string; body?: object; headers?: Record<string, string> } = {},
  ) =>
    callJson<T>(`${endpoints.api}/${path}`, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'xero-tenant-id': session.companyId,
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      what,
      readError: validationOf,
      providerLabel: LABEL,
    })

  /** Posts one record to a collection (`Contacts`, `Invoices`…): created, or updated when its id is named. */
  async function upsert(
    session: Session,
    collection: string,
    idField: string,
    what: string,
    record: object,
    existing: ExternalRef | null,
  ): Promise<ExternalRef> {
    const body = { [collection]: [existing ? { ...record, [idField]: existing.externalId } : record] }
    const answer = await api<Record<string, Record<string, string>[]>>(session, collection, what, {
      method: existing ? 'POST' : 'PUT',
      body,
    })
    return { externalId: answer[collection][0][idField], syncToken: '' }
  }

  return {
    name: 'xero',

    authorizeUrl(state) {
      const url = new URL(endpoints.authorize)
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        scope: SCOPES,
        state,
      }).toString()
      return url.toString()
    },

    async exchangeCode({ code }) {
      const tokens = tokenSetOf(
        await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri }, 'connect'),
      )
      const tenants = await callJson<{ tenantId: string; tenantName: string; tenantType: string }[]>(
        endpoints.connections,
        {
          headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' },
          what: 'read the organisation',
          readError: validationOf,
          providerLabel: LABEL,
        },
      )
      const organisation = tenants.find((t) => t.tenantType === 'ORGANISATION') ?? tenants[0]
      if (!organisation) throw new Error('Xero authorized no organisation')
      return { tokens, companyId: organisation.tenantId, companyName: organisation.tenantName }
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
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ token: refreshToken }).toString(),
        what: 'disconnect',
        readError: oauthError,
        providerLabel: LABEL,
      })
    },

    async accounts(session) {
      type XeroAccount = { AccountID: string; Code?: string; Name: string; Type: string; Status: string }
      const answer = await api<{ Accounts: XeroAccount[] }>(session, 'Accounts', 'read the chart of accounts')
      return answer.Accounts.filter((a) => a.Status === 'ACTIVE').map((a) => ({
        id: a.AccountID,
        code: a.Code ?? '',
        name: a.Name,
        group: a.Name === 'Accounts Receivable' ? 'receivable' : (GROUPS[a.Type] ?? 'other'),
      }))
    },

    upsertCustomer(session, customer, existing) {
      const a = customer.billingAddress
      return upsert(
        session,
        'Contacts',
        'ContactID',
        `save the contact ${customer.name}`,
        {
          Name: customer.name.slice(0, 255),
          EmailAddress: customer.email,
          IsCustomer: true,
          Addresses: [
            {
              AddressType: 'POBOX',
              AddressLine1: a.line1,
              AddressLine2: a.line2,
              City: a.city,
              Region: a.state,
              PostalCode: a.zip,
              Country: a.country,
            },
          ],
          Phones: customer.phone ? [{ PhoneType: 'DEFAULT', PhoneNumber: customer.phone }] : [],
        },
        existing,
      )
    },

    upsertInvoice(session, invoice, existing) {
      return upsert(
        session,
        'Invoices',
        'InvoiceID',
        `save invoice ${invoice.number}`,
        {
          Type: 'ACCREC',
          Contact: { ContactID: invoice.customerExternalId },
          InvoiceNumber: invoice.number,
          Reference: `BrewCommand ${invoice.number}`,
          Date: invoice.issuedOn,
          DueDate: invoice.dueOn,
          LineAmountTypes: 'Exclusive',
          Status: 'AUTHORISED',
          CurrencyCode: 'USD',
          LineItems: lineItems(invoice.lines),
        },
        existing,
      )
    },

    upsertCreditNote(session, note, existing) {
      return upsert(
        session,
        'CreditNotes',
        'CreditNoteID',
        `save credit note ${note.number}`,
        {
          Type: 'ACCRECCREDIT',
          Contact: { ContactID: note.customerExternalId },
          CreditNoteNumber: note.number,
          Reference: `Invoice ${note.invoiceNumber}: ${note.reason}`.slice(0, 255),
          Date: note.issuedOn,
          LineAmountTypes: 'Exclusive',
          Status: 'AUTHORISED',
          CurrencyCode: 'USD',
          LineItems: lineItems(note.lines),
        },
        existing,
      )
    },

    async upsertPayment(session, payment, existing) {
      // A payment is not edited in Xero (it is deleted and made again); one already there is kept as it is.
      if (existing) return existing
      return upsert(
        session,
        'Payments',
        'PaymentID',
        'save the payment',
        {
          Invoice: { InvoiceID: payment.invoiceExternalId },
          Account: { AccountID: payment.bankAccount.id },
          Date: payment.receivedOn,
          Amount: dollars(payment.amountCents),
          Reference: payment.reference,
        },
        null,
      )
    },

    postJournal(session, journal, existing) {
      return upsert(
        session,
        'ManualJournals',
        'ManualJournalID',
        `post the journal of ${journal.month}`,
        {
          Narration: journal.memo,
          Date: journal.date,
          Status: 'POSTED',
          LineAmountTypes: 'NoTax',
          JournalLines: journal.lines.map((line) => ({
            AccountCode: line.account.code,
            Description: line.description,
            LineAmount: dollars(line.debitCents - line.creditCents),
          })),
        },
        existing,
      )
    },

    async paymentsSince(session, since) {
      type XeroPayment = {
        PaymentID: string
        Amount: number
        Date: string
        Status?: string
        Invoice?: { InvoiceID: string }
      }
      const answer = await api<{ Payments: XeroPayment[] }>(session, 'Payments', 'read the payments', {
        headers: { 'if-modified-since': since.toUTCString() },
      })
      return (answer.Payments ?? [])
        .filter((p) => p.Invoice && p.Status !== 'DELETED')
        .map((p) => ({
          externalId: p.PaymentID,
          invoiceExternalId: p.Invoice!.InvoiceID,
          amountCents: centsOf(p.Amount),
          receivedOn: xeroDate(p.Date),
        }))
    },
  }
}

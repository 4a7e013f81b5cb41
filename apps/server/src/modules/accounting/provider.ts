import type { Address } from '@brewcommand/domain'

// What BrewCommand asks of an accounting system (docs/decisions/310-accounting-sync.md): the OAuth 2.0 authorization
// code flow, the chart of accounts, and customers, invoices, payments and journals written once each (an update
// when the record is already there). QuickBooks Online and Xero implement it with their documented REST APIs.

export const PROVIDERS = ['quickbooks', 'xero'] as const
export type ProviderName = (typeof PROVIDERS)[number]
export const PROVIDER_LABELS: Record<ProviderName, string> = { quickbooks: 'QuickBooks Online', xero: 'Xero' }

export type TokenSet = { accessToken: string; refreshToken: string; expiresAt: Date }
/** Who the calls are made as: a fresh access token and the company (QuickBooks realm, Xero tenant). */
export type Session = { accessToken: string; companyId: string }

/** An account of the company's chart, as BrewCommand needs it. */
export type ChartAccount = {
  id: string
  code: string
  name: string
  /** Our classification of the provider's type: what the mapping suggests it for. */
  group: 'income' | 'liability' | 'asset' | 'bank' | 'receivable' | 'expense' | 'cogs' | 'other'
}

/** Our id in their system and QuickBooks' SyncToken of the version written. */
export type ExternalRef = { externalId: string; syncToken: string }

export type PushCustomer = {
  id: string
  name: string
  email: string
  phone: string
  billingAddress: Address
  taxExempt: boolean
}

export type PushInvoiceLine = {
  description: string
  quantity: number
  unitPriceCents: number
  amountCents: number
  taxCents: number
  /** The income (or, for a deposit, liability) account of the line. */
  account: { id: string; code: string }
  kind: 'beer' | 'deposit'
}

export type PushInvoice = {
  id: string
  number: string
  customerExternalId: string
  issuedOn: string
  dueOn: string
  lines: PushInvoiceLine[]
  taxCents: number
  totalCents: number
  salesTaxAccount?: { id: string; code: string }
}

/** A credit note against one of our invoices: its lines as the invoice's (beer, deposit refunded), with its tax. */
export type PushCreditNote = {
  id: string
  number: string
  customerExternalId: string
  invoiceNumber: string
  issuedOn: string
  reason: string
  lines: PushInvoiceLine[]
  taxCents: number
  totalCents: number
}

export type PushPayment = {
  id: string
  invoiceExternalId: string
  customerExternalId: string
  amountCents: number
  receivedOn: string
  reference: string
  bankAccount: { id: string; code: string }
}

/** A payment entered in the accounting system against one of the invoices we pushed. */
export type ExternalPayment = {
  externalId: string
  invoiceExternalId: string
  amountCents: number
  receivedOn: string
}

export type JournalLine = {
  account: { id: string; code: string }
  debitCents: number
  creditCents: number
  description: string
}
export type PushJournal = { month: string; date: string; memo: string; lines: JournalLine[] }

/**
 * A refusal or failure of the accounting system, with a sentence a bookkeeper understands (`message`);
 * `retryable` failures go back on the queue (after `retryAfterSeconds` when the system said so).
 */
export class ProviderError extends Error {
  override name = 'ProviderError'
  constructor(
    message: string,
    readonly kind: 'unauthorized' | 'rate-limited' | 'refused' | 'unavailable' | 'revoked',
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
  get retryable() {
    return this.kind === 'rate-limited' || this.kind === 'unavailable'
  }
}

export interface AccountingProvider {
  readonly name: ProviderName
  authorizeUrl(state: string): string
  /** The callback's code for tokens, and the company they reach (QuickBooks passes `realmId` beside the code). */
  exchangeCode(input: {
    code: string
    realmId?: string
  }): Promise<{ tokens: TokenSet; companyId: string; companyName: string }>
  refresh(refreshToken: string): Promise<TokenSet>
  revoke(tokens: { accessToken: string; refreshToken: string }): Promise<void>
  accounts(session: Session): Promise<ChartAccount[]>
  upsertCustomer(session: Session, customer: PushCustomer, existing: ExternalRef | null): Promise<ExternalRef>
  upsertInvoice(session: Session, invoice: PushInvoice, existing: ExternalRef | null): Promise<ExternalRef>
  /** QuickBooks' CreditMemo, Xero's credit note of type ACCRECCREDIT. */
  upsertCreditNote(session: Session, note: PushCreditNote, existing: ExternalRef | null): Promise<ExternalRef>
  upsertPayment(session: Session, payment: PushPayment, existing: ExternalRef | null): Promise<ExternalRef>
  postJournal(session: Session, journal: PushJournal, existing: ExternalRef | null): Promise<ExternalRef>
  /** Payments changed since `since` (a poll, or after a webhook said something changed). */
  paymentsSince(session: Session, since: Date): Promise<ExternalPayment[]>
}

/** Dollars as the APIs take them (a JSON number with 2 decimals). */
export const dollars = (cents: number) => Math.round(cents) / 100
/** Dollars from an API back to cents, exactly. */
export const centsOf = (amount: number | string) => Math.round(Number(amount) * 100)

// The keg's state machine (PRODUCTION.md "keg", "keg_event"; docs/decisions/290-kegs.md): a keg is in exactly one
// place — at the brewery (clean, dirty or full), at one customer, lost, damaged or retired — and its deposit follows
// it: charged to the customer it is shipped to, credited back when it returns, kept when it is lost there. A scan
// that does not fit where the keg is, is refused with a sentence naming that place. Pure: no I/O, no clock.

export const KEG_EVENT_KINDS = [
  'filled',
  'shipped',
  'returned',
  'cleaned',
  'damaged',
  'lost',
  'retired',
] as const
export type KegEventKind = (typeof KEG_EVENT_KINDS)[number]
export const KEG_EVENT_LABELS: Record<KegEventKind, string> = {
  filled: 'Filled',
  shipped: 'Shipped',
  returned: 'Returned',
  cleaned: 'Cleaned',
  damaged: 'Damaged',
  lost: 'Lost',
  retired: 'Retired',
}

export const KEG_STATUSES = ['clean', 'dirty', 'full', 'at-customer', 'lost', 'damaged', 'retired'] as const
export type KegStatus = (typeof KEG_STATUSES)[number]
export const KEG_STATUS_LABELS: Record<KegStatus, string> = {
  clean: 'Clean',
  dirty: 'Dirty',
  full: 'Full',
  'at-customer': 'At customer',
  lost: 'Lost',
  damaged: 'Damaged',
  retired: 'Retired',
}

/** What a full keg holds: the lot it carries from its package run to the customer. */
export type KegFill = { batchId: string; batchNumber: string; productName: string; packageRunId: string }

/** Where a keg is now. `since` is the instant of the event that put it there. */
export type KegState =
  | { status: 'clean' | 'dirty' | 'damaged' | 'retired'; since: string | null }
  | { status: 'full'; since: string; fill: KegFill }
  | {
      status: 'at-customer'
      since: string
      customerId: string
      customerName: string
      /** The deposit charged when it was shipped (cents), credited when it returns. */
      depositCents: number
      fill: KegFill | null
    }
  | { status: 'lost'; since: string; customerId: string | null }

/** A scan as the machine reads it. */
export type KegScan =
  | { kind: 'filled'; at: string; fill: KegFill }
  | { kind: 'shipped'; at: string; customerId: string; customerName: string; depositCents: number }
  | { kind: 'returned' | 'cleaned' | 'damaged' | 'retired'; at: string }
  | { kind: 'lost'; at: string }

/** A move of a customer's deposit balance, in cents (+ charged on shipping; − credited or kept). */
export type DepositMove = {
  customerId: string
  cents: number
  reason: 'charged' | 'credited' | 'kept-for-loss'
}

export type KegStep =
  { ok: true; state: KegState; deposit: DepositMove | null } | { ok: false; refusal: string }

/** A new keg: clean at the brewery. */
export const NEW_KEG_STATE: KegState = { status: 'clean', since: null }

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })

/** "3 Nov" in the brewery's time zone. */
export function shortDate(iso: string, timeZone = 'UTC'): string {
  const formatter =
    timeZone === 'UTC' ? DAY : new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone })
  return formatter.format(new Date(iso))
}

/** Where the keg is, as a person says it: "at Oak Bar (since 3 Nov)", "full of Hazy IPA (2026-004)". */
export function whereKegIs(state: KegState, timeZone = 'UTC'): string {
  const since = state.since ? ` (since ${shortDate(state.since, timeZone)})` : ''
  switch (state.status) {
    case 'at-customer':
      return `at ${state.customerName}${since}`
    case 'full':
      return `full of ${state.fill.productName} (${state.fill.batchNumber}) at the brewery${since}`
    case 'clean':
      return `clean at the brewery${since}`
    case 'dirty':
      return `dirty at the brewery${since}`
    case 'damaged':
      return `damaged${since}`
    case 'lost':
      return `written off as lost${since}`
    case 'retired':
      return `retired${since}`
  }
}

/** What each scan needs the keg to be, as the end of the refusal's sentence. */
const NEEDS: Record<KegEventKind, string> = {
  filled: 'it must be clean at the brewery to be filled',
  shipped: 'only a full keg at the brewery can be shipped',
  returned: 'only a keg at a customer can be returned',
  cleaned: 'only a dirty or damaged keg at the brewery can be cleaned',
  damaged: 'only a keg at the brewery can be marked damaged',
  lost: 'it is already off the books',
  retired: 'only an empty keg at the brewery can be retired',
}

/** The refusal's sentence: "Keg K-0042 is at Oak Bar (since 3 Nov): it must come back before it is filled". */
export function kegRefusal(
  assetNumber: string,
  state: KegState,
  kind: KegEventKind,
  timeZone = 'UTC',
): string {
  const reason =
    state.status === 'at-customer' && kind === 'filled'
      ? 'it must come back before it is filled'
      : state.status === 'full' && kind === 'returned'
        ? 'a full keg cannot be returned empty'
        : state.status === 'at-customer' && (kind === 'cleaned' || kind === 'damaged')
          ? 'it must come back first'
          : NEEDS[kind]
  return `Keg ${assetNumber} is ${whereKegIs(state, timeZone)}: ${reason}.`
}

/** The keg's next place after `scan`, or the refusal that names where it is. */
export function applyKegScan(assetNumber: string, state: KegState, scan: KegScan, timeZone = 'UTC'): KegStep {
  const refuse = (): KegStep => ({ ok: false, refusal: kegRefusal(assetNumber, state, scan.kind, timeZone) })
  const to = (next: KegState, deposit: DepositMove | null = null): KegStep => ({
    ok: true,
    state: next,
    deposit,
  })
  switch (scan.kind) {
    case 'filled':
      return state.status === 'clean' ? to({ status: 'full', since: scan.at, fill: scan.fill }) : refuse()
    case 'shipped':
      if (state.status !== 'full') return refuse()
      return to(
        {
          status: 'at-customer',
          since: scan.at,
          customerId: scan.customerId,
          customerName: scan.customerName,
          depositCents: scan.depositCents,
          fill: state.fill,
        },
        { customerId: scan.customerId, cents: scan.depositCents, reason: 'charged' },
      )
    case 'returned':
      if (state.status !== 'at-customer') return refuse()
      return to(
        { status: 'dirty', since: scan.at },
        { customerId: state.customerId, cents: -state.depositCents, reason: 'credited' },
      )
    case 'cleaned':
      return state.status === 'dirty' || state.status === 'damaged'
        ? to({ status: 'clean', since: scan.at })
        : refuse()
    case 'damaged':
      return state.status === 'clean' || state.status === 'dirty' || state.status === 'full'
        ? to({ status: 'damaged', since: scan.at })
        : refuse()
    case 'retired':
      return state.status === 'clean' || state.status === 'dirty' || state.status === 'damaged'
        ? to({ status: 'retired', since: scan.at })
        : refuse()
    case 'lost':
      if (state.status === 'lost' || state.status === 'retired') return refuse()
      if (state.status === 'at-customer')
        return to(
          { status: 'lost', since: scan.at, customerId: state.customerId },
          // The customer keeps no deposit for a keg they lost: the brewery keeps it against the keg's cost.
          { customerId: state.customerId, cents: -state.depositCents, reason: 'kept-for-loss' },
        )
      return to({ status: 'lost', since: scan.at, customerId: null })
  }
}

/** The place of a keg on the board: the brewery, one customer, or off the books. */
export function placeOfKeg(state: KegState): 'brewery' | `customer:${string}` | 'lost' | 'retired' {
  if (state.status === 'at-customer') return `customer:${state.customerId}`
  if (state.status === 'lost') return 'lost'
  if (state.status === 'retired') return 'retired'
  return 'brewery'
}

/** Whole days from `since` to `now` (the keg board's "days out"). */
export function daysOut(since: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 86_400_000))
}

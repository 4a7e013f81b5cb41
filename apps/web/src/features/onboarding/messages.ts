import { PAYMENT_GRACE_DAYS, type Subscription } from '@brewcommand/domain'

/** The onboarding, payment and billing texts a person reads (docs/product/01-access.md §2 where the spec gives them). */

type UnpaidStatus = Exclude<Subscription['status'], 'active'>

/** The subscription's state, in Settings → Billing. */
export const SUBSCRIPTION_STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  incomplete: 'Awaiting payment',
  past_due: 'Past due',
  canceled: 'Canceled',
}

/** The secure area's banner while the subscription is not active, and where it sends the person. */
export const PAYMENT_BANNER_TEXT: Record<UnpaidStatus, string> = {
  incomplete:
    'Your subscription is not paid yet. You can look at everything, but changes cannot be saved until you finish paying.',
  past_due: `Your last payment failed. Update your card: ${PAYMENT_GRACE_DAYS} days after the failed payment, changes can no longer be saved.`,
  canceled:
    'Your subscription has ended. You can look at everything, but changes cannot be saved until you subscribe again.',
}
export const PAYMENT_BANNER_ACTION: Record<UnpaidStatus, string> = {
  incomplete: 'Finish paying in Settings → Billing',
  past_due: 'Update your card in Settings → Billing',
  canceled: 'Subscribe again in Settings → Billing',
}

/** Settings → Billing. */
export const NO_PLAN = 'No plan yet'
export const TEST_CHECKOUT_LABEL = 'Built-in test checkout (no real card is charged)'
export const billingNotLoaded = (reason: string) => `The latest billing state could not be loaded: ${reason}`
export const PAST_DUE_NOTICE = 'Your last payment failed. Update your card to keep your subscription.'
export const SUBSCRIPTION_ENDED = 'Your subscription has ended.'
export const ONLY_ADMIN_MANAGES_BILLING = 'Only an Admin of your brewery can manage billing.'

/** The payment forms. */
export const STRIPE_NOT_AVAILABLE = 'The secure payment form is not available in this browser.'
export const STRIPE_NOT_LOADED =
  'The secure payment form could not be loaded. Check your connection and try again.'
export const PAYMENT_FORM_FAILED = {
  title: 'The payment form could not be shown.',
  hint: 'Reload the page to try again, or contact support.',
}
export const PAYMENT_NOT_COMPLETED = 'The payment could not be completed. Please try again.'

/** Step 2, when the business details do not reach the server. */
export const BUSINESS_NOT_SAVED = 'Your business details could not be saved.'

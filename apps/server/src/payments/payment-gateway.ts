/** A checkout session as the gateway reports it (docs/product/01-access.md §3: status and payment_status). */
export type CheckoutSessionState = {
  sessionId: string
  /** The brewery the session was created for (Stripe's client reference). */
  entityId: string
  status: 'open' | 'complete' | 'expired'
  paymentStatus: 'paid' | 'unpaid'
  /** Why the last payment attempt failed, when the gateway says. */
  error?: string
}

/**
 * Payments behind one interface, shaped after Stripe's embedded Checkout: create a session for a
 * subscription price with a return URL, then read its state. The built-in test gateway is the default;
 * the Stripe adapter is chosen when its keys are configured.
 */
export interface PaymentGateway {
  readonly mode: 'test' | 'stripe'
  createCheckoutSession(input: {
    entityId: string
    priceId: string
    plan: string
    /** Where the browser goes when the payment is done; contains `{CHECKOUT_SESSION_ID}`. */
    returnUrl: string
    customerEmail?: string
  }): Promise<{ sessionId: string; clientSecret: string }>
  /** The session's state, or null when the gateway does not know it. */
  getCheckoutSession(sessionId: string): Promise<CheckoutSessionState | null>
}

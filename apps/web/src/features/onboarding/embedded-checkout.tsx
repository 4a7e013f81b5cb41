import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react'
import { Spinner } from '@/components/ui/spinner.tsx'
import { PAYMENT_FORM_FAILED } from './messages.ts'

// The Stripe libraries live in their own chunk, fetched only when Stripe is the payment gateway.
const StripeCheckout = lazy(() => import('./stripe-checkout.tsx'))

/** A payment form that throws (a chunk that cannot load, a misused payment element) shows why, not a blank page. */
export class PaymentFormBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  override render() {
    if (!this.state.error) return this.props.children
    return (
      <div role="alert" className="grid gap-2 rounded-xl border border-destructive/40 bg-destructive/5 p-6">
        <p className="font-medium text-destructive">{PAYMENT_FORM_FAILED.title}</p>
        <p className="text-sm text-muted-foreground">{this.state.error.message}</p>
        <p className="text-sm text-muted-foreground">{PAYMENT_FORM_FAILED.hint}</p>
      </div>
    )
  }
}

/** Step 3's card form in Stripe mode: Stripe's embedded Checkout, loaded on demand. */
export function EmbeddedStripeCheckout(props: { publishableKey: string; clientSecret: string }) {
  return (
    <PaymentFormBoundary>
      <Suspense
        fallback={
          <div
            role="status"
            className="flex items-center gap-3 rounded-xl border bg-card p-6 text-muted-foreground"
          >
            <Spinner className="size-5" />
            Loading the secure payment form…
          </div>
        }
      >
        <StripeCheckout {...props} />
      </Suspense>
    </PaymentFormBoundary>
  )
}

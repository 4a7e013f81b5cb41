import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe } from '@stripe/stripe-js'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { STRIPE_NOT_AVAILABLE, STRIPE_NOT_LOADED } from './messages.ts'

// Stripe.js is loaded once per publishable key, from Stripe's own host (docs/product/01-access.md §7).
const loads = new Map<string, Promise<Stripe | null>>()
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let load = loads.get(publishableKey)
  if (!load) {
    load = loadStripe(publishableKey)
    // A failed load (offline, blocked) may be retried.
    load.catch(() => loads.delete(publishableKey))
    loads.set(publishableKey, load)
  }
  return load
}

/**
 * Step 3 in Stripe mode: Stripe's embedded Checkout for the session's client secret. This module is
 * imported only in Stripe mode (see embedded-checkout.tsx), so the built-in checkout never loads Stripe.
 * When the customer has paid, Stripe sends the browser to the session's return URL (/plans?session_id=…).
 */
export default function StripeCheckout({
  publishableKey,
  clientSecret,
}: {
  publishableKey: string
  clientSecret: string
}) {
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<{ stripe: Stripe } | { error: string } | null>(null)

  useEffect(() => {
    let isCurrent = true
    setState(null)
    stripeFor(publishableKey).then(
      (stripe) => {
        if (!isCurrent) return
        setState(stripe ? { stripe } : { error: STRIPE_NOT_AVAILABLE })
      },
      (error: unknown) => {
        console.error(error)
        if (isCurrent) {
          setState({
            error: STRIPE_NOT_LOADED,
          })
        }
      },
    )
    return () => {
      isCurrent = false
    }
  }, [publishableKey, attempt])

  if (state === null) {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-xl border bg-card p-6 text-muted-foreground"
      >
        <Spinner className="size-5" />
        Loading the secure payment form…
      </div>
    )
  }
  if ('error' in state) {
    return (
      <div className="grid gap-3 rounded-xl border bg-card p-6">
        <p role="alert" className="text-destructive">
          {state.error}
        </p>
        <Button type="button" variant="outline" className="w-fit" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </Button>
      </div>
    )
  }
  return (
    <section aria-label="Secure payment form" className="overflow-hidden rounded-xl border bg-white">
      <EmbeddedCheckoutProvider stripe={state.stripe} options={{ clientSecret }}>
        <EmbeddedCheckout />
      </EmbeddedCheckoutProvider>
    </section>
  )
}

import type { Subscription } from '@brewcommand/domain'
import { Link } from 'react-router'
import { PAYMENT_BANNER_ACTION, PAYMENT_BANNER_TEXT } from './messages.ts'

/**
 * The secure area's banner while the brewery's subscription is not active: the server answers its
 * writes 402 (docs/decisions/121-payment-enforcement.md), so the person learns why and where to pay.
 */
export function PaymentBanner({ subscription }: { subscription: Subscription | undefined }) {
  if (!subscription || subscription.status === 'active') return null
  const { status } = subscription
  return (
    <section
      aria-label="Subscription"
      className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
    >
      <p className="min-w-0 flex-1 break-words">{PAYMENT_BANNER_TEXT[status]}</p>
      <Link to="/secure/settings/billing" className="font-medium underline underline-offset-4">
        {PAYMENT_BANNER_ACTION[status]}
      </Link>
    </section>
  )
}

import { PAYMENT_GRACE_DAYS, type Subscription } from '@brewcommand/domain'
import { Link } from 'react-router'

const TEXT: Record<Exclude<Subscription['status'], 'active'>, string> = {
  incomplete:
    'Your subscription is not paid yet. You can look at everything, but changes cannot be saved until you finish paying.',
  past_due: `Your last payment failed. Update your card: ${PAYMENT_GRACE_DAYS} days after the failed payment, changes can no longer be saved.`,
  canceled:
    'Your subscription has ended. You can look at everything, but changes cannot be saved until you subscribe again.',
}
const ACTION: Record<Exclude<Subscription['status'], 'active'>, string> = {
  incomplete: 'Finish paying in Settings → Billing',
  past_due: 'Update your card in Settings → Billing',
  canceled: 'Subscribe again in Settings → Billing',
}

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
      <p className="min-w-0 flex-1 break-words">{TEXT[status]}</p>
      <Link to="/secure/settings/billing" className="font-medium underline underline-offset-4">
        {ACTION[status]}
      </Link>
    </section>
  )
}

import { PLANS, type Billing } from '@brewcommand/domain'
import { useMutation, useQuery } from '@tanstack/react-query'
import { ExternalLink } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { createBillingPortal, getBilling } from './api/billing-api.ts'
import {
  billingNotLoaded,
  NO_PLAN,
  ONLY_ADMIN_MANAGES_BILLING,
  PAST_DUE_NOTICE,
  SUBSCRIPTION_ENDED,
  SUBSCRIPTION_STATUS_LABEL,
  TEST_CHECKOUT_LABEL,
} from './messages.ts'

/**
 * Settings → Billing: the plan, its price and the subscription's state. In Stripe mode the state is
 * Stripe's (kept by its webhooks) and an Admin manages card, invoices and cancellation in Stripe's
 * customer portal.
 */
export function BillingSettings({
  navigateTo = (url) => window.location.assign(url),
}: {
  /** Leaves the app for Stripe's portal (tests replace it). */
  navigateTo?: (url: string) => void
}) {
  const { currentEntity } = useAppState()
  const { getAccessToken } = useAuth()
  const billing = useQuery({
    queryKey: ['billing', currentEntity?.entityId],
    queryFn: async () => getBilling(await getAccessToken()),
    enabled: currentEntity !== undefined,
    // Webhooks change the state behind the page: read it afresh whenever the page is shown.
    staleTime: 0,
    refetchOnWindowFocus: true,
    retry: 1,
  })
  const portal = useMutation({
    mutationFn: async () => createBillingPortal(await getAccessToken()),
    onSuccess: ({ url }) => navigateTo(url),
  })

  // Until the server answers, bootstrap's copy of the subscription stands in.
  const fallback = currentEntity?.subscription
  const state: Pick<Billing, 'plan' | 'status'> & Partial<Billing> = billing.data ?? {
    plan: fallback?.plan ?? null,
    status: fallback?.status ?? 'incomplete',
  }
  const plan = state.plan ? PLANS[state.plan] : null
  const isAdmin = currentEntity?.role === 'Admin'
  const isStripe = state.mode === 'stripe'

  return (
    <section aria-labelledby="billing-heading" className="grid max-w-xl gap-4">
      <h2 id="billing-heading" className="text-xl font-semibold">
        Billing
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 rounded-xl border bg-card p-6 shadow-xs">
        <dt className="text-muted-foreground">Plan</dt>
        <dd className="font-medium">{plan ? plan.name : NO_PLAN}</dd>
        <dt className="text-muted-foreground">Price</dt>
        <dd>
          {plan
            ? `$${plan.perMonthUsd} per mo. ${plan.billed} ($${plan.perYearUsd.toLocaleString('en-US')} per year)`
            : '—'}
        </dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd className="flex items-center gap-2">
          {SUBSCRIPTION_STATUS_LABEL[state.status] ?? state.status}
          {billing.isFetching && <Spinner className="size-4" aria-label="Refreshing" />}
        </dd>
        {state.mode && (
          <>
            <dt className="text-muted-foreground">Payments</dt>
            <dd>{isStripe ? 'Stripe' : TEST_CHECKOUT_LABEL}</dd>
          </>
        )}
        {state.statusChangedAt && (
          <>
            <dt className="text-muted-foreground">Since</dt>
            <dd>
              <time dateTime={state.statusChangedAt}>
                {new Date(state.statusChangedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
              </time>
            </dd>
          </>
        )}
      </dl>

      {billing.isError && (
        <p role="alert" className="text-sm text-destructive">
          {billingNotLoaded(billing.error.message)}
        </p>
      )}
      {state.status === 'past_due' && (
        <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {PAST_DUE_NOTICE}
        </p>
      )}
      {state.status === 'canceled' && <p className="text-sm text-muted-foreground">{SUBSCRIPTION_ENDED}</p>}

      <div className="flex flex-wrap gap-3">
        {(state.status === 'incomplete' || state.status === 'canceled') && (
          <Button asChild className="w-fit">
            <Link to="/plans">{state.status === 'canceled' ? 'Subscribe again' : 'Finish payment'}</Link>
          </Button>
        )}
        {isStripe && state.hasPortal && isAdmin && (
          <Button
            type="button"
            variant={state.status === 'past_due' ? 'default' : 'outline'}
            className="w-fit"
            disabled={portal.isPending}
            onClick={() => portal.mutate()}
          >
            <ExternalLink aria-hidden="true" />
            {portal.isPending ? 'Opening Stripe…' : 'Manage billing in Stripe'}
          </Button>
        )}
      </div>
      {isStripe && state.hasPortal && !isAdmin && (
        <p className="text-sm text-muted-foreground">{ONLY_ADMIN_MANAGES_BILLING}</p>
      )}
      {portal.isError && (
        <p role="alert" className="text-sm text-destructive">
          {portal.error.message}
        </p>
      )}
    </section>
  )
}

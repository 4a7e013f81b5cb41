import {
  PLANS,
  type BusinessForm as BusinessFormValues,
  type PlanId,
  type TestCard,
} from '@brewcommand/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { FullPageSpinner } from '@/components/ui/spinner.tsx'
import { bootstrapQuery, bootstrapQueryKey } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { LandingHeader } from '@/features/landing/landing-header.tsx'
import { SiteFooter } from '@/features/landing/site-footer.tsx'
import {
  confirmTestCheckout,
  createCheckout,
  getOnboardingStatus,
  postOnboarding,
} from '@/features/onboarding/api/onboarding-api.ts'
import { BusinessForm } from '@/features/onboarding/business-form.tsx'
import { BUSINESS_NOT_SAVED } from '@/features/onboarding/messages.ts'
import { EmbeddedStripeCheckout } from '@/features/onboarding/embedded-checkout.tsx'
import { PaymentResult } from '@/features/onboarding/payment-result.tsx'
import { PlanCards } from '@/features/onboarding/plan-cards.tsx'
import { readSelectedPlan, storeSelectedPlan } from '@/features/onboarding/selected-plan.ts'
import { StepIndicator } from '@/features/onboarding/step-indicator.tsx'
import { TestCheckout } from '@/features/onboarding/test-checkout.tsx'
import { resumeStep, startingStep, type WizardStep } from '@/features/onboarding/wizard-step.ts'
import { isAutomatedTest } from '@/lib/automated-test.ts'
import { useRunTimeConfig } from '@/lib/run-time-config.ts'

const TESTING_SESSION_ID = 'testing'

function Loading() {
  return <FullPageSpinner label="Loading..." />
}

/** Step 3: a checkout session for the plan's price, then the embedded card form. */
function PaymentStep({ plan, entityId }: { plan: PlanId; entityId: string }) {
  const config = useRunTimeConfig()
  const { getAccessToken } = useAuth()
  const navigate = useNavigate()
  const priceId = config.plans.find((p) => p.id === plan)?.priceId
  const checkout = useQuery({
    queryKey: ['checkout', entityId, priceId],
    enabled: priceId !== undefined,
    queryFn: async () => createCheckout(await getAccessToken(), priceId!),
    staleTime: Infinity,
    retry: 1,
  })

  const pay = async (card: TestCard) => {
    const session = checkout.data!
    const result = await confirmTestCheckout(await getAccessToken(), session.client_secret, card)
    // Paid or declined, the result page reads the session's state from the server.
    await navigate(`/plans?session_id=${encodeURIComponent(result.sessionId)}`)
    return result.error ?? null
  }

  return (
    <section aria-labelledby="payment-heading" className="grid gap-6">
      <h2 id="payment-heading" className="text-2xl font-semibold tracking-tight">
        Payment Information
      </h2>
      <p className="text-muted-foreground">
        {PLANS[plan].name}: ${PLANS[plan].perMonthUsd} per mo. {PLANS[plan].billed}.
      </p>
      {checkout.isError ? (
        <p role="alert" className="text-destructive">
          {checkout.error.message}
        </p>
      ) : !checkout.data ? (
        <Loading />
      ) : config.payments.mode === 'stripe' && config.payments.publishableKey ? (
        <EmbeddedStripeCheckout
          publishableKey={config.payments.publishableKey}
          clientSecret={checkout.data.client_secret}
        />
      ) : (
        <TestCheckout
          amountLabel={
            plan === 'monthly'
              ? `$${PLANS.monthly.perMonthUsd}`
              : `$${PLANS.annual.perYearUsd.toLocaleString('en-US')}`
          }
          onPay={pay}
        />
      )}
    </section>
  )
}

/** Step 4: the payment's result, read from the server; the session id `testing` counts as paid. */
function ResultStep({ sessionId }: { sessionId: string }) {
  const { user, getAccessToken } = useAuth()
  const queryClient = useQueryClient()
  const status = useQuery({
    queryKey: ['onboarding-status', sessionId],
    enabled: sessionId !== TESTING_SESSION_ID && user !== null,
    queryFn: async () => {
      const state = await getOnboardingStatus(await getAccessToken(), sessionId)
      // The brewery's subscription changed: the secure area must load it afresh.
      if (user) await queryClient.invalidateQueries({ queryKey: bootstrapQueryKey(user.profile.sub) })
      return state
    },
    retry: false,
    staleTime: Infinity,
  })
  let isPaid: boolean | undefined
  if (sessionId === TESTING_SESSION_ID) isPaid = true
  else if (status.data) isPaid = status.data.status === 'complete' && status.data.payment_status === 'paid'
  // A failed status call leaves the page checking (docs/product/01-access.md §8).
  return <PaymentResult isPaid={isPaid} reason={status.data?.error} />
}

/** /plans: the four-step onboarding wizard (docs/product/01-access.md §2, §4). */
export function PlansPage() {
  const auth = useAuth()
  const location = useLocation()
  const queryClient = useQueryClient()
  const [plan, setPlan] = useState<PlanId | null>(readSelectedPlan)
  const [movedTo, setMovedTo] = useState<WizardStep | null>(null)
  const sessionId = new URLSearchParams(location.search).get('session_id')
  const start = startingStep(location.search, isAutomatedTest())

  const subject = auth.user?.profile.sub
  const bootstrap = useQuery({
    ...bootstrapQuery(subject ?? '', () => auth.getTokens({ requireFreshIdToken: true })),
    enabled: subject !== undefined && start !== 4,
  })
  const entity = bootstrap.data?.bootstrap.entities[0]

  const isResolving = auth.isLoading || (subject !== undefined && start !== 4 && bootstrap.isPending)
  const resumed = isResolving
    ? null
    : resumeStep(start, {
        isSignedIn: auth.isAuthenticated,
        hasPlan: plan !== null,
        hasBrewery: entity !== undefined,
        isSubscribed: entity?.subscription?.status === 'active',
      })
  // Once the person has moved on, a background reload (the bootstrap after sign-up) never takes the
  // step back to Loading: that would throw away what they are typing.
  const step: WizardStep | null =
    start === 4 ? 4 : movedTo !== null ? (Math.max(movedTo, resumed ?? 1) as WizardStep) : resumed

  const selectPlan = async (chosen: PlanId) => {
    storeSelectedPlan(chosen)
    setPlan(chosen)
    if (auth.isAuthenticated) return setMovedTo(2)
    // Sign-up at the identity provider; in automated-test mode this is a redirect back to /plans?callback=true.
    const user = await auth.signInPopup({ signup: true, returnTo: '/plans?callback=true' })
    if (user) setMovedTo(2)
  }

  const submitBusiness = async (values: BusinessFormValues) => {
    try {
      await postOnboarding(await auth.getAccessToken(), auth.user!.profile, values)
      await queryClient.invalidateQueries({ queryKey: bootstrapQueryKey(subject!) })
      setMovedTo(3)
    } catch (error) {
      console.error(error)
      toast.error(error instanceof Error ? error.message : BUSINESS_NOT_SAVED)
    }
  }

  let content
  if (step === null) content = <Loading />
  else if (step === 1) content = <PlanCards onSelect={(p) => void selectPlan(p)} isBusy={auth.isLoading} />
  else if (step === 2)
    content = !auth.user || !plan ? <Loading /> : <BusinessForm onSubmit={submitBusiness} />
  else if (step === 3)
    content = !plan || !entity ? <Loading /> : <PaymentStep plan={plan} entityId={entity.entityId} />
  else content = sessionId ? <ResultStep sessionId={sessionId} /> : <PaymentResult isPaid={true} />

  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader />
      <main className="mx-auto grid w-full max-w-4xl flex-1 content-start gap-10 px-4 py-10 sm:px-6">
        <StepIndicator current={step ?? 1} />
        {content}
      </main>
      <SiteFooter />
    </div>
  )
}

import { PLAN_FEATURES, PLANS, type PlanId } from '@brewcommand/domain'
import { CircleCheck } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'

const usd = (amount: number) => `$${amount.toLocaleString('en-US')}`

/** Step 1: the two plans with the spec's prices, features and buttons. */
export function PlanCards({ onSelect, isBusy }: { onSelect: (plan: PlanId) => void; isBusy: boolean }) {
  return (
    <section aria-labelledby="choose-plan-heading" className="grid gap-6">
      <h2 id="choose-plan-heading" className="text-2xl font-semibold tracking-tight">
        Choose a Plan
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        {Object.values(PLANS).map((plan) => (
          <article
            key={plan.id}
            aria-labelledby={`plan-${plan.id}`}
            className="flex flex-col gap-4 rounded-xl border bg-card p-6 shadow-xs"
          >
            <h3 id={`plan-${plan.id}`} className="text-lg font-semibold">
              {plan.name}
            </h3>
            <p>
              <span className="text-4xl font-bold">{usd(plan.perMonthUsd)}</span>{' '}
              <span className="text-muted-foreground">per mo. {plan.billed}</span>
            </p>
            <p className="text-sm text-muted-foreground">{usd(plan.perYearUsd)} per year</p>
            <ul className="grid gap-2">
              {PLAN_FEATURES.map((feature) => (
                <li key={feature} className="flex items-center gap-2 text-sm">
                  <CircleCheck aria-hidden="true" className="size-4 text-emerald-600" />
                  {feature}
                </li>
              ))}
            </ul>
            <Button className="mt-auto" disabled={isBusy} onClick={() => onSelect(plan.id)}>
              {plan.button}
            </Button>
          </article>
        ))}
      </div>
    </section>
  )
}

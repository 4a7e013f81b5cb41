import { CircleAlert, PartyPopper } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'

/** Step 4: checking, then the welcome or the failure page (docs/product/01-access.md §2). */
export function PaymentResult({ isPaid, reason }: { isPaid: boolean | undefined; reason?: string }) {
  if (isPaid === undefined) {
    return (
      <section role="status" className="flex flex-col items-center gap-4 py-12 text-center">
        <Spinner className="size-8" />
        <h2 className="text-2xl font-semibold">Checking Payment Status</h2>
      </section>
    )
  }
  if (isPaid) {
    return (
      <section className="flex flex-col items-center gap-4 py-12 text-center">
        <PartyPopper aria-hidden="true" className="size-10 text-emerald-600" />
        <h2 className="text-2xl font-semibold">Welcome to BrewCommand!</h2>
        <p className="max-w-md text-muted-foreground">
          Your payment went through and your subscription is active. Your brewery’s command center is ready.
        </p>
        <Button asChild size="lg">
          <Link to="/secure">Continue to Your Dashboard</Link>
        </Button>
      </section>
    )
  }
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 py-12">
      <CircleAlert aria-hidden="true" className="size-10 text-destructive" />
      <h2 className="text-2xl font-semibold">Oops, Something Went Wrong with Your Payment</h2>
      {reason && (
        <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {reason}
        </p>
      )}
      <p className="text-muted-foreground">
        Please try again. Check that your card details are correct, or contact support if the problem
        persists.
      </p>
      <div>
        <p className="font-medium">Common causes:</p>
        <ul className="mt-2 list-disc pl-6 text-muted-foreground">
          <li>Insufficient funds</li>
          <li>Expired card or incorrect details</li>
          <li>Bank restrictions</li>
        </ul>
      </div>
      <Button asChild variant="outline" className="w-fit">
        <Link to="/plans">Try again</Link>
      </Button>
    </section>
  )
}

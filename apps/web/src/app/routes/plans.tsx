import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { LandingHeader } from '@/features/landing/landing-header.tsx'
import { SiteFooter } from '@/features/landing/site-footer.tsx'

/** Onboarding's four-step wizard lands here with the onboarding issue; until then, say what is coming. */
export function PlansPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-16 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">Choose a Plan</h1>
        <p className="mt-4 text-muted-foreground">
          Subscriptions open with our first release. Join the newsletter and we will tell you the day they do.
        </p>
        <div className="mt-8">
          <Button asChild variant="outline">
            <Link to="/#newsletter">Back to the newsletter</Link>
          </Button>
        </div>
      </main>
      <SiteFooter />
    </div>
  )
}

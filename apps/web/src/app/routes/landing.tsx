import { ClipboardList, FlaskConical, Package, Users } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { LandingHeader } from '@/features/landing/landing-header.tsx'
import { SiteFooter } from '@/features/landing/site-footer.tsx'

// The form (react-hook-form, the domain's schemas) is fetched when its section nears the screen: a
// first visit loads only what the page shows at once (ADR 171).
const NewsletterForm = lazy(async () => ({
  default: (await import('@/features/newsletter/newsletter-form.tsx')).NewsletterForm,
}))

/** Renders its children once their place nears the viewport (at once without an observer). */
function WhenNear({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    if (isNear || !ref.current) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true)
      },
      { rootMargin: '200px 0px' },
    )
    observer.observe(ref.current)
    return () => observer.disconnect()
  }, [isNear])
  const placeholder = <div ref={ref} className="min-h-24" aria-busy="true" />
  return isNear ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder
}
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'

const FEATURES = [
  {
    icon: FlaskConical,
    title: 'Recipes that calculate as you type',
    text: 'Grain, hops, yeast and mash steps, with original and final gravity, ABV, IBU and colour checked against your style.',
  },
  {
    icon: Package,
    title: 'Products ready for market',
    text: 'Packaging with SKUs and UPC barcodes, label art, attributes and tasting notes in one place.',
  },
  {
    icon: Users,
    title: 'Your whole team, live',
    text: 'Invite brewers and managers; everyone sees each other’s changes the moment they are made.',
  },
  {
    icon: ClipboardList,
    title: 'Brew day to back office',
    text: 'Brew day with timers and alarms, the cellar’s tanks and readings, the vessel schedule, inventory with lot costs, and the TTB reports from your own records.',
  },
]

export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader />
      <main className="flex-1">
        <section className="bg-gradient-to-b from-amber-50 to-background">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
            <p className="mb-4 inline-flex rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">
              In development
            </p>
            <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              The command center for your craft brewery
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-muted-foreground">
              BrewCommand is in development. We are aiming for a minimum viable product in mid-to-late summer,
              and our first newsletter goes out in June. Sign up below to follow along.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button size="lg" asChild>
                <Link to="/plans">Sign Up</Link>
              </Button>
              <Button size="lg" variant="outline" asChild>
                <a href="#newsletter">Join the newsletter</a>
              </Button>
            </div>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="features-heading" className="text-2xl font-semibold tracking-tight">
            What we are building
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border bg-card p-6 shadow-xs">
                <Icon aria-hidden="true" className="size-6 text-primary" />
                <h3 className="mt-4 font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="newsletter" aria-labelledby="newsletter-heading" className="border-t bg-muted/50">
          <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
            <h2 id="newsletter-heading" className="text-2xl font-semibold tracking-tight">
              Join the newsletter
            </h2>
            <p className="mt-2 mb-8 text-muted-foreground">
              Our first newsletter goes out in June: progress, early access and brewing tips.
            </p>
            <WhenNear>
              <NewsletterForm />
            </WhenNear>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  )
}

import { Menu } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { Brand } from '@/components/brand.tsx'
import { GO_TO_DASHBOARD, OPEN_MENU, SIGN_IN, SIGN_UP } from './messages.ts'

// The menu sheet (Radix Dialog) is fetched when first opened: the landing page's first load stays
// small (ADR 171).
const LandingMenu = lazy(async () => ({ default: (await import('./landing-menu.tsx')).LandingMenu }))

/**
 * Top bar of the public pages: Sign In (a login popup at the identity provider) and Sign Up, or Go to
 * Dashboard for a signed-in visitor; folded into a Menu sheet on small screens (docs/product/01-access.md §2).
 */
export function LandingHeader() {
  const [isMenuOpen, setIsMenuOpen] = useState(false)
  const { isAuthenticated, isLoading, signInPopup } = useAuth()
  const navigate = useNavigate()
  const signIn = async () => {
    const user = await signInPopup()
    if (user) await navigate('/secure')
  }
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Brand />
        <nav aria-label="Account" className="hidden items-center gap-2 sm:flex">
          {isAuthenticated ? (
            <Button asChild>
              <Link to="/secure">{GO_TO_DASHBOARD}</Link>
            </Button>
          ) : (
            <>
              <Button variant="ghost" onClick={() => void signIn()} disabled={isLoading}>
                {SIGN_IN}
              </Button>
              <Button asChild>
                <Link to="/plans">{SIGN_UP}</Link>
              </Button>
            </>
          )}
        </nav>
        <Button
          variant="ghost"
          size="icon"
          className="sm:hidden"
          aria-label={OPEN_MENU}
          aria-haspopup="dialog"
          aria-expanded={isMenuOpen}
          onClick={() => setIsMenuOpen(true)}
        >
          <Menu aria-hidden="true" className="size-6" />
        </Button>
        {isMenuOpen && (
          <Suspense fallback={null}>
            <LandingMenu
              open={isMenuOpen}
              onOpenChange={setIsMenuOpen}
              isAuthenticated={isAuthenticated}
              isLoading={isLoading}
              onSignIn={() => void signIn()}
            />
          </Suspense>
        )}
      </div>
    </header>
  )
}

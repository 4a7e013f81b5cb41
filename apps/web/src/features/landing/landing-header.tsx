import { Menu } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet.tsx'
import { useAuth } from '@/features/auth/auth-context.ts'
import { Brand } from './brand.tsx'

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
              <Link to="/secure">Go to Dashboard</Link>
            </Button>
          ) : (
            <>
              <Button variant="ghost" onClick={() => void signIn()} disabled={isLoading}>
                Sign In
              </Button>
              <Button asChild>
                <Link to="/plans">Sign Up</Link>
              </Button>
            </>
          )}
        </nav>
        <Sheet open={isMenuOpen} onOpenChange={setIsMenuOpen}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" className="sm:hidden" aria-label="Open menu">
              <Menu aria-hidden="true" className="size-6" />
            </Button>
          </SheetTrigger>
          <SheetContent side="right" aria-describedby="landing-menu-description">
            <SheetTitle>Menu</SheetTitle>
            <SheetDescription id="landing-menu-description">
              Sign in, or sign up your brewery.
            </SheetDescription>
            <div className="mt-2 grid gap-3">
              {isAuthenticated ? (
                <Button asChild>
                  <Link to="/secure" onClick={() => setIsMenuOpen(false)}>
                    Go to Dashboard
                  </Link>
                </Button>
              ) : (
                <>
                  <Button
                    variant="outline"
                    disabled={isLoading}
                    onClick={() => {
                      setIsMenuOpen(false)
                      void signIn()
                    }}
                  >
                    Sign In
                  </Button>
                  <Button asChild>
                    <Link to="/plans" onClick={() => setIsMenuOpen(false)}>
                      Sign Up
                    </Link>
                  </Button>
                </>
              )}
            </div>
          </SheetContent>
        </Sheet>
      </div>
    </header>
  )
}

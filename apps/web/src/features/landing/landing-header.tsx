import { Menu } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button.tsx'
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet.tsx'
import { Brand } from './brand.tsx'

function signIn() {
  // Sign-in through the identity provider arrives with the identity issue; say so rather than do nothing.
  toast.info('Sign-in opens with our first release. Join the newsletter below to hear when.')
}

/** Top bar of the public pages: Sign In and Sign Up, folded into a Menu sheet on small screens. */
export function LandingHeader() {
  const [isMenuOpen, setIsMenuOpen] = useState(false)
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Brand />
        <nav aria-label="Account" className="hidden items-center gap-2 sm:flex">
          <Button variant="ghost" onClick={signIn}>
            Sign In
          </Button>
          <Button asChild>
            <Link to="/plans">Sign Up</Link>
          </Button>
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
              <Button
                variant="outline"
                onClick={() => {
                  setIsMenuOpen(false)
                  signIn()
                }}
              >
                Sign In
              </Button>
              <Button asChild>
                <Link to="/plans" onClick={() => setIsMenuOpen(false)}>
                  Sign Up
                </Link>
              </Button>
            </div>
          </SheetContent>
        </Sheet>
      </div>
    </header>
  )
}

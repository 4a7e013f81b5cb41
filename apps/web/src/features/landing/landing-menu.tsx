import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet.tsx'

/** The landing header's menu on small screens (docs/product/01-access.md §2): Sign In and Sign Up, or Go to Dashboard. */
export function LandingMenu({
  open,
  onOpenChange,
  isAuthenticated,
  isLoading,
  onSignIn,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  isAuthenticated: boolean
  isLoading: boolean
  onSignIn: () => void
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" aria-describedby="landing-menu-description">
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription id="landing-menu-description">Sign in, or sign up your brewery.</SheetDescription>
        <div className="mt-2 grid gap-3">
          {isAuthenticated ? (
            <Button asChild>
              <Link to="/secure" onClick={() => onOpenChange(false)}>
                Go to Dashboard
              </Link>
            </Button>
          ) : (
            <>
              <Button
                variant="outline"
                disabled={isLoading}
                onClick={() => {
                  onOpenChange(false)
                  onSignIn()
                }}
              >
                Sign In
              </Button>
              <Button asChild>
                <Link to="/plans" onClick={() => onOpenChange(false)}>
                  Sign Up
                </Link>
              </Button>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  )
}

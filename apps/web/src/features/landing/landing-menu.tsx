import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet.tsx'
import { GO_TO_DASHBOARD, MENU, SIGN_IN, SIGN_UP } from './messages.ts'

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
        <SheetTitle>{MENU.title}</SheetTitle>
        <SheetDescription id="landing-menu-description">{MENU.description}</SheetDescription>
        <div className="mt-2 grid gap-3">
          {isAuthenticated ? (
            <Button asChild>
              <Link to="/secure" onClick={() => onOpenChange(false)}>
                {GO_TO_DASHBOARD}
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
                {SIGN_IN}
              </Button>
              <Button asChild>
                <Link to="/plans" onClick={() => onOpenChange(false)}>
                  {SIGN_UP}
                </Link>
              </Button>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  )
}

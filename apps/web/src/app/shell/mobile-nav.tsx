import { Menu } from 'lucide-react'
import { lazy, useRef, useState } from 'react'
import { OnceOpened } from '@/components/deferred.tsx'
import { Button } from '@/components/ui/button.tsx'

// The sheet (Radix Dialog) is fetched when first opened (docs/decisions/173-first-page-loads-what-it-shows.md).
const MobileNavSheet = lazy(async () => ({
  default: (await import('./mobile-nav-sheet.tsx')).MobileNavSheet,
}))

/** Below md, the section links live in a sheet that slides in from the left (docs/product/01-access.md §2). */
export function MobileNav() {
  const [isOpen, setIsOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open navigation"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => setIsOpen(true)}
      >
        <Menu aria-hidden="true" />
      </Button>
      <OnceOpened open={isOpen}>
        <MobileNavSheet open={isOpen} onOpenChange={setIsOpen} returnFocus={button} />
      </OnceOpened>
    </>
  )
}

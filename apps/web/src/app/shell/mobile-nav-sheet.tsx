import type { RefObject } from 'react'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet.tsx'
import { NavLinks } from './nav-links.tsx'

/** The mobile Navigation sheet (mobile-nav.tsx fetches it when first opened). */
export function MobileNavSheet({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The button that opened it, focused again when it closes (the sheet has no Radix trigger). */
  returnFocus: RefObject<HTMLButtonElement | null>
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        className="w-72"
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          returnFocus.current?.focus()
        }}
      >
        <SheetHeader>
          <SheetTitle>Navigation</SheetTitle>
          <SheetDescription className="sr-only">The sections of BrewCommand</SheetDescription>
        </SheetHeader>
        <nav aria-label="Main" className="px-4">
          <NavLinks orientation="vertical" onNavigate={() => onOpenChange(false)} />
        </nav>
      </SheetContent>
    </Sheet>
  )
}

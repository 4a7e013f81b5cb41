import { Menu } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet.tsx'
import { NavLinks } from './nav-links.tsx'

/** Below md, the section links live in a sheet that slides in from the left (docs/product/01-access.md §2). */
export function MobileNav() {
  const [isOpen, setIsOpen] = useState(false)
  return (
    <Sheet open={isOpen} onOpenChange={setIsOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation">
          <Menu aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="w-72">
        <SheetHeader>
          <SheetTitle>Navigation</SheetTitle>
          <SheetDescription className="sr-only">The sections of BrewCommand</SheetDescription>
        </SheetHeader>
        <nav aria-label="Main" className="px-4">
          <NavLinks orientation="vertical" onNavigate={() => setIsOpen(false)} />
        </nav>
      </SheetContent>
    </Sheet>
  )
}

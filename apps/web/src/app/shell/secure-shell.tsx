import { Beer } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { MobileNav } from './mobile-nav.tsx'
import { NavLinks } from './nav-links.tsx'
import type { ShellUser } from './shell-user.ts'
import { UserMenu } from './user-menu.tsx'

/** The secure area's frame: top navigation, the mobile Navigation sheet and the avatar menu. */
export function SecureShell({
  user,
  onSignOut,
  status,
  children,
}: {
  user: ShellUser
  onSignOut: () => void
  /** The save status of queued writes, shown beside the avatar. */
  status?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="flex min-h-svh flex-col bg-background">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-backdrop-filter:bg-background/80">
        <div className="mx-auto flex h-14 w-full max-w-7xl items-center gap-2 px-4 md:gap-6">
          <MobileNav />
          <Link to="/secure" className="flex shrink-0 items-center gap-2 font-semibold">
            <Beer aria-hidden="true" className="size-5 text-primary" />
            BrewCommand
          </Link>
          <nav aria-label="Main" className="hidden md:block">
            <NavLinks />
          </nav>
          <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
            {status}
            <UserMenu user={user} onSignOut={onSignOut} />
          </div>
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none"
      >
        {children}
      </main>
    </div>
  )
}

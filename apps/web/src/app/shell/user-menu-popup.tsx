import { KeyRound, LogOut, Settings, User } from 'lucide-react'
import { use, type ReactElement } from 'react'
import { Link } from 'react-router'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx'
import { RunTimeConfigContext } from '@/lib/run-time-config.ts'
import { getDisplayName, type ShellUser } from './shell-user.ts'

/**
 * The avatar menu: Profile, Settings and Logout (docs/product/01-access.md §2), plus Change password on the built-in
 * identity provider's own page when that provider is in use (decision 111). Fetched on first use (user-menu.tsx).
 */
export function UserMenuPopup({
  user,
  onSignOut,
  trigger,
  defaultOpen,
}: {
  user: ShellUser
  onSignOut: () => void
  trigger: ReactElement
  defaultOpen: boolean
}) {
  const name = getDisplayName(user)
  const oidc = use(RunTimeConfigContext)?.oidc
  const changePasswordUrl = oidc?.builtIn ? `${oidc.issuer.replace(/\/$/, '')}/account/password` : null
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="flex flex-col">
          <span dir="auto" className="truncate">
            {name}
          </span>
          {user.email && name !== user.email ? (
            <span dir="auto" className="truncate text-xs font-normal text-muted-foreground">
              {user.email}
            </span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/secure/profile">
            <User aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        {changePasswordUrl ? (
          <DropdownMenuItem asChild>
            <a href={changePasswordUrl}>
              <KeyRound aria-hidden="true" />
              Change password
            </a>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link to="/secure/settings">
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

import { DeferredPopup } from '@/components/deferred.tsx'
import { getDisplayName, getInitials, type ShellUser } from './shell-user.ts'
import { UserAvatar } from './user-avatar.tsx'

const loadPopup = () => import('./user-menu-popup.tsx')

/** The avatar button; its menu (user-menu-popup.tsx, a Radix dropdown) is fetched on first use. */
export function UserMenu({ user, onSignOut }: { user: ShellUser; onSignOut: () => void }) {
  const name = getDisplayName(user)
  const trigger = (
    <button
      type="button"
      // The name starts with the initials the avatar shows, so a person using voice control can say
      // what they see (WCAG 2.5.3 label in name); the full name follows for screen readers.
      aria-label={`${getInitials(user)}, account menu for ${name}`}
      className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      <UserAvatar user={user} />
    </button>
  )
  return (
    <DeferredPopup
      load={loadPopup}
      haspopup="menu"
      trigger={trigger}
      popup={({ UserMenuPopup }, openOnMount) => (
        <UserMenuPopup user={user} onSignOut={onSignOut} trigger={trigger} defaultOpen={openOnMount} />
      )}
    />
  )
}

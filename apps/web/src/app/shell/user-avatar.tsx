import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar.tsx'
import { getDisplayName, getInitials, type ShellUser } from './shell-user.ts'

/** The user's picture, falling back to their initials while it loads or when there is none. */
export function UserAvatar({ user, className }: { user: ShellUser; className?: string }) {
  return (
    <Avatar className={className}>
      {user.picture ? <AvatarImage src={user.picture} alt={getDisplayName(user)} /> : null}
      <AvatarFallback aria-hidden="true">{getInitials(user)}</AvatarFallback>
    </Avatar>
  )
}

import { sortUsersByGivenName, type User } from '@brewcommand/domain'
import { USERS_TEXTS } from '../messages.ts'

/** Members by given name (case-insensitively), then the pending invitations. */
export function orderTeam(users: readonly User[]): User[] {
  return [
    ...sortUsersByGivenName(users.filter((u) => u.status !== 'Invited')),
    ...users.filter((u) => u.status === 'Invited'),
  ]
}

export function displayName(user: User): string {
  if (user.status === 'Invited') return USERS_TEXTS.invitedName
  return `${user.givenName} ${user.familyName}`.trim() || user.email
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

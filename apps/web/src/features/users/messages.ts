import { USER_MANAGEMENT_MESSAGES, type Role } from '@brewcommand/domain'

/** Settings → Users: every text a person reads there (the spec's own in the domain, docs/product/01-access.md §8). */
export const USERS_TEXTS = {
  ...USER_MANAGEMENT_MESSAGES,
  adminOnly: 'Only an Admin can invite, change or remove members.',
  loading: 'Loading users...',
  empty: 'No users found',
  invitedName: 'Invited User',
  roleChanged: (name: string, role: Role) => `${name} is now ${role}.`,
  withdrawn: (email: string) => `The invitation to ${email} was withdrawn.`,
  removed: (name: string) => `${name} was removed from the brewery.`,
  resent: (email: string, role: Role) => `Invitation sent to ${email} as ${role}.`,
  confirmWithdraw: {
    title: 'Withdraw this invitation?',
    description: (email: string) => `The invitation link sent to ${email} will stop working.`,
    confirm: 'Withdraw',
  },
  confirmRemove: {
    title: 'Remove this user?',
    description: (name: string) =>
      `${name} will lose access to the brewery. Their account stays; you can invite them again.`,
    confirm: 'Remove',
  },
} as const

import { z } from 'zod'
import { RoleSchema } from '../access/roles.ts'
import { envelopeOf } from '../envelope.ts'

// An address a mail transport takes as one recipient: no commas, quotes, angle brackets or spaces, a
// dotted domain (RFC 5322 dot-atom local part).
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/

/** Texts of docs/product/01-access.md §8 "Settings: User Management", word for word. */
export const USER_MANAGEMENT_MESSAGES = {
  loadFailed: 'Failed to load users. Please try again.',
  inviteFailed: 'Failed to send invitation. Please check the email and try again.',
  emptyEmail: 'Please enter an email address.',
  invited: (email: string, role: string) => `Invitation sent to ${email} as ${role}.`,
} as const

/** How long an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7

export const UserStatusSchema = z.enum(['Active', 'Invited'])
export type UserStatus = z.infer<typeof UserStatusSchema>

/**
 * A member of the brewery (docs/product/01-access.md §3 "User"). A pending invitation is listed as a user with status
 * Invited, its invitation's id and no identity yet; `invitation` tells when its link expires.
 */
export const UserSchema = z.object({
  id: z.uuid(),
  givenName: z.string(),
  familyName: z.string(),
  email: z.string(),
  role: RoleSchema,
  status: UserStatusSchema,
  rev: z.number().int().positive(),
  emailVerified: z.boolean(),
  idpIdentifier: z.string().nullable(),
  invitation: z.object({ expiresAt: z.iso.datetime({ offset: true }), isExpired: z.boolean() }).optional(),
})
export type User = z.infer<typeof UserSchema>

/** The invite form and the data of the `entities:user-invite` envelope (docs/product/01-access.md §3). */
export const InviteSchema = z.object({
  email: z
    .string(USER_MANAGEMENT_MESSAGES.emptyEmail)
    .trim()
    .min(1, USER_MANAGEMENT_MESSAGES.emptyEmail)
    .max(254, 'Email address is too long.')
    .regex(EMAIL_PATTERN, 'Invalid email address.'),
  role: z.enum(RoleSchema.options, 'The role must be Admin, Brewer or Manager.'),
})
export type Invite = z.infer<typeof InviteSchema>

export const InviteEnvelopeSchema = envelopeOf('entities:user-invite', InviteSchema)
export type InviteEnvelope = z.infer<typeof InviteEnvelopeSchema>

/** A change of a member's role, checked against the revision the admin saw. */
export const UserChangeSchema = z.object({
  role: z.enum(RoleSchema.options, 'The role must be Admin, Brewer or Manager.'),
  rev: z.number('The revision (rev) is required.').int().positive(),
})
export type UserChange = z.infer<typeof UserChangeSchema>

export const UserChangeEnvelopeSchema = envelopeOf('entities:user', UserChangeSchema)
export type UserChangeEnvelope = z.infer<typeof UserChangeEnvelopeSchema>

/** What the invitation page shows before the person signs in. */
export const InvitationSummarySchema = z.object({
  entityName: z.string(),
  email: z.string(),
  role: RoleSchema,
  status: z.enum(['pending', 'expired', 'accepted', 'revoked']),
  expiresAt: z.iso.datetime({ offset: true }),
})
export type InvitationSummary = z.infer<typeof InvitationSummarySchema>

/** The answer to accepting an invitation: the brewery joined and the role held there. */
export const InvitationAcceptedSchema = z.object({ entityId: z.uuid(), role: RoleSchema })
export type InvitationAccepted = z.infer<typeof InvitationAcceptedSchema>

/** Sorts users by given name, case-insensitively (docs/product/01-access.md §2), then by email. */
export function sortUsersByGivenName<T extends { givenName: string; email: string }>(
  users: readonly T[],
): T[] {
  return [...users].sort(
    (a, b) =>
      a.givenName.localeCompare(b.givenName, undefined, { sensitivity: 'base' }) ||
      a.email.localeCompare(b.email, undefined, { sensitivity: 'base' }),
  )
}

import { createHash, randomBytes } from 'node:crypto'
import {
  INVITATION_TTL_DAYS,
  RoleSchema,
  sortUsersByGivenName,
  type Invite,
  type InvitationAccepted,
  type InvitationSummary,
  type TeamModifiedEvent,
  type User,
  type UserChange,
} from '@brewcommand/domain'
import type { AuthContext } from '../../auth/token-verifier.ts'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import type { InvitationRow } from '../../db/schema/invitations.ts'
import type { UserRow } from '../../db/schema/users.ts'
import { AppError } from '../../errors.ts'
import type { Mailer } from '../../mail/mailer.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { invitationMessage } from './invitation-mail.ts'
import type { TeamRepository } from './team.repository.ts'
import type { UserProfile, UserRepository } from './users.repository.ts'
import { assertMemberQuota } from '../shared/quotas.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** Texts of the team's refusals, shared by the routes' tests. */
export const TEAM_MESSAGES = {
  userNotFound: 'User not found.',
  staleRev: 'This user was changed by someone else. Reload the list and try again.',
  lastAdminDemoted: 'The last Admin cannot be given another role. Make another member Admin first.',
  lastAdminRemoved: 'The last Admin cannot be removed. Make another member Admin first.',
  alreadyMember: (email: string) => `${email} is already a member of this brewery.`,
  alreadyInvited: (email: string) => `${email} has already been invited. Resend the invitation instead.`,
  mailFailed: 'The invitation email could not be sent. Please try again later.',
  breweryMailLimit: (limit: number) =>
    `Your brewery has sent ${limit} invitation emails in the last 24 hours, the most allowed. Please try again tomorrow.`,
  addressMailLimit: (email: string) =>
    `Too many invitation emails have gone to ${email} in the last 24 hours. Please try again tomorrow.`,
  invitationInvalid: 'This invitation link is not valid.',
  invitationUsed: 'This invitation has already been used.',
  invitationRevoked: 'This invitation was withdrawn. Ask your brewery’s admin for a new one.',
  invitationExpired: 'This invitation has expired. Ask your brewery’s admin to send it again.',
  wrongAddress: (email: string) =>
    `This invitation was sent to ${email}. Sign in with the account of that address to accept it.`,
  unverifiedAddress: (email: string) =>
    `Verify your email address ${email} first (open the link in the verification email), then accept the invitation again.`,
  otherBrewery:
    'You already belong to another brewery. An account can belong to one brewery only, so this invitation cannot be accepted with it.',
} as const

/** A link's token: 32 random bytes, base64url; only its SHA-256 is stored. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashInvitationToken(token) }
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function memberToUser(row: UserRow): User {
  return {
    id: row.id,
    givenName: row.givenName,
    familyName: row.familyName,
    email: row.email,
    role: RoleSchema.parse(row.role),
    status: 'Active',
    rev: row.rev,
    emailVerified: row.emailVerified,
    idpIdentifier: row.idpIdentifier,
  }
}

function invitationToUser(row: InvitationRow, now = new Date()): User {
  return {
    id: row.id,
    givenName: '',
    familyName: '',
    email: row.email,
    role: RoleSchema.parse(row.role),
    status: 'Invited',
    rev: row.rev,
    emailVerified: false,
    idpIdentifier: null,
    invitation: { expiresAt: row.expiresAt.toISOString(), isExpired: row.expiresAt <= now },
  }
}

function invitationStatus(row: InvitationRow, now = new Date()): InvitationSummary['status'] {
  if (row.acceptedAt) return 'accepted'
  if (row.revokedAt) return 'revoked'
  return row.expiresAt <= now ? 'expired' : 'pending'
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The caller accepts an invitation only with a verified address equal to the invited one. Verified
 * addresses come from the issuer: the access token's `email`/`email_verified`, the verified ID token
 * sent along, or the stored profile (which the provider marks verified when the person confirms it).
 */
function assertInvitedAddress(
  invited: string,
  auth: AuthContext,
  stored: UserRow | null,
  profile: UserProfile | undefined,
) {
  const claims = [
    { email: auth.email, verified: auth.emailVerified === true },
    { email: profile?.email, verified: profile?.emailVerified === true },
    { email: stored?.email ?? undefined, verified: stored?.emailVerified === true },
  ]
  const matching = claims.filter((c) => c.email !== undefined && sameAddress(c.email, invited))
  if (matching.some((c) => c.verified)) return
  if (matching.length > 0) throw new AppError('FORBIDDEN', TEAM_MESSAGES.unverifiedAddress(invited))
  throw new AppError('FORBIDDEN', TEAM_MESSAGES.wrongAddress(invited))
}

/** Invitation emails allowed in any 24 hours (docs/decisions/120-invitation-mail-limits.md). */
export type InvitationMailLimits = { perBreweryPerDay: number; perAddressPerDay: number }
export const INVITATION_MAIL_LIMITS: InvitationMailLimits = { perBreweryPerDay: 20, perAddressPerDay: 3 }

export interface TeamServiceOptions {
  db: Db
  repoFor: (connection: Db) => TeamRepository
  users: UserRepository
  realtime: Realtime | null
  mailer: Mailer
  /** The site's origin; links point to `${publicUrl}/invitations/{token}`. */
  publicUrl: string
  mailLimits?: InvitationMailLimits
  logError?: (error: unknown, message: string) => void
}

/** The brewery's team: members, invitations and their acceptance (docs/product/01-access.md §2, docs/architecture.md "Roles"). */
export function createTeamService({
  db,
  repoFor,
  users,
  realtime,
  mailer,
  publicUrl,
  mailLimits = INVITATION_MAIL_LIMITS,
  logError = () => undefined,
}: TeamServiceOptions) {
  const repo = repoFor(db)
  const transaction = <T>(run: (tx: TeamRepository) => Promise<T>) =>
    db.transaction((tx) => run(repoFor(tx as unknown as Db)))

  function broadcast(
    entityId: string,
    socketId: string,
    change: TeamModifiedEvent['payload']['change'],
    userId: string,
  ) {
    realtime?.teamModified(entityId, { sourceSocketId: socketId, payload: { change, userId } })
  }

  /** Tenancy before roles: another brewery's path is a 404 (docs/architecture.md "Tenancy"). */
  function own(tenant: Tenant, entityId: string) {
    if (entityId !== tenant.entityId) throw new AppError('NOT_FOUND', 'Brewery not found.')
  }

  async function sendInvitation(tenant: Tenant, row: InvitationRow, token: string) {
    const [entityName, inviter] = await Promise.all([
      repo.findEntityName(row.entityId),
      repo.findMember(tenant.entityId, tenant.userId),
    ])
    await mailer.send(
      invitationMessage({
        to: row.email,
        entityName: entityName ?? 'your brewery',
        role: row.role,
        inviterName: inviter ? `${inviter.givenName} ${inviter.familyName}`.trim() : '',
        link: `${publicUrl.replace(/\/$/, '')}/invitations/${token}`,
        expiresAt: row.expiresAt,
      }),
    )
  }

  const expiry = () => new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS)

  /**
   * Counts one invitation email against the daily limits, or refuses it (429). The mail is recorded
   * first and counted after, so concurrent invitations cannot all slip under the limit; a refused or
   * unsent mail is taken off the count again (`release`).
   */
  async function reserveMail(entityId: string, email: string) {
    const id = await repo.recordInvitationMail(entityId, email)
    const { byEntity, byAddress } = await repo.countInvitationMails(
      entityId,
      email,
      new Date(Date.now() - DAY_MS),
    )
    const refusal =
      byEntity > mailLimits.perBreweryPerDay
        ? TEAM_MESSAGES.breweryMailLimit(mailLimits.perBreweryPerDay)
        : byAddress > mailLimits.perAddressPerDay
          ? TEAM_MESSAGES.addressMailLimit(email)
          : null
    const release = () => repo.deleteInvitationMail(id)
    if (refusal) {
      await release()
      throw new AppError('RATE_LIMITED', refusal)
    }
    return release
  }

  return {
    async list(tenant: Tenant, entityId: string): Promise<User[]> {
      own(tenant, entityId)
      assertCan(tenant, 'read')
      const [members, invited] = await Promise.all([
        repo.listMembers(entityId),
        repo.listPendingInvitations(entityId),
      ])
      const now = new Date()
      return [
        ...sortUsersByGivenName(
          members.filter((m) => RoleSchema.safeParse(m.role).success).map(memberToUser),
        ),
        ...invited.map((row) => invitationToUser(row, now)),
      ]
    },

    async invite(tenant: Tenant, entityId: string, input: Invite, socketId: string): Promise<User> {
      own(tenant, entityId)
      assertCan(tenant, 'manageTeamAndBilling')
      const email = input.email.trim()
      if (await repo.findMemberByEmail(entityId, email)) {
        throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember(email))
      }
      if (await repo.findPendingInvitationByEmail(entityId, email)) {
        throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyInvited(email))
      }
      await assertMemberQuota(db, entityId)
      const release = await reserveMail(entityId, email)
      const { token, tokenHash } = newInvitationToken()
      let row: InvitationRow
      try {
        row = await repo.insertInvitation({
          entityId,
          email,
          role: input.role,
          tokenHash,
          expiresAt: expiry(),
          invitedBy: tenant.userId,
        })
      } catch (error) {
        await release()
        // Two invitations of one address raced: the unique index let one through.
        if (await repo.findPendingInvitationByEmail(entityId, email)) {
          throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyInvited(email))
        }
        throw error
      }
      try {
        await sendInvitation(tenant, row, token)
      } catch (error) {
        // No invitation without its email: the admin sees the failure and can simply try again.
        await repo.deleteInvitation(entityId, row.id)
        await release()
        logError(error, 'team: the invitation email could not be sent')
        throw new AppError('UNAVAILABLE', TEAM_MESSAGES.mailFailed)
      }
      broadcast(entityId, socketId, 'invited', row.id)
      return invitationToUser(row)
    },

    /** A member's new role, or a pending invitation's. */
    async change(tenant: Tenant, entityId: string, userId: string, change: UserChange, socketId: string) {
      own(tenant, entityId)
      assertCan(tenant, 'manageTeamAndBilling')
      const result = await transaction(async (tx) => {
        const member = await tx.findMember(entityId, userId)
        if (member) {
          if (member.rev !== change.rev) throw new AppError('CONFLICT', TEAM_MESSAGES.staleRev)
          if (member.role === 'Admin' && change.role !== 'Admin') {
            const admins = await tx.lockAdmins(entityId)
            if (admins.length <= 1) throw new AppError('CONFLICT', TEAM_MESSAGES.lastAdminDemoted)
          }
          const row = await tx.updateRole(entityId, userId, change.role, change.rev)
          if (!row) throw new AppError('CONFLICT', TEAM_MESSAGES.staleRev)
          return memberToUser(row)
        }
        const invitation = await tx.findPendingInvitation(entityId, userId)
        if (!invitation) throw new AppError('NOT_FOUND', TEAM_MESSAGES.userNotFound)
        if (invitation.rev !== change.rev) throw new AppError('CONFLICT', TEAM_MESSAGES.staleRev)
        const row = await tx.updateInvitationRole(entityId, userId, change.role, change.rev)
        if (!row) throw new AppError('CONFLICT', TEAM_MESSAGES.staleRev)
        return invitationToUser(row)
      })
      broadcast(entityId, socketId, 'updated', userId)
      return result
    },

    /** Removes a member from the brewery (their account stays), or revokes a pending invitation. */
    async remove(tenant: Tenant, entityId: string, userId: string, rev: number, socketId: string) {
      own(tenant, entityId)
      assertCan(tenant, 'manageTeamAndBilling')
      const removed = await transaction(async (tx) => {
        const member = await tx.findMember(entityId, userId)
        if (member) {
          if (member.rev !== rev) throw new AppError('CONFLICT', TEAM_MESSAGES.staleRev)
          if (member.role === 'Admin') {
            const admins = await tx.lockAdmins(entityId)
            if (admins.length <= 1) throw new AppError('CONFLICT', TEAM_MESSAGES.lastAdminRemoved)
          }
          if (!(await tx.removeMember(entityId, userId, rev))) {
            throw new AppError('CONFLICT', TEAM_MESSAGES.staleRev)
          }
          return { kind: 'member' as const, sub: member.idpIdentifier }
        }
        const invitation = await tx.findPendingInvitation(entityId, userId)
        if (!invitation) throw new AppError('NOT_FOUND', TEAM_MESSAGES.userNotFound)
        if (invitation.rev !== rev) throw new AppError('CONFLICT', TEAM_MESSAGES.staleRev)
        if (!(await tx.revokeInvitation(entityId, userId, rev))) {
          throw new AppError('CONFLICT', TEAM_MESSAGES.staleRev)
        }
        return { kind: 'invitation' as const }
      })
      if (removed.kind === 'member') {
        broadcast(entityId, socketId, 'removed', userId)
        // A removed member no longer hears the brewery's changes.
        await realtime?.disconnectMember(entityId, removed.sub).catch(() => undefined)
      } else {
        broadcast(entityId, socketId, 'revoked', userId)
      }
    },

    /** Sends a pending invitation again with a new link and a new 7-day expiry; the old link stops working. */
    async resend(tenant: Tenant, entityId: string, invitationId: string, socketId: string): Promise<User> {
      own(tenant, entityId)
      assertCan(tenant, 'manageTeamAndBilling')
      const before = await repo.findPendingInvitation(entityId, invitationId)
      if (!before) throw new AppError('NOT_FOUND', TEAM_MESSAGES.userNotFound)
      // Refused before the link changes, so the link already sent keeps working.
      const release = await reserveMail(entityId, before.email)
      const { token, tokenHash } = newInvitationToken()
      const row = await repo.renewInvitation(entityId, invitationId, tokenHash, expiry())
      if (!row) {
        await release()
        throw new AppError('NOT_FOUND', TEAM_MESSAGES.userNotFound)
      }
      try {
        await sendInvitation(tenant, row, token)
      } catch (error) {
        await release()
        logError(error, 'team: the invitation email could not be sent')
        throw new AppError('UNAVAILABLE', TEAM_MESSAGES.mailFailed)
      }
      broadcast(entityId, socketId, 'resent', row.id)
      return invitationToUser(row)
    },

    async revoke(tenant: Tenant, entityId: string, invitationId: string, socketId: string): Promise<void> {
      own(tenant, entityId)
      assertCan(tenant, 'manageTeamAndBilling')
      if (!(await repo.revokeInvitation(entityId, invitationId))) {
        throw new AppError('NOT_FOUND', TEAM_MESSAGES.userNotFound)
      }
      broadcast(entityId, socketId, 'revoked', invitationId)
    },

    /** What the invitation page shows (the token is the key; no sign-in needed). */
    async summary(token: string): Promise<InvitationSummary> {
      const row = await repo.findInvitationByTokenHash(hashInvitationToken(token))
      if (!row) throw new AppError('NOT_FOUND', TEAM_MESSAGES.invitationInvalid)
      return {
        entityName: (await repo.findEntityName(row.entityId)) ?? '',
        email: row.email,
        role: RoleSchema.parse(row.role),
        status: invitationStatus(row),
        expiresAt: row.expiresAt.toISOString(),
      }
    },

    /**
     * The signed-in person joins the brewery with the invited role. The link works once; someone who
     * already belongs to another brewery is refused and stays where they are (one brewery per user).
     */
    async accept(
      auth: AuthContext,
      token: string,
      socketId: string,
      profile?: UserProfile,
    ): Promise<InvitationAccepted> {
      // The link first: nothing of the caller is stored for a link that is unknown, closed or not theirs.
      const tokenHash = hashInvitationToken(token)
      const found = await repo.findInvitationByTokenHash(tokenHash)
      if (!found) throw new AppError('NOT_FOUND', TEAM_MESSAGES.invitationInvalid)
      const stored = await users.findByIdpIdentifier(auth.sub)
      const status = invitationStatus(found)
      if (status === 'revoked') throw new AppError('CONFLICT', TEAM_MESSAGES.invitationRevoked)
      if (status === 'expired') throw new AppError('CONFLICT', TEAM_MESSAGES.invitationExpired)
      // Only a verified address equal to the invited one accepts a pending link (anyone holding the
      // link could otherwise join, e.g. with an unverified account registered under the invited
      // address). A spent link is refused, or harmless for the person who spent it, in the transaction.
      if (status === 'pending') assertInvitedAddress(found.email, auth, stored, profile)
      // The account may not have called bootstrap yet: the profile of its verified ID token (if sent)
      // lets the team see the new member's name at once.
      if (profile) {
        // An ID token minted before the address was verified must not undo the verification.
        if (stored?.emailVerified && (profile.email === undefined || profile.email === stored.email)) {
          profile = { ...profile, emailVerified: true }
        }
        await users.upsertProfile(auth.sub, profile)
      } else if (!stored) {
        await users.upsertProfile(auth.sub, { email: auth.email, emailVerified: auth.emailVerified })
      }
      const result = await transaction(async (tx) => {
        const invitation = await tx.lockInvitationByTokenHash(tokenHash)
        if (!invitation) throw new AppError('NOT_FOUND', TEAM_MESSAGES.invitationInvalid)
        const user = (await tx.lockUserBySubject(auth.sub))!
        const role = RoleSchema.parse(invitation.role)
        const status = invitationStatus(invitation)
        if (status === 'accepted') {
          // A second click of the person who accepted it is harmless; anyone else reuses a spent link.
          if (invitation.acceptedBy === user.id && user.entityId === invitation.entityId) {
            return {
              entityId: invitation.entityId,
              role: RoleSchema.parse(user.role),
              joined: false,
              userId: user.id,
            }
          }
          throw new AppError('CONFLICT', TEAM_MESSAGES.invitationUsed)
        }
        if (status === 'revoked') throw new AppError('CONFLICT', TEAM_MESSAGES.invitationRevoked)
        if (status === 'expired') throw new AppError('CONFLICT', TEAM_MESSAGES.invitationExpired)
        if (user.entityId && user.entityId !== invitation.entityId) {
          throw new AppError('CONFLICT', TEAM_MESSAGES.otherBrewery)
        }
        await tx.markInvitationAccepted(invitation.id, user.id)
        if (user.entityId === invitation.entityId) {
          // Already a member: the invitation is spent, the role they hold stays.
          return {
            entityId: invitation.entityId,
            role: RoleSchema.parse(user.role),
            joined: true,
            userId: user.id,
          }
        }
        const joined = await tx.joinEntity(user.id, invitation.entityId, role)
        return {
          entityId: invitation.entityId,
          role: RoleSchema.parse(joined.role),
          joined: true,
          userId: user.id,
        }
      })
      if (result.joined) broadcast(result.entityId, socketId, 'joined', result.userId)
      return { entityId: result.entityId, role: result.role }
    },
  }
}

export type TeamService = ReturnType<typeof createTeamService>

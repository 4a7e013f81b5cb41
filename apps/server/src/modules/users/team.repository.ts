import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Role } from '@brewcommand/domain'
import type { Db } from '../../db/client.ts'
import { entities } from '../../db/schema/entities.ts'
import { invitationMails, invitations, type InvitationRow } from '../../db/schema/invitations.ts'
import { users, type UserRow } from '../../db/schema/users.ts'

const pending = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt))

/**
 * The brewery's team: its members (users rows) and its pending invitations. Every method but the
 * token lookup takes the brewery's id first; the token itself is the key of an invitation's link.
 */
export function createTeamRepository(db: Db) {
  return {
    async findEntityName(entityId: string): Promise<string | null> {
      const [row] = await db.select({ name: entities.name }).from(entities).where(eq(entities.id, entityId))
      return row?.name ?? null
    },

    listMembers(entityId: string): Promise<UserRow[]> {
      return db.select().from(users).where(eq(users.entityId, entityId)).orderBy(asc(users.createdAt))
    },

    async findMember(entityId: string, userId: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.entityId, entityId), eq(users.id, userId)))
      return row ?? null
    },

    async findMemberByEmail(entityId: string, email: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.entityId, entityId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
      return row ?? null
    },

    /** The brewery's Admins, locked until the transaction ends so two demotions cannot race. */
    async lockAdmins(entityId: string): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.entityId, entityId), eq(users.role, 'Admin')))
        .for('update')
      return rows.map((row) => row.id)
    },

    /** Changes the role when `rev` is still current; null when it is not. */
    async updateRole(entityId: string, userId: string, role: Role, rev: number): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ role, rev: sql`${users.rev} + 1`, updatedAt: new Date() })
        .where(and(eq(users.entityId, entityId), eq(users.id, userId), eq(users.rev, rev)))
        .returning()
      return row ?? null
    },

    /** Takes the member out of the brewery (the account stays) when `rev` is still current. */
    async removeMember(entityId: string, userId: string, rev: number): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ entityId: null, role: null, rev: sql`${users.rev} + 1`, updatedAt: new Date() })
        .where(and(eq(users.entityId, entityId), eq(users.id, userId), eq(users.rev, rev)))
        .returning()
      return row ?? null
    },

    listPendingInvitations(entityId: string): Promise<InvitationRow[]> {
      return db
        .select()
        .from(invitations)
        .where(and(eq(invitations.entityId, entityId), pending))
        .orderBy(asc(invitations.createdAt))
    },

    async findPendingInvitation(entityId: string, id: string): Promise<InvitationRow | null> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.entityId, entityId), eq(invitations.id, id), pending))
      return row ?? null
    },

    async findPendingInvitationByEmail(entityId: string, email: string): Promise<InvitationRow | null> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.entityId, entityId), eq(invitations.email, email.toLowerCase()), pending))
      return row ?? null
    },

    async insertInvitation(values: {
      entityId: string
      email: string
      role: Role
      tokenHash: string
      expiresAt: Date
      invitedBy: string
    }): Promise<InvitationRow> {
      const [row] = await db
        .insert(invitations)
        .values({ ...values, email: values.email.toLowerCase() })
        .returning()
      return row
    },

    /** Records an invitation email about to be sent; returns its id. */
    async recordInvitationMail(entityId: string, email: string): Promise<string> {
      const [row] = await db
        .insert(invitationMails)
        .values({ entityId, email: email.toLowerCase() })
        .returning({ id: invitationMails.id })
      return row.id
    },

    async deleteInvitationMail(id: string): Promise<void> {
      await db.delete(invitationMails).where(eq(invitationMails.id, id))
    },

    /** Invitation emails sent since `since`: by this brewery, and to this address by any brewery. */
    async countInvitationMails(entityId: string, email: string, since: Date) {
      const [[byEntity], [byAddress]] = await Promise.all([
        db
          .select({ n: count() })
          .from(invitationMails)
          .where(and(eq(invitationMails.entityId, entityId), gt(invitationMails.sentAt, since))),
        db
          .select({ n: count() })
          .from(invitationMails)
          .where(and(eq(invitationMails.email, email.toLowerCase()), gt(invitationMails.sentAt, since))),
      ])
      return { byEntity: byEntity.n, byAddress: byAddress.n }
    },

    async deleteInvitation(entityId: string, id: string): Promise<void> {
      await db.delete(invitations).where(and(eq(invitations.entityId, entityId), eq(invitations.id, id)))
    },

    async updateInvitationRole(
      entityId: string,
      id: string,
      role: Role,
      rev: number,
    ): Promise<InvitationRow | null> {
      const [row] = await db
        .update(invitations)
        .set({ role, rev: sql`${invitations.rev} + 1`, updatedAt: new Date() })
        .where(
          and(eq(invitations.entityId, entityId), eq(invitations.id, id), eq(invitations.rev, rev), pending),
        )
        .returning()
      return row ?? null
    },

    /** A new token and expiry for a pending invitation (the old link stops working). */
    async renewInvitation(
      entityId: string,
      id: string,
      tokenHash: string,
      expiresAt: Date,
    ): Promise<InvitationRow | null> {
      const [row] = await db
        .update(invitations)
        .set({ tokenHash, expiresAt, rev: sql`${invitations.rev} + 1`, updatedAt: new Date() })
        .where(and(eq(invitations.entityId, entityId), eq(invitations.id, id), pending))
        .returning()
      return row ?? null
    },

    async revokeInvitation(entityId: string, id: string, rev?: number): Promise<InvitationRow | null> {
      const [row] = await db
        .update(invitations)
        .set({ revokedAt: new Date(), rev: sql`${invitations.rev} + 1`, updatedAt: new Date() })
        .where(
          and(
            eq(invitations.entityId, entityId),
            eq(invitations.id, id),
            pending,
            ...(rev === undefined ? [] : [eq(invitations.rev, rev)]),
          ),
        )
        .returning()
      return row ?? null
    },

    /** The invitation behind a link, locked for the accepting transaction. */
    async lockInvitationByTokenHash(tokenHash: string): Promise<InvitationRow | null> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(eq(invitations.tokenHash, tokenHash))
        .for('update')
      return row ?? null
    },

    async findInvitationByTokenHash(tokenHash: string): Promise<InvitationRow | null> {
      const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash))
      return row ?? null
    },

    async markInvitationAccepted(id: string, userId: string): Promise<void> {
      await db
        .update(invitations)
        .set({ acceptedAt: new Date(), acceptedBy: userId, updatedAt: new Date() })
        .where(and(eq(invitations.id, id), pending))
    },

    /** Makes the user a member of the brewery with the role (one brewery per user). */
    async joinEntity(userId: string, entityId: string, role: Role): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ entityId, role, status: 'Active', rev: sql`${users.rev} + 1`, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.entityId)))
        .returning()
      return row
    },

    async lockUserBySubject(idpIdentifier: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.idpIdentifier, idpIdentifier)).for('update')
      return row ?? null
    },
  }
}

export type TeamRepository = ReturnType<typeof createTeamRepository>

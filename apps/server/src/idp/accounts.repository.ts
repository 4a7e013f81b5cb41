import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import {
  accounts,
  emailVerificationTokens,
  oidcPayloads,
  passwordResetTokens,
  type AccountRow,
} from '../db/schema/identity.ts'
import type { Db } from '../db/client.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface NewAccount {
  email: string
  givenName: string
  familyName: string
  passwordHash: string
}

// Accounts of the built-in provider are global (not brewery data), so no method takes a tenant.
export function createAccountRepository(db: Db) {
  return {
    async findById(id: string): Promise<AccountRow | null> {
      if (!UUID.test(id)) return null
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id))
      return row ?? null
    },

    async findByEmail(email: string): Promise<AccountRow | null> {
      const [row] = await db.select().from(accounts).where(eq(accounts.email, email.trim().toLowerCase()))
      return row ?? null
    },

    /** Inserts the account; null when the email is already taken. */
    async insert(account: NewAccount): Promise<AccountRow | null> {
      const [row] = await db
        .insert(accounts)
        .values({ ...account, email: account.email.trim().toLowerCase() })
        .onConflictDoNothing({ target: accounts.email })
        .returning()
      return row ?? null
    },

    async markEmailVerified(id: string): Promise<void> {
      await db.update(accounts).set({ emailVerified: true, updatedAt: new Date() }).where(eq(accounts.id, id))
    },

    async insertVerificationToken(accountId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(emailVerificationTokens).values({ accountId, tokenHash, expiresAt })
    },

    /** Marks a live token used and returns its account id; null when unknown, used or expired. */
    async useVerificationToken(tokenHash: string): Promise<string | null> {
      const [row] = await db
        .update(emailVerificationTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailVerificationTokens.tokenHash, tokenHash),
            isNull(emailVerificationTokens.usedAt),
            gt(emailVerificationTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ accountId: emailVerificationTokens.accountId })
      return row?.accountId ?? null
    },

    async hasLiveVerificationToken(accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ tokenHash: emailVerificationTokens.tokenHash })
        .from(emailVerificationTokens)
        .where(
          and(
            eq(emailVerificationTokens.accountId, accountId),
            isNull(emailVerificationTokens.usedAt),
            gt(emailVerificationTokens.expiresAt, sql`now()`),
          ),
        )
        .limit(1)
      return !!row
    },

    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, id))
    },

    async insertResetToken(accountId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(passwordResetTokens).values({ accountId, tokenHash, expiresAt })
    },

    async findResetToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, tokenHash))
      return row ?? null
    },

    /**
     * Marks a live reset token used, together with every other live one of its account, and returns the
     * account id; null when unknown, used or expired (so two requests with one link cannot both win).
     */
    async useResetToken(tokenHash: string): Promise<string | null> {
      const [row] = await db
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ accountId: passwordResetTokens.accountId })
      if (!row) return null
      await db
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResetTokens.accountId, row.accountId), isNull(passwordResetTokens.usedAt)))
      return row.accountId
    },

    /**
     * Ends the account's provider sessions with their grants, refresh tokens and unused authorization
     * codes, except the session `keep` names and its grants.
     */
    async endSessions(accountId: string, keep?: { sessionId: string; grantIds: string[] }): Promise<void> {
      const ofAccount = sql`${oidcPayloads.payload} ->> 'accountId' = ${accountId}`
      const kept = keep?.grantIds ?? []
      const grants = await db
        .select({ id: oidcPayloads.id })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, 'Grant'), ofAccount))
      const ended = grants.map((grant) => grant.id).filter((id) => !kept.includes(id))
      await db.transaction(async (tx) => {
        if (ended.length) {
          await tx.delete(oidcPayloads).where(inArray(oidcPayloads.grantId, ended))
          await tx
            .delete(oidcPayloads)
            .where(and(eq(oidcPayloads.model, 'Grant'), inArray(oidcPayloads.id, ended)))
        }
        await tx
          .delete(oidcPayloads)
          .where(
            and(
              eq(oidcPayloads.model, 'Session'),
              ofAccount,
              ...(keep ? [sql`${oidcPayloads.id} <> ${keep.sessionId}`] : []),
            ),
          )
      })
    },

    async findVerificationToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(emailVerificationTokens)
        .where(eq(emailVerificationTokens.tokenHash, tokenHash))
      return row ?? null
    },
  }
}

export type AccountRepository = ReturnType<typeof createAccountRepository>

import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { accounts, emailVerificationTokens, type AccountRow } from '../db/schema/identity.ts'
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

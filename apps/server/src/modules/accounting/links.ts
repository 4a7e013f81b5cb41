import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { accountingLinks } from '../../db/schema/accounting.ts'
import type { ExternalRef } from './provider.ts'

// The accounting system's id beside ours (docs/decisions/310-accounting-sync.md): a record is pushed once, and a
// retry updates the record it made (QuickBooks' SyncToken kept for the sparse update).

export function createLinks(db: Db) {
  async function linkOf(
    entityId: string,
    provider: string,
    kind: string,
    localId: string,
  ): Promise<ExternalRef | null> {
    const [row] = await db
      .select()
      .from(accountingLinks)
      .where(
        and(
          eq(accountingLinks.entityId, entityId),
          eq(accountingLinks.provider, provider),
          eq(accountingLinks.kind, kind),
          eq(accountingLinks.localId, localId),
        ),
      )
    return row ? { externalId: row.externalId, syncToken: row.syncToken } : null
  }

  async function saveLink(
    entityId: string,
    provider: string,
    kind: string,
    localId: string,
    ref: ExternalRef,
  ) {
    await db
      .insert(accountingLinks)
      .values({ entityId, provider, kind, localId, externalId: ref.externalId, syncToken: ref.syncToken })
      .onConflictDoUpdate({
        target: [
          accountingLinks.entityId,
          accountingLinks.provider,
          accountingLinks.kind,
          accountingLinks.localId,
        ],
        set: { externalId: ref.externalId, syncToken: ref.syncToken, syncedAt: new Date() },
      })
  }
  return { linkOf, saveLink }
}
export type Links = ReturnType<typeof createLinks>

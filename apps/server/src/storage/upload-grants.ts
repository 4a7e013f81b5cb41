import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { uploadGrants } from '../db/schema/upload-grants.ts'
import { defineJob } from '../jobs/job-queue.ts'
import type { ObjectStorage } from './object-storage.ts'

/** How long an object may stay uploaded but unattached before the sweep removes it. */
export const UNATTACHED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000
/** When the sweep runs: hourly (minute 41, UTC), on whichever instance takes it. */
export const UPLOAD_SWEEP_CRON = '41 * * * *'
/** Grants looked at per run; the rest wait for the next run. */
const SWEEP_BATCH = 500

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void }

/** Where a signed upload URL stands: never issued, issued and not used yet, or already used. */
export type GrantState = 'unknown' | 'open' | 'used'

/** Upload URLs handed out (ADR 131): recorded when issued, used once, swept when never attached. */
export function createUploadGrants(db: Db) {
  return {
    async record(grant: {
      s3Key: string
      entityId: string
      productId: string
      contentType: string
      expiresAt: Date
    }) {
      await db.insert(uploadGrants).values(grant)
    },

    async state(s3Key: string): Promise<GrantState> {
      const [row] = await db
        .select({ uploadedAt: uploadGrants.uploadedAt })
        .from(uploadGrants)
        .where(eq(uploadGrants.s3Key, s3Key))
      if (!row) return 'unknown'
      return row.uploadedAt ? 'used' : 'open'
    },

    /** Marks the grant used; false when another upload already used it (or it was never issued). */
    async consume(s3Key: string): Promise<boolean> {
      const rows = await db
        .update(uploadGrants)
        .set({ uploadedAt: new Date() })
        .where(and(eq(uploadGrants.s3Key, s3Key), isNull(uploadGrants.uploadedAt)))
        .returning({ s3Key: uploadGrants.s3Key })
      return rows.length === 1
    },
  }
}
export type UploadGrants = ReturnType<typeof createUploadGrants>

/**
 * Removes the objects of upload URLs issued before `olderThan` that were never attached to a product
 * (on local disk and in S3 alike; removing a missing object is fine), and forgets those grants. An
 * attached object stays; only its grant goes. Returns what it did.
 */
export async function sweepUnattachedUploads(
  db: Db,
  storage: ObjectStorage,
  olderThan: Date,
): Promise<{ removed: number; attached: number }> {
  const grants = await db
    .select({
      s3Key: uploadGrants.s3Key,
      entityId: uploadGrants.entityId,
      // Spelled out: Drizzle leaves columns unqualified inside a single-table select.
      attached: sql<boolean>`exists (select 1 from product_files f where f.s3_key = upload_grants.s3_key)`,
    })
    .from(uploadGrants)
    .where(lt(uploadGrants.issuedAt, olderThan))
    .orderBy(uploadGrants.issuedAt)
    .limit(SWEEP_BATCH)
  let removed = 0
  for (const grant of grants) {
    // Only ever under the brewery's own prefix (keys are made by the server; this is a last guard).
    if (!grant.attached && grant.s3Key.startsWith(`${grant.entityId}/`)) {
      await storage.delete(grant.s3Key)
      removed++
    }
    await db.delete(uploadGrants).where(eq(uploadGrants.s3Key, grant.s3Key))
  }
  return { removed, attached: grants.length - removed }
}

/** The hourly sweep of unattached uploads, on the job queue (ADR 130, 131). */
export function uploadSweepJob(
  db: Db,
  storage: ObjectStorage,
  {
    graceMs = UNATTACHED_UPLOAD_GRACE_MS,
    now = () => Date.now(),
    logger,
  }: { graceMs?: number; now?: () => number; logger?: Pick<Logger, 'info'> } = {},
) {
  return defineJob('uploads.sweep', async () => {
    const result = await sweepUnattachedUploads(db, storage, new Date(now() - graceMs))
    if (result.removed > 0) logger?.info(result, 'swept unattached uploads')
  })
}

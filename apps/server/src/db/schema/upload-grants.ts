import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { entities } from './entities.ts'

/**
 * Every upload URL handed out (`POST /api/media/upload`), so that the server knows which objects may exist
 * without being attached (swept after a grace period, ADR 131) and so that a local-disk upload URL is used
 * once (`uploadedAt` is set by the first completed PUT).
 */
export const uploadGrants = pgTable(
  'upload_grants',
  {
    s3Key: text('s3_key').primaryKey(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    contentType: text('content_type').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
  },
  (t) => [
    index('upload_grants_entity_id_idx').on(t.entityId),
    index('upload_grants_issued_at_idx').on(t.issuedAt),
  ],
)

import type { ProductFile } from '@brewcommand/domain'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { productFiles } from '../../db/schema/product-files.ts'

export type ProductFileRow = typeof productFiles.$inferSelect
/** Signs a read link for a stored object: `{host}/uploads/{s3Key}?expires=…&signature=…`. */
export type FileUrl = (s3Key: string) => string

/** The files of some of a brewery's products, in the order they were added. */
export async function listProductFiles(
  db: Db,
  entityId: string,
  productIds: string[],
): Promise<ProductFileRow[]> {
  if (productIds.length === 0) return []
  return db
    .select()
    .from(productFiles)
    .where(and(eq(productFiles.entityId, entityId), inArray(productFiles.productId, productIds)))
    .orderBy(asc(productFiles.position), asc(productFiles.createdAt))
}

/** A file as products carry it (docs/product/02-products.md §3 "File"), with a fresh signed link when a signer is given. */
export function toProductFile(
  row: Pick<ProductFileRow, 'id' | 'name' | 'description' | 's3Key' | 'fileType' | 'sizeBytes'>,
  fileUrl?: FileUrl,
): ProductFile {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    s3Key: row.s3Key,
    fileType: row.fileType,
    size: row.sizeBytes,
    ...(fileUrl ? { url: fileUrl(row.s3Key) } : {}),
  }
}

// Every method takes the brewery first.
export function createMediaRepository(db: Db) {
  return {
    async files(entityId: string, productId: string) {
      return listProductFiles(db, entityId, [productId])
    },

    async find(entityId: string, productId: string, id: string) {
      const [row] = await db
        .select()
        .from(productFiles)
        .where(
          and(
            eq(productFiles.entityId, entityId),
            eq(productFiles.productId, productId),
            eq(productFiles.id, id),
          ),
        )
      return row ?? null
    },

    async findByKey(entityId: string, s3Key: string) {
      const [row] = await db
        .select()
        .from(productFiles)
        .where(and(eq(productFiles.entityId, entityId), eq(productFiles.s3Key, s3Key)))
      return row ?? null
    },

    /** True when the id or the object is already attached anywhere (a clash is a 409). */
    async taken(id: string, s3Key: string) {
      const [row] = await db
        .select({ id: productFiles.id })
        .from(productFiles)
        .where(sql`${productFiles.id} = ${id} or ${productFiles.s3Key} = ${s3Key}`)
      return row !== undefined
    },

    async insert(
      entityId: string,
      productId: string,
      file: { id: string; name: string; description: string; s3Key: string; fileType: string; size: number },
    ) {
      const [{ next } = { next: 0 }] = await db
        .select({ next: sql<number>`coalesce(max(${productFiles.position}), -1) + 1` })
        .from(productFiles)
        .where(and(eq(productFiles.entityId, entityId), eq(productFiles.productId, productId)))
      const [row] = await db
        .insert(productFiles)
        .values({
          id: file.id,
          entityId,
          productId,
          name: file.name,
          description: file.description,
          s3Key: file.s3Key,
          fileType: file.fileType,
          sizeBytes: file.size,
          position: Number(next),
        })
        .returning()
      return row
    },

    async update(
      entityId: string,
      productId: string,
      change: { id: string; name: string; description: string },
    ) {
      const [row] = await db
        .update(productFiles)
        .set({ name: change.name, description: change.description, updatedAt: new Date() })
        .where(
          and(
            eq(productFiles.entityId, entityId),
            eq(productFiles.productId, productId),
            eq(productFiles.id, change.id),
          ),
        )
        .returning()
      return row ?? null
    },

    async remove(entityId: string, id: string) {
      const [row] = await db
        .delete(productFiles)
        .where(and(eq(productFiles.entityId, entityId), eq(productFiles.id, id)))
        .returning()
      return row ?? null
    },
  }
}
export type MediaRepository = ReturnType<typeof createMediaRepository>

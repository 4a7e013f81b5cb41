import { randomUUID } from 'node:crypto'
import {
  extensionOf,
  S3_KEY_PATTERN,
  type MediaType,
  type MediaUploadRequest,
  type MediaUploadResponse,
  type ProductFile,
  type ProductFileChange,
} from '@brewcommand/domain'
import { and, eq } from 'drizzle-orm'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { products } from '../../db/schema/products.ts'
import { AppError } from '../../errors.ts'
import { UPLOAD_URL_SECONDS, type MediaStorage } from '../../storage/media-storage.ts'
import { createUploadGrants } from '../../storage/upload-grants.ts'
import { assertFileQuota } from '../shared/quotas.ts'
import { createMediaRepository, toProductFile } from './media.repository.ts'

type NewFile = {
  id: string
  name: string
  description: string
  s3Key: string
  fileType: MediaType
  size: number
}

/**
 * Media of products (docs/product/02-products.md §2, §7): upload locations, attaching, renaming and
 * deleting. Writes take the write runner's transaction and return records or throw AppErrors.
 */
export function createMediaService({ db, media }: { db: Db; media: MediaStorage }) {
  const repo = createMediaRepository(db)
  const grants = createUploadGrants(db)
  const { storage } = media

  async function productExists(connection: Db, entityId: string, productId: string) {
    const [row] = await connection
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.entityId, entityId), eq(products.id, productId)))
    if (!row) throw new AppError('NOT_FOUND', 'Product not found!')
  }

  /** A key of this brewery (and product, when given) in the shape the server makes; anything else is a 404. */
  function ownKey(tenant: Tenant, s3Key: string, productId?: string) {
    const prefix = productId ? `${tenant.entityId}/${productId}/` : `${tenant.entityId}/`
    if (!S3_KEY_PATTERN.test(s3Key) || !s3Key.startsWith(prefix)) {
      throw new AppError('NOT_FOUND', 'File not found.')
    }
  }

  function tooLarge(): never {
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is too large: the limit is ${media.maxBytes} bytes.`)
  }

  return {
    /** A product's files as products carry them (a broadcast sends the whole array). */
    async filesOf(tenant: Tenant, productId: string): Promise<ProductFile[]> {
      return (await repo.files(tenant.entityId, productId)).map((row) => toProductFile(row, media.fileUrl))
    },

    /** `POST /api/media/upload`: a fresh key under the brewery's prefix and a signed upload URL for it. */
    async requestUpload(
      tenant: Tenant,
      request: MediaUploadRequest & { fileSize?: number | undefined },
    ): Promise<MediaUploadResponse> {
      // An entityId in a body must be the caller's, else 404 (docs/architecture.md "Tenancy").
      if (request.entityId !== tenant.entityId) throw new AppError('NOT_FOUND', 'Brewery not found.')
      await productExists(db, tenant.entityId, request.productId)
      assertCan(tenant, 'manageProducts')
      if (request.fileSize !== undefined && request.fileSize > media.maxBytes) tooLarge()
      await assertFileQuota(db, tenant.entityId, request.productId, request.fileSize ?? 0)
      // The file name is a display name only: nothing of it reaches the key.
      const s3Key = `${tenant.entityId}/${request.productId}/${randomUUID()}${extensionOf(request.fileType)}`
      const uploadUrl = await storage.presignUpload(s3Key, request.fileType, {
        expiresInSeconds: UPLOAD_URL_SECONDS,
        ...(request.fileSize === undefined ? {} : { size: request.fileSize }),
      })
      // Recorded so that the URL is used once and the object is swept if never attached (ADR 131).
      const expiresAt = new Date(Date.now() + UPLOAD_URL_SECONDS * 1000)
      await grants.record({
        s3Key,
        entityId: tenant.entityId,
        productId: request.productId,
        contentType: request.fileType,
        expiresAt,
      })
      return { uploadUrl, s3Key }
    },

    /** `POST /api/products/{productId}/files`: attaches an uploaded object of this brewery and product. */
    async attach(connection: Db, tenant: Tenant, productId: string, file: NewFile): Promise<ProductFile> {
      await productExists(connection, tenant.entityId, productId)
      assertCan(tenant, 'manageProducts')
      ownKey(tenant, file.s3Key, productId)
      if (!file.s3Key.endsWith(extensionOf(file.fileType))) {
        throw new AppError('VALIDATION_FAILED', 'The file type differs from the uploaded file’s type.', [
          { path: 'data.fileType', message: 'Must be the type the file was uploaded with' },
        ])
      }
      const stored = await storage.stat(file.s3Key)
      if (!stored) {
        throw new AppError('VALIDATION_FAILED', 'The file has not been uploaded yet.', [
          { path: 'data.s3Key', message: 'Upload the file first' },
        ])
      }
      if (stored.size > media.maxBytes) {
        await storage.delete(file.s3Key)
        tooLarge()
      }
      await assertFileQuota(connection, tenant.entityId, productId, stored.size)
      const tx = createMediaRepository(connection)
      if (await tx.taken(file.id, file.s3Key)) {
        throw new AppError('CONFLICT', `A file with id ${file.id} or this upload is already attached`)
      }
      // The stored size, not the declared one.
      const row = await tx.insert(tenant.entityId, productId, { ...file, size: stored.size })
      return toProductFile(row, media.fileUrl)
    },

    /** `PUT /api/products/{productId}/files/{id}`: a new name and description. */
    async update(
      connection: Db,
      tenant: Tenant,
      productId: string,
      change: ProductFileChange,
    ): Promise<ProductFile> {
      await productExists(connection, tenant.entityId, productId)
      assertCan(tenant, 'manageProducts')
      const row = await createMediaRepository(connection).update(tenant.entityId, productId, change)
      if (!row) throw new AppError('NOT_FOUND', 'File not found.')
      return toProductFile(row, media.fileUrl)
    },

    /** `DELETE /api/products/{productId}/files/{id}`: detaches the file and deletes its object. */
    async remove(connection: Db, tenant: Tenant, productId: string, id: string): Promise<void> {
      await productExists(connection, tenant.entityId, productId)
      assertCan(tenant, 'manageProducts')
      const tx = createMediaRepository(connection)
      const row = await tx.find(tenant.entityId, productId, id)
      if (!row) throw new AppError('NOT_FOUND', 'File not found.')
      await tx.remove(tenant.entityId, id)
      // Inside the transaction: if the store refuses, the file stays attached and the client may retry.
      await storage.delete(row.s3Key)
    },

    /**
     * `POST /api/delete-file`: deletes one of the brewery's objects (an upload cancelled or failed, or a
     * file of the media list); a file attached to a product is detached too. Returns that product's id.
     */
    async deleteObject(connection: Db, tenant: Tenant, s3Key: string): Promise<string | null> {
      ownKey(tenant, s3Key)
      assertCan(tenant, 'manageProducts')
      const tx = createMediaRepository(connection)
      const attached = await tx.findByKey(tenant.entityId, s3Key)
      if (attached) await tx.remove(tenant.entityId, attached.id)
      await storage.delete(s3Key)
      return attached?.productId ?? null
    },

    /**
     * The objects of a product about to be deleted (their rows go with it): read in the deletion's
     * transaction, removed with `deleteObjects` once it is committed.
     */
    async objectsOfProduct(connection: Db, tenant: Tenant, productId: string): Promise<string[]> {
      return (await createMediaRepository(connection).files(tenant.entityId, productId)).map(
        (row) => row.s3Key,
      )
    },

    /** Removes objects from storage; a failure is logged (the rows are gone, nothing points to them). */
    async deleteObjects(keys: string[], log: { error(obj: object, msg: string): void }): Promise<void> {
      for (const key of keys) {
        await storage
          .delete(key)
          .catch((error: unknown) => log.error({ err: error, key }, 'media cleanup failed'))
      }
    },
  }
}
export type MediaService = ReturnType<typeof createMediaService>

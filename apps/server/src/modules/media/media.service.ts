import { randomUUID } from 'node:crypto'
import {
  extensionOf,
  productObjectUri,
  S3_KEY_PATTERN,
  type MediaType,
  type MediaUploadRequest,
  type MediaUploadResponse,
  type ProductFileChange,
} from '@brewcommand/domain'
import { and, eq } from 'drizzle-orm'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import { bumpBreweryVersion } from '../../cache/brewery-version.ts'
import type { Db } from '../../db/client.ts'
import { products } from '../../db/schema/products.ts'
import { AppError } from '../../errors.ts'
import { idempotent, requestHash, storedResponse } from '../../idempotency/idempotency.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { UPLOAD_URL_SECONDS, type MediaStorage } from '../../storage/media-storage.ts'
import { createUploadGrants } from '../../storage/upload-grants.ts'
import { assertFileQuota } from '../shared/quotas.ts'
import type { WriteContext } from '../products/products.service.ts'
import { createMediaRepository, toProductFile, type MediaRepository } from './media.repository.ts'

type NewFile = {
  id: string
  name: string
  description: string
  s3Key: string
  fileType: MediaType
  size: number
}

/** Media of products (spec 02 §2 "Media Assets"): upload locations, attaching, renaming and deleting. */
export function createMediaService({
  db,
  media,
  realtime,
}: {
  db: Db
  media: MediaStorage
  realtime: Realtime | null
}) {
  const repo = createMediaRepository(db)
  const grants = createUploadGrants(db)
  const { storage } = media

  async function productExists(entityId: string, productId: string) {
    const [row] = await db
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

  async function broadcastFiles(tenant: Tenant, productId: string, socketId: string) {
    if (!realtime) return
    const files = (await repo.files(tenant.entityId, productId)).map((row) =>
      toProductFile(row, media.fileUrl),
    )
    realtime.dataModified(tenant.entityId, {
      sourceSocketId: socketId,
      payload: { objectUri: productObjectUri(productId), data: { id: productId, files } },
    })
  }

  /** Runs a write once per idempotency key (DESIGN.md "Writes"), inside a transaction. */
  async function write<T>(
    tenant: Tenant,
    context: WriteContext,
    run: (tx: MediaRepository) => Promise<{ statusCode: number; body: T }>,
  ) {
    const perform = async (tx: Db) => run(createMediaRepository(tx))
    // Last in the transaction, so the brewery row's lock is held only until the commit (ADR 170).
    const bump = (tx: Db) => bumpBreweryVersion(tx, tenant.entityId)
    return context.key
      ? idempotent(
          db,
          {
            scope: `entity:${tenant.entityId}`,
            key: context.key,
            hash: requestHash(context.method, context.path, context.body),
          },
          perform,
          bump,
        )
      : db.transaction(async (tx) => {
          const result = await perform(tx)
          await bump(tx)
          return result
        })
  }

  return {
    /** The stored first response of a replayed file write (checked before anything else), or null. */
    storedResponse: (tenant: Tenant, context: WriteContext) =>
      context.key
        ? storedResponse(db, {
            scope: `entity:${tenant.entityId}`,
            key: context.key,
            hash: requestHash(context.method, context.path, context.body),
          })
        : null,

    /** `POST /api/media/upload`: a fresh key under the brewery's prefix and a signed upload URL for it. */
    async requestUpload(
      tenant: Tenant,
      request: MediaUploadRequest & { fileSize?: number | undefined },
    ): Promise<MediaUploadResponse> {
      // An entityId in a body must be the caller's, else 404 (DESIGN.md "Tenancy").
      if (request.entityId !== tenant.entityId) throw new AppError('NOT_FOUND', 'Brewery not found.')
      await productExists(tenant.entityId, request.productId)
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
    async attach(tenant: Tenant, productId: string, file: NewFile, context: WriteContext) {
      await productExists(tenant.entityId, productId)
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
      await assertFileQuota(db, tenant.entityId, productId, stored.size)
      const response = await write(tenant, context, async (tx) => {
        if (await tx.taken(file.id, file.s3Key)) {
          throw new AppError('CONFLICT', `A file with id ${file.id} or this upload is already attached`)
        }
        // The stored size, not the declared one.
        const row = await tx.insert(tenant.entityId, productId, { ...file, size: stored.size })
        return { statusCode: 201, body: { data: toProductFile(row, media.fileUrl) } }
      })
      await broadcastFiles(tenant, productId, context.socketId)
      return response
    },

    /** `PUT /api/products/{productId}/files/{id}`: a new name and description. */
    async update(tenant: Tenant, productId: string, change: ProductFileChange, context: WriteContext) {
      await productExists(tenant.entityId, productId)
      assertCan(tenant, 'manageProducts')
      const response = await write(tenant, context, async (tx) => {
        const row = await tx.update(tenant.entityId, productId, change)
        if (!row) throw new AppError('NOT_FOUND', 'File not found.')
        return { statusCode: 200, body: { data: toProductFile(row, media.fileUrl) } }
      })
      await broadcastFiles(tenant, productId, context.socketId)
      return response
    },

    /** `DELETE /api/products/{productId}/files/{id}`: detaches the file and deletes its object. */
    async remove(tenant: Tenant, productId: string, id: string, context: WriteContext) {
      await productExists(tenant.entityId, productId)
      assertCan(tenant, 'manageProducts')
      const response = await write(tenant, context, async (tx) => {
        const row = await tx.find(tenant.entityId, productId, id)
        if (!row) throw new AppError('NOT_FOUND', 'File not found.')
        await tx.remove(tenant.entityId, id)
        // Inside the transaction: if the store refuses, the file stays attached and the client may retry.
        await storage.delete(row.s3Key)
        return { statusCode: 204, body: null }
      })
      await broadcastFiles(tenant, productId, context.socketId)
      return response
    },

    /**
     * `POST /api/delete-file`: deletes one of the brewery's objects (an upload cancelled or failed, or a
     * file of the media list); a file attached to a product is detached too.
     */
    async deleteObject(tenant: Tenant, s3Key: string, socketId: string) {
      ownKey(tenant, s3Key)
      assertCan(tenant, 'manageProducts')
      const attached = await repo.findByKey(tenant.entityId, s3Key)
      if (attached) await repo.remove(tenant.entityId, attached.id)
      await storage.delete(s3Key)
      if (attached) await broadcastFiles(tenant, attached.productId, socketId)
    },
  }
}
export type MediaService = ReturnType<typeof createMediaService>

import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import type { TenantResolver } from '../../auth/tenant.ts'
import type { ObjectStorage } from '../../storage/object-storage.ts'
import { createMediaRepository } from './media.repository.ts'
import type { Db } from '../../db/client.ts'

const PRODUCT_ROUTE = '/api/products/:productId'

declare module 'fastify' {
  interface FastifyRequest {
    /** Objects of a product being deleted, removed from storage once the deletion has succeeded. */
    mediaOfDeletedProduct?: string[]
  }
}

/**
 * Deleting a product cascades to its file rows in the database; this removes their objects from storage
 * too, once the DELETE has succeeded (204). The products module stays unaware of storage.
 */
const productMediaCleanup: FastifyPluginAsync<{
  db: Db
  storage: ObjectStorage
  tenantOf: TenantResolver
}> = async (app, { db, storage, tenantOf }) => {
  const repo = createMediaRepository(db)
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'DELETE' || request.routeOptions.url !== PRODUCT_ROUTE || !request.auth) return
    const tenant = await tenantOf(request).catch(() => null)
    const { productId } = request.params as { productId?: string }
    if (!tenant || !productId || !/^[0-9a-f-]{36}$/i.test(productId)) return
    request.mediaOfDeletedProduct = (await repo.files(tenant.entityId, productId)).map((row) => row.s3Key)
  })
  // Before the answer goes out, so a client that saw the 204 never finds the objects still there.
  app.addHook('onSend', async (request, reply, payload) => {
    const keys = request.mediaOfDeletedProduct
    if (!keys?.length || reply.statusCode !== 204) return payload
    request.mediaOfDeletedProduct = undefined
    for (const key of keys) {
      await storage
        .delete(key)
        .catch((error: unknown) => request.log.error({ err: error, key }, 'media cleanup failed'))
    }
    return payload
  })
}

export default fp(productMediaCleanup, { name: 'product-media-cleanup', fastify: '5.x' })

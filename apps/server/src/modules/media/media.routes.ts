import {
  DeleteFileRequestSchema,
  MediaUploadRequestSchema,
  MediaUploadResponseSchema,
  ProductFileChangeEnvelopeSchema,
  ProductFileEnvelopeSchema,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { TenantResolver } from '../../auth/tenant.ts'
import { assertBodyIdIsPathId, WriteHeadersSchema, writeContext } from '../shared/write-route.ts'
import type { MediaService } from './media.service.ts'

const ProductParams = z.object({ productId: z.uuid('The product id must be a UUID') })
const FileParams = ProductParams.extend({ id: z.uuid('The id must be a UUID') })
const UploadRequestSchema = MediaUploadRequestSchema.extend({
  /** Not in the spec's call: lets the server refuse a file over the limit before it is sent. */
  fileSize: z.number().int().min(0).optional(),
})

/**
 * Media calls (spec 02 §7): `POST /api/media/upload`, `POST /api/delete-file` and the files of a
 * product at `/api/products/{productId}/files[/{id}]`. Registered with the prefix `/api`.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService; tenantOf: TenantResolver }> = async (
  app,
  { media, tenantOf },
) => {
  const headers = WriteHeadersSchema

  // A replayed file write (same Idempotency-Key) answers its stored first response before anything
  // else is checked, so it answers the same after the product or file changed or went (idempotency/).
  app.addHook('preHandler', async (request, reply) => {
    if (!['POST', 'PUT', 'DELETE'].includes(request.method) || !request.url.startsWith('/api/products/'))
      return
    const stored = await media.storedResponse(await tenantOf(request), writeContext(request))
    if (stored) return reply.code(stored.statusCode).send(stored.body)
  })

  app.post(
    '/media/upload',
    { schema: { body: UploadRequestSchema, response: { 200: MediaUploadResponseSchema } } },
    // The spec's response is the bare object: {uploadUrl, s3Key}.
    async (request) => media.requestUpload(await tenantOf(request), request.body),
  )

  app.post('/delete-file', { schema: { body: DeleteFileRequestSchema, headers } }, async (request, reply) => {
    await media.deleteObject(await tenantOf(request), request.body.s3Key, writeContext(request).socketId)
    return reply.code(204).send()
  })

  app.post(
    '/products/:productId/files',
    { schema: { params: ProductParams, body: ProductFileEnvelopeSchema, headers } },
    async (request, reply) => {
      const { statusCode, body } = await media.attach(
        await tenantOf(request),
        request.params.productId,
        request.body.data,
        writeContext(request),
      )
      return reply.code(statusCode).send(body)
    },
  )

  app.put(
    '/products/:productId/files/:id',
    { schema: { params: FileParams, body: ProductFileChangeEnvelopeSchema, headers } },
    async (request, reply) => {
      assertBodyIdIsPathId(request.body.data.id, request.params.id, 'file')
      const { statusCode, body } = await media.update(
        await tenantOf(request),
        request.params.productId,
        request.body.data,
        writeContext(request),
      )
      return reply.code(statusCode).send(body)
    },
  )

  app.delete(
    '/products/:productId/files/:id',
    { schema: { params: FileParams, headers } },
    async (request, reply) => {
      await media.remove(
        await tenantOf(request),
        request.params.productId,
        request.params.id,
        writeContext(request),
      )
      return reply.code(204).send()
    },
  )
}

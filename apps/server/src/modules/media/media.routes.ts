import {
  DeleteFileRequestSchema,
  MediaUploadRequestSchema,
  MediaUploadResponseSchema,
  ProductFileChangeEnvelopeSchema,
  ProductFileEnvelopeSchema,
  productObjectUri,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Tenant } from '../../auth/tenant.ts'
import {
  assertBodyIdIsPathId,
  WriteHeadersSchema,
  type Broadcast,
  type WriteRunner,
} from '../../writes/write-runner.ts'
import type { MediaService } from './media.service.ts'

const ProductParams = z.object({ productId: z.uuid('The product id must be a UUID') })
const FileParams = ProductParams.extend({ id: z.uuid('The id must be a UUID') })
const UploadRequestSchema = MediaUploadRequestSchema.extend({
  /** Not in the spec's call: lets the server refuse a file over the limit before it is sent. */
  fileSize: z.number().int().min(0).optional(),
})

/**
 * Media calls (docs/product/02-products.md §2, §7): `POST /api/media/upload`, `POST /api/delete-file` and
 * the files of a product at `/api/products/{productId}/files[/{id}]`. Registered with the prefix `/api`.
 * Every write goes through the write runner and is followed by the product's whole `files` array.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService; runWrite: WriteRunner }> = async (
  app,
  { media, runWrite },
) => {
  const headers = WriteHeadersSchema
  const filesChanged = async (tenant: Tenant, productId: string): Promise<Broadcast> => ({
    objectUri: productObjectUri(productId),
    data: { id: productId, files: await media.filesOf(tenant, productId) },
  })

  app.post(
    '/media/upload',
    { schema: { body: UploadRequestSchema, response: { 200: MediaUploadResponseSchema } } },
    // The spec's response is the bare object: {uploadUrl, s3Key}.
    async (request) => media.requestUpload(request.tenant, request.body),
  )

  app.post('/delete-file', { schema: { body: DeleteFileRequestSchema, headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 204,
      run: (tx) => media.deleteObject(tx, request.tenant, request.body.s3Key),
      broadcast: (productId) => (productId ? filesChanged(request.tenant, productId) : null),
    }),
  )

  app.post(
    '/products/:productId/files',
    { schema: { params: ProductParams, body: ProductFileEnvelopeSchema, headers } },
    (request, reply) => {
      const { productId } = request.params
      return runWrite(request, reply, {
        status: 201,
        run: (tx) => media.attach(tx, request.tenant, productId, request.body.data),
        body: (file) => ({ data: file }),
        broadcast: () => filesChanged(request.tenant, productId),
      })
    },
  )

  app.put(
    '/products/:productId/files/:id',
    { schema: { params: FileParams, body: ProductFileChangeEnvelopeSchema, headers } },
    (request, reply) => {
      const { productId, id } = request.params
      assertBodyIdIsPathId(request.body.data.id, id, 'file')
      return runWrite(request, reply, {
        status: 200,
        run: (tx) => media.update(tx, request.tenant, productId, request.body.data),
        body: (file) => ({ data: file }),
        broadcast: () => filesChanged(request.tenant, productId),
      })
    },
  )

  app.delete(
    '/products/:productId/files/:id',
    { schema: { params: FileParams, headers } },
    (request, reply) => {
      const { productId, id } = request.params
      return runWrite(request, reply, {
        status: 204,
        run: (tx) => media.remove(tx, request.tenant, productId, id),
        broadcast: () => filesChanged(request.tenant, productId),
      })
    },
  )
}

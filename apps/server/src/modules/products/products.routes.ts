import {
  AttributeEnvelopeSchema,
  PackageEnvelopeSchema,
  ProductChangeEnvelopeSchema,
  ProductEnvelopeSchema,
  ProductSchema,
  RecipeEnvelopeSchema,
  TastingNoteEnvelopeSchema,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { TenantResolver } from '../../auth/tenant.ts'
import { sendEncoded, type BreweryReads } from '../../cache/brewery-reads.ts'
import { AppError } from '../../errors.ts'
import { plainJson } from '../../plugins/plain-json.ts'
import type { CollectionName } from './products.repository.ts'
import { assertBodyIdIsPathId, WriteHeadersSchema, writeContext } from '../shared/write-route.ts'
import type { ProductService } from './products.service.ts'

const ProductParams = z.object({ productId: z.uuid('The product id must be a UUID') })
const ItemParams = ProductParams.extend({ id: z.uuid('The id must be a UUID') })
const RecipeParams = ProductParams.extend({ recipeId: z.uuid('The recipe id must be a UUID') })

const COLLECTION_ROUTES = [
  { path: 'packages', collection: 'packages', schema: PackageEnvelopeSchema },
  { path: 'tastingNotes', collection: 'tastingNotes', schema: TastingNoteEnvelopeSchema },
  { path: 'attributes', collection: 'attributes', schema: AttributeEnvelopeSchema },
] as const satisfies { path: string; collection: CollectionName; schema: unknown }[]

/** `/api/products` and its recipes, packages, tasting notes and attributes (spec 02 §7). */
export const productRoutes: FastifyPluginAsyncZod<{
  products: ProductService
  reads: BreweryReads
  tenantOf: TenantResolver
}> = async (app, { products, reads, tenantOf }) => {
  const headers = WriteHeadersSchema

  // A replayed write (same Idempotency-Key) answers its stored first response before anything else
  // is checked, so it answers the same even after its record changed or went (idempotency/).
  app.addHook('preHandler', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return
    const stored = await products.storedResponse(await tenantOf(request), writeContext(request))
    if (stored) return reply.code(stored.statusCode).send(stored.body)
  })

  app.get(
    '/',
    {
      schema: { response: { 200: z.object({ data: z.array(ProductSchema) }) } },
      serializerCompiler: plainJson,
    },
    // Served from the brewery's cached list (ADR 170): its bytes as serialised at the current data
    // version, 304 for an unchanged ETag.
    async (request, reply) => {
      const body = await reads.list((await tenantOf(request)).entityId)
      if (!body) throw new AppError('NOT_FOUND', 'Brewery not found.')
      return sendEncoded(request, reply, body)
    },
  )

  app.get('/:productId', { schema: { params: ProductParams } }, async (request) => ({
    data: await products.get(await tenantOf(request), request.params.productId),
  }))

  app.post('/', { schema: { body: ProductEnvelopeSchema, headers } }, async (request, reply) => {
    const { statusCode, body } = await products.create(
      await tenantOf(request),
      request.body.data,
      writeContext(request),
    )
    return reply.code(statusCode).send(body)
  })

  app.put(
    '/:productId',
    { schema: { params: ProductParams, body: ProductChangeEnvelopeSchema, headers } },
    async (request, reply) => {
      const { statusCode, body } = await products.change(
        await tenantOf(request),
        request.params.productId,
        request.body.data,
        writeContext(request),
      )
      return reply.code(statusCode).send(body)
    },
  )

  app.delete('/:productId', { schema: { params: ProductParams, headers } }, async (request, reply) => {
    await products.remove(await tenantOf(request), request.params.productId, writeContext(request))
    return reply.code(204).send()
  })

  app.post(
    '/:productId/recipes',
    { schema: { params: ProductParams, body: RecipeEnvelopeSchema, headers } },
    async (request, reply) => {
      const { statusCode, body } = await products.saveRecipe(
        await tenantOf(request),
        request.params.productId,
        request.body.data,
        true,
        writeContext(request),
      )
      return reply.code(statusCode).send(body)
    },
  )

  app.put(
    '/:productId/recipes/:recipeId',
    { schema: { params: RecipeParams, body: RecipeEnvelopeSchema, headers } },
    async (request, reply) => {
      assertBodyIdIsPathId(request.body.data.id, request.params.recipeId, 'recipe')
      const { statusCode, body } = await products.saveRecipe(
        await tenantOf(request),
        request.params.productId,
        request.body.data,
        false,
        writeContext(request),
      )
      return reply.code(statusCode).send(body)
    },
  )

  app.delete(
    '/:productId/recipes/:recipeId',
    { schema: { params: RecipeParams, headers } },
    async (request, reply) => {
      await products.deleteRecipe(
        await tenantOf(request),
        request.params.productId,
        request.params.recipeId,
        writeContext(request),
      )
      return reply.code(204).send()
    },
  )

  for (const { path, collection, schema } of COLLECTION_ROUTES) {
    app.post(
      `/:productId/${path}`,
      { schema: { params: ProductParams, body: schema, headers } },
      async (request, reply) => {
        const { statusCode, body } = await products.saveItem(
          await tenantOf(request),
          request.params.productId,
          collection,
          request.body.data,
          true,
          writeContext(request),
        )
        return reply.code(statusCode).send(body)
      },
    )

    app.put(
      `/:productId/${path}/:id`,
      { schema: { params: ItemParams, body: schema, headers } },
      async (request, reply) => {
        assertBodyIdIsPathId(request.body.data.id, request.params.id, 'item')
        const { statusCode, body } = await products.saveItem(
          await tenantOf(request),
          request.params.productId,
          collection,
          request.body.data,
          false,
          writeContext(request),
        )
        return reply.code(statusCode).send(body)
      },
    )

    app.delete(
      `/:productId/${path}/:id`,
      { schema: { params: ItemParams, headers } },
      async (request, reply) => {
        await products.deleteItem(
          await tenantOf(request),
          request.params.productId,
          collection,
          request.params.id,
          writeContext(request),
        )
        return reply.code(204).send()
      },
    )
  }
}

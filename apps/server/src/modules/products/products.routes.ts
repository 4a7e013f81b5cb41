import {
  AttributeEnvelopeSchema,
  productObjectUri,
  PackageEnvelopeSchema,
  ProductChangeEnvelopeSchema,
  ProductEnvelopeSchema,
  ProductSchema,
  RecipeEnvelopeSchema,
  TastingNoteEnvelopeSchema,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Tenant } from '../../auth/tenant.ts'
import { sendEncoded, type BreweryReads } from '../../cache/brewery-reads.ts'
import { wantsIngredientRefs } from '../../cache/catalogue-refs.ts'
import { AppError } from '../../errors.ts'
import { plainJson } from '../../plugins/plain-json.ts'
import {
  assertBodyIdIsPathId,
  WriteHeadersSchema,
  type Broadcast,
  type WriteRunner,
} from '../../writes/write-runner.ts'
import type { MediaService } from '../media/media.service.ts'
import type { CollectionName } from './products.repository.ts'
import type { ProductService } from './products.service.ts'

const ProductParams = z.object({ productId: z.uuid('The product id must be a UUID') })
const ItemParams = ProductParams.extend({ id: z.uuid('The id must be a UUID') })
const RecipeParams = ProductParams.extend({ recipeId: z.uuid('The recipe id must be a UUID') })

const COLLECTION_ROUTES = [
  { path: 'packages', collection: 'packages', schema: PackageEnvelopeSchema },
  { path: 'tastingNotes', collection: 'tastingNotes', schema: TastingNoteEnvelopeSchema },
  { path: 'attributes', collection: 'attributes', schema: AttributeEnvelopeSchema },
] as const satisfies { path: string; collection: CollectionName; schema: unknown }[]

/** What the brewery's room hears about a product: its id and the fields that changed. */
const productChange = (productId: string, data: Record<string, unknown>): Broadcast => ({
  objectUri: productObjectUri(productId),
  data: { id: productId, ...data },
})

/**
 * `/api/products` and its recipes, packages, tasting notes and attributes (docs/product/02-products.md).
 * Every write goes through the write runner; deleting a product removes its media objects too.
 */
export const productRoutes: FastifyPluginAsyncZod<{
  products: ProductService
  media: MediaService
  reads: BreweryReads
  runWrite: WriteRunner
}> = async (app, { products, media, reads, runWrite }) => {
  const headers = WriteHeadersSchema

  app.get(
    '/',
    {
      // The brewery's data version comes with the caller's row, in the same statement (ADR 421).
      config: { dataVersion: true },
      schema: { response: { 200: z.object({ data: z.array(ProductSchema) }) } },
      serializerCompiler: plainJson,
    },
    // Served from the brewery's cached list (ADR 170): its bytes as serialised at the current data
    // version, 304 for an unchanged ETag.
    async (request, reply) => {
      // `Accept: application/json; ingredients=ref` asks for lines by catalogue reference (ADR 172).
      const form = wantsIngredientRefs(request.headers.accept) ? 'refs' : 'full'
      const body = await reads.list(request.tenant.entityId, form, request.tenant.dataVersion)
      if (!body) throw new AppError('NOT_FOUND', 'Brewery not found.')
      return sendEncoded(request, reply, body)
    },
  )

  app.get('/:productId', { schema: { params: ProductParams } }, async (request) => ({
    data: await products.get(request.tenant, request.params.productId),
  }))

  app.post('/', { schema: { body: ProductEnvelopeSchema, headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => products.create(tx, request.tenant, request.body.data),
      body: (product) => ({ data: product }),
      broadcast: (product) => productChange(product.id, product),
    }),
  )

  app.put(
    '/:productId',
    { schema: { params: ProductParams, body: ProductChangeEnvelopeSchema, headers } },
    (request, reply) => {
      const { productId } = request.params
      return runWrite(request, reply, {
        status: 200,
        run: (tx) => products.change(tx, request.tenant, productId, request.body.data),
        body: (product) => ({ data: product }),
        broadcast: () => productChange(productId, { ...request.body.data }),
      })
    },
  )

  app.delete('/:productId', { schema: { params: ProductParams, headers } }, (request, reply) => {
    const { productId } = request.params
    return runWrite(request, reply, {
      status: 204,
      run: async (tx) => {
        // The rows of its files go with the product (cascade); their objects once it is committed.
        const objects = await media.objectsOfProduct(tx, request.tenant, productId)
        await products.remove(tx, request.tenant, productId)
        return objects
      },
      // Before the answer goes out, so a client that saw the 204 never finds the objects still there.
      afterCommit: (objects) => media.deleteObjects(objects, request.log),
      broadcast: () => productChange(productId, { deleted: true }),
    })
  })

  app.post(
    '/:productId/recipes',
    { schema: { params: ProductParams, body: RecipeEnvelopeSchema, headers } },
    (request, reply) => {
      const { productId } = request.params
      return runWrite(request, reply, {
        status: 201,
        run: (tx) => products.saveRecipe(tx, request.tenant, productId, request.body.data, true),
        body: (recipe) => ({ data: recipe }),
        broadcast: async () =>
          productChange(productId, { recipes: await products.recipesOf(request.tenant, productId) }),
      })
    },
  )

  app.put(
    '/:productId/recipes/:recipeId',
    { schema: { params: RecipeParams, body: RecipeEnvelopeSchema, headers } },
    (request, reply) => {
      const { productId, recipeId } = request.params
      assertBodyIdIsPathId(request.body.data.id, recipeId, 'recipe')
      return runWrite(request, reply, {
        status: 200,
        run: (tx) => products.saveRecipe(tx, request.tenant, productId, request.body.data, false),
        body: (recipe) => ({ data: recipe }),
        broadcast: async () =>
          productChange(productId, { recipes: await products.recipesOf(request.tenant, productId) }),
      })
    },
  )

  app.delete(
    '/:productId/recipes/:recipeId',
    { schema: { params: RecipeParams, headers } },
    (request, reply) => {
      const { productId, recipeId } = request.params
      return runWrite(request, reply, {
        status: 204,
        run: (tx) => products.deleteRecipe(tx, request.tenant, productId, recipeId),
        broadcast: async () =>
          productChange(productId, { recipes: await products.recipesOf(request.tenant, productId) }),
      })
    },
  )

  for (const { path, collection, schema } of COLLECTION_ROUTES) {
    const field = products.fieldOf(collection)
    const collectionChanged = (tenant: Tenant, productId: string) => async () =>
      productChange(productId, {
        [field]: await products.collectionOf(tenant, productId, collection),
      })

    app.post(
      `/:productId/${path}`,
      { schema: { params: ProductParams, body: schema, headers } },
      (request, reply) => {
        const { productId } = request.params
        return runWrite(request, reply, {
          status: 201,
          run: (tx) => products.saveItem(tx, request.tenant, productId, collection, request.body.data, true),
          body: (item) => ({ data: item }),
          broadcast: collectionChanged(request.tenant, productId),
        })
      },
    )

    app.put(
      `/:productId/${path}/:id`,
      { schema: { params: ItemParams, body: schema, headers } },
      (request, reply) => {
        const { productId, id } = request.params
        assertBodyIdIsPathId(request.body.data.id, id, 'item')
        return runWrite(request, reply, {
          status: 200,
          run: (tx) => products.saveItem(tx, request.tenant, productId, collection, request.body.data, false),
          body: (item) => ({ data: item }),
          broadcast: collectionChanged(request.tenant, productId),
        })
      },
    )

    app.delete(`/:productId/${path}/:id`, { schema: { params: ItemParams, headers } }, (request, reply) => {
      const { productId, id } = request.params
      return runWrite(request, reply, {
        status: 204,
        run: (tx) => products.deleteItem(tx, request.tenant, productId, collection, id),
        broadcast: collectionChanged(request.tenant, productId),
      })
    })
  }
}

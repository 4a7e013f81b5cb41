import {
  productObjectUri,
  type Attribute,
  type NewProductData,
  type Package,
  type Permission,
  type Product,
  type Recipe,
  type TastingNote,
} from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import { bumpBreweryVersion } from '../../cache/brewery-version.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { idempotent, requestHash, storedResponse } from '../../idempotency/idempotency.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { COLLECTIONS, type CollectionName, type ProductRepository } from './products.repository.ts'
import { createRecipeChecker } from './recipe-checker.ts'
import { assertProductQuota, assertRecipeQuota } from '../shared/quotas.ts'

/** How a write was asked for: its idempotency key, the writer's socket and the request's fingerprint. */
export type WriteContext = {
  key: string | undefined
  socketId: string
  method: string
  path: string
  body: unknown
}
type Item = { packages: Package; tastingNotes: TastingNote; attributes: Attribute }

/** Who may change each sub-collection (DESIGN.md's permission table). */
const COLLECTION_PERMISSION: Record<CollectionName, Permission> = {
  packages: 'manageProducts',
  attributes: 'manageProducts',
  tastingNotes: 'editRecipes',
}

export function createProductService({
  db,
  repoFor,
  realtime,
}: {
  db: Db
  /** The repository on a connection: the pool, or a transaction's. */
  repoFor: (connection: Db) => ProductRepository
  realtime: Realtime | null
}) {
  const repo = repoFor(db)
  const recipeChecker = createRecipeChecker(db)
  const claimOf = (tenant: Tenant, context: WriteContext & { key: string }) => ({
    scope: `entity:${tenant.entityId}`,
    key: context.key,
    hash: requestHash(context.method, context.path, context.body),
  })
  /**
   * Runs a write once per idempotency key, then tells the brewery's room what changed. A replay
   * changed nothing, so it tells no one.
   */
  async function write<T>(
    tenant: Tenant,
    context: WriteContext,
    productId: string,
    run: (tx: ProductRepository) => Promise<{ statusCode: number; body: T }>,
    broadcast: () => Promise<Record<string, unknown>>,
  ) {
    const perform = async (tx: Db) => run(repoFor(tx))
    // Last in the transaction, so the brewery row's lock is held only until the commit (ADR 170).
    const bump = (tx: Db) => bumpBreweryVersion(tx, tenant.entityId)
    const response = context.key
      ? await idempotent(db, claimOf(tenant, { ...context, key: context.key }), perform, bump)
      : {
          ...(await db.transaction(async (tx) => {
            const result = await perform(tx)
            await bump(tx)
            return result
          })),
          replayed: false,
        }
    if (realtime && !response.replayed) {
      const data = await broadcast()
      realtime.dataModified(tenant.entityId, {
        sourceSocketId: context.socketId,
        payload: { objectUri: productObjectUri(productId), data: { id: productId, ...data } },
      })
    }
    return response
  }

  async function existing(tenant: Tenant, productId: string): Promise<Product> {
    const product = await repo.find(tenant.entityId, productId)
    if (!product) throw new AppError('NOT_FOUND', 'Product not found!')
    return product
  }

  /** The 404 check before a write: whether the product is there, without assembling it. */
  async function mustExist(tenant: Tenant, productId: string): Promise<void> {
    if (!(await repo.exists(tenant.entityId, productId)))
      throw new AppError('NOT_FOUND', 'Product not found!')
  }

  async function checkPackagingType(tenant: Tenant, item: Package) {
    const types = await repo.packagingTypeIds(tenant.entityId)
    if (!types.has(item.typeId)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Packaging type ${item.type} is not one of this brewery's packaging types.`,
        [{ path: 'data.typeId', message: "Not one of this brewery's packaging types" }],
      )
    }
  }

  return {
    /** The stored first response of a replayed write (checked before anything else), or null. */
    storedResponse: (tenant: Tenant, context: WriteContext) =>
      context.key ? storedResponse(db, claimOf(tenant, { ...context, key: context.key })) : null,

    get: (tenant: Tenant, productId: string) => existing(tenant, productId),

    async create(tenant: Tenant, sent: NewProductData, context: WriteContext) {
      assertCan(tenant, 'createProductWithRecipe')
      await assertProductQuota(db, tenant.entityId)
      for (const recipe of sent.recipes) {
        if (recipe.productId !== sent.id) {
          throw new AppError('VALIDATION_FAILED', 'The recipe belongs to another product.', [
            { path: 'data.recipes.0.productId', message: 'Must be the new product’s id' },
          ])
        }
      }
      const recipes: Recipe[] = []
      for (const [i, recipe] of sent.recipes.entries())
        recipes.push(await recipeChecker.prepare(recipe, `data.recipes.${i}`))
      const input = { ...sent, recipes }
      return write(
        tenant,
        context,
        input.id,
        async (tx) => {
          if (await tx.idTaken('products', input.id))
            throw new AppError('CONFLICT', `A product with id ${input.id} already exists`)
          for (const recipe of input.recipes) {
            if (await tx.idTaken('recipes', recipe.id))
              throw new AppError('CONFLICT', `A recipe with id ${recipe.id} already exists`)
          }
          await tx.insertProduct(tenant.entityId, input)
          return { statusCode: 201, body: { data: await tx.find(tenant.entityId, input.id) } }
        },
        async () => existing(tenant, input.id),
      )
    },

    async change(
      tenant: Tenant,
      productId: string,
      change: { name: string } | { description: string },
      context: WriteContext,
    ) {
      await mustExist(tenant, productId)
      assertCan(tenant, 'manageProducts')
      return write(
        tenant,
        context,
        productId,
        async (tx) => {
          await tx.updateProduct(tenant.entityId, productId, change)
          return { statusCode: 200, body: { data: await tx.find(tenant.entityId, productId) } }
        },
        async () => ({ ...change }),
      )
    },

    async remove(tenant: Tenant, productId: string, context: WriteContext) {
      await mustExist(tenant, productId)
      assertCan(tenant, 'manageProducts')
      return write(
        tenant,
        context,
        productId,
        async (tx) => {
          await tx.deleteProduct(tenant.entityId, productId)
          return { statusCode: 204, body: null }
        },
        async () => ({ deleted: true }),
      )
    },

    async saveRecipe(tenant: Tenant, productId: string, sent: Recipe, isNew: boolean, context: WriteContext) {
      await mustExist(tenant, productId)
      assertCan(tenant, 'editRecipes')
      if (sent.productId !== productId) {
        throw new AppError('VALIDATION_FAILED', 'The recipe belongs to another product.', [
          { path: 'data.productId', message: 'Must be the product in the path' },
        ])
      }
      if (isNew) await assertRecipeQuota(db, tenant.entityId, productId)
      // Stored with the figures calculated here, never the browser's (ADR 020).
      const recipe = await recipeChecker.prepare(sent)
      return write(
        tenant,
        context,
        productId,
        async (tx) => {
          if (isNew) {
            if (await tx.idTaken('recipes', recipe.id))
              throw new AppError('CONFLICT', `A recipe with id ${recipe.id} already exists`)
            await tx.insertRecipe(tenant.entityId, recipe)
          } else if (!(await tx.updateRecipe(tenant.entityId, recipe))) {
            throw new AppError('NOT_FOUND', 'Recipe not found')
          }
          return { statusCode: isNew ? 201 : 200, body: { data: recipe } }
        },
        async () => ({ recipes: await repo.recipesOf(tenant.entityId, productId) }),
      )
    },

    async deleteRecipe(tenant: Tenant, productId: string, recipeId: string, context: WriteContext) {
      await mustExist(tenant, productId)
      assertCan(tenant, 'editRecipes')
      return write(
        tenant,
        context,
        productId,
        async (tx) => {
          if (!(await tx.deleteRecipe(tenant.entityId, productId, recipeId)))
            throw new AppError('NOT_FOUND', 'Recipe not found')
          return { statusCode: 204, body: null }
        },
        async () => ({ recipes: await repo.recipesOf(tenant.entityId, productId) }),
      )
    },

    async saveItem<C extends CollectionName>(
      tenant: Tenant,
      productId: string,
      collection: C,
      item: Item[C],
      isNew: boolean,
      context: WriteContext,
    ) {
      await mustExist(tenant, productId)
      assertCan(tenant, COLLECTION_PERMISSION[collection])
      if (collection === 'packages') await checkPackagingType(tenant, item as Package)
      const field = COLLECTIONS[collection].field
      return write(
        tenant,
        context,
        productId,
        async (tx) => {
          if (isNew) {
            if (await tx.idTaken(collection, item.id))
              throw new AppError('CONFLICT', `An item with id ${item.id} already exists`)
            await tx.insertItem(tenant.entityId, productId, collection, item)
          } else if (!(await tx.updateItem(tenant.entityId, productId, collection, item))) {
            throw new AppError('NOT_FOUND', 'Not found')
          }
          return { statusCode: isNew ? 201 : 200, body: { data: item } }
        },
        async () => ({ [field]: await repo.collectionOf(tenant.entityId, productId, collection) }),
      )
    },

    async deleteItem(
      tenant: Tenant,
      productId: string,
      collection: CollectionName,
      id: string,
      context: WriteContext,
    ) {
      await mustExist(tenant, productId)
      assertCan(tenant, COLLECTION_PERMISSION[collection])
      const field = COLLECTIONS[collection].field
      return write(
        tenant,
        context,
        productId,
        async (tx) => {
          if (!(await tx.deleteItem(tenant.entityId, productId, collection, id)))
            throw new AppError('NOT_FOUND', 'Not found')
          return { statusCode: 204, body: null }
        },
        async () => ({ [field]: await repo.collectionOf(tenant.entityId, productId, collection) }),
      )
    },
  }
}
export type ProductService = ReturnType<typeof createProductService>

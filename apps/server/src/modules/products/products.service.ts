import {
  can,
  type Attribute,
  type NewProductData,
  type Package,
  type Permission,
  PRODUCT_COLLECTIONS,
  type Product,
  type Recipe,
  type TastingNote,
} from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { COLLECTIONS, type CollectionName, type ProductRepository } from './products.repository.ts'
import { createRecipeChecker } from './recipe-checker.ts'
import { assertProductQuota, assertRecipeQuota } from '../shared/quotas.ts'

type Item = { packages: Package; tastingNotes: TastingNote; attributes: Attribute }

const productNotFound = () => new AppError('NOT_FOUND', 'Product not found!')

/**
 * Products, their recipes and sub-collections (docs/product/02-products.md). Each write takes the write
 * runner's transaction and plain inputs, and returns the record or throws an AppError; the routes
 * choose status codes and broadcasts (writes/write-runner.ts).
 */
export function createProductService({
  db,
  repoFor,
}: {
  db: Db
  /** The repository on a connection: the pool, or a transaction's. */
  repoFor: (connection: Db) => ProductRepository
}) {
  const repo = repoFor(db)
  const recipeChecker = createRecipeChecker()

  /** The 404 check before a write: whether the product is there, without assembling it. */
  async function mustExist(tx: ProductRepository, tenant: Tenant, productId: string): Promise<void> {
    if (!(await tx.exists(tenant.entityId, productId))) throw productNotFound()
  }

  /**
   * Refuses a role that may not, after the tenancy check: a product the brewery does not have is a 404
   * whatever the role. A permitted write costs no query here (its own statement finds the product).
   */
  async function mayChange(tx: ProductRepository, tenant: Tenant, productId: string, permission: Permission) {
    if (can(tenant.role, permission)) return
    await mustExist(tx, tenant, productId)
    assertCan(tenant, permission)
  }

  async function checkPackagingType(tx: ProductRepository, tenant: Tenant, productId: string, item: Package) {
    const types = await tx.packagingTypeIds(tenant.entityId)
    if (!types.has(item.typeId)) {
      await mustExist(tx, tenant, productId)
      throw new AppError(
        'VALIDATION_FAILED',
        `Packaging type ${item.type} is not one of this brewery's packaging types.`,
        [{ path: 'data.typeId', message: "Not one of this brewery's packaging types" }],
      )
    }
  }

  return {
    list: (tenant: Tenant) => repo.list(tenant.entityId),

    async get(tenant: Tenant, productId: string): Promise<Product> {
      const product = await repo.find(tenant.entityId, productId)
      if (!product) throw productNotFound()
      return product
    },

    /** A product's recipes, as a broadcast carries them (the whole array). */
    recipesOf: (tenant: Tenant, productId: string) => repo.recipesOf(tenant.entityId, productId),

    /** One sub-collection of a product, as a broadcast carries it (the whole array). */
    collectionOf: <C extends CollectionName>(tenant: Tenant, productId: string, collection: C) =>
      repo.collectionOf(tenant.entityId, productId, collection),

    /** A new product with its first recipes; ids in use anywhere are a 409. */
    async create(connection: Db, tenant: Tenant, sent: NewProductData): Promise<Product> {
      assertCan(tenant, 'createProductWithRecipe')
      await assertProductQuota(connection, tenant.entityId)
      for (const recipe of sent.recipes) {
        if (recipe.productId !== sent.id) {
          throw new AppError('VALIDATION_FAILED', 'The recipe belongs to another product.', [
            { path: 'data.recipes.0.productId', message: 'Must be the new product’s id' },
          ])
        }
      }
      const recipes: Recipe[] = []
      for (const [i, recipe] of sent.recipes.entries())
        recipes.push(await recipeChecker.prepare(connection, recipe, `data.recipes.${i}`))
      const input = { ...sent, recipes }
      const tx = repoFor(connection)
      if (await tx.idTaken('products', input.id))
        throw new AppError('CONFLICT', `A product with id ${input.id} already exists`)
      for (const recipe of input.recipes) {
        if (await tx.idTaken('recipes', recipe.id))
          throw new AppError('CONFLICT', `A recipe with id ${recipe.id} already exists`)
      }
      await tx.insertProduct(tenant.entityId, input)
      return (await tx.find(tenant.entityId, input.id))!
    },

    /** A new name or description; the product as it now is. */
    async change(
      connection: Db,
      tenant: Tenant,
      productId: string,
      change: { name: string } | { description: string },
    ): Promise<Product> {
      const tx = repoFor(connection)
      await mayChange(tx, tenant, productId, 'manageProducts')
      const product = await tx.changeProduct(tenant.entityId, productId, change)
      if (!product) throw productNotFound()
      return product
    },

    /** Deletes the product with everything it holds (its files' rows too; their objects are the caller's). */
    async remove(connection: Db, tenant: Tenant, productId: string): Promise<void> {
      const tx = repoFor(connection)
      await mustExist(tx, tenant, productId)
      assertCan(tenant, 'manageProducts')
      await tx.deleteProduct(tenant.entityId, productId)
    },

    async saveRecipe(
      connection: Db,
      tenant: Tenant,
      productId: string,
      sent: Recipe,
      isNew: boolean,
    ): Promise<Recipe> {
      const tx = repoFor(connection)
      await mustExist(tx, tenant, productId)
      assertCan(tenant, 'editRecipes')
      if (sent.productId !== productId) {
        throw new AppError('VALIDATION_FAILED', 'The recipe belongs to another product.', [
          { path: 'data.productId', message: 'Must be the product in the path' },
        ])
      }
      if (isNew) await assertRecipeQuota(connection, tenant.entityId, productId)
      // Stored with the figures calculated here, never the browser's (ADR 020).
      const recipe = await recipeChecker.prepare(connection, sent)
      if (isNew) {
        if (await tx.idTaken('recipes', recipe.id))
          throw new AppError('CONFLICT', `A recipe with id ${recipe.id} already exists`)
        await tx.insertRecipe(tenant.entityId, recipe)
      } else if (!(await tx.updateRecipe(tenant.entityId, recipe))) {
        throw new AppError('NOT_FOUND', 'Recipe not found')
      }
      return recipe
    },

    async deleteRecipe(connection: Db, tenant: Tenant, productId: string, recipeId: string): Promise<void> {
      const tx = repoFor(connection)
      await mustExist(tx, tenant, productId)
      assertCan(tenant, 'editRecipes')
      if (!(await tx.deleteRecipe(tenant.entityId, productId, recipeId)))
        throw new AppError('NOT_FOUND', 'Recipe not found')
    },

    /** Adds (`isNew`) or replaces an item of a sub-collection; the item as stored. */
    async saveItem<C extends CollectionName>(
      connection: Db,
      tenant: Tenant,
      productId: string,
      collection: C,
      item: Item[C],
      isNew: boolean,
    ): Promise<Item[C]> {
      const tx = repoFor(connection)
      if (isNew) {
        // The hot path of a queued write: the insert itself finds the product.
        await mayChange(tx, tenant, productId, PRODUCT_COLLECTIONS[collection].permission)
        if (collection === 'packages') await checkPackagingType(tx, tenant, productId, item as Package)
        if (!(await tx.insertItem(tenant.entityId, productId, collection, item))) {
          await mustExist(tx, tenant, productId)
          throw new AppError('CONFLICT', `An item with id ${item.id} already exists`)
        }
        return item
      }
      await mustExist(tx, tenant, productId)
      assertCan(tenant, PRODUCT_COLLECTIONS[collection].permission)
      if (collection === 'packages') await checkPackagingType(tx, tenant, productId, item as Package)
      if (!(await tx.updateItem(tenant.entityId, productId, collection, item)))
        throw new AppError('NOT_FOUND', 'Not found')
      return item
    },

    async deleteItem(
      connection: Db,
      tenant: Tenant,
      productId: string,
      collection: CollectionName,
      id: string,
    ): Promise<void> {
      const tx = repoFor(connection)
      await mustExist(tx, tenant, productId)
      assertCan(tenant, PRODUCT_COLLECTIONS[collection].permission)
      if (!(await tx.deleteItem(tenant.entityId, productId, collection, id)))
        throw new AppError('NOT_FOUND', 'Not found')
    },

    /** The field a sub-collection has on a product (and in a broadcast). */
    fieldOf: (collection: CollectionName) => COLLECTIONS[collection].field,
  }
}
export type ProductService = ReturnType<typeof createProductService>

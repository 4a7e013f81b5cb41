import { makeEnvelope, productObjectUri, type Product, type Recipe } from '@brewcommand/domain'
import { useAppState } from '@/features/app-state/app-state.tsx'
import type { BootstrapEntity } from '@/features/app-state/get-bootstrap.ts'
import { useQueue } from '@/lib/queue/queue-provider.tsx'
import type { QueuedRequest } from '@/lib/queue/request-queue.ts'

type Change = (entity: BootstrapEntity) => BootstrapEntity

/** Texts of docs/product/02-products.md §8. */
export const RECIPE_SAVE_ERRORS = {
  noEntity: 'Cannot save recipe - no bootstrap config context with valid entity ID',
  noProduct: 'Cannot save recipe - no product is defined',
} as const

const withRecipe = (product: Product, recipe: Recipe): Product => ({
  ...product,
  recipes: product.recipes.some((r) => r.id === recipe.id)
    ? product.recipes.map((r) => (r.id === recipe.id ? recipe : r))
    : [...product.recipes, recipe],
})

/**
 * Recipe writes (docs/product/02-products.md §4 "Saving"): applied to local state at once, then queued with a recipe (or,
 * at onboarding, product) envelope; the screen navigates without waiting for the server.
 */
export function useRecipeWrites() {
  const { enqueue } = useQueue()
  const { applyLocal, currentEntity } = useAppState()

  const write = (change: Change, request: Pick<QueuedRequest, 'method' | 'uri' | 'data'>) => {
    applyLocal(change)
    enqueue({ ...request, reapply: change })
  }

  return {
    /** POST (new) or PUT (existing) /api/products/{productId}/recipes[/{recipeId}] with the full recipe. */
    saveRecipe(recipe: Recipe, isNew: boolean) {
      if (!currentEntity?.entityId) throw new Error(RECIPE_SAVE_ERRORS.noEntity)
      const productId = recipe.productId
      if (!productId || !currentEntity.products.some((p) => p.id === productId))
        throw new Error(RECIPE_SAVE_ERRORS.noProduct)
      write(
        (entity) => ({
          ...entity,
          products: entity.products.map((p) => (p.id === productId ? withRecipe(p, recipe) : p)),
        }),
        {
          method: isNew ? 'POST' : 'PUT',
          uri: `/api/products/${productId}/recipes${isNew ? '' : `/${recipe.id}`}`,
          data: makeEnvelope('recipe', recipe, {
            objectUri: productObjectUri(productId, 'recipes', recipe.id),
          }),
        },
      )
    },

    /** Onboarding and import: POST /api/products with the new product and its first recipe. */
    createProductWithRecipe(name: string, recipe: Recipe, description = '') {
      if (!currentEntity?.entityId) throw new Error(RECIPE_SAVE_ERRORS.noEntity)
      const product: Product = {
        id: recipe.productId,
        entityId: currentEntity.entityId,
        name,
        description,
        recipes: [recipe],
        files: [],
        packagingTypes: [],
        tastingNotes: [],
        attributes: [],
      }
      write(
        (entity) => ({
          ...entity,
          products: entity.products.some((p) => p.id === product.id)
            ? entity.products
            : [...entity.products, product],
        }),
        {
          method: 'POST',
          uri: '/api/products',
          data: makeEnvelope(
            'product',
            { id: product.id, name, description, recipes: [recipe] },
            { objectUri: productObjectUri(product.id) },
          ),
        },
      )
    },
  }
}

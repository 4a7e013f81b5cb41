import type { Recipe } from '@brewcommand/domain'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useWrite } from './use-write.ts'

/** Texts of docs/product/02-products.md §8. */
export const RECIPE_SAVE_ERRORS = {
  noEntity: 'Cannot save recipe - no bootstrap config context with valid entity ID',
  noProduct: 'Cannot save recipe - no product is defined',
} as const

/**
 * Recipe writes (docs/product/02-products.md §4 "Saving"), shared by the recipe screen and recipe import: applied to local
 * state at once, then queued with a recipe (or, at onboarding, product) envelope; the screen navigates
 * without waiting for the server.
 */
export function useRecipeWrites() {
  const write = useWrite()
  const { currentEntity } = useAppState()

  return {
    /** POST (new) or PUT (existing) /api/products/{productId}/recipes[/{recipeId}] with the full recipe. */
    saveRecipe(recipe: Recipe, isNew: boolean) {
      if (!currentEntity?.entityId) throw new Error(RECIPE_SAVE_ERRORS.noEntity)
      const productId = recipe.productId
      if (!productId || !currentEntity.products.some((p) => p.id === productId))
        throw new Error(RECIPE_SAVE_ERRORS.noProduct)
      write({ kind: isNew ? 'item:add' : 'item:change', productId, collection: 'recipes', item: recipe })
    },

    /** DELETE /api/products/{productId}/recipes/{recipeId}. */
    deleteRecipe(productId: string, recipeId: string) {
      write({ kind: 'item:delete', productId, collection: 'recipes', itemId: recipeId })
    },

    /** Onboarding and import: POST /api/products with the new product and its first recipe. */
    createProductWithRecipe(name: string, recipe: Recipe, description = '') {
      if (!currentEntity?.entityId) throw new Error(RECIPE_SAVE_ERRORS.noEntity)
      write({
        kind: 'product:create',
        product: { id: recipe.productId, name, description, recipes: [recipe] },
      })
    },
  }
}

import { makeEnvelope, productObjectUri, type Product, type Recipe } from '@brewcommand/domain'
import { useAppState } from '@/features/app-state/app-state.tsx'
import type { BootstrapEntity } from '@/features/app-state/get-bootstrap.ts'
import { useQueue } from '@/lib/queue/queue-provider.tsx'
import type { QueuedRequest } from '@/lib/queue/request-queue.ts'

type Change = (entity: BootstrapEntity) => BootstrapEntity

/**
 * The writes an import makes, through the same routes and request queue as the rest of the screen:
 * POST /api/products with the product and its recipe, or POST /api/products/{id}/recipes. Each is
 * applied locally at once and re-applied on top of remote changes until it is sent.
 */
export function useImportWrites() {
  const { enqueue } = useQueue()
  const { applyLocal, currentEntity } = useAppState()

  const write = (change: Change, request: Pick<QueuedRequest, 'method' | 'uri' | 'data'>) => {
    applyLocal(change)
    enqueue({ ...request, reapply: change })
  }

  return {
    /** A new product holding the recipe (recipe.productId is the new product's id). */
    createProductWithRecipe(name: string, description: string, recipe: Recipe) {
      if (!currentEntity) throw new Error('No brewery is loaded yet')
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

    /** A new recipe on an existing product. */
    addRecipe(recipe: Recipe) {
      const productId = recipe.productId
      write(
        (entity) => ({
          ...entity,
          products: entity.products.map((p) =>
            p.id === productId && !p.recipes.some((r) => r.id === recipe.id)
              ? { ...p, recipes: [...p.recipes, recipe] }
              : p,
          ),
        }),
        {
          method: 'POST',
          uri: `/api/products/${productId}/recipes`,
          data: makeEnvelope('recipe', recipe, {
            objectUri: productObjectUri(productId, 'recipes', recipe.id),
          }),
        },
      )
    },
  }
}

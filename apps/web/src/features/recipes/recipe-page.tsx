import { useParams, useSearchParams } from 'react-router'
import { RecipeScreen, type RecipeActions } from './components/recipe-editor.tsx'

/**
 * The recipe routes (docs/product/02-products.md §2): viewMode=true is read-only, returnTo=view comes back to the view.
 * `actions` are what the page composes beside a saved recipe (its export buttons).
 */
export function RecipePage({ actions }: { actions?: RecipeActions }) {
  const { productId, recipeId } = useParams()
  const [search] = useSearchParams()
  const route = {
    productId,
    recipeId,
    isViewMode: search.get('viewMode') === 'true',
    returnsToView: search.get('returnTo') === 'view',
  }
  return <RecipeScreen key={`${productId}/${recipeId}/${route.isViewMode}`} route={route} actions={actions} />
}

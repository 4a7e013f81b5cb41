// Where the recipe screen's buttons lead (docs/product/02-products.md §2 "Recipe editor and viewer").

/** The screen's mode from its route: view, edit, new recipe on a product, or onboarding (no ids). */
export type RecipeMode = 'view' | 'edit' | 'new' | 'onboarding'

export type RecipeRoute = {
  productId?: string
  recipeId?: string
  /** viewMode=true */
  isViewMode: boolean
  /** returnTo=view */
  returnsToView: boolean
}

export function recipeMode({ productId, recipeId, isViewMode }: RecipeRoute): RecipeMode {
  if (!productId) return 'onboarding'
  if (!recipeId) return 'new'
  return isViewMode ? 'view' : 'edit'
}

export const PRODUCTS_PATH = '/secure/products'
export const productPath = (productId: string) => `${PRODUCTS_PATH}/${productId}`
/** The read-only recipe. */
export const recipeViewPath = (productId: string, recipeId: string) =>
  `${productPath(productId)}/recipes/${recipeId}?viewMode=true`
/** The editor; from the view it carries returnTo=view so saving or cancelling goes back there. */
export const recipeEditPath = (productId: string, recipeId: string, fromView = false) =>
  `${productPath(productId)}/recipes/${recipeId}${fromView ? '?returnTo=view' : ''}`
/** A new recipe on a product. */
export const newRecipePath = (productId: string) => `${productPath(productId)}/recipes`

/** Cancel: the recipe view if returnTo is view, else the product page, else the products list. */
export function cancelTarget({ productId, recipeId, returnsToView }: RecipeRoute): string {
  if (returnsToView && productId && recipeId) return recipeViewPath(productId, recipeId)
  if (productId) return productPath(productId)
  return PRODUCTS_PATH
}

/**
 * After saving: a new recipe or product goes to its product page; an edit goes to the view if returnTo
 * is view, else to the product page. `productId` is the saved recipe's product (new at onboarding).
 */
export function saveTarget(route: RecipeRoute, productId: string, recipeId: string): string {
  const mode = recipeMode(route)
  if (mode === 'edit' && route.returnsToView) return recipeViewPath(productId, recipeId)
  return productPath(productId)
}

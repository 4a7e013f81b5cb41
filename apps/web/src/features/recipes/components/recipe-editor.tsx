import { can, isSpecialtyStyle, newRecipe, type Product, type Recipe } from '@brewcommand/domain'
import { Pencil } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { Breadcrumbs } from '@/components/breadcrumbs.tsx'
import { Button } from '@/components/ui/button.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import {
  cancelTarget,
  PRODUCTS_PATH,
  productPath,
  recipeEditPath,
  recipeMode,
  type RecipeRoute,
} from '../lib/navigation.ts'
import { PRODUCT_NOT_FOUND, RECIPE_NOT_FOUND } from '../messages.ts'
import { RecipeIngredientSections } from './recipe-ingredient-sections.tsx'
import { batchText, RecipeSummarySection } from './recipe-summary-section.tsx'
import { CalculatedStats } from './style-guide.tsx'
import { TooltipProvider } from './tooltip.tsx'
import { useRecipeDraft, type RecipeDraft } from './use-recipe-draft.ts'

export { NO_CATALOG, PRODUCT_NOT_FOUND, RECIPE_NOT_FOUND, YEAST_PICKER } from '../messages.ts'

/** What the page adds beside a saved recipe's heading (the recipe's export buttons, from interchange). */
export type RecipeActions = (product: Product, recipe: Recipe) => ReactNode

function Problem({ children, route }: { children: ReactNode; route: RecipeRoute }) {
  return (
    <div className="grid gap-4">
      <p role="alert" className="text-lg font-semibold">
        {children}
      </p>
      <Link
        to={route.productId && children !== PRODUCT_NOT_FOUND ? productPath(route.productId) : PRODUCTS_PATH}
        className="w-fit text-primary underline"
      >
        {route.productId && children !== PRODUCT_NOT_FOUND ? 'Back to the product' : 'Back to Products'}
      </Link>
    </div>
  )
}

/** /secure/products/…/recipes/… and the onboarding routes: finds the product and recipe, then the editor. */
export function RecipeScreen({ route, actions }: { route: RecipeRoute; actions?: RecipeActions }) {
  const { currentEntity } = useAppState()
  const [newProductId] = useState(() => crypto.randomUUID())
  const mode = recipeMode(route)
  const product = route.productId ? currentEntity?.products.find((p) => p.id === route.productId) : undefined
  if (route.productId && !product) return <Problem route={route}>{PRODUCT_NOT_FOUND}</Problem>
  const recipe = route.recipeId ? product?.recipes.find((r) => r.id === route.recipeId) : undefined
  if (route.recipeId && !recipe) return <Problem route={route}>{RECIPE_NOT_FOUND}</Problem>
  return (
    <RecipeEditor
      key={`${route.productId ?? 'onboarding'}/${route.recipeId ?? 'new'}/${mode}`}
      route={route}
      product={product}
      recipe={recipe ?? newRecipe(product?.id ?? newProductId)}
      actions={actions}
    />
  )
}

/** The recipe editor and viewer, heading Recipe Information (docs/product/02-products.md §2). */
export function RecipeEditor({
  route,
  product,
  recipe,
  actions,
}: {
  route: RecipeRoute
  product: Product | undefined
  recipe: Recipe
  actions?: RecipeActions
}) {
  const draft = useRecipeDraft(route, recipe)
  const { isNew, isReadOnly } = draft
  const navigate = useNavigate()
  const { currentEntity } = useAppState()
  const crumbs = [
    { label: 'Products', to: PRODUCTS_PATH },
    ...(product ? [{ label: product.name, to: productPath(product.id) }] : [{ label: 'New Product' }]),
    ...(product ? [{ label: isNew ? 'New Recipe' : batchText(recipe) }] : []),
  ]
  const canEdit = can(currentEntity?.role, 'editRecipes')

  return (
    <TooltipProvider>
      <form noValidate onSubmit={(event) => void draft.save(event)} className="grid gap-6 pb-4">
        <div className="grid gap-3">
          <Breadcrumbs items={crumbs} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-2xl font-semibold tracking-tight">Recipe Information</h1>
              {product && (
                <p dir="auto" className="text-sm text-muted-foreground">
                  {product.name}
                </p>
              )}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {/* The saved recipe, in files BrewCommand and other tools import (ADR 070). */}
              {product && !isNew && actions?.(product, recipe)}
              {isReadOnly && canEdit && product && (
                <Button asChild variant="outline">
                  <Link to={recipeEditPath(product.id, recipe.id, true)}>
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit Recipe
                  </Link>
                </Button>
              )}
            </div>
          </div>
        </div>

        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <RecipeSummarySection draft={draft} recipe={recipe} />
          <CalculatedAside draft={draft} />
          <RecipeIngredientSections draft={draft} />
        </div>

        {!isReadOnly && (
          <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur">
            {draft.saveError && (
              <p role="alert" className="mr-auto text-sm text-destructive">
                {draft.saveError}
              </p>
            )}
            <Button type="button" variant="outline" onClick={() => void navigate(cancelTarget(route))}>
              Cancel
            </Button>
            <Button type="submit">Save Recipe</Button>
          </div>
        )}
      </form>
    </TooltipProvider>
  )
}

/** The figures of the draft, against its style's ranges. */
function CalculatedAside({ draft }: { draft: RecipeDraft }) {
  const { style, styleChoice, stats, catalog } = draft
  return (
    <aside
      aria-labelledby="calculated-heading"
      className="rounded-xl border bg-card p-4 shadow-xs sm:p-5 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1"
    >
      <h2 id="calculated-heading" className="mb-1 text-base font-semibold">
        Calculated
      </h2>
      <p className="mb-3 text-xs text-muted-foreground">
        {style
          ? `Compared with ${style.name} (${style.guide} ${style.bjcpCode})`
          : isSpecialtyStyle(styleChoice)
            ? `${styleChoice.name} (${styleChoice.guide} ${styleChoice.bjcpCode}): its figures vary with the base style, so there are no ranges to compare.`
            : 'At 70% brewhouse efficiency'}
      </p>
      <CalculatedStats
        stats={stats}
        style={style}
        hideStyleHint={isSpecialtyStyle(styleChoice)}
        recipe={catalog.data ? draft.draft : undefined}
      />
    </aside>
  )
}

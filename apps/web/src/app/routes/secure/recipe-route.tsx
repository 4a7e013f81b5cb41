import { ExportRecipeButtons } from '@/features/interchange/components/export-recipe-buttons.tsx'
import { PlanBatchButton } from '@/features/batches/components/plan-batch-dialog.tsx'
import { RecipePage } from '@/features/recipes/recipe-page.tsx'

/** The recipe screen with the saved recipe's export buttons (recipes composed with interchange). */
export function RecipeRoute() {
  return (
    <RecipePage
      actions={(product, recipe) => (
        <>
          <PlanBatchButton product={{ id: product.id, name: product.name }} recipe={recipe} />
          <ExportRecipeButtons productName={product.name} description={product.description} recipe={recipe} />
        </>
      )}
    />
  )
}

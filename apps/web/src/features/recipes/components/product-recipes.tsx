import { can, type Product, type Recipe } from '@brewcommand/domain'
import { Pencil, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { AddCard, IconAction, ItemCard } from '@/components/item-cards.tsx'
import { Button } from '@/components/ui/button.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useRecipeWrites } from '@/lib/writes/use-recipe-writes.ts'
import { newRecipePath, recipeEditPath } from '../lib/navigation.ts'
import { RecipeSummary } from './recipe-summary.tsx'

/**
 * A product's recipes on its page: a card per recipe with Edit and Delete (after `confirm`), and Add
 * Recipe. The page adds its own parts above the list (`header`) and on each card (`recipeActions`).
 */
export function ProductRecipes({
  product,
  confirm,
  header,
  recipeActions,
}: {
  product: Product
  confirm: (title: string, run: () => void) => void
  header?: ReactNode
  recipeActions?: (recipe: Recipe) => ReactNode
}) {
  const { currentEntity } = useAppState()
  const writes = useRecipeWrites()
  const navigate = useNavigate()
  const canEditRecipes = can(currentEntity?.role, 'editRecipes')
  return (
    <>
      {header && <div>{header}</div>}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {product.recipes.map((recipe) => (
          <ItemCard
            key={recipe.id}
            actions={
              canEditRecipes && (
                <>
                  <Button variant="ghost" size="icon" className="size-8" asChild>
                    <Link to={recipeEditPath(product.id, recipe.id)} aria-label="Edit recipe">
                      <Pencil aria-hidden="true" />
                    </Link>
                  </Button>
                  <IconAction
                    label="Delete recipe"
                    onClick={() =>
                      confirm('Delete this recipe?', () => writes.deleteRecipe(product.id, recipe.id))
                    }
                  >
                    <Trash2 aria-hidden="true" />
                  </IconAction>
                </>
              )
            }
          >
            <RecipeSummary productId={product.id} recipe={recipe} />
            {recipeActions && <div className="mt-3">{recipeActions(recipe)}</div>}
          </ItemCard>
        ))}
        {canEditRecipes && (
          <li>
            <AddCard label="Add Recipe" onClick={() => void navigate(newRecipePath(product.id))} />
          </li>
        )}
        {!canEditRecipes && product.recipes.length === 0 && (
          <li className="text-sm text-muted-foreground">No recipes yet.</li>
        )}
      </ul>
    </>
  )
}

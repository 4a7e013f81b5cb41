import { can, type ImportedRecipe } from '@brewcommand/domain'
import { Upload } from 'lucide-react'
import { lazy, useState, type ComponentProps } from 'react'
import { toast } from 'sonner'
import { OnceOpened } from '@/components/deferred.tsx'
import { Button } from '@/components/ui/button.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useBrewhouses } from '@/lib/production/production-queries.ts'
import { useRecipeWrites } from '@/lib/writes/use-recipe-writes.ts'
import { importedToast } from '../messages.ts'
import type { ImportTarget } from './import-recipe-dialog.tsx'

// The dialog (and the style list it names styles from) is fetched when first opened
// (docs/decisions/173-first-page-loads-what-it-shows.md).
const ImportRecipeDialog = lazy(async () => ({
  default: (await import('./import-recipe-dialog.tsx')).ImportRecipeDialog,
}))

/** The Import Recipe button with its dialog, wired to the request queue; hidden from who may not import. */
export function ImportRecipeButton({
  product,
  variant = 'outline',
}: {
  product?: { id: string; name: string }
  variant?: 'outline' | 'default'
}) {
  const { currentEntity } = useAppState()
  const writes = useRecipeWrites()
  const [open, setOpen] = useState(false)
  if (!can(currentEntity?.role, 'createProductWithRecipe')) return null

  const confirm = async (recipes: ImportedRecipe[], target: ImportTarget) => {
    // Loaded with the readers when the file was chosen (it brings the ingredient catalogue).
    const { recipeFromDraft } = await import('@brewcommand/domain/interchange/build.ts')
    for (const imported of recipes) {
      if (target === 'product' && product) {
        writes.saveRecipe(recipeFromDraft(imported.recipe, product.id), true)
      } else {
        const productId = crypto.randomUUID()
        writes.createProductWithRecipe(
          imported.name,
          recipeFromDraft(imported.recipe, productId),
          imported.description,
        )
      }
    }
    toast.success(importedToast(recipes.length, target === 'product' ? product?.name : undefined))
  }

  return (
    <>
      <Button type="button" variant={variant} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" className="size-4" />
        Import Recipe
      </Button>
      <OnceOpened open={open}>
        <ImportDialogWithBrewhouse
          open={open}
          onOpenChange={setOpen}
          product={product}
          onConfirm={(recipes, target) => void confirm(recipes, target)}
        />
      </OnceOpened>
    </>
  )
}

/**
 * The dialog with the brewery's brewhouse mash thickness, for a file that gives none (issue 34, defect 4); the
 * brewhouses are read once the dialog is first opened, not with the page.
 */
function ImportDialogWithBrewhouse(props: ComponentProps<typeof ImportRecipeDialog>) {
  const brewhouses = useBrewhouses()
  return (
    <ImportRecipeDialog
      {...props}
      mashThicknessQuartsPerPound={brewhouses.data?.[0]?.mashThicknessQuartsPerPound}
    />
  )
}

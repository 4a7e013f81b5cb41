import {
  addMashStep,
  deleteMashStep,
  findStyle,
  findStyleChoice,
  moveMashStep,
  roundRecipeStats,
  updateMashStep,
  type Recipe,
  type RecipeStats,
} from '@brewcommand/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { useRecipeWrites } from '@/lib/writes/use-recipe-writes.ts'
import { useCatalog } from '../api/use-catalog.ts'
import { recipeMode, saveTarget, type RecipeRoute } from '../lib/navigation.ts'
import {
  formValuesOf,
  recipeFormSchema,
  recipeFrom,
  statsOf,
  type RecipeFormValues,
} from '../lib/recipe-form.ts'
import { NO_CATALOG } from '../messages.ts'

export type RecipeLists = Pick<Recipe, 'grainBill' | 'hopsBill' | 'otherIngredients' | 'process'>

/**
 * The recipe being edited: the summary fields in react-hook-form (checked by the zod form schema), the
 * ingredient and mash lists, the draft recipe and its figures recalculated on every change, and Save.
 */
export function useRecipeDraft(route: RecipeRoute, recipe: Recipe) {
  const mode = recipeMode(route)
  const isOnboarding = mode === 'onboarding'
  const isNew = mode === 'new' || isOnboarding
  const navigate = useNavigate()
  const writes = useRecipeWrites()
  const catalog = useCatalog()
  const [saveError, setSaveError] = useState<string | null>(null)
  const [lists, setLists] = useState<RecipeLists>({
    grainBill: recipe.grainBill,
    hopsBill: recipe.hopsBill,
    otherIngredients: recipe.otherIngredients,
    process: recipe.process,
  })
  const form = useForm<RecipeFormValues>({
    resolver: zodResolver(recipeFormSchema(isOnboarding)),
    defaultValues: formValuesOf(recipe, isNew),
    mode: 'onSubmit',
  })
  const values = form.watch()
  // The yeast line, whose measured attenuation the brewer may use or not (docs/decisions/101-measured-values-beside-the-catalogue-link.md).
  const [yeastLine, setYeastLine] = useState(recipe.yeast)
  const draft = recipeFrom({ ...recipe, ...lists, yeast: yeastLine }, values, catalog.data?.yeast)
  // Spec 02 §4: recalculated on every change once the catalogue is in; until then the stored figures.
  const stats: RecipeStats = catalog.data ? statsOf(draft) : recipe

  const update = <K extends keyof RecipeLists>(key: K, change: (list: RecipeLists[K]) => RecipeLists[K]) =>
    setLists((current) => ({ ...current, [key]: change(current[key]) }))

  /** Add, change and delete rows of one list; mash steps keep their order rules (domain mash-steps.ts). */
  const listActions = {
    grainBill: rowActions(update, 'grainBill'),
    hopsBill: rowActions(update, 'hopsBill'),
    otherIngredients: rowActions(update, 'otherIngredients'),
    process: {
      onAdd: (step: Omit<RecipeLists['process'][number], 'order'>) =>
        update('process', (list) => addMashStep(list, step)),
      onUpdate: (step: Omit<RecipeLists['process'][number], 'order'>) =>
        update('process', (list) => updateMashStep(list, step)),
      onDelete: (id: string) => update('process', (list) => deleteMashStep(list, id)),
      onMove: (id: string, direction: 'up' | 'down') =>
        update('process', (list) => moveMashStep(list, id, direction)),
    },
  }

  const save = form.handleSubmit((valid) => {
    setSaveError(null)
    if (!catalog.data) {
      setSaveError(NO_CATALOG)
      return
    }
    const saved: Recipe = { ...draft, ...roundRecipeStats(statsOf(draft)) }
    try {
      if (isOnboarding) writes.createProductWithRecipe(valid.productName.trim(), saved)
      else writes.saveRecipe(saved, isNew)
    } catch (error) {
      setSaveError(error instanceof Error ? error.message : String(error))
      return
    }
    void navigate(saveTarget(route, saved.productId, saved.id))
  })

  return {
    mode,
    isNew,
    isOnboarding,
    isReadOnly: mode === 'view',
    catalog,
    form,
    values,
    errors: form.formState.errors,
    lists,
    listActions,
    draft,
    setYeastLine,
    stats,
    style: findStyle(values.style),
    styleChoice: findStyleChoice(values.style),
    save,
    saveError,
  }
}

export type RecipeDraft = ReturnType<typeof useRecipeDraft>

type Update = <K extends keyof RecipeLists>(key: K, change: (list: RecipeLists[K]) => RecipeLists[K]) => void

function rowActions<K extends 'grainBill' | 'hopsBill' | 'otherIngredients'>(update: Update, key: K) {
  type Row = RecipeLists[K][number]
  return {
    onAdd: (entry: Row) => update(key, (list) => [...list, entry] as RecipeLists[K]),
    onUpdate: (entry: Row) =>
      update(key, (list) => list.map((e) => (e.id === entry.id ? entry : e)) as RecipeLists[K]),
    onDelete: (id: string) => update(key, (list) => list.filter((e) => e.id !== id) as RecipeLists[K]),
  }
}

import {
  addMashStep,
  can,
  deleteMashStep,
  findStyle,
  findStyleChoice,
  isSpecialtyStyle,
  moveMashStep,
  newRecipe,
  roundRecipeStats,
  STYLE_CHOICES,
  updateMashStep,
  VOLUME_UNIT_LABELS,
  type Catalog,
  type Product,
  type Recipe,
  type RecipeStats,
} from '@brewcommand/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import { ChevronRight, Pencil } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { FieldError } from '@/components/ui/field-error.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { useAppState } from '@/features/app-state/app-state.tsx'
import { useCatalog } from '../api/use-catalog.ts'
import { useRecipeWrites } from '../api/use-recipe-writes.ts'
import {
  cancelTarget,
  PRODUCTS_PATH,
  productPath,
  recipeEditPath,
  recipeMode,
  saveTarget,
  type RecipeRoute,
} from '../lib/navigation.ts'
import {
  formValuesOf,
  recipeFormSchema,
  recipeFrom,
  statsOf,
  type RecipeFormValues,
} from '../lib/recipe-form.ts'
import { CollapsibleSection } from './collapsible-section.tsx'
import { GrainTable, HopsTable, OtherIngredientsTable } from './ingredient-tables.tsx'
import { MashTable } from './mash-table.tsx'
import { SearchablePicker } from './searchable-picker.tsx'
import { CalculatedStats } from './style-guide.tsx'
import { ExportRecipeButtons } from '@/features/interchange/components/export-recipe-buttons.tsx'
import { TooltipProvider } from './tooltip.tsx'

/** Texts of docs/product/02-products.md §8 used on this screen. */
export const PRODUCT_NOT_FOUND = 'Product not found!'
export const NO_CATALOG = 'No catalog data loaded'
export const RECIPE_NOT_FOUND = 'Recipe not found.'
export const YEAST_PICKER = {
  placeholder: 'Select Yeast',
  searchPlaceholder: 'Search Yeast',
  emptyText: 'No matching yeast',
}

const batchText = (recipe: Pick<Recipe, 'yield'>) =>
  `${recipe.yield.quantity} ${VOLUME_UNIT_LABELS[recipe.yield.unit]}`

function Breadcrumbs({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`} className="flex min-w-0 items-center gap-1">
            {index > 0 && <ChevronRight aria-hidden="true" className="size-4 shrink-0" />}
            {item.to ? (
              <Link to={item.to} className="truncate hover:text-foreground hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="truncate text-foreground">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

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
export function RecipeScreen({ route }: { route: RecipeRoute }) {
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
    />
  )
}

type Lists = Pick<Recipe, 'grainBill' | 'hopsBill' | 'otherIngredients' | 'process'>

/** The recipe editor and viewer, heading Recipe Information (docs/product/02-products.md §2). */
export function RecipeEditor({
  route,
  product,
  recipe,
}: {
  route: RecipeRoute
  product: Product | undefined
  recipe: Recipe
}) {
  const mode = recipeMode(route)
  const isReadOnly = mode === 'view'
  const isOnboarding = mode === 'onboarding'
  const isNew = mode === 'new' || isOnboarding
  const navigate = useNavigate()
  const { currentEntity } = useAppState()
  const writes = useRecipeWrites()
  const catalog = useCatalog()
  const [saveError, setSaveError] = useState<string | null>(null)
  const [lists, setLists] = useState<Lists>({
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
  const errors = form.formState.errors
  const draft = recipeFrom({ ...recipe, ...lists }, values, catalog.data?.yeast)
  // docs/product/02-products.md §4: recalculated on every change once the catalogue is in; until then the stored figures.
  const stats: RecipeStats = catalog.data ? statsOf(draft) : recipe
  const style = findStyle(values.style)
  const styleChoice = findStyleChoice(values.style)

  const update = <K extends keyof Lists>(key: K, change: (list: Lists[K]) => Lists[K]) =>
    setLists((current) => ({ ...current, [key]: change(current[key]) }))

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

  const crumbs = [
    { label: 'Products', to: PRODUCTS_PATH },
    ...(product ? [{ label: product.name, to: productPath(product.id) }] : [{ label: 'New Product' }]),
    ...(product ? [{ label: isNew ? 'New Recipe' : batchText(recipe) }] : []),
  ]
  const canEdit = can(currentEntity?.role, 'editRecipes')

  return (
    <TooltipProvider>
      <form noValidate onSubmit={(event) => void save(event)} className="grid gap-6 pb-4">
        <div className="grid gap-3">
          <Breadcrumbs items={crumbs} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h1 className="text-2xl font-semibold tracking-tight">Recipe Information</h1>
              {product && <p className="text-sm text-muted-foreground">{product.name}</p>}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {/* The saved recipe, in files BrewCommand and other tools import (ADR 070). */}
              {product && !isNew && (
                <ExportRecipeButtons
                  productName={product.name}
                  description={product.description}
                  recipe={recipe}
                />
              )}
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
          <section
            aria-labelledby="summary-heading"
            className="rounded-xl border bg-card p-4 shadow-xs sm:p-5"
          >
            <h2 id="summary-heading" className="mb-4 text-base font-semibold">
              Summary
            </h2>
            {isReadOnly ? (
              <ReadOnlySummary recipe={recipe} />
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                {isOnboarding && (
                  <Field
                    label="Product Name"
                    htmlFor="recipe-product-name"
                    error={errors.productName?.message}
                    wide
                  >
                    <Input
                      id="recipe-product-name"
                      placeholder="Product Name"
                      aria-invalid={!!errors.productName}
                      {...form.register('productName')}
                    />
                  </Field>
                )}
                <Field
                  label="Batch Size"
                  htmlFor="recipe-batch-size"
                  error={errors.yieldQuantity?.message ?? errors.yieldUnit?.message}
                >
                  <div className="flex gap-2">
                    <Input
                      id="recipe-batch-size"
                      type="number"
                      min={0}
                      step="any"
                      inputMode="decimal"
                      aria-invalid={!!errors.yieldQuantity}
                      {...form.register('yieldQuantity')}
                    />
                    <NativeSelect
                      aria-label="Batch Size Unit"
                      aria-invalid={!!errors.yieldUnit}
                      className="w-32 shrink-0"
                      {...form.register('yieldUnit')}
                    >
                      <option value="" disabled>
                        Units
                      </option>
                      <option value="BBL">{VOLUME_UNIT_LABELS.BBL}</option>
                      <option value="GAL">{VOLUME_UNIT_LABELS.GAL}</option>
                    </NativeSelect>
                  </div>
                  {errors.yieldQuantity && errors.yieldUnit && (
                    <FieldError>{errors.yieldUnit.message}</FieldError>
                  )}
                </Field>
                <Field label="Yeast" htmlFor="recipe-yeast" error={errors.yeastId?.message}>
                  <SearchablePicker
                    id="recipe-yeast"
                    items={yeastChoices(catalog.data, recipe)}
                    value={values.yeastId}
                    onChange={(id) =>
                      form.setValue('yeastId', id, { shouldValidate: form.formState.isSubmitted })
                    }
                    texts={catalog.data ? YEAST_PICKER : { ...YEAST_PICKER, emptyText: 'Loading...' }}
                    invalid={!!errors.yeastId}
                  />
                </Field>
                <Field label="Style" htmlFor="recipe-style">
                  <NativeSelect id="recipe-style" {...form.register('style')}>
                    <option value="">Select Style</option>
                    {STYLE_CHOICES.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field label="Boil Time" unit="Minutes" htmlFor="recipe-boil-time">
                  <Input
                    id="recipe-boil-time"
                    type="number"
                    min={0}
                    step="any"
                    inputMode="decimal"
                    {...form.register('boilTime')}
                  />
                </Field>
                <Field label="Whirlpool Duration" unit="Minutes" htmlFor="recipe-whirlpool">
                  <Input
                    id="recipe-whirlpool"
                    type="number"
                    min={0}
                    step="any"
                    inputMode="decimal"
                    {...form.register('whirlpoolTime')}
                  />
                </Field>
                <Field label="Mash Thickness" unit="qt/lb" htmlFor="recipe-mash-thickness">
                  <Input
                    id="recipe-mash-thickness"
                    type="number"
                    min={0}
                    step="any"
                    inputMode="decimal"
                    {...form.register('mashThickness')}
                  />
                </Field>
              </div>
            )}
          </section>

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
              recipe={catalog.data ? draft : undefined}
            />
          </aside>

          <div className="grid gap-4 lg:col-start-1">
            <CatalogSection title="Grain Bill" catalog={catalog}>
              {(data) => (
                <GrainTable
                  rows={lists.grainBill}
                  catalogue={data.fermentables}
                  readOnly={isReadOnly}
                  addLabel="Add Grains"
                  onAdd={(entry) => update('grainBill', (list) => [...list, entry])}
                  onUpdate={(entry) =>
                    update('grainBill', (list) => list.map((e) => (e.id === entry.id ? entry : e)))
                  }
                  onDelete={(id) => update('grainBill', (list) => list.filter((e) => e.id !== id))}
                />
              )}
            </CatalogSection>
            <CatalogSection title="Hops Bill" catalog={catalog}>
              {(data) => (
                <HopsTable
                  rows={lists.hopsBill}
                  catalogue={data.hops}
                  readOnly={isReadOnly}
                  addLabel="Add Hops"
                  onAdd={(entry) => update('hopsBill', (list) => [...list, entry])}
                  onUpdate={(entry) =>
                    update('hopsBill', (list) => list.map((e) => (e.id === entry.id ? entry : e)))
                  }
                  onDelete={(id) => update('hopsBill', (list) => list.filter((e) => e.id !== id))}
                />
              )}
            </CatalogSection>
            <CatalogSection title="Other Ingredients" catalog={catalog}>
              {(data) => (
                <OtherIngredientsTable
                  rows={lists.otherIngredients}
                  catalogue={data.otherIngredients}
                  readOnly={isReadOnly}
                  addLabel="Add Other Ingredients"
                  onAdd={(entry) => update('otherIngredients', (list) => [...list, entry])}
                  onUpdate={(entry) =>
                    update('otherIngredients', (list) => list.map((e) => (e.id === entry.id ? entry : e)))
                  }
                  onDelete={(id) => update('otherIngredients', (list) => list.filter((e) => e.id !== id))}
                />
              )}
            </CatalogSection>
            <CatalogSection title="Mash Steps" catalog={catalog}>
              {() => (
                <MashTable
                  steps={lists.process}
                  readOnly={isReadOnly}
                  addLabel="Add Mash Step"
                  onAdd={(step) => update('process', (list) => addMashStep(list, step))}
                  onUpdate={(step) => update('process', (list) => updateMashStep(list, step))}
                  onDelete={(id) => update('process', (list) => deleteMashStep(list, id))}
                  onMove={(id, direction) => update('process', (list) => moveMashStep(list, id, direction))}
                />
              )}
            </CatalogSection>
          </div>
        </div>

        {!isReadOnly && (
          <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur">
            {saveError && (
              <p role="alert" className="mr-auto text-sm text-destructive">
                {saveError}
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

function yeastChoices(catalog: Catalog | undefined, recipe: Recipe) {
  const items = (catalog?.yeast ?? []).map((yeast) => ({
    id: yeast.id,
    label: yeast.name,
    detail: `${yeast.attenuation}% attenuation`,
  }))
  const own = recipe.yeast
  if (own?.id && !items.some((item) => item.id === own.id))
    items.unshift({ id: own.id, label: own.name || own.id, detail: `${own.attenuation}% attenuation` })
  return items
}

function Field({
  label,
  unit,
  htmlFor,
  error,
  wide,
  children,
}: {
  label: string
  unit?: string
  htmlFor: string
  error?: string
  wide?: boolean
  children: ReactNode
}) {
  return (
    <div className={wide ? 'grid gap-2 sm:col-span-2' : 'grid gap-2'}>
      <Label htmlFor={htmlFor}>
        {label}
        {unit && <span className="font-normal text-muted-foreground"> ({unit})</span>}
      </Label>
      {children}
      <FieldError>{error}</FieldError>
    </div>
  )
}

function ReadOnlySummary({ recipe }: { recipe: Recipe }) {
  const rows: [string, string][] = [
    ['Batch Size', batchText(recipe)],
    ['Yeast', recipe.yeast?.name || '—'],
    ['Style', findStyleChoice(recipe.style)?.name ?? '—'],
    ['Boil Time', `${recipe.boilTime} Minutes`],
    ['Whirlpool Duration', `${recipe.whirlpoolTime} Minutes`],
    ['Mash Thickness', `${recipe.mashThickness} qt/lb`],
  ]
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-0.5">
          <dt className="text-sm text-muted-foreground">{term}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A collapsible section that shows Loading... until the catalogue is in (docs/product/02-products.md §2). */
function CatalogSection({
  title,
  catalog,
  children,
}: {
  title: string
  catalog: ReturnType<typeof useCatalog>
  children: (catalog: Catalog) => ReactNode
}) {
  return (
    <CollapsibleSection title={title}>
      {catalog.data ? (
        children(catalog.data)
      ) : catalog.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-destructive">{NO_CATALOG}</span>
          <Button type="button" size="sm" variant="outline" onClick={() => void catalog.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Loading...
        </p>
      )}
    </CollapsibleSection>
  )
}

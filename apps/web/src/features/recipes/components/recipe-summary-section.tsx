import {
  findStyleChoice,
  STYLE_CHOICES,
  VOLUME_UNIT_LABELS,
  type Catalog,
  type Recipe,
} from '@brewcommand/domain'
import { FormField } from '@/components/form-field.tsx'
import { FieldError } from '@/components/ui/field-error.tsx'
import { Input } from '@/components/ui/input.tsx'
import { formatNumber } from '@/lib/production/units.ts'
import { NativeSelect } from '@/components/ui/select.tsx'
import { YEAST_PICKER } from '../messages.ts'
import { SearchablePicker } from '@/components/searchable-picker.tsx'
import { CatalogueDifference } from './catalogue-difference.tsx'
import type { RecipeDraft } from './use-recipe-draft.ts'

export const batchText = (recipe: Pick<Recipe, 'yield'>) =>
  `${formatNumber(recipe.yield.quantity, 2)} ${VOLUME_UNIT_LABELS[recipe.yield.unit]}`

/** The Summary section: batch size, yeast, style, boil, whirlpool and mash thickness (docs/product/02-products.md §2). */
export function RecipeSummarySection({ draft, recipe }: { draft: RecipeDraft; recipe: Recipe }) {
  return (
    <section aria-labelledby="summary-heading" className="rounded-xl border bg-card p-4 shadow-xs sm:p-5">
      <h2 id="summary-heading" className="mb-4 text-base font-semibold">
        Summary
      </h2>
      {draft.isReadOnly ? (
        <ReadOnlySummary recipe={recipe} />
      ) : (
        <SummaryFields draft={draft} recipe={recipe} />
      )}
    </section>
  )
}

function SummaryFields({ draft, recipe }: { draft: RecipeDraft; recipe: Recipe }) {
  const { form, errors, values, catalog, isOnboarding } = draft
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {isOnboarding && (
        <FormField
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
        </FormField>
      )}
      <FormField
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
        {errors.yieldQuantity && errors.yieldUnit && <FieldError>{errors.yieldUnit.message}</FieldError>}
      </FormField>
      <FormField label="Yeast" htmlFor="recipe-yeast" error={errors.yeastId?.message}>
        <SearchablePicker
          id="recipe-yeast"
          items={yeastChoices(catalog.data, recipe)}
          value={values.yeastId}
          onChange={(id) => form.setValue('yeastId', id, { shouldValidate: form.formState.isSubmitted })}
          texts={catalog.data ? YEAST_PICKER : { ...YEAST_PICKER, emptyText: 'Loading...' }}
          invalid={!!errors.yeastId}
        />
        {draft.draft.yeast && (
          <CatalogueDifference
            ingredient={draft.draft.yeast}
            item={catalog.data?.yeast.find((y) => y.id === draft.draft.yeast?.id)}
            onChange={draft.setYeastLine}
          />
        )}
      </FormField>
      <FormField label="Style" htmlFor="recipe-style">
        <NativeSelect id="recipe-style" {...form.register('style')}>
          <option value="">Select Style</option>
          {STYLE_CHOICES.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Boil Time" unit="Minutes" htmlFor="recipe-boil-time">
        <Input
          id="recipe-boil-time"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          {...form.register('boilTime')}
        />
      </FormField>
      <FormField label="Whirlpool Duration" unit="Minutes" htmlFor="recipe-whirlpool">
        <Input
          id="recipe-whirlpool"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          {...form.register('whirlpoolTime')}
        />
      </FormField>
      <FormField label="Mash Thickness" unit="qt/lb" htmlFor="recipe-mash-thickness">
        <Input
          id="recipe-mash-thickness"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          {...form.register('mashThickness')}
        />
      </FormField>
    </div>
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

import { can, VOLUME_UNIT_LABELS } from '@brewcommand/domain'
import { CalendarPlus } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { FormDialog } from '@/components/form-dialog.tsx'
import { Button } from '@/components/ui/button.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { formatNumber } from '@/lib/production/units.ts'
import { PRODUCTS_PATH } from '../lib/paths.ts'
import { BATCH_TEXTS } from '../messages.ts'
import { PlanBatchDialog } from './plan-batch-dialog.tsx'

/**
 * Operations → Plan Batch: choose one of the brewery's recipes, then the Plan Batch dialog the recipe view opens
 * (a Manager's; the first-week path sends people here).
 */
export function OperationsPlanBatch() {
  const { currentEntity } = useAppState()
  const id = useId()
  const [choosing, setChoosing] = useState(false)
  const [chosen, setChosen] = useState<string | null>(null)
  const recipes = (currentEntity?.products ?? []).flatMap((product) =>
    product.recipes.map((recipe) => ({
      key: recipe.id,
      product: { id: product.id, name: product.name },
      recipe,
      label: `${product.name} · ${formatNumber(recipe.yield.quantity, 2)} ${VOLUME_UNIT_LABELS[recipe.yield.unit]}`,
    })),
  )
  const [selected, setSelected] = useState('')
  if (!can(currentEntity?.role, 'planProduction')) return null
  const picked = recipes.find((option) => option.key === chosen)
  return (
    <>
      <Button type="button" className="h-11" onClick={() => setChoosing(true)}>
        <CalendarPlus aria-hidden="true" className="size-4" />
        {BATCH_TEXTS.planBatch}
      </Button>
      {choosing && (
        <FormDialog
          title={BATCH_TEXTS.planBatch}
          description="Which recipe do you brew?"
          open
          onOpenChange={setChoosing}
          onSubmit={(event) => {
            event.preventDefault()
            const key = selected || recipes[0]?.key
            if (!key) return
            setChoosing(false)
            setChosen(key)
          }}
          submitLabel="Next"
          submitDisabled={recipes.length === 0}
        >
          {recipes.length === 0 ? (
            <p>
              No recipe yet.{' '}
              <Link to={PRODUCTS_PATH} className="font-medium underline underline-offset-4">
                Create or import one under Products
              </Link>
              .
            </p>
          ) : (
            <div className="grid gap-1">
              <label htmlFor={`${id}-recipe`} className="text-sm font-medium">
                Recipe
              </label>
              <NativeSelect
                id={`${id}-recipe`}
                className="h-11"
                value={selected || recipes[0]?.key}
                onChange={(event) => setSelected(event.target.value)}
              >
                {recipes.map((option) => (
                  <option key={option.key} value={option.key}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
        </FormDialog>
      )}
      {picked && (
        <PlanBatchDialog
          product={picked.product}
          recipe={picked.recipe}
          open
          onOpenChange={(open) => {
            if (!open) setChosen(null)
          }}
        />
      )}
    </>
  )
}

import type { Fermentable, GrainEntry, WeightUnit } from '@brewcommand/domain'
import { useState } from 'react'
import { SearchablePicker } from '@/components/searchable-picker.tsx'
import { Cell, quantityText, RowButtons } from '@/components/table/table-parts.tsx'
import { parseAddQuantity, parseEditQuantity } from '../lib/parse.ts'
import { GRAIN_PICKER } from '../messages.ts'
import {
  AmountInputs,
  changedAmount,
  choices,
  IngredientTable,
  type IngredientKind,
  type RowDraft,
  type TableProps,
} from './ingredient-table.tsx'

type GrainDraft = RowDraft

function GrainRowForm({
  entry,
  catalogue,
  onSubmit,
  onCancel,
}: {
  entry?: GrainEntry
  catalogue: readonly Fermentable[]
  onSubmit: (draft: GrainDraft) => void
  onCancel: () => void
}) {
  const [draft, setDraft] = useState<GrainDraft>({
    ingredientId: entry?.ingredient.id ?? '',
    quantity: entry ? String(entry.amount.value) : '',
    unit: entry?.amount.unit ?? '',
  })
  const items = choices(catalogue, (f) => `${f.lovibond} °L`, entry?.ingredient)
  return (
    <tr className="bg-accent/30">
      <Cell>
        <SearchablePicker
          label="Grain"
          items={items}
          value={draft.ingredientId}
          onChange={(ingredientId) => setDraft({ ...draft, ingredientId })}
          texts={GRAIN_PICKER}
          className="h-9 min-w-52"
        />
      </Cell>
      <Cell>
        <AmountInputs
          quantity={draft.quantity}
          unit={draft.unit}
          onChange={(amount) => setDraft({ ...draft, ...amount })}
        />
      </Cell>
      <Cell>
        <RowButtons isNew={!entry} onSubmit={() => onSubmit(draft)} onCancel={onCancel} />
      </Cell>
    </tr>
  )
}

const GRAIN: IngredientKind<GrainEntry, Fermentable, GrainDraft> = {
  label: 'Grain Bill',
  columns: ['Type', 'Quantity'],
  cells: (entry) => <Cell label="Quantity">{quantityText(entry.amount)}</Cell>,
  RowForm: GrainRowForm,
  // Spec 02 §5: without an ingredient or a unit the add is silently skipped and the row stays open.
  added: (draft, item) =>
    item && draft.unit
      ? {
          id: crypto.randomUUID(),
          ingredient: { ...item },
          amount: { value: parseAddQuantity(draft.quantity), unit: draft.unit as WeightUnit },
        }
      : null,
  changed: (entry, draft, item) => ({
    ...entry,
    ...(item ? { ingredient: { ...item } } : {}),
    amount: changedAmount(entry.amount, draft, parseEditQuantity(draft.quantity)),
  }),
}

/** Grain Bill: Type and Quantity (docs/product/02-products.md §2). */
export function GrainTable(props: TableProps<GrainEntry, Fermentable>) {
  return <IngredientTable kind={GRAIN} {...props} />
}

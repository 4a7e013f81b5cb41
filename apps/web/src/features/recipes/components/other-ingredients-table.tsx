import {
  OTHER_ADDITION_TYPES,
  OTHER_TIME_UNITS,
  type OtherAdditionType,
  type OtherEntry,
  type OtherIngredient,
  type WeightUnit,
} from '@brewcommand/domain'
import { useState } from 'react'
import { SearchablePicker } from '@/components/searchable-picker.tsx'
import { Cell, quantityText, RowButtons, RowSelect } from '@/components/table/table-parts.tsx'
import { Input } from '@/components/ui/input.tsx'
import { parseAddQuantity, parseEditQuantity, parseTime } from '../lib/parse.ts'
import { NOT_APPLICABLE, OTHER_PICKER } from '../messages.ts'
import {
  AmountInputs,
  changedAmount,
  choices,
  IngredientTable,
  TimeInput,
  type IngredientKind,
  type RowDraft,
  type TableProps,
} from './ingredient-table.tsx'

type OtherDraft = RowDraft & { additionType: string; additionTime: string; brewersNotes: string }

function otherTimeText(entry: OtherEntry) {
  const unit = OTHER_TIME_UNITS[entry.additionType]
  return unit && entry.additionTime !== null && entry.additionTime !== undefined
    ? `${entry.additionTime} ${unit}`
    : NOT_APPLICABLE
}

function OtherRowForm({
  entry,
  catalogue,
  onSubmit,
  onCancel,
}: {
  entry?: OtherEntry
  catalogue: readonly OtherIngredient[]
  onSubmit: (draft: OtherDraft) => void
  onCancel: () => void
}) {
  const [draft, setDraft] = useState<OtherDraft>({
    ingredientId: entry?.ingredient.id ?? '',
    quantity: entry ? String(entry.amount.value) : '',
    unit: entry?.amount.unit ?? '',
    additionType: entry?.additionType ?? '',
    additionTime:
      entry?.additionTime === null || entry?.additionTime === undefined ? '' : String(entry.additionTime),
    brewersNotes: entry?.brewersNotes ?? '',
  })
  const items = choices(catalogue, (o) => o.type, entry?.ingredient)
  const selected = catalogue.find((item) => item.id === draft.ingredientId) ?? entry?.ingredient
  const timeUnit = OTHER_TIME_UNITS[draft.additionType as OtherAdditionType]
  return (
    <tr className="bg-accent/30">
      <Cell>
        <SearchablePicker
          label="Ingredient"
          items={items}
          value={draft.ingredientId}
          // A new choice brings its usual addition type when none is chosen yet.
          onChange={(ingredientId) => {
            const use = catalogue.find((item) => item.id === ingredientId)?.use
            setDraft({ ...draft, ingredientId, additionType: draft.additionType || use || '' })
          }}
          texts={OTHER_PICKER}
          className="h-9 min-w-48"
        />
      </Cell>
      <Cell>
        <AmountInputs
          quantity={draft.quantity}
          unit={draft.unit}
          onChange={(amount) => setDraft({ ...draft, ...amount })}
        />
      </Cell>
      <Cell className="text-muted-foreground">{selected ? (selected.fermentable ? 'Yes' : 'No') : ''}</Cell>
      <Cell>
        <RowSelect
          label="Addition Type"
          placeholder="Addition"
          value={draft.additionType}
          onChange={(additionType) =>
            setDraft({
              ...draft,
              additionType,
              additionTime: OTHER_TIME_UNITS[additionType as OtherAdditionType] ? draft.additionTime : '',
            })
          }
          options={OTHER_ADDITION_TYPES.map((type) => ({ value: type, label: type }))}
        />
      </Cell>
      <Cell>
        {timeUnit ? (
          <TimeInput
            unit={timeUnit}
            value={draft.additionTime}
            onChange={(additionTime) => setDraft({ ...draft, additionTime })}
          />
        ) : (
          <span className="text-muted-foreground">{NOT_APPLICABLE}</span>
        )}
      </Cell>
      <Cell>
        <Input
          aria-label="Brewers Notes"
          placeholder="Notes"
          value={draft.brewersNotes}
          onChange={(event) => setDraft({ ...draft, brewersNotes: event.target.value })}
          className="h-9 min-w-32"
        />
      </Cell>
      <Cell>
        <RowButtons isNew={!entry} onSubmit={() => onSubmit(draft)} onCancel={onCancel} />
      </Cell>
    </tr>
  )
}

const OTHER: IngredientKind<OtherEntry, OtherIngredient, OtherDraft> = {
  label: 'Other Ingredients',
  columns: ['Type', 'Quantity', 'Fermentable', 'Addition Type', 'Addition Time', 'Brewers Notes'],
  cells: (entry) => (
    <>
      <Cell label="Quantity">{quantityText(entry.amount)}</Cell>
      <Cell label="Fermentable">{entry.ingredient.fermentable ? 'Yes' : 'No'}</Cell>
      <Cell label="Addition Type">{entry.additionType}</Cell>
      <Cell label="Addition Time">{otherTimeText(entry)}</Cell>
      <Cell
        label={entry.brewersNotes ? 'Brewers Notes' : undefined}
        className="max-w-64 wrap-anywhere whitespace-pre-line"
      >
        {entry.brewersNotes}
      </Cell>
    </>
  ),
  RowForm: OtherRowForm,
  added: (draft, item) => {
    if (!item || !draft.unit || !draft.additionType) return null
    const additionType = draft.additionType as OtherAdditionType
    return {
      id: crypto.randomUUID(),
      ingredient: { ...item },
      amount: { value: parseAddQuantity(draft.quantity), unit: draft.unit as WeightUnit },
      additionType,
      additionTime: OTHER_TIME_UNITS[additionType] ? (parseTime(draft.additionTime) ?? 0) : null,
      brewersNotes: draft.brewersNotes.trim(),
    }
  },
  changed: (entry, draft, item) => {
    const additionType =
      draft.additionType && draft.additionType !== entry.additionType
        ? (draft.additionType as OtherAdditionType)
        : entry.additionType
    const time = parseTime(draft.additionTime)
    const additionTime = OTHER_TIME_UNITS[additionType]
      ? (time ?? (additionType === entry.additionType ? entry.additionTime : 0) ?? 0)
      : null
    return {
      ...entry,
      ...(item ? { ingredient: { ...item } } : {}),
      amount: changedAmount(entry.amount, draft, parseEditQuantity(draft.quantity)),
      additionType,
      additionTime,
      brewersNotes:
        draft.brewersNotes !== entry.brewersNotes ? draft.brewersNotes.trim() : entry.brewersNotes,
    }
  },
}

/** Other Ingredients: Type, Quantity, Fermentable, Addition Type, Addition Time, Brewers Notes (docs/product/02-products.md §2). */
export function OtherIngredientsTable(props: TableProps<OtherEntry, OtherIngredient>) {
  return <IngredientTable kind={OTHER} {...props} />
}

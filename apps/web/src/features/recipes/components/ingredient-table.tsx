import type { WeightUnit } from '@brewcommand/domain'
import { useState, type ReactNode } from 'react'
import type { PickerItem } from '@/components/searchable-picker.tsx'
import {
  AddButton,
  Cell,
  DataTable,
  EmptyRow,
  IDLE,
  Pager,
  RowActions,
  RowSelect,
  usePages,
  WEIGHT_OPTIONS,
  type RowMode,
} from '@/components/table/table-parts.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NO_INGREDIENTS } from '../messages.ts'
import { CatalogueDifference, type CatalogueDifferenceItem } from './catalogue-difference.tsx'

type Ingredient = { id: string; name?: unknown }
type Entry = { id: string; ingredient: Ingredient }

export const nameOf = (ingredient: Ingredient) =>
  typeof ingredient.name === 'string' && ingredient.name ? ingredient.name : ingredient.id

/** Picker choices from the catalogue, plus the row's own ingredient when it is not a catalogue item. */
export function choices<T extends Ingredient>(
  items: readonly T[],
  detail: (item: T) => string | undefined,
  current?: Ingredient,
): PickerItem[] {
  const list = items.map((item) => ({ id: item.id, label: nameOf(item), detail: detail(item) }))
  if (current && !items.some((item) => item.id === current.id))
    list.unshift({ id: current.id, label: nameOf(current), detail: 'custom' })
  return list
}

/** A row being typed: every ingredient row has its ingredient, quantity and weight unit. */
export type RowDraft = { ingredientId: string; quantity: string; unit: string }

/** An edited amount: the typed quantity if it reads as one, the chosen unit if it changed. */
export const changedAmount = (
  amount: { value: number; unit: WeightUnit },
  draft: RowDraft,
  value: number | undefined,
) => ({
  value: value ?? amount.value,
  unit: draft.unit && draft.unit !== amount.unit ? (draft.unit as WeightUnit) : amount.unit,
})

/** What makes one ingredient table different from the others: its columns, row form and rules. */
export type IngredientKind<E extends Entry, C extends Ingredient, D extends RowDraft> = {
  label: string
  columns: string[]
  /** The cells of a saved row after its name (Quantity, …). */
  cells: (entry: E) => ReactNode
  RowForm: (props: {
    entry?: E
    catalogue: readonly C[]
    onSubmit: (draft: D) => void
    onCancel: () => void
  }) => ReactNode
  /** The new entry, or null to skip the add silently and keep the row open (docs/product/02-products.md §5). */
  added: (draft: D, item: C | undefined) => E | null
  /** The entry with the draft's changes; `item` is the newly chosen catalogue item, if another was chosen. */
  changed: (entry: E, draft: D, item: C | undefined) => E
}

export type TableProps<E, C> = {
  rows: readonly E[]
  catalogue: readonly C[]
  readOnly: boolean
  addLabel: string
  onAdd: (entry: E) => void
  onUpdate: (entry: E) => void
  onDelete: (id: string) => void
}

/**
 * The one ingredient table (grain, hops, other ingredients): pages of rows, a row at a time added or
 * edited inline, Edit and Delete per row, and the add button (docs/product/02-products.md §2, §4).
 */
export function IngredientTable<E extends Entry, C extends Ingredient, D extends RowDraft>({
  kind,
  rows,
  catalogue,
  readOnly,
  addLabel,
  onAdd,
  onUpdate,
  onDelete,
}: TableProps<E, C> & { kind: IngredientKind<E, C, D> }) {
  const [mode, setMode] = useState<RowMode>(IDLE)
  const pages = usePages(rows)
  const find = (id: string) => catalogue.find((item) => item.id === id)
  const { RowForm } = kind

  const add = (draft: D) => {
    const entry = kind.added(draft, find(draft.ingredientId))
    if (!entry) return
    onAdd(entry)
    setMode(IDLE)
    pages.toLastPage(rows.length + 1)
  }
  const save = (entry: E, draft: D) => {
    const item = draft.ingredientId !== entry.ingredient.id ? find(draft.ingredientId) : undefined
    onUpdate(kind.changed(entry, draft, item))
    setMode(IDLE)
  }

  return (
    <div className="grid gap-3">
      <DataTable label={kind.label} columns={kind.columns} hasActions={!readOnly}>
        {rows.length === 0 && mode.kind !== 'adding' && (
          <EmptyRow colSpan={kind.columns.length + (readOnly ? 0 : 1)} text={NO_INGREDIENTS} />
        )}
        {pages.rows.map((entry) =>
          mode.kind === 'editing' && mode.id === entry.id ? (
            <RowForm
              key={entry.id}
              entry={entry}
              catalogue={catalogue}
              onSubmit={(draft) => save(entry, draft)}
              onCancel={() => setMode(IDLE)}
            />
          ) : (
            <tr key={entry.id}>
              <Cell className="font-medium">
                {nameOf(entry.ingredient)}
                <CatalogueDifference
                  ingredient={entry.ingredient}
                  item={find(entry.ingredient.id) as CatalogueDifferenceItem | undefined}
                  readOnly={readOnly}
                  onChange={(ingredient) => onUpdate({ ...entry, ingredient })}
                />
              </Cell>
              {kind.cells(entry)}
              {!readOnly && (
                <Cell>
                  <RowActions
                    name={nameOf(entry.ingredient)}
                    editLabel="Edit Ingredient"
                    deleteLabel="Delete Ingredient"
                    onEdit={() => setMode({ kind: 'editing', id: entry.id })}
                    onDelete={() => onDelete(entry.id)}
                  />
                </Cell>
              )}
            </tr>
          ),
        )}
        {mode.kind === 'adding' && (
          <RowForm catalogue={catalogue} onSubmit={add} onCancel={() => setMode(IDLE)} />
        )}
      </DataTable>
      <Pager label={kind.label} {...pages} />
      {!readOnly && mode.kind === 'idle' && (
        <AddButton label={addLabel} onClick={() => setMode({ kind: 'adding' })} />
      )}
    </div>
  )
}

/** The Quantity field and its weight unit, as every ingredient row has them. */
export function AmountInputs({
  quantity,
  unit,
  onChange,
}: {
  quantity: string
  unit: string
  onChange: (amount: { quantity: string } | { unit: string }) => void
}) {
  return (
    <div className="flex gap-2">
      <Input
        aria-label="Quantity"
        placeholder="Quantity"
        inputMode="decimal"
        value={quantity}
        onChange={(event) => onChange({ quantity: event.target.value })}
        className="h-9 w-24"
      />
      <RowSelect
        label="Unit"
        placeholder="Unit"
        value={unit}
        onChange={(value) => onChange({ unit: value })}
        options={WEIGHT_OPTIONS}
      />
    </div>
  )
}

/** A time in the unit of the row's addition type. */
export function TimeInput({
  unit,
  value,
  onChange,
}: {
  unit: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <Input
      aria-label={`Time (${unit})`}
      placeholder={unit}
      inputMode="numeric"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="h-9 w-24"
    />
  )
}

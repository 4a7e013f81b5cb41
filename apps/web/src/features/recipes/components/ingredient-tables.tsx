import {
  HOP_ADDITION_TYPES,
  HOP_TIME_UNITS,
  OTHER_ADDITION_TYPES,
  OTHER_TIME_UNITS,
  withHopAdditionType,
  type Fermentable,
  type GrainEntry,
  type Hop,
  type HopAdditionType,
  type HopEntry,
  type OtherAdditionType,
  type OtherEntry,
  type OtherIngredient,
  type WeightUnit,
} from '@brewcommand/domain'
import { useState } from 'react'
import { Input } from '@/components/ui/input.tsx'
import { parseAddQuantity, parseEditQuantity, parseTime } from '../lib/parse.ts'
import { SearchablePicker, type PickerItem, type PickerTexts } from './searchable-picker.tsx'
import {
  AddButton,
  Cell,
  DataTable,
  EmptyRow,
  IDLE,
  Pager,
  quantityText,
  RowActions,
  RowButtons,
  RowSelect,
  usePages,
  WEIGHT_OPTIONS,
  type RowMode,
} from './table-parts.tsx'

/** Texts of the ingredient tables (docs/product/02-products.md §2). */
export const NO_INGREDIENTS = 'No Ingredients.'
export const NOT_APPLICABLE = 'Not Applicable'
export const GRAIN_PICKER: PickerTexts = {
  placeholder: 'Select Grain',
  searchPlaceholder: 'Search Grains',
  emptyText: 'No matching grains',
}
export const HOP_PICKER: PickerTexts = {
  placeholder: 'Select Hops',
  searchPlaceholder: 'Search Hops',
  emptyText: 'No matching hops',
}
export const OTHER_PICKER: PickerTexts = {
  placeholder: 'Select Ingredients',
  searchPlaceholder: 'Search Ingredients',
  emptyText: 'No matching ingredients',
}

type Ingredient = { id: string; name?: unknown }
const nameOf = (ingredient: Ingredient) =>
  typeof ingredient.name === 'string' && ingredient.name ? ingredient.name : ingredient.id

/** Picker choices from the catalogue, plus the row's own ingredient when it is not a catalogue item. */
function choices<T extends Ingredient>(
  items: readonly T[],
  detail: (item: T) => string | undefined,
  current?: Ingredient,
): PickerItem[] {
  const list = items.map((item) => ({ id: item.id, label: nameOf(item), detail: detail(item) }))
  if (current && !items.some((item) => item.id === current.id))
    list.unshift({ id: current.id, label: nameOf(current), detail: 'custom' })
  return list
}

type TableProps<E, C> = {
  rows: readonly E[]
  catalogue: readonly C[]
  readOnly: boolean
  addLabel: string
  onAdd: (entry: E) => void
  onUpdate: (entry: E) => void
  onDelete: (id: string) => void
}

/** Shared shape of the three ingredient tables: paging, row mode, add button and actions. */
function useTable<E extends { id: string }>(rows: readonly E[]) {
  const [mode, setMode] = useState<RowMode>(IDLE)
  const pages = usePages(rows)
  return { mode, setMode, pages }
}

/** The Quantity field and its weight unit, as every ingredient row has them. */
function AmountInputs({
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

// ---------------------------------------------------------------------------------------------------
// Grain bill

type GrainDraft = { ingredientId: string; quantity: string; unit: string }

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

/** Grain Bill: Type and Quantity (docs/product/02-products.md §2). */
export function GrainTable({
  rows,
  catalogue,
  readOnly,
  addLabel,
  onAdd,
  onUpdate,
  onDelete,
}: TableProps<GrainEntry, Fermentable>) {
  const { mode, setMode, pages } = useTable(rows)
  const find = (id: string) => catalogue.find((item) => item.id === id)

  const add = (draft: GrainDraft) => {
    const item = find(draft.ingredientId)
    // docs/product/02-products.md §5: without an ingredient or a unit the add is silently skipped and the row stays open.
    if (!item || !draft.unit) return
    onAdd({
      id: crypto.randomUUID(),
      ingredient: { ...item },
      amount: { value: parseAddQuantity(draft.quantity), unit: draft.unit as WeightUnit },
    })
    setMode(IDLE)
    pages.toLastPage(rows.length + 1)
  }
  const save = (entry: GrainEntry, draft: GrainDraft) => {
    const item = draft.ingredientId !== entry.ingredient.id ? find(draft.ingredientId) : undefined
    const value = parseEditQuantity(draft.quantity)
    onUpdate({
      ...entry,
      ...(item ? { ingredient: { ...item } } : {}),
      amount: {
        value: value ?? entry.amount.value,
        unit: draft.unit && draft.unit !== entry.amount.unit ? (draft.unit as WeightUnit) : entry.amount.unit,
      },
    })
    setMode(IDLE)
  }

  return (
    <div className="grid gap-3">
      <DataTable label="Grain Bill" columns={['Type', 'Quantity']} hasActions={!readOnly}>
        {rows.length === 0 && mode.kind !== 'adding' && (
          <EmptyRow colSpan={readOnly ? 2 : 3} text={NO_INGREDIENTS} />
        )}
        {pages.rows.map((entry) =>
          mode.kind === 'editing' && mode.id === entry.id ? (
            <GrainRowForm
              key={entry.id}
              entry={entry}
              catalogue={catalogue}
              onSubmit={(draft) => save(entry, draft)}
              onCancel={() => setMode(IDLE)}
            />
          ) : (
            <tr key={entry.id}>
              <Cell className="font-medium">{nameOf(entry.ingredient)}</Cell>
              <Cell label="Quantity">{quantityText(entry.amount)}</Cell>
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
          <GrainRowForm catalogue={catalogue} onSubmit={add} onCancel={() => setMode(IDLE)} />
        )}
      </DataTable>
      <Pager label="Grain Bill" {...pages} />
      {!readOnly && mode.kind === 'idle' && (
        <AddButton label={addLabel} onClick={() => setMode({ kind: 'adding' })} />
      )}
    </div>
  )
}

// ---------------------------------------------------------------------------------------------------
// Hops bill

type HopDraft = { ingredientId: string; quantity: string; unit: string; additionType: string; time: string }

function hopTimeText(entry: HopEntry) {
  return entry.time && HOP_TIME_UNITS[entry.additionType]
    ? `${entry.time.value} ${entry.time.unit}`
    : NOT_APPLICABLE
}

function TimeInput({
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

function HopRowForm({
  entry,
  catalogue,
  onSubmit,
  onCancel,
}: {
  entry?: HopEntry
  catalogue: readonly Hop[]
  onSubmit: (draft: HopDraft) => void
  onCancel: () => void
}) {
  const [draft, setDraft] = useState<HopDraft>({
    ingredientId: entry?.ingredient.id ?? '',
    quantity: entry ? String(entry.amount.value) : '',
    unit: entry?.amount.unit ?? '',
    additionType: entry?.additionType ?? '',
    time: entry?.time ? String(entry.time.value) : '',
  })
  const items = choices(catalogue, (h) => `${h.alphaAcids}% AA`, entry?.ingredient)
  const timeUnit = HOP_TIME_UNITS[draft.additionType as HopAdditionType]
  return (
    <tr className="bg-accent/30">
      <Cell>
        <SearchablePicker
          label="Hop"
          items={items}
          value={draft.ingredientId}
          onChange={(ingredientId) => setDraft({ ...draft, ingredientId })}
          texts={HOP_PICKER}
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
      <Cell>
        <RowSelect
          label="Usage"
          placeholder="Usage"
          value={draft.additionType}
          // docs/product/02-products.md §4: Boil takes minutes, Dry Hop days, any other type clears the time.
          onChange={(additionType) =>
            setDraft({
              ...draft,
              additionType,
              time: HOP_TIME_UNITS[additionType as HopAdditionType] ? draft.time : '',
            })
          }
          options={HOP_ADDITION_TYPES.map((type) => ({ value: type, label: type }))}
        />
      </Cell>
      <Cell>
        {timeUnit ? (
          <TimeInput unit={timeUnit} value={draft.time} onChange={(time) => setDraft({ ...draft, time })} />
        ) : (
          <span className="text-muted-foreground">{NOT_APPLICABLE}</span>
        )}
      </Cell>
      <Cell>
        <RowButtons isNew={!entry} onSubmit={() => onSubmit(draft)} onCancel={onCancel} />
      </Cell>
    </tr>
  )
}

/** Hops Bill: Type, Quantity, Usage and Time (docs/product/02-products.md §2). */
export function HopsTable({
  rows,
  catalogue,
  readOnly,
  addLabel,
  onAdd,
  onUpdate,
  onDelete,
}: TableProps<HopEntry, Hop>) {
  const { mode, setMode, pages } = useTable(rows)
  const find = (id: string) => catalogue.find((item) => item.id === id)

  const add = (draft: HopDraft) => {
    const item = find(draft.ingredientId)
    // docs/product/02-products.md §5: hops also need an addition type; otherwise the add is silently skipped.
    if (!item || !draft.unit || !draft.additionType) return
    const additionType = draft.additionType as HopAdditionType
    const unit = HOP_TIME_UNITS[additionType]
    onAdd({
      id: crypto.randomUUID(),
      ingredient: { ...item },
      amount: { value: parseAddQuantity(draft.quantity), unit: draft.unit as WeightUnit },
      additionType,
      time: unit ? { value: parseTime(draft.time) ?? 0, unit } : null,
    })
    setMode(IDLE)
    pages.toLastPage(rows.length + 1)
  }
  const save = (entry: HopEntry, draft: HopDraft) => {
    const item = draft.ingredientId !== entry.ingredient.id ? find(draft.ingredientId) : undefined
    const value = parseEditQuantity(draft.quantity)
    let next: HopEntry = {
      ...entry,
      ...(item ? { ingredient: { ...item } } : {}),
      amount: {
        value: value ?? entry.amount.value,
        unit: draft.unit && draft.unit !== entry.amount.unit ? (draft.unit as WeightUnit) : entry.amount.unit,
      },
    }
    if (draft.additionType && draft.additionType !== entry.additionType)
      next = withHopAdditionType(next, draft.additionType as HopAdditionType)
    const time = parseTime(draft.time)
    if (next.time && time !== undefined) next = { ...next, time: { ...next.time, value: time } }
    onUpdate(next)
    setMode(IDLE)
  }

  return (
    <div className="grid gap-3">
      <DataTable label="Hops Bill" columns={['Type', 'Quantity', 'Usage', 'Time']} hasActions={!readOnly}>
        {rows.length === 0 && mode.kind !== 'adding' && (
          <EmptyRow colSpan={readOnly ? 4 : 5} text={NO_INGREDIENTS} />
        )}
        {pages.rows.map((entry) =>
          mode.kind === 'editing' && mode.id === entry.id ? (
            <HopRowForm
              key={entry.id}
              entry={entry}
              catalogue={catalogue}
              onSubmit={(draft) => save(entry, draft)}
              onCancel={() => setMode(IDLE)}
            />
          ) : (
            <tr key={entry.id}>
              <Cell className="font-medium">{nameOf(entry.ingredient)}</Cell>
              <Cell label="Quantity">{quantityText(entry.amount)}</Cell>
              <Cell label="Usage">{entry.additionType}</Cell>
              <Cell label="Time">{hopTimeText(entry)}</Cell>
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
          <HopRowForm catalogue={catalogue} onSubmit={add} onCancel={() => setMode(IDLE)} />
        )}
      </DataTable>
      <Pager label="Hops Bill" {...pages} />
      {!readOnly && mode.kind === 'idle' && (
        <AddButton label={addLabel} onClick={() => setMode({ kind: 'adding' })} />
      )}
    </div>
  )
}

// ---------------------------------------------------------------------------------------------------
// Other ingredients

type OtherDraft = {
  ingredientId: string
  quantity: string
  unit: string
  additionType: string
  additionTime: string
  brewersNotes: string
}

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

/** Other Ingredients: Type, Quantity, Fermentable, Addition Type, Addition Time, Brewers Notes (docs/product/02-products.md §2). */
export function OtherIngredientsTable({
  rows,
  catalogue,
  readOnly,
  addLabel,
  onAdd,
  onUpdate,
  onDelete,
}: TableProps<OtherEntry, OtherIngredient>) {
  const { mode, setMode, pages } = useTable(rows)
  const find = (id: string) => catalogue.find((item) => item.id === id)

  const add = (draft: OtherDraft) => {
    const item = find(draft.ingredientId)
    if (!item || !draft.unit || !draft.additionType) return
    const additionType = draft.additionType as OtherAdditionType
    onAdd({
      id: crypto.randomUUID(),
      ingredient: { ...item },
      amount: { value: parseAddQuantity(draft.quantity), unit: draft.unit as WeightUnit },
      additionType,
      additionTime: OTHER_TIME_UNITS[additionType] ? (parseTime(draft.additionTime) ?? 0) : null,
      brewersNotes: draft.brewersNotes.trim(),
    })
    setMode(IDLE)
    pages.toLastPage(rows.length + 1)
  }
  const save = (entry: OtherEntry, draft: OtherDraft) => {
    const item = draft.ingredientId !== entry.ingredient.id ? find(draft.ingredientId) : undefined
    const value = parseEditQuantity(draft.quantity)
    const additionType =
      draft.additionType && draft.additionType !== entry.additionType
        ? (draft.additionType as OtherAdditionType)
        : entry.additionType
    const time = parseTime(draft.additionTime)
    const additionTime = OTHER_TIME_UNITS[additionType]
      ? (time ?? (additionType === entry.additionType ? entry.additionTime : 0) ?? 0)
      : null
    onUpdate({
      ...entry,
      ...(item ? { ingredient: { ...item } } : {}),
      amount: {
        value: value ?? entry.amount.value,
        unit: draft.unit && draft.unit !== entry.amount.unit ? (draft.unit as WeightUnit) : entry.amount.unit,
      },
      additionType,
      additionTime,
      brewersNotes:
        draft.brewersNotes !== entry.brewersNotes ? draft.brewersNotes.trim() : entry.brewersNotes,
    })
    setMode(IDLE)
  }

  return (
    <div className="grid gap-3">
      <DataTable
        label="Other Ingredients"
        columns={['Type', 'Quantity', 'Fermentable', 'Addition Type', 'Addition Time', 'Brewers Notes']}
        hasActions={!readOnly}
      >
        {rows.length === 0 && mode.kind !== 'adding' && (
          <EmptyRow colSpan={readOnly ? 6 : 7} text={NO_INGREDIENTS} />
        )}
        {pages.rows.map((entry) =>
          mode.kind === 'editing' && mode.id === entry.id ? (
            <OtherRowForm
              key={entry.id}
              entry={entry}
              catalogue={catalogue}
              onSubmit={(draft) => save(entry, draft)}
              onCancel={() => setMode(IDLE)}
            />
          ) : (
            <tr key={entry.id}>
              <Cell className="font-medium">{nameOf(entry.ingredient)}</Cell>
              <Cell label="Quantity">{quantityText(entry.amount)}</Cell>
              <Cell label="Fermentable">{entry.ingredient.fermentable ? 'Yes' : 'No'}</Cell>
              <Cell label="Addition Type">{entry.additionType}</Cell>
              <Cell label="Addition Time">{otherTimeText(entry)}</Cell>
              <Cell
                label={entry.brewersNotes ? 'Brewers Notes' : undefined}
                className="max-w-64 break-words whitespace-pre-line"
              >
                {entry.brewersNotes}
              </Cell>
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
          <OtherRowForm catalogue={catalogue} onSubmit={add} onCancel={() => setMode(IDLE)} />
        )}
      </DataTable>
      <Pager label="Other Ingredients" {...pages} />
      {!readOnly && mode.kind === 'idle' && (
        <AddButton label={addLabel} onClick={() => setMode({ kind: 'adding' })} />
      )}
    </div>
  )
}

import {
  HOP_ADDITION_TYPES,
  HOP_TIME_UNITS,
  withHopAdditionType,
  type Hop,
  type HopAdditionType,
  type HopEntry,
  type WeightUnit,
} from '@brewcommand/domain'
import { useState } from 'react'
import { SearchablePicker } from '@/components/searchable-picker.tsx'
import { Cell, quantityText, RowButtons, RowSelect } from '@/components/table/table-parts.tsx'
import { parseAddQuantity, parseEditQuantity, parseTime } from '../lib/parse.ts'
import { HOP_PICKER, NOT_APPLICABLE } from '../messages.ts'
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

type HopDraft = RowDraft & { additionType: string; time: string }

function hopTimeText(entry: HopEntry) {
  return entry.time && HOP_TIME_UNITS[entry.additionType]
    ? `${entry.time.value} ${entry.time.unit}`
    : NOT_APPLICABLE
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
          // Spec 02 §4: Boil takes minutes, Dry Hop days, any other type clears the time.
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

const HOPS: IngredientKind<HopEntry, Hop, HopDraft> = {
  label: 'Hops Bill',
  columns: ['Type', 'Quantity', 'Usage', 'Time'],
  cells: (entry) => (
    <>
      <Cell label="Quantity">{quantityText(entry.amount)}</Cell>
      <Cell label="Usage">{entry.additionType}</Cell>
      <Cell label="Time">{hopTimeText(entry)}</Cell>
    </>
  ),
  RowForm: HopRowForm,
  // Spec 02 §5: hops also need an addition type; otherwise the add is silently skipped.
  added: (draft, item) => {
    if (!item || !draft.unit || !draft.additionType) return null
    const additionType = draft.additionType as HopAdditionType
    const unit = HOP_TIME_UNITS[additionType]
    return {
      id: crypto.randomUUID(),
      ingredient: { ...item },
      amount: { value: parseAddQuantity(draft.quantity), unit: draft.unit as WeightUnit },
      additionType,
      time: unit ? { value: parseTime(draft.time) ?? 0, unit } : null,
    }
  },
  changed: (entry, draft, item) => {
    let next: HopEntry = {
      ...entry,
      ...(item ? { ingredient: { ...item } } : {}),
      amount: changedAmount(entry.amount, draft, parseEditQuantity(draft.quantity)),
    }
    if (draft.additionType && draft.additionType !== entry.additionType)
      next = withHopAdditionType(next, draft.additionType as HopAdditionType)
    const time = parseTime(draft.time)
    if (next.time && time !== undefined) next = { ...next, time: { ...next.time, value: time } }
    return next
  },
}

/** Hops Bill: Type, Quantity, Usage and Time (docs/product/02-products.md §2). */
export function HopsTable(props: TableProps<HopEntry, Hop>) {
  return <IngredientTable kind={HOPS} {...props} />
}

import {
  FinishedGoodsMovementSchema,
  InventoryItemChangeSchema,
  INVENTORY_CATEGORIES,
  INVENTORY_CATEGORY_LABELS,
  MANUAL_FINISHED_GOODS_KINDS,
  FINISHED_GOODS_KIND_LABELS,
  NewInventoryItemSchema,
  parseMoneyToCents,
  ReceiveLotSchema,
  StockAdjustmentSchema,
  StockCountSchema,
  STOCK_UNITS,
  TAX_FREE_REASON_LABELS,
  TAX_FREE_REASONS,
  canConvertStock,
  type FinishedGood,
  type InventoryItem,
  type Lot,
  type StockUnit,
} from '@brewcommand/domain'
import { useState, type ReactNode } from 'react'
import type { z } from 'zod'
import { FormDialog } from '@/components/form-dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import {
  instantOf,
  LedgerDateField,
  useLedgerDateCheck,
  type LedgerDate,
} from '@/components/ledger-date-field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { useReturnableRemovals } from '../api/inventory-api.ts'

// The Manager's dialogs of the Inventory page: New Item, Receive Stock, Adjust, Count and finished goods. Each
// checks its input with the domain's schema (the server checks the same) and queues its write with useWrite().

type Values = Record<string, string>
type Errors = Record<string, string>

/** The first message per field of a refused parse. */
function errorsOf(error: z.ZodError): Errors {
  const errors: Errors = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form')
    errors[field] ??= issue.message
  }
  return errors
}

/** A number typed in a field: '' is "none" (null), anything else a number (NaN when it is none). */
const numberOrNull = (text: string | undefined) =>
  text === undefined || text.trim() === '' ? null : Number(text)
const today = () => new Date().toISOString().slice(0, 10)

function useFields(initial: Values) {
  const [values, setValues] = useState<Values>(initial)
  const [errors, setErrors] = useState<Errors>({})
  const field = (name: string) => ({
    id: `stock-${name}`,
    value: values[name] ?? '',
    'aria-invalid': errors[name] ? true : undefined,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  })
  return { values, setValues, errors, setErrors, field, reset: () => (setValues(initial), setErrors({})) }
}

function UnitSelect({
  id,
  value,
  onChange,
  units,
  invalid,
}: {
  id: string
  value: string
  onChange: (event: { target: { value: string } }) => void
  units: readonly StockUnit[]
  invalid?: boolean
}) {
  return (
    <NativeSelect id={id} value={value} onChange={onChange} aria-invalid={invalid}>
      {units.map((unit) => (
        <option key={unit} value={unit}>
          {unit}
        </option>
      ))}
    </NativeSelect>
  )
}

const unitsFor = (unit: StockUnit) => STOCK_UNITS.filter((candidate) => canConvertStock(candidate, unit))

function Dialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  onSubmit,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  submitLabel: string
  onSubmit: () => void
  children: ReactNode
}) {
  return (
    <FormDialog
      title={title}
      description={description}
      open={open}
      onOpenChange={onOpenChange}
      submitLabel={submitLabel}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <div className="grid max-h-[60vh] gap-4 overflow-y-auto pr-1">{children}</div>
    </FormDialog>
  )
}

/** New Item: an ingredient (catalogue id or custom) or a packaging material, its unit and par level. */
export function NewItemDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const write = useWrite()
  const packagingTypes = useAppState().currentEntity?.packagingTypes ?? []
  const form = useFields({ category: 'fermentable', unit: 'kg' })
  const close = (next: boolean) => {
    if (!next) form.reset()
    onOpenChange(next)
  }
  const submit = () => {
    const { values } = form
    const data = {
      id: crypto.randomUUID(),
      name: values.name ?? '',
      category: values.category,
      ingredientId:
        values.category === 'packaging' || !values.ingredientId?.trim() ? null : values.ingredientId.trim(),
      unit: values.unit,
      parLevel: numberOrNull(values.parLevel),
      packageTypeId:
        values.category === 'packaging' && values.packageTypeId?.trim() ? values.packageTypeId.trim() : null,
      perUnit: values.category === 'packaging' ? numberOrNull(values.perUnit) : null,
    }
    const parsed = NewInventoryItemSchema.safeParse(data)
    if (!parsed.success) return form.setErrors(errorsOf(parsed.error))
    write({
      kind: 'production',
      action: 'inventory:add-item',
      uri: '/api/inventory/items',
      data: parsed.data,
      name: parsed.data.name,
    })
    close(false)
  }
  const isPackaging = form.values.category === 'packaging'
  return (
    <Dialog open={open} onOpenChange={close} title="New Item" submitLabel="Create" onSubmit={submit}>
      <FormField label="Name" htmlFor="stock-name" error={form.errors.name}>
        <Input {...form.field('name')} autoFocus placeholder="Pale Malt (2 Row) US" />
      </FormField>
      <FormField label="Category" htmlFor="stock-category" error={form.errors.category}>
        <NativeSelect {...form.field('category')}>
          {INVENTORY_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {INVENTORY_CATEGORY_LABELS[category]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {!isPackaging && (
        <FormField label="Ingredient id" htmlFor="stock-ingredientId" error={form.errors.ingredientId}>
          <Input
            {...form.field('ingredientId')}
            placeholder="The catalogue id recipes use, e.g. pale-malt-2-row-us"
          />
        </FormField>
      )}
      <FormField label="Unit" htmlFor="stock-unit" error={form.errors.unit}>
        <UnitSelect {...form.field('unit')} units={STOCK_UNITS} />
      </FormField>
      <FormField label="Par level" htmlFor="stock-parLevel" error={form.errors.parLevel}>
        <Input {...form.field('parLevel')} inputMode="decimal" placeholder="Optional" />
      </FormField>
      {isPackaging && (
        <>
          <FormField
            label="Used by packaging type"
            htmlFor="stock-packageTypeId"
            error={form.errors.packageTypeId}
          >
            <NativeSelect {...form.field('packageTypeId')}>
              <option value="">None</option>
              {packagingTypes.map((type) => (
                <option key={type.packageTypeId} value={type.packageTypeId}>
                  {type.packageType}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Per packaged unit" htmlFor="stock-perUnit" error={form.errors.perUnit}>
            <Input
              {...form.field('perUnit')}
              inputMode="decimal"
              placeholder="e.g. 1 can per can, 0.0417 carton"
            />
          </FormField>
        </>
      )}
    </Dialog>
  )
}

/** Receive Stock: a lot of an item with supplier, lot code, dates, quantity, unit cost and what was measured. */
export function ReceiveStockDialog({
  open,
  onOpenChange,
  items,
  itemId,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  items: InventoryItem[]
  itemId?: string
}) {
  const write = useWrite()
  const first = items.find((item) => item.id === itemId) ?? items[0]
  const form = useFields({ itemId: first?.id ?? '', unit: first?.unit ?? 'kg', receivedOn: today() })
  const item = items.find((candidate) => candidate.id === form.values.itemId) ?? null
  const close = (next: boolean) => {
    if (!next) form.reset()
    onOpenChange(next)
  }
  const submit = () => {
    const { values } = form
    if (!item) return form.setErrors({ itemId: 'Choose an item' })
    const cost = (values.unitCost ?? '').trim() === '' ? 0 : parseMoneyToCents(values.unitCost)
    const data = {
      id: crypto.randomUUID(),
      supplier: values.supplier ?? '',
      lotCode: values.lotCode ?? '',
      receivedOn: values.receivedOn ?? '',
      bestBefore: values.bestBefore ? values.bestBefore : null,
      quantity: numberOrNull(values.quantity) ?? Number.NaN,
      unit: values.unit,
      unitCostCents: cost ?? Number.NaN,
      alphaAcid: item.category === 'hop' ? numberOrNull(values.alphaAcid) : null,
      colorLovibond: item.category === 'fermentable' ? numberOrNull(values.colorLovibond) : null,
      extractPct: item.category === 'fermentable' ? numberOrNull(values.extractPct) : null,
    }
    const parsed = ReceiveLotSchema.safeParse(data)
    if (!parsed.success) {
      const errors = errorsOf(parsed.error)
      if (cost === null) errors.unitCostCents = 'Unit cost is an amount like 12.34'
      return form.setErrors(errors)
    }
    write({
      kind: 'production',
      action: 'inventory:receive',
      uri: `/api/inventory/items/${item.id}/lots`,
      data: parsed.data,
      name: item.name,
    })
    close(false)
  }
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Receive Stock"
      description="A delivery: one lot of one item."
      submitLabel="Receive"
      onSubmit={submit}
    >
      <FormField label="Item" htmlFor="stock-itemId" error={form.errors.itemId}>
        <NativeSelect
          {...form.field('itemId')}
          onChange={(event) => {
            const next = items.find((candidate) => candidate.id === event.target.value)
            form.setValues((current) => ({
              ...current,
              itemId: event.target.value,
              unit: next?.unit ?? current.unit,
            }))
          }}
        >
          {items.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Quantity" htmlFor="stock-quantity" error={form.errors.quantity}>
          <Input {...form.field('quantity')} inputMode="decimal" autoFocus />
        </FormField>
        <FormField label="Unit" htmlFor="stock-unit" error={form.errors.unit}>
          <UnitSelect {...form.field('unit')} units={item ? unitsFor(item.unit) : STOCK_UNITS} />
        </FormField>
      </div>
      <FormField
        label="Unit cost"
        unit="$ per unit"
        htmlFor="stock-unitCost"
        error={form.errors.unitCostCents}
      >
        <Input {...form.field('unitCost')} inputMode="decimal" placeholder="1.10" />
      </FormField>
      <FormField label="Supplier" htmlFor="stock-supplier" error={form.errors.supplier}>
        <Input {...form.field('supplier')} />
      </FormField>
      <FormField label="Lot code" htmlFor="stock-lotCode" error={form.errors.lotCode}>
        <Input {...form.field('lotCode')} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Received" htmlFor="stock-receivedOn" error={form.errors.receivedOn}>
          <Input {...form.field('receivedOn')} type="date" />
        </FormField>
        <FormField label="Best before" htmlFor="stock-bestBefore" error={form.errors.bestBefore}>
          <Input {...form.field('bestBefore')} type="date" />
        </FormField>
      </div>
      {item?.category === 'hop' && (
        <FormField label="Alpha acid" unit="%" htmlFor="stock-alphaAcid" error={form.errors.alphaAcid}>
          <Input {...form.field('alphaAcid')} inputMode="decimal" />
        </FormField>
      )}
      {item?.category === 'fermentable' && (
        <div className="grid grid-cols-2 gap-3">
          <FormField label="Colour" unit="°L" htmlFor="stock-colorLovibond" error={form.errors.colorLovibond}>
            <Input {...form.field('colorLovibond')} inputMode="decimal" />
          </FormField>
          <FormField label="Extract" unit="%" htmlFor="stock-extractPct" error={form.errors.extractPct}>
            <Input {...form.field('extractPct')} inputMode="decimal" />
          </FormField>
        </div>
      )}
    </Dialog>
  )
}

/** Adjust: add to a lot or remove (from a lot, or the first-expiring lots), always with a reason. */
export function AdjustDialog({
  open,
  onOpenChange,
  item,
  lots,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  item: InventoryItem
  lots: Lot[]
}) {
  const write = useWrite()
  const form = useFields({ direction: 'remove', unit: item.unit, lotId: '' })
  const close = (next: boolean) => {
    if (!next) form.reset()
    onOpenChange(next)
  }
  const submit = () => {
    const { values } = form
    const data = {
      id: crypto.randomUUID(),
      direction: values.direction,
      quantity: numberOrNull(values.quantity) ?? Number.NaN,
      unit: values.unit,
      lotId: values.lotId ? values.lotId : null,
      reason: values.reason ?? '',
    }
    const parsed = StockAdjustmentSchema.safeParse(data)
    if (!parsed.success) return form.setErrors(errorsOf(parsed.error))
    if (parsed.data.direction === 'add' && !parsed.data.lotId)
      return form.setErrors({ lotId: 'Choose the lot the stock is added to' })
    write({
      kind: 'production',
      action: 'inventory:adjust',
      uri: `/api/inventory/items/${item.id}/adjustments`,
      data: parsed.data,
      name: item.name,
    })
    close(false)
  }
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={`Adjust ${item.name}`}
      submitLabel="Adjust"
      onSubmit={submit}
    >
      <FormField label="Change" htmlFor="stock-direction" error={form.errors.direction}>
        <NativeSelect {...form.field('direction')}>
          <option value="remove">Remove</option>
          <option value="add">Add</option>
        </NativeSelect>
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Quantity" htmlFor="stock-quantity" error={form.errors.quantity}>
          <Input {...form.field('quantity')} inputMode="decimal" autoFocus />
        </FormField>
        <FormField label="Unit" htmlFor="stock-unit" error={form.errors.unit}>
          <UnitSelect {...form.field('unit')} units={unitsFor(item.unit)} />
        </FormField>
      </div>
      <FormField label="Lot" htmlFor="stock-lotId" error={form.errors.lotId}>
        <NativeSelect {...form.field('lotId')}>
          <option value="">First-expiring lots</option>
          {lots.map((lot) => (
            <option key={lot.id} value={lot.id}>
              {lot.lotCode || lot.receivedOn} ({lot.remaining} {item.unit})
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Reason" htmlFor="stock-reason" error={form.errors.reason}>
        <Input {...form.field('reason')} placeholder="Spillage, damaged sack, sample…" />
      </FormField>
    </Dialog>
  )
}

/** Count: what is physically there; the difference to the books is recorded as the variance. */
export function CountDialog({
  open,
  onOpenChange,
  item,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  item: InventoryItem
}) {
  const write = useWrite()
  const form = useFields({ unit: item.unit })
  const close = (next: boolean) => {
    if (!next) form.reset()
    onOpenChange(next)
  }
  const submit = () => {
    const { values } = form
    const parsed = StockCountSchema.safeParse({
      id: crypto.randomUUID(),
      countedQuantity: numberOrNull(values.countedQuantity) ?? Number.NaN,
      unit: values.unit,
      note: values.note ?? '',
    })
    if (!parsed.success) return form.setErrors(errorsOf(parsed.error))
    write({
      kind: 'production',
      action: 'inventory:count',
      uri: `/api/inventory/items/${item.id}/counts`,
      data: parsed.data,
      name: item.name,
    })
    close(false)
  }
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={`Count ${item.name}`}
      description={`The books say ${item.onHand} ${item.unit} on hand.`}
      submitLabel="Record count"
      onSubmit={submit}
    >
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Counted" htmlFor="stock-countedQuantity" error={form.errors.countedQuantity}>
          <Input {...form.field('countedQuantity')} inputMode="decimal" autoFocus />
        </FormField>
        <FormField label="Unit" htmlFor="stock-unit" error={form.errors.unit}>
          <UnitSelect {...form.field('unit')} units={unitsFor(item.unit)} />
        </FormField>
      </div>
      <FormField label="Note" htmlFor="stock-note" error={form.errors.note}>
        <Input {...form.field('note')} placeholder="Month-end count" />
      </FormField>
    </Dialog>
  )
}

/**
 * A movement of one packaging option onto the ledger: a taxpaid sale, a tax-free removal with its reason, beer
 * consumed on premises, breakage, destruction, the return of an earlier sale (at most what it sent out less earlier
 * returns) or beer received in bond from another brewery; when it happened, and a prior-period adjustment when
 * that date is in a closed report period.
 */
export function FinishedGoodsDialog({
  open,
  onOpenChange,
  good,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  good: FinishedGood
}) {
  const write = useWrite()
  const form = useFields({ kind: 'sold', taxFreeReason: '', returnOf: '' })
  const [date, setDate] = useState<LedgerDate>({ when: '', adjustment: false })
  const dateCheck = useLedgerDateCheck(date)
  const kind = form.values.kind
  const removals = useReturnableRemovals(good.packageId, open && kind === 'returned')
  const returnable = (removals.data ?? []).filter((removal) => removal.returnableUnits > 0)
  const close = (next: boolean) => {
    if (!next) {
      form.reset()
      setDate({ when: '', adjustment: false })
    }
    onOpenChange(next)
  }
  const submit = () => {
    const { values } = form
    const parsed = FinishedGoodsMovementSchema.safeParse({
      id: crypto.randomUUID(),
      packageId: good.packageId,
      kind: values.kind,
      units: numberOrNull(values.units) ?? Number.NaN,
      customer: values.customer ?? '',
      reason: values.reason ?? '',
      taxFreeReason: values.kind === 'removed' && values.taxFreeReason ? values.taxFreeReason : null,
      returnOf: values.kind === 'returned' && values.returnOf ? values.returnOf : null,
      fromBrewery: values.kind === 'received' ? (values.fromBrewery ?? '') : '',
      occurredAt: instantOf(date.when),
      priorPeriodAdjustment: date.adjustment,
    })
    if (!parsed.success) return form.setErrors(errorsOf(parsed.error))
    const removal = returnable.find((candidate) => candidate.liquidEventId === parsed.data.returnOf)
    if (removal && parsed.data.units > removal.returnableUnits)
      return form.setErrors({
        units: `That sale sent out ${removal.units} and ${removal.returnedUnits} came back already; at most ${removal.returnableUnits} can be returned.`,
      })
    if (dateCheck.refusal) return form.setErrors({ occurredAt: dateCheck.refusal })
    write({
      kind: 'production',
      action: 'inventory:finished-goods',
      uri: '/api/inventory/finished-goods/movements',
      data: parsed.data,
      name: `${good.productName} ${good.packageType}`,
    })
    close(false)
  }
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={`${good.productName} · ${good.packageType}`}
      description={`${good.onHand} units on hand.`}
      submitLabel="Record"
      onSubmit={submit}
    >
      <FormField label="What happened" htmlFor="stock-kind" error={form.errors.kind}>
        <NativeSelect {...form.field('kind')}>
          {MANUAL_FINISHED_GOODS_KINDS.map((option) => (
            <option key={option} value={option}>
              {FINISHED_GOODS_KIND_LABELS[option]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {kind === 'removed' && (
        <FormField label="Why without tax" htmlFor="stock-taxFreeReason" error={form.errors.taxFreeReason}>
          <NativeSelect {...form.field('taxFreeReason')}>
            <option value="">Choose a reason</option>
            {TAX_FREE_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {TAX_FREE_REASON_LABELS[reason]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      {kind === 'returned' && (
        <FormField label="Returned from" htmlFor="stock-returnOf" error={form.errors.returnOf}>
          <NativeSelect {...form.field('returnOf')}>
            <option value="">{removals.isLoading ? 'Loading sales…' : 'Choose the sale'}</option>
            {returnable.map((removal) => (
              <option key={removal.liquidEventId} value={removal.liquidEventId}>
                {`${removal.occurredAt.slice(0, 10)} · ${removal.customer || 'no customer'} · ${removal.returnableUnits} of ${removal.units} may come back`}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      {kind === 'returned' && !removals.isLoading && returnable.length === 0 && (
        <p className="text-sm text-muted-foreground">No sale of this option can come back.</p>
      )}
      {kind === 'received' && (
        <FormField label="From brewery" htmlFor="stock-fromBrewery" error={form.errors.fromBrewery}>
          <Input {...form.field('fromBrewery')} />
        </FormField>
      )}
      <FormField label="Units" htmlFor="stock-units" error={form.errors.units}>
        <Input {...form.field('units')} inputMode="numeric" autoFocus />
      </FormField>
      {(kind === 'sold' || kind === 'removed') && (
        <FormField label="Customer" htmlFor="stock-customer" error={form.errors.customer}>
          <Input {...form.field('customer')} placeholder="Optional" />
        </FormField>
      )}
      <FormField label="Reason" htmlFor="stock-reason" error={form.errors.reason}>
        <Input {...form.field('reason')} placeholder="Optional" />
      </FormField>
      <LedgerDateField value={date} onChange={setDate} error={form.errors.occurredAt} />
    </Dialog>
  )
}

/** Edit an item: its name and par level, and for a packaging material the packaging type it is used by. */
export function EditItemDialog({
  open,
  onOpenChange,
  item,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  item: InventoryItem
}) {
  const write = useWrite()
  const packagingTypes = useAppState().currentEntity?.packagingTypes ?? []
  const form = useFields({
    name: item.name,
    parLevel: item.parLevel === null ? '' : String(item.parLevel),
    packageTypeId: item.packageTypeId ?? '',
    perUnit: item.perUnit === null ? '' : String(item.perUnit),
  })
  const close = (next: boolean) => {
    if (!next) form.reset()
    onOpenChange(next)
  }
  const isPackaging = item.category === 'packaging'
  const submit = () => {
    const { values } = form
    const parsed = InventoryItemChangeSchema.safeParse({
      name: values.name ?? '',
      parLevel: numberOrNull(values.parLevel),
      ...(isPackaging
        ? {
            packageTypeId: values.packageTypeId ? values.packageTypeId : null,
            perUnit: numberOrNull(values.perUnit),
          }
        : {}),
    })
    if (!parsed.success) return form.setErrors(errorsOf(parsed.error))
    write({
      kind: 'production',
      action: 'inventory:change-item',
      uri: `/api/inventory/items/${item.id}`,
      data: parsed.data,
      name: parsed.data.name ?? item.name,
    })
    close(false)
  }
  return (
    <Dialog open={open} onOpenChange={close} title={`Edit ${item.name}`} submitLabel="Save" onSubmit={submit}>
      <FormField label="Name" htmlFor="stock-name" error={form.errors.name}>
        <Input {...form.field('name')} />
      </FormField>
      <FormField label="Par level" unit={item.unit} htmlFor="stock-parLevel" error={form.errors.parLevel}>
        <Input {...form.field('parLevel')} inputMode="decimal" placeholder="None" autoFocus />
      </FormField>
      {isPackaging && (
        <>
          <FormField
            label="Used by packaging type"
            htmlFor="stock-packageTypeId"
            error={form.errors.packageTypeId}
          >
            <NativeSelect {...form.field('packageTypeId')}>
              <option value="">None</option>
              {packagingTypes.map((type) => (
                <option key={type.packageTypeId} value={type.packageTypeId}>
                  {type.packageType}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Per packaged unit" htmlFor="stock-perUnit" error={form.errors.perUnit}>
            <Input {...form.field('perUnit')} inputMode="decimal" />
          </FormField>
        </>
      )}
    </Dialog>
  )
}

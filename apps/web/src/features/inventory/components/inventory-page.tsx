import {
  formatCents,
  formatStock,
  INVENTORY_CATEGORY_LABELS,
  type FinishedGood,
  type InventoryItem,
} from '@brewcommand/domain'
import { AlertTriangle, Boxes } from 'lucide-react'
import { lazy, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { itemQuantityText } from '../lib/lot-quantity.ts'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { can } from '@brewcommand/domain'
import { cn } from '@/lib/utils.ts'
import {
  isIngredient,
  useCanWeBrew,
  useFinishedGoods,
  useInventoryAlerts,
  useInventoryItems,
  useInventorySync,
} from '../api/inventory-api.ts'
import { INVENTORY_TEXTS as T } from '../messages.ts'
import { OnceOpened } from '@/components/deferred.tsx'

// The item sheet and the dialogs load on first use, not with the list (ADR 390, as ADR 173 for the products page).
const ImportDialog = lazy(async () => ({ default: (await import('./import-dialog.tsx')).ImportDialog }))
const ItemDetail = lazy(async () => ({ default: (await import('./item-detail.tsx')).ItemDetail }))
const FinishedGoodsDialog = lazy(async () => ({
  default: (await import('./stock-dialogs.tsx')).FinishedGoodsDialog,
}))
const NewItemDialog = lazy(async () => ({ default: (await import('./stock-dialogs.tsx')).NewItemDialog }))
const ReceiveStockDialog = lazy(async () => ({
  default: (await import('./stock-dialogs.tsx')).ReceiveStockDialog,
}))

const FILTERS = ['all', 'ingredients', 'packaging', 'finishedGoods', 'belowPar'] as const
type Filter = (typeof FILTERS)[number]

const matches = (filter: Filter, item: InventoryItem) =>
  filter === 'all' ||
  (filter === 'ingredients' && isIngredient(item.category)) ||
  (filter === 'packaging' && item.category === 'packaging') ||
  (filter === 'belowPar' && item.isBelowPar)

/**
 * The Inventory page (docs/production.md): items with on hand, reserved, available, par and value (cards on a
 * phone), filters, an item's lots and movements, Receive Stock, Adjust, Count, the CSV import, Can we brew? for
 * the next weeks and finished goods with their cost per unit. Live: any stock change in the brewery reloads it.
 */
export function InventoryPage() {
  useInventorySync()
  const { currentEntity } = useAppState()
  const canManage = can(currentEntity?.role, 'manageStock')
  const items = useInventoryItems()
  const [filter, setFilter] = useState<Filter>('all')
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [dialog, setDialog] = useState<'new' | 'receive' | 'import' | null>(null)
  const selected = items.data?.find((item) => item.id === selectedId) ?? null

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-4">
          <h1 className="text-2xl font-semibold tracking-tight">{T.heading}</h1>
          <Link
            to="/secure/inventory/kegs"
            className="inline-flex min-h-11 items-center underline underline-offset-2"
          >
            Kegs
          </Link>
        </div>
        {canManage && (
          <div className="flex flex-wrap gap-2">
            <Button className="min-h-11" variant="outline" onClick={() => setDialog('new')}>
              {T.newItem}
            </Button>
            <Button className="min-h-11" onClick={() => setDialog('receive')} disabled={!items.data?.length}>
              {T.receiveStock}
            </Button>
            <Button className="min-h-11" variant="outline" onClick={() => setDialog('import')}>
              {T.importCsv}
            </Button>
          </div>
        )}
      </div>

      <Alerts />

      {items.isPending && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner className="size-4" /> {T.loading}
        </p>
      )}
      {items.isError && (
        <div role="alert" className="grid gap-2 rounded-xl border border-destructive/40 p-4">
          <p>
            {T.loadFailed} {items.error.message}
          </p>
          <Button className="min-h-11 w-fit" variant="outline" onClick={() => void items.refetch()}>
            {T.retry}
          </Button>
        </div>
      )}
      {items.data && items.data.length === 0 && (
        <section className="rounded-xl border bg-card p-6 shadow-xs">
          <div className="flex items-start gap-4">
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent text-primary">
              <Boxes aria-hidden="true" className="size-5" />
            </span>
            <p className="text-muted-foreground">{T.empty}</p>
          </div>
        </section>
      )}
      {items.data && items.data.length > 0 && (
        <>
          <div role="group" aria-label="Filter items" className="flex flex-wrap gap-2">
            {FILTERS.map((name) => (
              <Button
                key={name}
                className="min-h-11"
                variant={filter === name ? 'default' : 'outline'}
                aria-pressed={filter === name}
                onClick={() => setFilter(name)}
              >
                {T.filters[name]}
              </Button>
            ))}
          </div>
          {filter === 'finishedGoods' ? (
            <FinishedGoods canManage={canManage} />
          ) : (
            <ItemsList items={items.data.filter((item) => matches(filter, item))} onOpen={setSelectedId} />
          )}
        </>
      )}

      <CanWeBrewPanel />

      {filter !== 'finishedGoods' && items.data && items.data.length > 0 && (
        <FinishedGoods canManage={canManage} />
      )}

      <OnceOpened open={selected !== null}>
        <ItemDetail item={selected} canManage={canManage} onClose={() => setSelectedId(null)} />
      </OnceOpened>
      {canManage && (
        <OnceOpened open={dialog === 'new'}>
          <NewItemDialog open={dialog === 'new'} onOpenChange={(open) => setDialog(open ? 'new' : null)} />
        </OnceOpened>
      )}
      {canManage && dialog === 'receive' && items.data && items.data.length > 0 && (
        <OnceOpened open>
          <ReceiveStockDialog
            open
            onOpenChange={(open) => setDialog(open ? 'receive' : null)}
            items={items.data}
          />
        </OnceOpened>
      )}
      {canManage && (
        <OnceOpened open={dialog === 'import'}>
          <ImportDialog
            open={dialog === 'import'}
            onOpenChange={(open) => setDialog(open ? 'import' : null)}
          />
        </OnceOpened>
      )}
    </div>
  )
}

function Alerts() {
  const alerts = useInventoryAlerts()
  if (!alerts.data || alerts.data.length === 0) return null
  return (
    <section
      aria-labelledby="par-alerts"
      className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="par-alerts" className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-4" /> {T.alertsTitle}
      </h2>
      <ul className="grid gap-1 text-sm">
        {alerts.data.map((alert) => (
          <li key={alert.id}>
            {T.alert(
              alert.itemName,
              formatStock(alert.available, alert.unit),
              formatStock(alert.parLevel, alert.unit),
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

function ItemsList({ items, onOpen }: { items: InventoryItem[]; onOpen: (id: string) => void }) {
  if (items.length === 0) return <p className="text-muted-foreground">{T.noneMatch}</p>
  const figures = (item: InventoryItem) => ({
    onHand: itemQuantityText(item.onHand, item),
    reserved: itemQuantityText(item.reserved, item),
    available: itemQuantityText(item.available, item),
    par: item.parLevel === null ? '—' : itemQuantityText(item.parLevel, item),
    // Null for a Brewer: values are a Manager's (viewCosts).
    value: item.valueCents === null ? '—' : formatCents(item.valueCents),
  })
  return (
    <>
      {/* A phone gets cards; a wider screen the table. */}
      <ul className="grid gap-3 md:hidden" aria-label="Items">
        {items.map((item) => {
          const f = figures(item)
          return (
            <li key={item.id} className="rounded-xl border bg-card p-4 shadow-xs">
              <button
                type="button"
                className="grid min-h-11 w-full gap-1 text-left"
                onClick={() => onOpen(item.id)}
              >
                <span className="flex items-center justify-between gap-2 font-medium">
                  {item.name}
                  {item.isBelowPar && <BelowPar />}
                </span>
                <span className="text-sm text-muted-foreground">
                  {INVENTORY_CATEGORY_LABELS[item.category]}
                </span>
                <span className="grid grid-cols-2 gap-x-3 text-sm">
                  <span>
                    {T.columns.onHand}: {f.onHand}
                  </span>
                  <span>
                    {T.columns.available}: {f.available}
                  </span>
                  <span>
                    {T.columns.reserved}: {f.reserved}
                  </span>
                  <span>
                    {T.columns.value}: {f.value}
                  </span>
                </span>
              </button>
            </li>
          )
        })}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Inventory items</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className="p-3">
                {T.columns.item}
              </th>
              {(['onHand', 'reserved', 'available', 'par', 'value'] as const).map((column) => (
                <th key={column} scope="col" className="p-3 text-right">
                  {T.columns[column]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => {
              const f = figures(item)
              return (
                <tr key={item.id} className={cn('border-t', item.isBelowPar && 'bg-amber-50/60')}>
                  <th scope="row" className="p-2 text-left font-normal">
                    <Button
                      variant="link"
                      className="h-auto min-h-11 px-1 text-left"
                      onClick={() => onOpen(item.id)}
                    >
                      {item.name}
                    </Button>
                    <span className="ml-1 text-xs text-muted-foreground">
                      {INVENTORY_CATEGORY_LABELS[item.category]}
                    </span>
                    {item.isBelowPar && <BelowPar />}
                  </th>
                  <td className="p-3 text-right tabular-nums">{f.onHand}</td>
                  <td className="p-3 text-right tabular-nums">{f.reserved}</td>
                  <td className="p-3 text-right tabular-nums">{f.available}</td>
                  <td className="p-3 text-right tabular-nums">{f.par}</td>
                  <td className="p-3 text-right tabular-nums">{f.value}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </>
  )
}

function BelowPar() {
  return (
    <span className="ml-2 rounded-md bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
      {T.belowPar}
    </span>
  )
}

function CanWeBrewPanel() {
  const [weeksText, setWeeksText] = useState('4')
  const [weeks, setWeeks] = useState(4)
  const check = useCanWeBrew(weeks)
  const parsed = Number(weeksText)
  const valid = Number.isInteger(parsed) && parsed >= 1 && parsed <= 52
  return (
    <section aria-labelledby="can-we-brew" className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <h2 id="can-we-brew" className="text-lg font-semibold">
        {T.canWeBrew}
      </h2>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (valid) setWeeks(parsed)
        }}
      >
        <div className="grid gap-1">
          <Label htmlFor="can-we-brew-weeks">{T.weeks}</Label>
          <Input
            id="can-we-brew-weeks"
            className="w-24"
            inputMode="numeric"
            value={weeksText}
            aria-invalid={valid ? undefined : true}
            onChange={(event) => setWeeksText(event.target.value)}
          />
        </div>
        <Button type="submit" className="min-h-11" disabled={!valid}>
          {T.check}
        </Button>
      </form>
      {!valid && <p className="text-sm text-destructive">Weeks is a whole number from 1 to 52.</p>}
      {check.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" /> {T.loading}
        </p>
      )}
      {check.isError && (
        <p role="alert" className="text-sm text-destructive">
          {check.error.message}
        </p>
      )}
      {check.data && (
        <div className="grid gap-2 text-sm" aria-live="polite">
          {check.data.batches.length === 0 ? (
            <p className="text-muted-foreground">{T.noPlanned(weeks)}</p>
          ) : check.data.shortfalls.length === 0 ? (
            <p className="font-medium text-emerald-800">{T.allClear(check.data.batches.length)}</p>
          ) : (
            <ul className="grid gap-1" aria-label="Shortfalls">
              {check.data.shortfalls.map((shortfall) => (
                <li key={`${shortfall.batchId}-${shortfall.itemName}`} className="text-destructive">
                  {T.shortfall(
                    shortfall.itemName,
                    formatStock(shortfall.short, shortfall.unit),
                    shortfall.batchNumber,
                    shortfall.date,
                  )}
                </li>
              ))}
            </ul>
          )}
          {check.data.batches.length > 0 && (
            <p className="text-muted-foreground">
              {check.data.batches
                .map((batch) => `${batch.batchNumber} ${batch.productName} (${batch.plannedBrewDate})`)
                .join(' · ')}
            </p>
          )}
        </div>
      )}
    </section>
  )
}

function FinishedGoods({ canManage }: { canManage: boolean }) {
  const goods = useFinishedGoods()
  const [recording, setRecording] = useState<FinishedGood | null>(null)
  return (
    <section aria-labelledby="finished-goods" className="grid gap-3">
      <h2 id="finished-goods" className="text-lg font-semibold">
        {T.finishedGoods}
      </h2>
      {goods.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" /> {T.loading}
        </p>
      )}
      {goods.isError && (
        <p role="alert" className="text-sm text-destructive">
          {goods.error.message}
        </p>
      )}
      {goods.data?.length === 0 && <p className="text-sm text-muted-foreground">{T.noFinishedGoods}</p>}
      {goods.data && goods.data.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={T.finishedGoods}>
          {goods.data.map((good) => (
            <li key={good.packageId} className="grid gap-1 rounded-xl border bg-card p-4 text-sm shadow-xs">
              <span className="font-medium">
                {good.productName} · {good.packageType}
              </span>
              <span className="text-muted-foreground">
                {T.fgColumns.sku} {good.sku || '—'}
                {good.upc && ` · UPC ${good.upc}`}
              </span>
              <span>
                {T.fgColumns.onHand}: {good.onHand} of {good.packaged} packaged
              </span>
              {good.valueCents !== null && (
                <span>
                  {T.fgColumns.costPerUnit}:{' '}
                  {good.costPerUnitCents === null ? '—' : formatCents(good.costPerUnitCents)} ·{' '}
                  {T.fgColumns.value}: {formatCents(good.valueCents)}
                </span>
              )}
              {canManage && (
                <Button className="mt-2 min-h-11 w-fit" variant="outline" onClick={() => setRecording(good)}>
                  {T.recordMovement}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {recording && (
        <OnceOpened open>
          <FinishedGoodsDialog open onOpenChange={(open) => !open && setRecording(null)} good={recording} />
        </OnceOpened>
      )}
    </section>
  )
}

import { formatCents, formatStock, type InventoryItem } from '@brewcommand/domain'
import { useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useItemDetail } from '../api/inventory-api.ts'
import { itemQuantityText, lotQuantityText } from '../lib/lot-quantity.ts'
import { INVENTORY_TEXTS as T } from '../messages.ts'
import { AdjustDialog, CountDialog, EditItemDialog, ReceiveStockDialog } from './stock-dialogs.tsx'

/** An item's lots (first-expiring first), reservations and movements, with Receive, Adjust and Count. */
export function ItemDetail({
  item,
  canManage,
  onClose,
}: {
  item: InventoryItem | null
  canManage: boolean
  onClose: () => void
}) {
  const detail = useItemDetail(item?.id ?? null)
  const [dialog, setDialog] = useState<'receive' | 'adjust' | 'count' | 'edit' | null>(null)
  const current = detail.data?.item ?? item
  return (
    <Sheet open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full max-w-xl overflow-y-auto sm:max-w-xl">
        {current && (
          <>
            <SheetHeader>
              <SheetTitle>{current.name}</SheetTitle>
              <SheetDescription>
                {T.columns.onHand} {itemQuantityText(current.onHand, current)} · {T.columns.reserved}{' '}
                {itemQuantityText(current.reserved, current)} · {T.columns.available}{' '}
                {itemQuantityText(current.available, current)}
                {current.valueCents !== null && ` · ${formatCents(current.valueCents)}`}
              </SheetDescription>
            </SheetHeader>
            {canManage && (
              <div className="flex flex-wrap gap-2">
                <Button className="min-h-11" onClick={() => setDialog('receive')}>
                  {T.receiveStock}
                </Button>
                <Button className="min-h-11" variant="outline" onClick={() => setDialog('adjust')}>
                  {T.adjust}
                </Button>
                <Button className="min-h-11" variant="outline" onClick={() => setDialog('count')}>
                  {T.count}
                </Button>
                <Button className="min-h-11" variant="outline" onClick={() => setDialog('edit')}>
                  {T.edit}
                </Button>
              </div>
            )}
            {detail.isPending && (
              <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
                <Spinner className="size-4" /> {T.loading}
              </p>
            )}
            {detail.isError && (
              <p role="alert" className="text-sm text-destructive">
                {detail.error.message}{' '}
                <Button variant="link" onClick={() => void detail.refetch()}>
                  {T.retry}
                </Button>
              </p>
            )}
            {detail.data && (
              <div className="grid gap-6 text-sm">
                <section aria-labelledby="lots-heading" className="grid gap-2">
                  <h3 id="lots-heading" className="font-semibold">
                    {T.lots}
                  </h3>
                  {detail.data.lots.length === 0 ? (
                    <p className="text-muted-foreground">{T.noLots}</p>
                  ) : (
                    <ul className="grid gap-2">
                      {detail.data.lots.map((lot) => (
                        <li
                          key={lot.id}
                          className="rounded-lg border p-3"
                          aria-label={`Lot ${lot.lotCode || lot.receivedOn}`}
                        >
                          <div className="flex justify-between gap-2 font-medium">
                            <span>{lot.lotCode || 'No lot code'}</span>
                            <span className="text-right">{lotQuantityText(lot, current.unit)}</span>
                          </div>
                          <div className="text-muted-foreground">
                            {lot.supplier && `${lot.supplier} · `}received {lot.receivedOn}
                            {lot.bestBefore && ` · best before ${lot.bestBefore}`}
                            {lot.unitCostCents !== null &&
                              lot.valueCents !== null &&
                              ` · ${formatCents(lot.unitCostCents)}/${lot.enteredUnit} · worth ${formatCents(lot.valueCents)}`}
                            {lot.alphaAcid !== null && ` · ${lot.alphaAcid}% AA`}
                            {lot.colorLovibond !== null && ` · ${lot.colorLovibond} °L`}
                            {lot.extractPct !== null && ` · ${lot.extractPct}% extract`}
                          </div>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
                {detail.data.reservations.length > 0 && (
                  <section aria-labelledby="reservations-heading" className="grid gap-2">
                    <h3 id="reservations-heading" className="font-semibold">
                      {T.reservations}
                    </h3>
                    <ul className="grid gap-1">
                      {detail.data.reservations.map((reservation) => (
                        <li key={reservation.batchId}>
                          {reservation.batchNumber} ({reservation.plannedBrewDate}):{' '}
                          {formatStock(reservation.quantity, current.unit)}
                        </li>
                      ))}
                    </ul>
                  </section>
                )}
                <section aria-labelledby="movements-heading" className="grid gap-2">
                  <h3 id="movements-heading" className="font-semibold">
                    {T.movements}
                  </h3>
                  {detail.data.movements.length === 0 ? (
                    <p className="text-muted-foreground">{T.noMovements}</p>
                  ) : (
                    <ul className="grid gap-1" aria-label={T.movements}>
                      {detail.data.movements.map((movement) => (
                        <li
                          key={movement.id}
                          className="flex flex-wrap justify-between gap-x-3 border-b py-1"
                        >
                          <span>
                            {T.kinds[movement.kind] ?? movement.kind}
                            {movement.lotCode ? ` · lot ${movement.lotCode}` : ''}
                            {movement.batchNumber ? ` · batch ${movement.batchNumber}` : ''}
                            {movement.reason ? ` · ${movement.reason}` : ''}
                          </span>
                          <span className="tabular-nums">
                            {movement.quantity > 0 ? '+' : ''}
                            {formatStock(movement.quantity, current.unit, 4)}
                            {movement.costCents !== null &&
                              movement.costCents !== 0 &&
                              ` · ${formatCents(movement.costCents)}`}
                          </span>
                          <span className="w-full text-xs text-muted-foreground">
                            {new Date(movement.occurredAt).toLocaleString()}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              </div>
            )}
            {canManage && dialog === 'receive' && (
              <ReceiveStockDialog
                open
                onOpenChange={(open) => !open && setDialog(null)}
                items={[current]}
                itemId={current.id}
              />
            )}
            {canManage && dialog === 'adjust' && (
              <AdjustDialog
                open
                onOpenChange={(open) => !open && setDialog(null)}
                item={current}
                lots={detail.data?.lots ?? []}
              />
            )}
            {canManage && dialog === 'edit' && (
              <EditItemDialog open onOpenChange={(open) => !open && setDialog(null)} item={current} />
            )}
            {canManage && dialog === 'count' && (
              <CountDialog open onOpenChange={(open) => !open && setDialog(null)} item={current} />
            )}
          </>
        )}
      </SheetContent>
    </Sheet>
  )
}

import { formatStock, type StockUnit } from '@brewcommand/domain'

/**
 * A lot's remaining and received quantities in the unit the person received it in ("1,000 lb"), with the item's
 * own unit beside it when that differs ("= 453.59 kg"): what was typed stays what is read. The remaining part is
 * converted by the lot's own ratio (entered ÷ received), so a full lot reads exactly what was entered.
 */
export function lotQuantityText(
  lot: { remaining: number; receivedQuantity: number; enteredQuantity: number; enteredUnit: StockUnit },
  itemUnit: StockUnit,
): string {
  const ratio = lot.receivedQuantity > 0 ? lot.enteredQuantity / lot.receivedQuantity : 1
  const entered = `${formatStock(lot.remaining * ratio, lot.enteredUnit, 4)} of ${formatStock(lot.enteredQuantity, lot.enteredUnit, 4)}`
  if (lot.enteredUnit === itemUnit) return entered
  return `${entered} (= ${formatStock(lot.remaining, itemUnit, 2)} of ${formatStock(lot.receivedQuantity, itemUnit, 2)})`
}

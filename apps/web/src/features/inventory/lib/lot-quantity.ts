import { canConvertStock, convertStock, formatStock, type StockUnit } from '@brewcommand/domain'

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

/**
 * An item's figure (on hand, reserved, available, par) in the unit the person received it in (`enteredUnit`),
 * converted from the item's own unit: 1000 lb received reads "1,000 lb", not "453.59 kg" (issue 34 defect 11).
 */
export function itemQuantityText(
  quantity: number,
  item: { unit: StockUnit; enteredUnit?: StockUnit | undefined },
): string {
  const unit = item.enteredUnit ?? item.unit
  if (unit === item.unit || !canConvertStock(item.unit, unit)) return formatStock(quantity, item.unit)
  return formatStock(convertStock(quantity, item.unit, unit), unit)
}

import { describe, expect, it } from 'vitest'
import { itemQuantityText, lotQuantityText } from './lot-quantity.ts'

describe('lotQuantityText', () => {
  it('reads 1,000 lb received as 1,000 lb, with the item’s 453.59 kg beside it', () => {
    // 1000 lb × 0.45359237 kg/lb = 453.59237 kg
    const lot = {
      remaining: 453.5924,
      receivedQuantity: 453.5924,
      enteredQuantity: 1000,
      enteredUnit: 'lb' as const,
    }
    expect(lotQuantityText(lot, 'kg')).toBe('1,000 lb of 1,000 lb (= 453.59 kg of 453.59 kg)')
  })

  it('converts what is left by the lot’s own ratio, and says nothing more when the units agree', () => {
    // Half used: 226.7962 kg left of 453.5924 kg → 500 lb of 1,000 lb
    const lot = {
      remaining: 226.7962,
      receivedQuantity: 453.5924,
      enteredQuantity: 1000,
      enteredUnit: 'lb' as const,
    }
    expect(lotQuantityText(lot, 'kg')).toMatch(/^500 lb of 1,000 lb/)
    expect(
      lotQuantityText(
        { remaining: 80, receivedQuantity: 120, enteredQuantity: 120, enteredUnit: 'kg' },
        'kg',
      ),
    ).toBe('80 kg of 120 kg')
  })

  it('shows an item in the unit it was received in: 453.5924 kg kept reads 1,000 lb; the same unit reads as kept', () => {
    // 453.5924 kg ÷ 0.45359237 kg/lb = 1000.0000 lb (to two decimals)
    expect(itemQuantityText(453.5924, { unit: 'kg', enteredUnit: 'lb' })).toBe('1,000 lb')
    // Cascade kept in g, received in oz: 283.495 g ÷ 28.349523 g/oz = 10 oz
    expect(itemQuantityText(283.495, { unit: 'g', enteredUnit: 'oz' })).toBe('10 oz')
    expect(itemQuantityText(12.5, { unit: 'kg', enteredUnit: 'kg' })).toBe('12.5 kg')
  })
})

import { describe, expect, it } from 'vitest'
import {
  NewCustomerSchema,
  NewOrderSchema,
  NewPriceListSchema,
  RecordPaymentSchema,
  SalesSettingsChangeSchema,
} from './sales.schema.ts'

const id = () => crypto.randomUUID()
describe('sales schemas', () => {
  it('asks the reason of a tax exemption', () => {
    const result = NewCustomerSchema.safeParse({ id: id(), name: 'Bar', kind: 'bar', taxExempt: true })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].path).toEqual(['taxExemptReason'])
    expect(
      NewCustomerSchema.parse({
        id: id(),
        name: 'Bar',
        kind: 'bar',
        taxExempt: true,
        taxExemptReason: 'Resale',
      }).paymentTerms,
    ).toBe('net-30')
  })
  it('refuses an empty order, fractional or negative quantities and prices in fractions of a cent', () => {
    const line = { id: id(), packageId: id(), quantity: 2 }
    expect(NewOrderSchema.safeParse({ id: id(), customerId: id(), lines: [] }).success).toBe(false)
    expect(
      NewOrderSchema.safeParse({ id: id(), customerId: id(), lines: [{ ...line, quantity: 1.5 }] }).success,
    ).toBe(false)
    expect(
      NewOrderSchema.safeParse({ id: id(), customerId: id(), lines: [{ ...line, quantity: -1 }] }).success,
    ).toBe(false)
    expect(
      NewOrderSchema.safeParse({ id: id(), customerId: id(), lines: [{ ...line, unitPriceCents: 10.5 }] })
        .success,
    ).toBe(false)
    expect(
      NewOrderSchema.parse({ id: id(), customerId: id(), lines: [line] }).lines[0].unitPriceCents,
    ).toBeNull()
  })
  it('refuses two prices for one option at one break', () => {
    const packageId = id()
    const prices = [
      { packageId, minQuantity: 1, unitPriceCents: 100 },
      { packageId, minQuantity: 1, unitPriceCents: 90 },
    ]
    expect(NewPriceListSchema.safeParse({ id: id(), name: 'Wholesale', prices }).success).toBe(false)
  })
  it('refuses a zero payment, a tax rate above 50 % and two deposits for one type', () => {
    expect(
      RecordPaymentSchema.safeParse({ id: id(), method: 'check', amountCents: 0, receivedOn: '2026-01-01' })
        .success,
    ).toBe(false)
    expect(
      SalesSettingsChangeSchema.safeParse({ taxRateBasisPoints: 5001, invoicePrefix: '', deposits: [] })
        .success,
    ).toBe(false)
    expect(
      SalesSettingsChangeSchema.safeParse({
        taxRateBasisPoints: 0,
        invoicePrefix: 'INV-',
        deposits: [
          { packageTypeId: 'k', depositCents: 3000 },
          { packageTypeId: 'k', depositCents: 1000 },
        ],
      }).success,
    ).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import {
  hasValidUpcCheckDigit,
  PackageSchema,
  ProductChangeSchema,
  truncateDescription,
} from './product.schema.ts'

describe('hasValidUpcCheckDigit', () => {
  it.each([
    ['036000291452', true],
    ['012345678905', true],
    ['036000291453', false],
    ['03600029145', false],
    ['03600029145a', false],
  ])('%s → %s', (upc, valid) => {
    expect(hasValidUpcCheckDigit(upc)).toBe(valid)
  })
})

describe('PackageSchema', () => {
  const base = {
    id: crypto.randomUUID(),
    type: '16oz Cans',
    typeId: crypto.randomUUID(),
    sku: 'HC-16',
    upc: '',
  }
  it('accepts no UPC and a valid one', () => {
    expect(PackageSchema.parse(base).upc).toBe('')
    expect(PackageSchema.parse({ ...base, upc: '036000291452' }).upc).toBe('036000291452')
  })
  it.each([
    ['12345', 'UPC-A needs 12 digits'],
    ['036000291453', 'The UPC check digit is wrong'],
  ])('refuses %s with “%s”', (upc, message) => {
    const result = PackageSchema.safeParse({ ...base, upc })
    expect(result.error?.issues.map((i) => i.message)).toContain(message)
  })
})

describe('ProductChangeSchema', () => {
  it('takes a name or a description, not both and not other fields', () => {
    expect(ProductChangeSchema.safeParse({ name: 'Pale' }).success).toBe(true)
    expect(ProductChangeSchema.safeParse({ description: '' }).success).toBe(true)
    expect(ProductChangeSchema.safeParse({ name: '  ' }).success).toBe(false)
    expect(ProductChangeSchema.safeParse({ name: 'a', description: 'b' }).success).toBe(false)
    expect(ProductChangeSchema.safeParse({ entityId: 'x' }).success).toBe(false)
  })
})

describe('truncateDescription', () => {
  it('keeps short text and cuts long text to 170 characters with an ellipsis', () => {
    expect(truncateDescription('Crisp.')).toBe('Crisp.')
    const long = 'x'.repeat(200)
    expect(truncateDescription(long)).toBe(`${'x'.repeat(170)}...`)
  })
})

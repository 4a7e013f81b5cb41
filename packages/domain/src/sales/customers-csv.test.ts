import { describe, expect, it } from 'vitest'
import { CUSTOMERS_CSV_EXAMPLE, parseCustomersCsv } from './customers-csv.ts'

describe('parseCustomersCsv', () => {
  it('reads the example file', () => {
    const { rows, errors } = parseCustomersCsv(CUSTOMERS_CSV_EXAMPLE)
    expect(errors).toEqual([])
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      line: 2,
      name: 'The Tap House',
      kind: 'bar',
      contact: { email: 'orders@taphouse.example', phone: '(503) 555-0142' },
      address: { line1: '12 Main St', city: 'Portland', state: 'OR', zip: '97201' },
    })
    expect(rows[1].kind).toBe('bottle-shop')
  })
  it('reads a QuickBooks-style header', () => {
    const csv =
      'Customer,Main Email,Main Phone,Billing Street,Billing City,Billing State,Billing ZIP\n"Smith, Jones & Co",a@b.co,555,1 Rd,Bend,OR,97701'
    const { rows, errors } = parseCustomersCsv(csv)
    expect(errors).toEqual([])
    expect(rows[0]).toMatchObject({
      name: 'Smith, Jones & Co',
      kind: 'other',
      address: { city: 'Bend', zip: '97701' },
    })
  })
  it('names each bad line and its column, and keeps the good ones', () => {
    const csv = [
      'name,email,kind',
      'Good Bar,good@bar.example,bar',
      ',x@y.z,',
      'Bad Mail,not-an-email,',
      'Odd,,spaceship',
      'good bar,,',
    ].join('\n')
    const { rows, errors } = parseCustomersCsv(csv)
    expect(rows.map((r) => r.name)).toEqual(['Good Bar'])
    expect(errors).toEqual([
      { line: 3, field: 'name', message: 'The name is required' },
      { line: 4, field: 'email', message: '"not-an-email" is not an email address' },
      {
        line: 5,
        field: 'kind',
        message:
          'The kind is one of bar, restaurant, bottle-shop, grocery, distributor, taproom, export, other',
      },
      { line: 6, field: 'name', message: '"good bar" is already on an earlier line' },
    ])
  })
  it('refuses a file without a name column or without lines', () => {
    expect(parseCustomersCsv('email,phone\na@b.co,1').errors).toEqual([
      { line: 1, field: 'header', message: 'Missing column: name' },
    ])
    expect(parseCustomersCsv('name\n').errors[0].message).toBe('No lines after the header')
    expect(parseCustomersCsv('').errors[0].field).toBe('file')
  })
})

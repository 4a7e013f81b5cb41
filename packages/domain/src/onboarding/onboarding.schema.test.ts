import { describe, expect, it } from 'vitest'
import { BusinessFormSchema } from './onboarding.schema.ts'
import { US_STATES } from './us-states.ts'

const valid = {
  businessName: 'Hoppy Co',
  address: '1 Main St',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0100',
  ein: '12-3456789',
}

function messagesFor(input: Record<string, string>): Record<string, string | undefined> {
  const result = BusinessFormSchema.safeParse(input)
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]))
}

describe('BusinessFormSchema', () => {
  it('accepts a complete business', () => {
    expect(BusinessFormSchema.safeParse(valid).success).toBe(true)
  })

  it('gives every required message of docs/product/01-access.md §5 for an empty form', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((k) => [k, '']))
    expect(messagesFor(empty)).toEqual({
      businessName: 'Business Name is required.',
      address: 'Address is required.',
      city: 'City is required.',
      state: 'State is required',
      zip: 'Zip is required.',
      phone: 'Phone number is required.',
      ein: 'EIN is required.',
    })
  })

  it.each(['97201', '97201-1234'])('accepts the zip %s', (zip) => {
    expect(messagesFor({ ...valid, zip }).zip).toBeUndefined()
  })
  it.each(['9720', '972011', '97201-12', 'abcde', '97201 1234'])('refuses the zip %s', (zip) => {
    expect(messagesFor({ ...valid, zip }).zip).toBe('Zip is not valid.')
  })
  it.each(['(503) 555-0100'])('accepts the phone %s', (phone) => {
    expect(messagesFor({ ...valid, phone }).phone).toBeUndefined()
  })
  it.each(['503-555-0100', '(503)555-0100', '5035550100', '(503) 555-010'])(
    'refuses the phone %s',
    (phone) => {
      expect(messagesFor({ ...valid, phone }).phone).toBe('This phone number is not valid.')
    },
  )
  it.each(['12-3456789'])('accepts the EIN %s', (ein) => {
    expect(messagesFor({ ...valid, ein }).ein).toBeUndefined()
  })
  it.each(['123456789', '1-23456789', '12-345678', 'ab-cdefghi'])('refuses the EIN %s', (ein) => {
    expect(messagesFor({ ...valid, ein }).ein).toBe('EIN must be xx-xxxxxxx.')
  })

  it('offers exactly the 50 states, without DC or territories', () => {
    expect(US_STATES).toHaveLength(50)
    const codes = US_STATES.map((s) => s.code)
    expect(new Set(codes).size).toBe(50)
    for (const notAState of ['DC', 'PR', 'GU', 'VI', 'AS', 'MP']) expect(codes).not.toContain(notAState)
    expect(messagesFor({ ...valid, state: 'DC' }).state).toBe('State is required')
  })
})

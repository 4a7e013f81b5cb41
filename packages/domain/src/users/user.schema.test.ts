import { describe, expect, it } from 'vitest'
import {
  InviteSchema,
  sortUsersByGivenName,
  USER_MANAGEMENT_MESSAGES,
  UserChangeSchema,
} from './user.schema.ts'

const messages = (input: unknown) => {
  const result = InviteSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('InviteSchema', () => {
  it('takes an email and one of the three roles, trimming the email', () => {
    expect(InviteSchema.parse({ email: '  ann@example.com ', role: 'Manager' })).toEqual({
      email: 'ann@example.com',
      role: 'Manager',
    })
  })

  it.each([
    [{ email: '', role: 'Brewer' }, USER_MANAGEMENT_MESSAGES.emptyEmail],
    [{ email: '   ', role: 'Brewer' }, USER_MANAGEMENT_MESSAGES.emptyEmail],
    [{ role: 'Brewer' }, USER_MANAGEMENT_MESSAGES.emptyEmail],
    [{ email: 'ann', role: 'Brewer' }, 'Invalid email address.'],
    [{ email: 'a,b@example.com', role: 'Brewer' }, 'Invalid email address.'],
    [{ email: 'ann@example.com', role: 'viewer' }, 'The role must be Admin, Brewer or Manager.'],
    [{ email: 'ann@example.com', role: 'admin' }, 'The role must be Admin, Brewer or Manager.'],
  ])('refuses %j with "%s"', (input, message) => {
    expect(messages(input)).toContain(message)
  })
})

describe('UserChangeSchema', () => {
  it('needs a role and a positive whole rev', () => {
    expect(UserChangeSchema.safeParse({ role: 'Admin', rev: 2 }).success).toBe(true)
    expect(UserChangeSchema.safeParse({ role: 'Admin' }).success).toBe(false)
    expect(UserChangeSchema.safeParse({ role: 'Admin', rev: 0 }).success).toBe(false)
    expect(UserChangeSchema.safeParse({ role: 'Admin', rev: 1.5 }).success).toBe(false)
  })
})

describe('sortUsersByGivenName', () => {
  it('sorts case-insensitively, then by email, without changing the input', () => {
    const users = [
      { givenName: 'zoe', email: 'z@x.com' },
      { givenName: 'Ann', email: 'b@x.com' },
      { givenName: 'ann', email: 'a@x.com' },
      { givenName: 'Bob', email: 'c@x.com' },
    ]
    expect(sortUsersByGivenName(users).map((u) => u.email)).toEqual([
      'a@x.com',
      'b@x.com',
      'c@x.com',
      'z@x.com',
    ])
    expect(users[0].givenName).toBe('zoe')
  })
})

import { describe, expect, it } from 'vitest'
import { hashPassword, PASSWORD_MESSAGES, passwordProblem, verifyPassword } from './password.ts'

describe('password hashing', () => {
  it('stores scrypt$N$r$p$salt$hash with a random salt', async () => {
    const first = await hashPassword('hops and barley 42')
    const second = await hashPassword('hops and barley 42')
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/)
    expect(first).not.toBe(second)
  })

  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('hops and barley 42')
    expect(await verifyPassword('hops and barley 42', stored)).toBe(true)
    expect(await verifyPassword('hops and barley 43', stored)).toBe(false)
    expect(await verifyPassword('', stored)).toBe(false)
  })

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false)
    expect(await verifyPassword('x', 'scrypt$0$8$1$c2FsdA$')).toBe(false)
  })
})

describe('password rule', () => {
  it.each([
    ['short1!', 'a@b.co', false],
    ['onlyletterslong', 'a@b.co', false],
    ['ÜberlangeWörter', 'a@b.co', false],
    ['brewer@example.com', 'Brewer@Example.com', false],
    ['mash tun 2024', 'a@b.co', true],
    ['0 4 1 7 2 9 3 3', 'a@b.co', true],
  ])('%s (email %s) acceptable: %s', (password, email, acceptable) => {
    expect(passwordProblem(password, email) === null).toBe(acceptable)
  })
})

describe('common and breached passwords', () => {
  it.each([
    'password123',
    'Password123',
    '1234567890',
    'qwertyuiop1',
    'QWERTYUIOP!!',
    'basketball2024',
    'iloveyou12',
  ])('refuses %s with its own message', (password) => {
    expect(passwordProblem(password, 'a@b.co')).toBe(PASSWORD_MESSAGES.common)
  })

  // Not on the list, but a cracker's first guesses: repetitions, runs and keyboard walks.
  it.each([
    '0000000000',
    '1111111111!',
    '1212121212',
    'abc1abc1abc1',
    '2024202420',
    'aaaaaaaab1',
    '0123456789',
    '9876543210',
    '7890123456',
    'abcdefghijk9',
    'ZYXWVUTSRQ!',
    '0 1 2 3 4 5 6',
    'a-b-c-d-e-f-g-h',
    "sdfghjkl;'",
    'poiuytrewq0',
    'xsw23edcvfr4',
    '3edcxsw21qaz',
    '1478963210',
    'abcdefgh2024!',
  ])('refuses the pattern %s with its own message', (password) => {
    expect(passwordProblem(password, 'a@b.co')).toBe(PASSWORD_MESSAGES.pattern)
  })

  it.each([
    'mash tun 2024!',
    'Kettle-sour 7 days',
    'dry hop at 12°P',
    '0 4 1 7 2 9 3 3',
    'Brite tank 3 at 0.5 bar',
    'abcd-Lager-9931',
  ])('accepts %s', (password) => {
    expect(passwordProblem(password, 'a@b.co')).toBeNull()
  })
})

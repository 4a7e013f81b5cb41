import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { dictionary } from '@zxcvbn-ts/language-common'

const N = 16384
const R = 8
const P = 1
const KEY_LENGTH = 64

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: R, p: P })
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$')
}

/** True when `password` matches a hash made by `hashPassword`; compares in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [n, r, p] = parts.slice(1, 4).map(Number)
  const salt = Buffer.from(parts[4], 'base64url')
  const expected = Buffer.from(parts[5], 'base64url')
  if (!n || !r || !p || expected.length === 0) return false
  const actual = await scryptAsync(password.normalize('NFKC'), salt, expected.length, {
    N: n,
    r,
    p,
    maxmem: 256 * n * r,
  })
  return timingSafeEqual(actual, expected)
}

// A fixed hash to compare against when the email is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash
}

export const PASSWORD_MESSAGES = {
  weak: 'Choose a password of at least 10 characters that is not just letters.',
  common:
    'This password is on a list of common or breached passwords, so it is easy to guess. Choose another one.',
} as const

// The common-password list of zxcvbn-ts (@zxcvbn-ts/language-common: about 49,000 passwords most
// often found in published breaches; decision 112), as a set of lower-cased entries, built on first use.
let commonPasswords: Set<string> | undefined

/** True when the password, ignoring case and a trailing run of digits or symbols, is a common one. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()))
  const lower = password.normalize('NFKC').trim().toLowerCase()
  const stem = lower.replace(/[^\p{L}]+$/u, '')
  return commonPasswords.has(lower) || (stem.length >= 4 && commonPasswords.has(stem))
}

/** The password rule of sign-up, reset and change; returns the message to show, or null when acceptable. */
export function passwordProblem(password: string, email: string): string | null {
  const weak =
    password.length < 10 ||
    /^\p{L}+$/u.test(password) ||
    password.trim().toLowerCase() === email.trim().toLowerCase()
  if (weak) return PASSWORD_MESSAGES.weak
  return isCommonPassword(password) ? PASSWORD_MESSAGES.common : null
}

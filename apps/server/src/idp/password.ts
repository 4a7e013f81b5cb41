import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'

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
  pattern:
    'This password is a pattern (a character or block repeated, a run like 12345 or abcde, or keys side by side), so it is easy to guess. Choose another one.',
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

/** At most this many different characters make a repetition (`0000000000`, `1212121212`, `aaaaaaaab1`). */
const MAX_REPEATED_CHARACTERS = 2
/** A repeated block of at most this many characters (`abcabcabca`, `2024202420`). */
const MAX_REPEATED_BLOCK = 4

/** True when the text is one block of up to four characters repeated (the last copy may be cut short). */
function isRepeatedBlock(text: string): boolean {
  for (let size = 1; size <= MAX_REPEATED_BLOCK && size * 2 <= text.length; size++) {
    if (
      text
        .slice(0, size)
        .repeat(Math.ceil(text.length / size))
        .slice(0, text.length) === text
    )
      return true
  }
  return false
}

const SEQUENCES = ['0123456789', 'abcdefghijklmnopqrstuvwxyz']
/** True when the text runs up or down the digits or the alphabet one step at a time (`0123456789`, `zyxwvu…`; 9 wraps to 0). */
function isSequence(text: string): boolean {
  return SEQUENCES.some((sequence) =>
    [1, -1].some((step) =>
      [...text].every((char, index) => {
        const at = sequence.indexOf(char)
        if (at === -1) return false
        if (index === 0) return true
        return (sequence.indexOf(text[index - 1]) + step + sequence.length) % sequence.length === at
      }),
    ),
  )
}

// Keys next to each other on a QWERTY keyboard and on a number pad (zxcvbn-ts's graphs): each key's neighbours,
// shifted or not.
const KEYBOARDS = [adjacencyGraphs.qwerty, adjacencyGraphs.keypad] as Record<string, (string | null)[]>[]
/** True when every next character is a neighbouring key of the one before (`qwertyuiop`, `zaq12wsx`, `7894561230`). */
function isKeyboardWalk(text: string): boolean {
  return KEYBOARDS.some((graph) =>
    [...text].every((char, index) => {
      if (index === 0) return char in graph
      const neighbours = graph[text[index - 1]] ?? []
      return neighbours.some((keys) => keys?.includes(char))
    }),
  )
}

/**
 * True when the password is a pattern a cracker tries first: one or two characters repeated, a short block
 * repeated, a run of the digits or the alphabet, or a walk along the keyboard — judged without case, spaces and
 * separators, and again without a trailing run of digits or symbols.
 */
export function isPatternPassword(password: string): boolean {
  const core = password
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s._-]+/g, '')
  const stem = core.replace(/[^\p{L}]+$/u, '')
  return [core, stem]
    .filter((text) => text.length >= 6)
    .some(
      (text) =>
        new Set(text).size <= MAX_REPEATED_CHARACTERS ||
        isRepeatedBlock(text) ||
        isSequence(text) ||
        isKeyboardWalk(text),
    )
}

/** The password rule of sign-up, reset and change; returns the message to show, or null when acceptable. */
export function passwordProblem(password: string, email: string): string | null {
  const weak =
    password.length < 10 ||
    /^\p{L}+$/u.test(password) ||
    password.trim().toLowerCase() === email.trim().toLowerCase()
  if (weak) return PASSWORD_MESSAGES.weak
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.common
  return isPatternPassword(password) ? PASSWORD_MESSAGES.pattern : null
}

import { createHash, randomBytes } from 'node:crypto'
import type { AccountRow } from '../db/schema/identity.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { AccountRepository } from './accounts.repository.ts'
import type { AttemptLimiter } from './attempt-limiter.ts'
import { hashPassword, passwordProblem, timingDummyHash, verifyPassword } from './password.ts'
import type { FieldErrors } from './views.ts'

export const MESSAGES = {
  wrongCredentials: 'Incorrect email or password.',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  tooManyAttempts: (minutes: number) =>
    `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  required: {
    givenName: 'Given name is required.',
    familyName: 'Family name is required.',
    email: 'Email is required.',
    password: 'Password is required.',
  },
  invalidEmail: 'Enter a valid email address.',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
} as const

const VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000
// Deliberately loose: one @, something on both sides, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const MAX = { name: 100, email: 254, password: 1024 }

export type FormResult<T> =
  ({ ok: true } & T) | { ok: false; status: 400 | 401 | 409 | 429; errors: FieldErrors; alert?: string }

export interface SignUpInput {
  givenName: string
  familyName: string
  email: string
  password: string
}

export interface AccountServiceOptions {
  mailer: Mailer
  /** Absolute URL of the verify-email page; the token is appended as `?token=`. */
  verifyEmailUrl: string
  limiters: { perAddress: AttemptLimiter; perAccount: AttemptLimiter }
  /** Called after an address is verified (the users module mirrors the flag). */
  onEmailVerified?: (accountId: string, email: string) => Promise<void>
  logError?: (error: unknown, message: string) => void
}

export type VerifyEmailOutcome = 'verified' | 'used' | 'expired' | 'invalid'

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function createAccountService(repo: AccountRepository, options: AccountServiceOptions) {
  const { limiters } = options

  async function sendVerificationEmail(account: AccountRow): Promise<void> {
    const token = randomBytes(32).toString('base64url')
    await repo.insertVerificationToken(
      account.id,
      hashToken(token),
      new Date(Date.now() + VERIFICATION_TTL_MS),
    )
    const link = `${options.verifyEmailUrl}?token=${token}`
    await options.mailer.send({
      to: account.email,
      subject: 'Verify your email address for BrewCommand',
      text: [
        `Hello ${account.givenName},`,
        '',
        'Welcome to BrewCommand. Please confirm your email address by opening this link:',
        '',
        link,
        '',
        'The link works once and expires in 48 hours. If you did not create a BrewCommand account, you can ignore this message.',
      ].join('\n'),
    })
  }

  // An unverified account whose link has expired gets a fresh one when its owner signs in.
  async function resendVerificationIfExpired(account: AccountRow): Promise<void> {
    try {
      if (!(await repo.hasLiveVerificationToken(account.id))) await sendVerificationEmail(account)
    } catch (error) {
      options.logError?.(error, 'Could not send the email verification message')
    }
  }

  return {
    async signIn(
      input: { email: string; password: string },
      clientAddress: string,
    ): Promise<FormResult<{ accountId: string }>> {
      const email = input.email.trim().toLowerCase()
      const errors: FieldErrors = {}
      if (!email) errors.email = MESSAGES.required.email
      if (!input.password) errors.password = MESSAGES.required.password
      if (Object.keys(errors).length) return { ok: false, status: 400, errors }

      const addressKey = `address:${clientAddress}`
      const accountKey = `account:${email}`
      const waitMs = Math.max(
        limiters.perAddress.retryAfterMs(addressKey),
        limiters.perAccount.retryAfterMs(accountKey),
      )
      if (waitMs > 0) {
        return {
          ok: false,
          status: 429,
          errors: {},
          alert: MESSAGES.tooManyAttempts(Math.ceil(waitMs / 60_000)),
        }
      }

      const account = input.password.length <= MAX.password ? await repo.findByEmail(email) : null
      // Hash even for an unknown email, so the answer takes as long as for a wrong password.
      const matches = await verifyPassword(input.password, account?.passwordHash ?? (await timingDummyHash()))
      if (!account || !matches) {
        limiters.perAddress.record(addressKey)
        limiters.perAccount.record(accountKey)
        return { ok: false, status: 401, errors: {}, alert: MESSAGES.wrongCredentials }
      }
      limiters.perAccount.reset(accountKey)
      if (!account.emailVerified) await resendVerificationIfExpired(account)
      return { ok: true, accountId: account.id }
    },

    async signUp(input: SignUpInput): Promise<FormResult<{ account: AccountRow }>> {
      const values = {
        givenName: input.givenName.trim(),
        familyName: input.familyName.trim(),
        email: input.email.trim().toLowerCase(),
      }
      const errors: FieldErrors = {}
      if (!values.givenName) errors.givenName = MESSAGES.required.givenName
      else if (values.givenName.length > MAX.name) errors.givenName = MESSAGES.tooLong('Given name', MAX.name)
      if (!values.familyName) errors.familyName = MESSAGES.required.familyName
      else if (values.familyName.length > MAX.name)
        errors.familyName = MESSAGES.tooLong('Family name', MAX.name)
      if (!values.email) errors.email = MESSAGES.required.email
      else if (values.email.length > MAX.email) errors.email = MESSAGES.tooLong('Email', MAX.email)
      else if (!EMAIL.test(values.email)) errors.email = MESSAGES.invalidEmail
      if (!input.password) errors.password = MESSAGES.required.password
      else if (input.password.length > MAX.password)
        errors.password = MESSAGES.tooLong('Password', MAX.password)
      else {
        const problem = passwordProblem(input.password, values.email)
        if (problem) errors.password = problem
      }
      if (Object.keys(errors).length) return { ok: false, status: 400, errors }

      if (await repo.findByEmail(values.email)) {
        return { ok: false, status: 409, errors: { email: MESSAGES.emailTaken } }
      }
      const account = await repo.insert({ ...values, passwordHash: await hashPassword(input.password) })
      // A concurrent sign-up with the same email won the race.
      if (!account) return { ok: false, status: 409, errors: { email: MESSAGES.emailTaken } }

      try {
        await sendVerificationEmail(account)
      } catch (error) {
        // The account works without verification; a failed mail must not fail the sign-up.
        options.logError?.(error, 'Could not send the email verification message')
      }
      return { ok: true, account }
    },

    sendVerificationEmail,

    async verifyEmail(token: string | undefined): Promise<VerifyEmailOutcome> {
      if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return 'invalid'
      const tokenHash = hashToken(token)
      const accountId = await repo.useVerificationToken(tokenHash)
      if (accountId) {
        await repo.markEmailVerified(accountId)
        const account = await repo.findById(accountId)
        if (account) await options.onEmailVerified?.(accountId, account.email)
        return 'verified'
      }
      const stored = await repo.findVerificationToken(tokenHash)
      if (!stored) return 'invalid'
      return stored.usedAt ? 'used' : 'expired'
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>

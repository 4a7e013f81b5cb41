import { createHash, randomBytes } from 'node:crypto'
import type { AccountRow } from '../db/schema/identity.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { AccountRepository } from './accounts.repository.ts'
import type { AttemptKey, AttemptLimiter } from './attempt-limiter.ts'
import { hashPassword, passwordProblem, timingDummyHash, verifyPassword } from './password.ts'
import type { FieldErrors } from './views.ts'

export const MESSAGES = {
  wrongCredentials: 'Incorrect email or password.',
  tooManyAttempts: (minutes: number) =>
    `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  tooManyRequests: (minutes: number) =>
    `Too many requests from this address. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  wrongCurrentPassword: 'The current password is not correct.',
  samePassword: 'Choose a password that differs from the current one.',
  required: {
    givenName: 'Given name is required.',
    familyName: 'Family name is required.',
    email: 'Email is required.',
    password: 'Password is required.',
    currentPassword: 'Current password is required.',
    newPassword: 'New password is required.',
  },
  invalidEmail: 'Enter a valid email address.',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
} as const

const VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000
const RESET_TTL_MS = 60 * 60 * 1000
/** Reset mails sent to one account per window, whoever asks (more requests are answered alike, unsent). */
const RESET_MAILS_PER_ACCOUNT = 3
// Deliberately loose: one @, something on both sides, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const MAX = { name: 100, email: 254, password: 1024 }

export type FormResult<T> =
  ({ ok: true } & T) | { ok: false; status: 400 | 401 | 410 | 429; errors: FieldErrors; alert?: string }

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
  /** Absolute URL of the reset-password page; the token is appended as `?token=`. */
  resetPasswordUrl: string
  /** Absolute URL of the forgot-password page. */
  forgotPasswordUrl: string
  /** Absolute URL where a person starts signing in (the app's home page). */
  signInUrl: string
  limiter: AttemptLimiter
  limits: AccountLimits
  /** Called after an address is verified (the users module mirrors the flag). */
  onEmailVerified?: (accountId: string, email: string) => Promise<void>
  logError?: (error: unknown, message: string) => void
}

/** The limits of decision 111, all per window. */
export interface AccountLimits {
  /** Failed sign-ins (and current-password checks) from one client address, whatever the account. */
  maxFailuresPerAddress: number
  /** Failed sign-ins at one account from one client address. */
  maxFailuresPerAccount: number
  /** Failed sign-ins at one account from all addresses together (a distributed guessing attack). */
  maxFailuresPerAccountTotal: number
  /** Sign-ups and password-reset requests from one client address. */
  maxAccountRequestsPerAddress: number
  windowMs: number
}

export type VerifyEmailOutcome = 'verified' | 'used' | 'expired' | 'invalid'
export type ResetTokenState = 'valid' | 'used' | 'expired' | 'invalid'

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function createAccountService(repo: AccountRepository, options: AccountServiceOptions) {
  const { limiter, limits } = options

  function minutes(waitMs: number) {
    return Math.max(1, Math.ceil(waitMs / 60_000))
  }

  /** The keys one password guess is counted on (decision 111). */
  function guessKeys(email: string, clientAddress: string): AttemptKey[] {
    return [
      { key: `sign-in:address:${clientAddress}`, limit: limits.maxFailuresPerAddress },
      { key: `sign-in:address-account:${clientAddress}:${email}`, limit: limits.maxFailuresPerAccount },
      { key: `sign-in:account:${email}`, limit: limits.maxFailuresPerAccountTotal },
    ]
  }

  /**
   * Reserves a guess before the password is compared, so no number of parallel requests gets more
   * compares than the limits allow; `settle(true)` gives the reservation back after a right password.
   */
  async function reserveGuess(email: string, clientAddress: string) {
    const keys = guessKeys(email, clientAddress)
    const waitMs = await limiter.reserve(keys)
    return {
      waitMs,
      async settle(matched: boolean) {
        if (!matched) return
        await limiter.release(keys[0].key)
        await limiter.reset(keys[1].key)
        await limiter.release(keys[2].key)
      },
    }
  }

  const tooManyGuesses = (waitMs: number) =>
    ({ ok: false, status: 429, errors: {}, alert: MESSAGES.tooManyAttempts(minutes(waitMs)) }) as const

  /** Sign-ups and reset requests from one address; answers a 429 result or null. */
  async function reserveAccountRequest(clientAddress: string) {
    const waitMs = await limiter.reserve([
      { key: `account-request:address:${clientAddress}`, limit: limits.maxAccountRequestsPerAddress },
    ])
    return waitMs > 0
      ? ({ ok: false, status: 429, errors: {}, alert: MESSAGES.tooManyRequests(minutes(waitMs)) } as const)
      : null
  }

  function newPasswordProblem(password: string, email: string, field: string): FieldErrors {
    if (!password)
      return { [field]: field === 'password' ? MESSAGES.required.password : MESSAGES.required.newPassword }
    if (password.length > MAX.password) return { [field]: MESSAGES.tooLong('Password', MAX.password) }
    const problem = passwordProblem(password, email)
    return problem ? { [field]: problem } : {}
  }

  async function resetTokenState(token: string | undefined): Promise<ResetTokenState> {
    if (!token || !TOKEN.test(token)) return 'invalid'
    const stored = await repo.findResetToken(hashToken(token))
    if (!stored) return 'invalid'
    if (stored.usedAt) return 'used'
    return stored.expiresAt.getTime() <= Date.now() ? 'expired' : 'valid'
  }

  async function sendMail(message: Parameters<Mailer['send']>[0], what: string) {
    try {
      await options.mailer.send(message)
    } catch (error) {
      options.logError?.(error, `Could not send the ${what} message`)
    }
  }

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

      const guess = await reserveGuess(email, clientAddress)
      if (guess.waitMs > 0) return tooManyGuesses(guess.waitMs)

      const account = input.password.length <= MAX.password ? await repo.findByEmail(email) : null
      // Hash even for an unknown email, so the answer takes as long as for a wrong password.
      const matches = await verifyPassword(input.password, account?.passwordHash ?? (await timingDummyHash()))
      if (!account || !matches) {
        return { ok: false, status: 401, errors: {}, alert: MESSAGES.wrongCredentials }
      }
      await guess.settle(true)
      if (!account.emailVerified) await resendVerificationIfExpired(account)
      return { ok: true, accountId: account.id }
    },

    /**
     * Creates an account and mails its verification link. An address that already has an account gets
     * no account and no message saying so: its owner is mailed instead (decision 111), and the answer
     * is `{ ok: true, account: null }`.
     */
    async signUp(
      input: SignUpInput,
      clientAddress: string,
    ): Promise<FormResult<{ account: AccountRow | null }>> {
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
      else Object.assign(errors, newPasswordProblem(input.password, values.email, 'password'))
      if (Object.keys(errors).length) return { ok: false, status: 400, errors }

      const limited = await reserveAccountRequest(clientAddress)
      if (limited) return limited

      const passwordHash = await hashPassword(input.password)
      const existing = await repo.findByEmail(values.email)
      // A concurrent sign-up with the same email may win the race: then this one is an existing address too.
      const account = existing ? null : await repo.insert({ ...values, passwordHash })
      if (!account) {
        const owner = existing ?? (await repo.findByEmail(values.email))
        if (owner) await sendMail(existingAccountMail(owner), 'account-exists')
        return { ok: true, account: null }
      }

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
      if (!token || !TOKEN.test(token)) return 'invalid'
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

    /**
     * "Forgot password?": mails a single-use reset link when the address has an account. The answer is
     * the same whether it has one or not (only a malformed address or the address limit differ).
     */
    async requestPasswordReset(input: { email: string }, clientAddress: string): Promise<FormResult<object>> {
      const email = input.email.trim().toLowerCase()
      if (!email) return { ok: false, status: 400, errors: { email: MESSAGES.required.email } }
      if (email.length > MAX.email || !EMAIL.test(email))
        return { ok: false, status: 400, errors: { email: MESSAGES.invalidEmail } }
      const limited = await reserveAccountRequest(clientAddress)
      if (limited) return limited
      const account = await repo.findByEmail(email)
      if (!account) return { ok: true }
      const mails = await limiter.reserve([
        { key: `reset-mail:account:${account.id}`, limit: RESET_MAILS_PER_ACCOUNT },
      ])
      if (mails > 0) return { ok: true }
      const token = randomBytes(32).toString('base64url')
      await repo.insertResetToken(account.id, hashToken(token), new Date(Date.now() + RESET_TTL_MS))
      await sendMail(
        {
          to: account.email,
          subject: 'Reset your BrewCommand password',
          text: [
            `Hello ${account.givenName},`,
            '',
            'Someone (we hope you) asked to reset the password of your BrewCommand account. Open this link to choose a new one:',
            '',
            `${options.resetPasswordUrl}?token=${token}`,
            '',
            'The link works once and expires in 1 hour. Setting a new password signs you out everywhere.',
            'If you did not ask for this, ignore this message: your password stays as it is.',
          ].join('\n'),
        },
        'password reset',
      )
      return { ok: true }
    },

    resetTokenState,

    /** Sets a new password with a reset link's token, uses the link up and ends every session. */
    async resetPassword(
      input: { token: string; password: string },
      clientAddress: string,
    ): Promise<FormResult<{ accountId: string }>> {
      const state = await resetTokenState(input.token)
      if (state !== 'valid') return { ok: false, status: state === 'invalid' ? 400 : 410, errors: {} }
      const stored = await repo.findResetToken(hashToken(input.token))
      const account = await repo.findById(stored.accountId)
      if (!account) return { ok: false, status: 400, errors: {} }
      const errors = newPasswordProblem(input.password, account.email, 'password')
      if (Object.keys(errors).length) return { ok: false, status: 400, errors }
      const limited = await reserveAccountRequest(clientAddress)
      if (limited) return limited
      const passwordHash = await hashPassword(input.password)
      const accountId = await repo.useResetToken(hashToken(input.token))
      if (!accountId) return { ok: false, status: 410, errors: {} }
      await repo.setPasswordHash(accountId, passwordHash)
      await repo.endSessions(accountId)
      // Whoever was locked out by guesses at this account may sign in again with the new password.
      await limiter.reset(`sign-in:account:${account.email}`)
      return { ok: true, accountId }
    },

    /**
     * Changes the password of a signed-in person: the current password is checked under the sign-in
     * limits; the person's other sessions end, the one named in `keep` stays.
     */
    async changePassword(
      accountId: string,
      input: { currentPassword: string; newPassword: string },
      clientAddress: string,
      keep: { sessionId: string; grantIds: string[] },
    ): Promise<FormResult<object>> {
      const account = await repo.findById(accountId)
      if (!account) return { ok: false, status: 400, errors: {} }
      const errors: FieldErrors = {}
      if (!input.currentPassword) errors.currentPassword = MESSAGES.required.currentPassword
      Object.assign(errors, newPasswordProblem(input.newPassword, account.email, 'newPassword'))
      if (!errors.newPassword && input.newPassword === input.currentPassword)
        errors.newPassword = MESSAGES.samePassword
      if (Object.keys(errors).length) return { ok: false, status: 400, errors }

      const guess = await reserveGuess(account.email, clientAddress)
      if (guess.waitMs > 0) return tooManyGuesses(guess.waitMs)
      const matches =
        input.currentPassword.length <= MAX.password &&
        (await verifyPassword(input.currentPassword, account.passwordHash))
      if (!matches)
        return { ok: false, status: 401, errors: { currentPassword: MESSAGES.wrongCurrentPassword } }
      await guess.settle(true)
      await repo.setPasswordHash(account.id, await hashPassword(input.newPassword))
      await repo.endSessions(account.id, keep)
      return { ok: true }
    },
  }

  function existingAccountMail(account: AccountRow) {
    return {
      to: account.email,
      subject: 'Someone tried to create a BrewCommand account with your address',
      text: [
        `Hello ${account.givenName},`,
        '',
        'Someone (perhaps you) just tried to create a new BrewCommand account with this email address. You already have an account, so nothing was created and nothing changed.',
        '',
        `To sign in, open ${options.signInUrl}`,
        `If you have forgotten your password, you can choose a new one here: ${options.forgotPasswordUrl}`,
        '',
        'If it was not you, you can ignore this message.',
      ].join('\n'),
    }
  }
}

export type AccountService = ReturnType<typeof createAccountService>

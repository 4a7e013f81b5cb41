import type { Provider } from 'oidc-provider'
import type { Mailer } from '../mail/mailer.ts'
import { createAccountRepository, type AccountRepository } from './accounts.repository.ts'
import { createAccountService, type AccountService } from './accounts.service.ts'
import { createOidcAdapterStore, type OidcAdapterStore } from './adapter.ts'
import { createAttemptLimiter } from './attempt-limiter.ts'
import type { Db } from '../db/client.ts'
import { loadOrCreateIdpKeys, type IdpKeyMaterial } from './keys.ts'
import { createProvider, type IdpSettings } from './provider.ts'

export interface SignInLimits {
  /** Failed sign-ins allowed per client address in the window. */
  maxFailuresPerAddress: number
  /** Failed sign-ins allowed per account (email) from one client address in the window. */
  maxFailuresPerAccount: number
  /** Failed sign-ins allowed per account from all addresses together in the window. */
  maxFailuresPerAccountTotal?: number
  /** Sign-ups and password-reset requests allowed per client address in the window. */
  maxAccountRequestsPerAddress?: number
  windowMs: number
  /**
   * Prefix of the limiter's keys. Empty in production; tests give each app its own, because one
   * PostgreSQL test database is shared by every test file running at once.
   */
  namespace?: string
}

export const DEFAULT_SIGN_IN_LIMITS: Required<SignInLimits> = {
  maxFailuresPerAddress: 20,
  maxFailuresPerAccount: 5,
  maxFailuresPerAccountTotal: 50,
  maxAccountRequestsPerAddress: 10,
  windowMs: 15 * 60 * 1000,
  namespace: '',
}

export interface BuiltInIdp {
  settings: IdpSettings
  provider: Provider
  accounts: AccountService
  accountsRepo: AccountRepository
  keys: IdpKeyMaterial
  store: OidcAdapterStore
}

export interface BuiltInIdpOptions {
  db: Db
  settings: IdpSettings
  mailer: Mailer
  limits?: Partial<SignInLimits>
  onEmailVerified?: (accountId: string, email: string) => Promise<void>
  logError?: (error: unknown, message: string) => void
}

/** Everything the built-in provider needs, loaded from the database (keys are created on first start). */
export async function createBuiltInIdp(options: BuiltInIdpOptions): Promise<BuiltInIdp> {
  const { db, settings } = options
  const limits = { ...DEFAULT_SIGN_IN_LIMITS, ...options.limits }
  const keys = await loadOrCreateIdpKeys(db)
  const store = createOidcAdapterStore(db)
  const repo = createAccountRepository(db)
  const accounts = createAccountService(repo, {
    mailer: options.mailer,
    verifyEmailUrl: `${settings.issuer}/verify-email`,
    resetPasswordUrl: `${settings.issuer}/reset-password`,
    forgotPasswordUrl: `${settings.issuer}/forgot-password`,
    signInUrl: `${settings.publicUrl}/`,
    limiter: createAttemptLimiter(db, { windowMs: limits.windowMs, namespace: limits.namespace }),
    limits,
    ...(options.onEmailVerified ? { onEmailVerified: options.onEmailVerified } : {}),
    ...(options.logError ? { logError: options.logError } : {}),
  })
  const provider = createProvider(settings, { keys, adapter: store.factory, accounts: repo })
  return { settings, provider, accounts, accountsRepo: repo, keys, store }
}

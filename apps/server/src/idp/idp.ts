import type { Provider } from 'oidc-provider'
import type { Mailer } from '../mail/mailer.ts'
import { createAccountRepository } from './accounts.repository.ts'
import { createAccountService, type AccountService } from './accounts.service.ts'
import { createOidcAdapterStore, type OidcAdapterStore } from './adapter.ts'
import { createAttemptLimiter } from './attempt-limiter.ts'
import type { Db } from '../db/client.ts'
import { loadOrCreateIdpKeys, type IdpKeyMaterial } from './keys.ts'
import { createProvider, type IdpSettings } from './provider.ts'

export interface SignInLimits {
  /** Failed sign-ins allowed per client address in the window. */
  maxFailuresPerAddress: number
  /** Failed sign-ins allowed per account (email) in the window. */
  maxFailuresPerAccount: number
  windowMs: number
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  maxFailuresPerAddress: 20,
  maxFailuresPerAccount: 5,
  windowMs: 15 * 60 * 1000,
}

export interface BuiltInIdp {
  settings: IdpSettings
  provider: Provider
  accounts: AccountService
  keys: IdpKeyMaterial
  store: OidcAdapterStore
}

export interface BuiltInIdpOptions {
  db: Db
  settings: IdpSettings
  mailer: Mailer
  limits?: SignInLimits
  onEmailVerified?: (accountId: string, email: string) => Promise<void>
  logError?: (error: unknown, message: string) => void
}

/** Everything the built-in provider needs, loaded from the database (keys are created on first start). */
export async function createBuiltInIdp(options: BuiltInIdpOptions): Promise<BuiltInIdp> {
  const { db, settings } = options
  const limits = options.limits ?? DEFAULT_SIGN_IN_LIMITS
  const keys = await loadOrCreateIdpKeys(db)
  const store = createOidcAdapterStore(db)
  const repo = createAccountRepository(db)
  const accounts = createAccountService(repo, {
    mailer: options.mailer,
    verifyEmailUrl: `${settings.issuer}/verify-email`,
    limiters: {
      perAddress: createAttemptLimiter({ limit: limits.maxFailuresPerAddress, windowMs: limits.windowMs }),
      perAccount: createAttemptLimiter({ limit: limits.maxFailuresPerAccount, windowMs: limits.windowMs }),
    },
    ...(options.onEmailVerified ? { onEmailVerified: options.onEmailVerified } : {}),
    ...(options.logError ? { logError: options.logError } : {}),
  })
  const provider = createProvider(settings, { keys, adapter: store.factory, accounts: repo })
  return { settings, provider, accounts, keys, store }
}

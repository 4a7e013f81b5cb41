import type { User } from 'oidc-client-ts'
import { createContext, use } from 'react'
import type { AuthTokens, SignInOptions } from './auth-client.ts'
import type { AuthError } from './auth-errors.ts'

/** What the app reads and does about the signed-in identity (docs/product/01-access.md §4 "Authentication"). */
export interface AuthContextValue {
  /** True at start-up until the session is known, and while a login popup is open. */
  isLoading: boolean
  isAuthenticated: boolean
  user: User | null
  error: AuthError | null
  /** Login (or sign-up) in a popup; a redirect in automated-test mode. Resolves to null on failure. */
  signInPopup: (options?: SignInOptions) => Promise<User | null>
  signInRedirect: (options?: SignInOptions) => Promise<void>
  signOut: () => Promise<void>
  /** A valid access token, renewed silently when needed. Rejects with an AuthError. */
  getAccessToken: () => Promise<string>
  /** A renewed access token, after the API refused the current one (401). Rejects with an AuthError. */
  renewAccessToken?: () => Promise<string>
  /** Access and ID token together, as the bootstrap call needs them. Rejects with an AuthError. */
  getTokens: (options?: { requireFreshIdToken?: boolean }) => Promise<AuthTokens>
}

export const AuthContext = createContext<AuthContextValue | null>(null)
AuthContext.displayName = 'AuthContext'

/** The auth state and actions; only inside <AuthProvider>. */
export function useAuth(): AuthContextValue {
  const value = use(AuthContext)
  if (!value) throw new Error('useAuth must be used within an AuthProvider.')
  return value
}

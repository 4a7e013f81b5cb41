import type { AppConfig } from '@brewcommand/domain'
import type { User, UserManager, UserManagerEvents } from 'oidc-client-ts'
import { DEFAULT_RETURN_TO, resolveReturnTo, type LoginState } from './auth-callback.ts'
import { AuthError, AUTH_ERROR_MESSAGES, isTransientNetworkError, toAuthError } from './auth-errors.ts'
import { AUTH_LIMITS } from './auth-limits.ts'
import { isIdTokenExpired, validateIdTokenClaims } from './id-token.ts'
import { withTokenLock } from './token-lock.ts'
import { withRetry } from './with-retry.ts'

/** The parts of oidc-client-ts's UserManager the app uses (narrow, so tests can pass a fake). */
export type UserManagerLike = Pick<
  UserManager,
  | 'getUser'
  | 'removeUser'
  | 'signinPopup'
  | 'signinRedirect'
  | 'signinCallback'
  | 'signinSilent'
  | 'signoutRedirect'
  | 'signoutCallback'
> & { events: UserEvents }

/** The UserManager events the app listens to. */
type UserEvents = Pick<
  UserManagerEvents,
  | 'addUserLoaded'
  | 'removeUserLoaded'
  | 'addUserUnloaded'
  | 'removeUserUnloaded'
  | 'addAccessTokenExpiring'
  | 'removeAccessTokenExpiring'
>

export interface SignInOptions {
  /** Open the provider's Create account page (`screen_hint=signup`). */
  signup?: boolean
  /** In-app path to open after a redirect login; /secure when absent. */
  returnTo?: string
}

export interface AuthTokens {
  accessToken: string
  idToken: string | undefined
}

export type CallbackResult = { kind: 'popup' } | { kind: 'redirect'; user: User; returnTo: string }

export interface AuthClient {
  /** Startup check: the cached session from local storage, renewed silently when it is about to expire. */
  loadSession(): Promise<User | null>
  /** Completes a login whose answer is in `href` (popup, redirect or silent frame). */
  completeCallback(href: string): Promise<CallbackResult>
  /** Cleans up after the provider redirected back from logout. */
  completeSignoutReturn(href: string): Promise<void>
  signInPopup(options?: SignInOptions): Promise<User>
  signInRedirect(options?: SignInOptions): Promise<void>
  /** Forgets the local session, then ends the provider session (it redirects back to /). */
  signOut(): Promise<void>
  /** A valid access token (and the matching ID token), renewed first when it is close to expiry. */
  getTokens(options?: { requireFreshIdToken?: boolean }): Promise<AuthTokens>
  /** Renews the tokens now; shared by concurrent callers in this tab and locked across tabs. */
  renew(): Promise<User>
  /**
   * Reports every change of the stored user and renews tokens shortly before they expire (our own
   * renewal instead of oidc-client-ts's, so it goes through the cross-tab lock). Returns the unsubscribe.
   */
  subscribe(onUserChange: (user: User | null) => void): () => void
}

export interface AuthClientOptions {
  issuer: string
  clientId: string
  audience: string
  /** Where to go when the provider offers no end_session_endpoint. */
  fallbackLogout?: () => void
  /** Cross-tab lock; replaced in tests. */
  lock?: <T>(task: () => Promise<T>) => Promise<T>
}

/** True when the access token expires within the margin (docs/product/01-access.md §9: cached-token expiry margin 60 s). */
export function isAccessTokenExpiring(user: Pick<User, 'expires_in'>): boolean {
  return user.expires_in !== undefined && user.expires_in <= AUTH_LIMITS.expiryMarginSeconds
}

/** Login, logout and token operations on top of oidc-client-ts, with the spec's limits and error texts. */
export function createAuthClient(userManager: UserManagerLike, options: AuthClientOptions): AuthClient {
  const { issuer, clientId, audience } = options
  const lock = options.lock ?? withTokenLock
  const fallbackLogout = options.fallbackLogout ?? (() => window.location.assign('/'))
  let pendingRenewal: Promise<User> | null = null

  const queryParams = (signup: boolean | undefined): Record<string, string> =>
    signup ? { resource: audience, screen_hint: 'signup' } : { resource: audience }

  const checkIdToken = (user: User) =>
    validateIdTokenClaims(user.id_token, {
      issuer,
      clientId,
      leewaySeconds: AUTH_LIMITS.idTokenLeewaySeconds,
    })

  async function discardSession(reason: unknown): Promise<never> {
    const error = toAuthError(reason, 'token')
    // A provider session that is gone (or a refresh token it no longer accepts) ends the session here
    // too, without a redirect (docs/product/01-access.md §8: login_required during a silent token fetch).
    if (error.code === 'login_required' || error.code === 'invalid_grant') await userManager.removeUser()
    throw error
  }

  async function renewUnderLock(): Promise<User> {
    const cached = await userManager.getUser()
    if (!cached) throw new AuthError('login_required', AUTH_ERROR_MESSAGES.loginRequired)
    // Another tab may have renewed while this one waited for the lock: reuse its tokens.
    if (
      !isAccessTokenExpiring(cached) &&
      !isIdTokenExpired(cached.id_token, AUTH_LIMITS.idTokenLeewaySeconds)
    ) {
      return (await userManager.getUser(true)) ?? cached
    }
    const renewed = await withRetry(() => userManager.signinSilent(), {
      retries: AUTH_LIMITS.tokenRetries,
      shouldRetry: isTransientNetworkError,
    })
    if (!renewed) throw new AuthError('login_required', AUTH_ERROR_MESSAGES.loginRequired)
    return renewed
  }

  function renew(): Promise<User> {
    pendingRenewal ??= lock(renewUnderLock)
      .catch(discardSession)
      .finally(() => {
        pendingRenewal = null
      })
    return pendingRenewal
  }

  return {
    async loadSession() {
      const user = await userManager.getUser()
      if (!user || !isAccessTokenExpiring(user)) return user
      try {
        return await renew()
      } catch (error) {
        if (error instanceof AuthError && error.code === 'login_required') return null
        if (error instanceof AuthError && error.code === 'invalid_grant') return null
        // Offline or the provider is down: keep the cached session; token calls report the failure.
        return user
      }
    },

    async completeCallback(href) {
      try {
        const user = await userManager.signinCallback(href)
        if (!user) return { kind: 'popup' }
        checkIdToken(user)
        return { kind: 'redirect', user, returnTo: resolveReturnTo(user.state) }
      } catch (error) {
        const authError = toAuthError(error, 'login')
        if (authError.code === 'invalid_id_token') await userManager.removeUser()
        throw authError
      }
    },

    async completeSignoutReturn(href) {
      try {
        await userManager.signoutCallback(href)
      } catch {
        // A stale or foreign state on the way back from logout is harmless: the session is already gone.
      }
    },

    async signInPopup({ signup, returnTo } = {}) {
      let hasTimedOut = false
      const timer = setTimeout(() => {
        hasTimedOut = true
      }, AUTH_LIMITS.popupTimeoutSeconds * 1000)
      try {
        const user = await userManager.signinPopup({
          extraQueryParams: queryParams(signup),
          state: { returnTo: returnTo ?? DEFAULT_RETURN_TO } satisfies LoginState,
          popupAbortOnClose: true,
          // oidc-client-ts closes the popup after this time (docs/product/01-access.md §9: popup timeout 60 s).
          popupWindowFeatures: { closePopupWindowAfterInSeconds: AUTH_LIMITS.popupTimeoutSeconds },
        })
        checkIdToken(user)
        return user
      } catch (error) {
        if (hasTimedOut) throw new AuthError('timeout', AUTH_ERROR_MESSAGES.timeout, { cause: error })
        const authError = toAuthError(error, 'login')
        if (authError.code === 'invalid_id_token') await userManager.removeUser()
        throw authError
      } finally {
        clearTimeout(timer)
      }
    },

    async signInRedirect({ signup, returnTo } = {}) {
      try {
        await userManager.signinRedirect({
          extraQueryParams: queryParams(signup),
          state: { returnTo: returnTo ?? DEFAULT_RETURN_TO } satisfies LoginState,
        })
      } catch (error) {
        throw toAuthError(error, 'login')
      }
    },

    async signOut() {
      const user = await userManager.getUser()
      await userManager.removeUser()
      try {
        await userManager.signoutRedirect({ id_token_hint: user?.id_token })
      } catch {
        fallbackLogout()
      }
    },

    async getTokens({ requireFreshIdToken = false } = {}) {
      let user = await userManager.getUser()
      if (!user) throw new AuthError('login_required', AUTH_ERROR_MESSAGES.loginRequired)
      const isIdTokenStale =
        requireFreshIdToken && isIdTokenExpired(user.id_token, AUTH_LIMITS.idTokenLeewaySeconds)
      if (isAccessTokenExpiring(user) || isIdTokenStale) user = await renew()
      return { accessToken: user.access_token, idToken: user.id_token }
    },

    renew,

    subscribe(onUserChange) {
      const { events } = userManager
      const onLoaded = (user: User) => onUserChange(user)
      const onUnloaded = () => onUserChange(null)
      const onExpiring = () => {
        // Failures surface on the next token call; login_required has already ended the session.
        renew().catch(() => undefined)
      }
      events.addUserLoaded(onLoaded)
      events.addUserUnloaded(onUnloaded)
      events.addAccessTokenExpiring(onExpiring)
      return () => {
        events.removeUserLoaded(onLoaded)
        events.removeUserUnloaded(onUnloaded)
        events.removeAccessTokenExpiring(onExpiring)
      }
    },
  }
}

/**
 * oidc-client-ts's UserManager, fetched on first real use (ADR 171): while no session is stored and
 * nothing asked for a login, `getUser` answers null without it, and listeners wait for it to load
 * (the manager raises no event before it holds a user). A visitor of the landing page never loads it.
 */
export function lazyUserManager(
  load: () => Promise<UserManager>,
  hasStoredUser: () => boolean,
): UserManagerLike {
  let manager: UserManager | null = null
  let loading: Promise<UserManager> | null = null
  type Listener = [keyof UserEvents, (...args: never[]) => unknown]
  const waiting: Listener[] = []
  const loaded = () =>
    (loading ??= load().then((m) => {
      manager = m
      for (const [method, listener] of waiting.splice(0)) (m.events[method] as (l: unknown) => void)(listener)
      return m
    }))
  const listen =
    (method: keyof UserEvents, remove: keyof UserEvents) => (listener: (...args: never[]) => unknown) => {
      if (manager) (manager.events[method] as (l: unknown) => void)(listener)
      else waiting.push([method, listener])
      return () => unlisten(remove)(listener)
    }
  const unlisten = (method: keyof UserEvents) => (listener: (...args: never[]) => unknown) => {
    const add = method.replace('remove', 'add') as keyof UserEvents
    const index = waiting.findIndex(([m, l]) => m === add && l === listener)
    if (index >= 0) waiting.splice(index, 1)
    if (manager) (manager.events[method] as (l: unknown) => void)(listener)
  }
  const events = {
    addUserLoaded: listen('addUserLoaded', 'removeUserLoaded'),
    removeUserLoaded: unlisten('removeUserLoaded'),
    addUserUnloaded: listen('addUserUnloaded', 'removeUserUnloaded'),
    removeUserUnloaded: unlisten('removeUserUnloaded'),
    addAccessTokenExpiring: listen('addAccessTokenExpiring', 'removeAccessTokenExpiring'),
    removeAccessTokenExpiring: unlisten('removeAccessTokenExpiring'),
  } as UserEvents
  return {
    events,
    async getUser(raiseEvent?: boolean) {
      if (!manager && !hasStoredUser()) return null
      return (await loaded()).getUser(raiseEvent)
    },
    removeUser: async () => (await loaded()).removeUser(),
    signinPopup: async (args) => (await loaded()).signinPopup(args),
    signinRedirect: async (args) => (await loaded()).signinRedirect(args),
    signinCallback: async (url) => (await loaded()).signinCallback(url),
    signinSilent: async (args) => (await loaded()).signinSilent(args),
    signoutRedirect: async (args) => (await loaded()).signoutRedirect(args),
    signoutCallback: async (url, keepOpen) => (await loaded()).signoutCallback(url, keepOpen),
  }
}

/** The auth client for the app's configuration (GET /api/config). */
export function createAppAuthClient(oidc: AppConfig['oidc']): AuthClient {
  // Where oidc-client-ts's WebStorageStateStore keeps the user (prefix "oidc.", auth-settings.ts).
  const storedUserKey = `oidc.user:${oidc.issuer}:${oidc.clientId}`
  const userManager = lazyUserManager(
    async () => (await import('./auth-settings.ts')).createUserManager(oidc),
    () => window.localStorage.getItem(storedUserKey) !== null,
  )
  return createAuthClient(userManager, {
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    audience: oidc.audience,
  })
}

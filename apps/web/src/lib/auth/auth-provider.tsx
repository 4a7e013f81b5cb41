import type { User } from 'oidc-client-ts'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { FullPageSpinner } from '@/components/ui/spinner.tsx'
import { isAutomatedTest } from '@/lib/automated-test.ts'
import { forgetOfflineBootstrap } from '@/lib/offline-bootstrap.ts'
import {
  hasAuthParams,
  isSignoutReturn,
  SIGNUP_CALLBACK_RETURN_TO,
  stripAuthParams,
} from './auth-callback.ts'
import type { AuthClient, SignInOptions } from './auth-client.ts'
import { AuthContext, type AuthContextValue } from './auth-context.ts'
import { toAuthError, type AuthError } from './auth-errors.ts'

interface AuthState {
  isLoading: boolean
  user: User | null
  error: AuthError | null
}

/** Shows a failed sign-in as a toast. A closed popup is only a gentle note: the person closed it, or
 * the browser blocked it, which is the one case where they would otherwise see nothing at all. */
export function notifySignInError(error: AuthError): void {
  if (error.code === 'popup_closed') {
    toast.info(error.message, { description: 'If no sign-in window opened, allow pop-ups for this site.' })
    return
  }
  toast.error(error.message)
}

function replaceUrl(path: string) {
  window.history.replaceState(window.history.state, '', path)
}

export interface AuthProviderProps {
  client: AuthClient
  children: ReactNode
  /** Opens the return target after a redirect login (e.g. the router's navigate). */
  onRedirectCallback?: (returnTo: string) => void
  /** Reports a failed sign-in; a toast by default. */
  onSignInError?: (error: AuthError) => void
}

/**
 * Holds the signed-in identity. At start it completes a login whose answer is in the URL (docs/product/01-access.md §4);
 * otherwise it restores the cached session. While a callback is being completed the app is not shown,
 * so neither the popup window nor the redirect flashes the landing page.
 */
export function AuthProvider({
  client,
  children,
  onRedirectCallback = replaceUrl,
  onSignInError = notifySignInError,
}: AuthProviderProps) {
  const [state, setState] = useState<AuthState>({ isLoading: true, user: null, error: null })
  const [isHandlingCallback, setIsHandlingCallback] = useState(() => hasAuthParams(window.location.search))
  const hasStarted = useRef(false)
  const callbacks = useRef({ onRedirectCallback, onSignInError })
  useEffect(() => {
    callbacks.current = { onRedirectCallback, onSignInError }
  })

  useEffect(
    () =>
      client.subscribe((user) => {
        setState((current) => ({ ...current, user }))
      }),
    [client],
  )

  useEffect(() => {
    // Strict mode runs effects twice; a login answer can be redeemed only once.
    if (hasStarted.current) return
    hasStarted.current = true

    const initialise = async () => {
      const href = window.location.href
      const search = window.location.search
      if (hasAuthParams(search)) {
        try {
          const result = await client.completeCallback(href)
          replaceUrl(stripAuthParams(href))
          if (result.kind === 'redirect') {
            setState({ isLoading: false, user: result.user, error: null })
            setIsHandlingCallback(false)
            callbacks.current.onRedirectCallback(result.returnTo)
            return
          }
          // In a popup the opener takes over and the window closes itself; fall through if it cannot.
        } catch (error) {
          const authError = toAuthError(error, 'login')
          replaceUrl(stripAuthParams(href))
          setState((current) => ({ ...current, error: authError }))
          callbacks.current.onSignInError(authError)
        }
      } else if (isSignoutReturn(search)) {
        await client.completeSignoutReturn(href)
        replaceUrl(stripAuthParams(href))
      }
      let user: User | null = null
      try {
        user = await client.loadSession()
      } catch (error) {
        setState((current) => ({ ...current, error: toAuthError(error, 'token') }))
      }
      setState((current) => ({ ...current, isLoading: false, user }))
      setIsHandlingCallback(false)
    }
    void initialise()
  }, [client])

  const signInRedirect = useCallback(
    async (options: SignInOptions = {}) => {
      setState((current) => ({ ...current, error: null }))
      try {
        await client.signInRedirect(options)
      } catch (error) {
        const authError = toAuthError(error, 'login')
        setState((current) => ({ ...current, error: authError }))
        callbacks.current.onSignInError(authError)
      }
    },
    [client],
  )

  const signInPopup = useCallback(
    async (options: SignInOptions = {}): Promise<User | null> => {
      if (isAutomatedTest()) {
        // Automated tests drive one window, so the login is a redirect (docs/product/01-access.md §6).
        const returnTo = options.signup ? SIGNUP_CALLBACK_RETURN_TO : options.returnTo
        await signInRedirect({ ...options, returnTo })
        return null
      }
      setState((current) => ({ ...current, isLoading: true, error: null }))
      try {
        const user = await client.signInPopup(options)
        setState({ isLoading: false, user, error: null })
        return user
      } catch (error) {
        const authError = toAuthError(error, 'login')
        setState((current) => ({ ...current, isLoading: false, error: authError }))
        callbacks.current.onSignInError(authError)
        return null
      }
    },
    [client, signInRedirect],
  )

  const signOut = useCallback(async () => {
    setState({ isLoading: false, user: null, error: null })
    forgetOfflineBootstrap()
    await client.signOut()
  }, [client])

  const getTokens = useCallback<AuthContextValue['getTokens']>(
    async (options) => {
      try {
        return await client.getTokens(options)
      } catch (error) {
        throw toAuthError(error, 'token')
      }
    },
    [client],
  )

  const getAccessToken = useCallback(async () => (await getTokens()).accessToken, [getTokens])
  const renewAccessToken = useCallback(async () => {
    try {
      return (await client.renew()).access_token
    } catch (error) {
      throw toAuthError(error, 'token')
    }
  }, [client])

  const value = useMemo<AuthContextValue>(
    () => ({
      isLoading: state.isLoading,
      isAuthenticated: state.user !== null,
      user: state.user,
      error: state.error,
      signInPopup,
      signInRedirect,
      signOut,
      getAccessToken,
      renewAccessToken,
      getTokens,
    }),
    [state, signInPopup, signInRedirect, signOut, getAccessToken, renewAccessToken, getTokens],
  )

  return (
    <AuthContext value={value}>
      {isHandlingCallback ? <FullPageSpinner label="Signing you in…" /> : children}
    </AuthContext>
  )
}

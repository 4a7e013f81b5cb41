import type { AppConfig } from '@brewcommand/domain'
import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts'
import { AUTH_LIMITS } from './auth-limits.ts'

export { AUTH_LIMITS } from './auth-limits.ts'

/** Scopes requested; offline_access brings the refresh token (ADR 010). */
export const AUTH_SCOPE = 'openid profile email offline_access'

/** oidc-client-ts settings for the app's provider; the callback is the site origin with a trailing slash. */
export function buildUserManagerSettings(
  oidc: AppConfig['oidc'],
  origin: string,
  storage: Storage = window.localStorage,
): UserManagerSettings {
  const callbackUrl = `${origin}/`
  return {
    authority: oidc.issuer,
    client_id: oidc.clientId,
    redirect_uri: callbackUrl,
    popup_redirect_uri: callbackUrl,
    silent_redirect_uri: callbackUrl,
    post_logout_redirect_uri: callbackUrl,
    response_type: 'code',
    scope: AUTH_SCOPE,
    extraQueryParams: { resource: oidc.audience },
    extraTokenParams: { resource: oidc.audience },
    // The token cache lives in local storage, so a session survives new tabs and reloads (docs/product/01-access.md §9).
    userStore: new WebStorageStateStore({ store: storage }),
    // Renewal uses the refresh token; without one oidc-client-ts falls back to a hidden frame. The app
    // renews on the accessTokenExpiring event itself (auth-client.ts), under a lock shared by all tabs:
    // two tabs renewing at once would spend the same rotating refresh token twice, and providers
    // revoke the whole grant on such reuse.
    automaticSilentRenew: false,
    accessTokenExpiringNotificationTimeInSeconds: AUTH_LIMITS.expiryMarginSeconds,
    requestTimeoutInSeconds: AUTH_LIMITS.httpTimeoutSeconds,
    silentRequestTimeoutInSeconds: AUTH_LIMITS.httpTimeoutSeconds,
    // The profile comes from the ID token; an audience-bound access token is refused at userinfo.
    loadUserInfo: false,
  }
}

/** The UserManager for the given configuration. */
export function createUserManager(oidc: AppConfig['oidc'], origin = window.location.origin): UserManager {
  return new UserManager(buildUserManagerSettings(oidc, origin))
}

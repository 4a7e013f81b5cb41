import {
  errors,
  Provider,
  type Account,
  type AdapterFactory,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider'
import type { AccountRow } from '../db/schema/identity.ts'
import type { AccountRepository } from './accounts.repository.ts'
import type { IdpKeyMaterial } from './keys.ts'
import { logoutPage, messagePage } from './views.ts'

/** Settings of the built-in provider, taken from the server configuration. */
export interface IdpSettings {
  /** The app's origin (no trailing slash), e.g. http://localhost:3000. */
  publicUrl: string
  /** `${publicUrl}/idp`. */
  issuer: string
  clientId: string
  /** The API's resource indicator and access-token audience. */
  audience: string
  /** Fastify's trustProxy (config TRUST_PROXY); the provider itself sees what Fastify decided. */
  trustProxy: false | number | string[]
}

const DAY = 24 * 60 * 60
export const IDP_TTL = {
  // An access token is not checked against its session, so it outlives a sign-out by at most this
  // (plus the API's 60 s clock tolerance); the browser renews it with its refresh token (decision 114).
  AccessToken: 10 * 60,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  Interaction: 60 * 60,
  Session: 14 * DAY,
  Grant: 14 * DAY,
  RefreshToken: 14 * DAY,
} as const

function profileClaims(account: AccountRow) {
  return {
    sub: account.id,
    email: account.email,
    email_verified: account.emailVerified,
    given_name: account.givenName,
    family_name: account.familyName,
    name: `${account.givenName} ${account.familyName}`.trim(),
    ...(account.picture ? { picture: account.picture } : {}),
  }
}

export function createProvider(
  settings: IdpSettings,
  deps: { keys: IdpKeyMaterial; adapter: AdapterFactory; accounts: AccountRepository },
): Provider {
  const { clientId, audience, publicUrl } = settings
  const homeUrl = `${publicUrl}/`
  const issuerPath = new URL(settings.issuer).pathname.replace(/\/$/, '')

  // Consent is implied for our own client: every authorization request gets a grant covering what it
  // asked for (OIDC scopes, claims and the API resource), so no consent screen ever shows.
  async function loadExistingGrant(ctx: KoaContextWithOIDC) {
    const { oidc } = ctx
    const client = oidc.client!
    const accountId = oidc.account?.accountId ?? oidc.session!.accountId!
    const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(client.clientId)
    let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined
    if (client.clientId !== clientId) return grant
    if (!grant || grant.accountId !== accountId) {
      grant = new oidc.provider.Grant({ accountId, clientId: client.clientId })
    }
    grant.addOIDCScope([...oidc.requestParamOIDCScopes])
    grant.addOIDCClaims([...oidc.requestParamClaims])
    for (const [indicator, resourceServer] of Object.entries(oidc.resourceServers ?? {})) {
      if (resourceServer.scope) grant.addResourceScope(indicator, resourceServer.scope)
    }
    await grant.save()
    return grant
  }

  const configuration: Configuration = {
    adapter: deps.adapter,
    jwks: deps.keys.privateJwks,
    cookies: {
      keys: deps.keys.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: clientId,
        client_name: 'BrewCommand',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        redirect_uris: [homeUrl],
        post_logout_redirect_uris: [homeUrl],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris!.some((uri) => new URL(uri).origin === origin),
    routes: {
      authorization: '/oauth/authorize',
      token: '/oauth/token',
      jwks: '/oauth/jwks',
      userinfo: '/oauth/userinfo',
      end_session: '/oauth/logout',
      revocation: '/oauth/revoke',
    },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: {
      acr: null,
      sid: null,
      auth_time: null,
      iss: null,
      openid: ['sub'],
      profile: ['given_name', 'family_name', 'name', 'picture'],
      email: ['email', 'email_verified'],
    },
    // The profile travels in the ID token (the browser hands it to /api/users/bootstrap).
    conformIdTokenClaims: false,
    extraParams: ['screen_hint'],
    pkce: { required: () => true },
    ttl: {
      ...IDP_TTL,
      // A rotated refresh token keeps the remaining lifetime of the one it replaces.
      RefreshToken: (ctx, _token, _client) =>
        ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? IDP_TTL.RefreshToken,
    },
    rotateRefreshToken: true,
    // Refresh tokens live as long as the provider session, so signing out revokes them.
    expiresWithSession: () => true,
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      (client.clientId === clientId || code.scopes.has('offline_access')),
    loadExistingGrant,
    async findAccount(_ctx, sub): Promise<Account | undefined> {
      const account = await deps.accounts.findById(sub)
      if (!account) return undefined
      return { accountId: account.id, claims: () => profileClaims(account) }
    },
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || !token.accountId) return undefined
      const account = await deps.accounts.findById(token.accountId)
      if (!account) return undefined
      // The grant the token belongs to: the API ends a socket whose grant was revoked (logout,
      // refresh-token revocation) and refuses its handshake (apps/server/src/realtime/realtime.ts).
      const grantId = 'grantId' in token && typeof token.grantId === 'string' ? token.grantId : undefined
      return {
        email: account.email,
        email_verified: account.emailVerified,
        ...(grantId ? { grant_id: grantId } : {}),
      }
    },
    interactions: {
      url: (_ctx, interaction) => `${issuerPath}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // Off: the API verifies JWT access tokens itself, and a public client must not probe tokens.
      introspection: { enabled: false },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html'
          ctx.body = logoutPage(homeUrl, form)
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html'
          ctx.body = messagePage({
            homeUrl,
            title: 'Signed out',
            heading: 'Signed out',
            message: 'You are signed out of BrewCommand.',
          })
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resource) {
          if (resource !== audience) throw new errors.InvalidTarget()
          return {
            scope: 'api',
            audience,
            accessTokenTTL: IDP_TTL.AccessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          }
        },
      },
    },
    renderError(ctx, out) {
      ctx.type = 'html'
      const detail = out.error_description ?? out.error
      ctx.body = messagePage({
        homeUrl,
        title: 'Something went wrong',
        heading: 'Sign-in could not continue',
        tone: 'error',
        message: `The sign-in request could not be completed (${detail}). Return to BrewCommand and try again.`,
        linkText: 'Back to BrewCommand',
      })
    },
  }

  const provider = new Provider(settings.issuer, configuration)
  // koa reads X-Forwarded-Proto/-Host/-For, which idp.routes.ts sets on every request from the public
  // URL and the client address Fastify computed under TRUST_PROXY: the provider sees a request to an
  // https PUBLIC_URL as secure (Secure cookies) and never a client-chosen forwarded header.
  provider.proxy = true
  return provider
}

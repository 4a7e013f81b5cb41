import { readFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { join } from 'node:path'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify'
import type { InteractionResults } from 'oidc-provider'
import type { BuiltInIdp } from './idp.ts'
import { idpSecurityHeaders, setRawHeaders } from './security-headers.ts'
import { messagePage, signInPage, signUpPage, type FieldErrors } from './views.ts'

type Form = Record<string, string>
type UidParams = { Params: { uid: string }; Body: Form | undefined }

const ASSETS = {
  'idp.css': 'text/css; charset=utf-8',
  'logout.js': 'text/javascript; charset=utf-8',
} as const

/**
 * The built-in identity provider under /idp (register with `prefix: '/idp'`): its own pages
 * (sign in, create account, verify email), their assets, and oidc-provider behind a catch-all.
 */
export const idpRoutes: FastifyPluginAsync<{ idp: BuiltInIdp }> = async (app, { idp }) => {
  const { provider, accounts, settings } = idp
  const homeUrl = `${settings.publicUrl}/`
  const idpOrigin = new URL(settings.issuer).origin
  const basePath = new URL(settings.issuer).pathname.replace(/\/$/, '')
  const securityHeaders = idpSecurityHeaders(settings.publicUrl)

  function sendPage(reply: FastifyReply, status: number, html: string) {
    return reply
      .code(status)
      .headers({ ...securityHeaders, 'cache-control': 'no-store' })
      .type('text/html; charset=utf-8')
      .send(html)
  }

  const expiredPage = () =>
    messagePage({
      homeUrl,
      title: 'Sign-in expired',
      heading: 'This sign-in has expired',
      message: 'Your sign-in took too long or was already finished. Return to BrewCommand and sign in again.',
      tone: 'error',
      linkText: 'Back to BrewCommand',
    })

  // ---- assets ----
  for (const [name, contentType] of Object.entries(ASSETS)) {
    const body = await readFile(join(import.meta.dirname, 'assets', name))
    app.get(`/assets/${name}`, (_request, reply) =>
      reply
        .headers({ ...securityHeaders, 'cache-control': 'public, max-age=3600' })
        .type(contentType)
        .send(body),
    )
  }

  // ---- verify email ----
  app.get<{ Querystring: { token?: string } }>('/verify-email', async (request, reply) => {
    const outcome = await accounts.verifyEmail(request.query.token)
    const pages = {
      verified: [200, 'Email verified', 'Your email address is verified.', 'info'],
      used: [
        410,
        'Link already used',
        'This verification link has already been used. Your email address is already verified.',
        'info',
      ],
      expired: [
        410,
        'Link expired',
        'This verification link has expired. Sign in to BrewCommand and we will send you a new one.',
        'error',
      ],
      invalid: [
        400,
        'Link not valid',
        'This verification link is not valid. Check that you copied all of it.',
        'error',
      ],
    } as const
    const [status, heading, message, tone] = pages[outcome]
    return sendPage(reply, status, messagePage({ homeUrl, title: heading, heading, message, tone }))
  })

  // ---- interaction pages (sign in, create account) ----
  await app.register((pages, _options, done) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        const form: Form = {}
        for (const [key, value] of new URLSearchParams(body as string)) form[key] ??= value
        done(null, form)
      },
    )

    /** The interaction named in the URL, if the browser's interaction cookie belongs to it. */
    async function loadInteraction(request: FastifyRequest<UidParams>, reply: FastifyReply) {
      try {
        const interaction = await provider.interactionDetails(request.raw, reply.raw)
        return interaction.uid === request.params.uid ? interaction : null
      } catch {
        return null
      }
    }

    // The interaction cookie (SameSite=Lax, signed, bound to the uid in the URL) is the CSRF defence;
    // a present Origin header must also be the provider's own.
    function crossOrigin(request: FastifyRequest) {
      const origin = request.headers.origin
      return origin !== undefined && origin !== idpOrigin
    }

    async function finish(
      request: FastifyRequest<UidParams>,
      reply: FastifyReply,
      result: InteractionResults,
    ) {
      reply.hijack()
      try {
        await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false })
      } catch (error) {
        request.log.warn({ err: error }, 'Could not finish the sign-in interaction')
        if (!reply.raw.headersSent) {
          setRawHeaders(reply.raw, { ...securityHeaders, 'cache-control': 'no-store' })
          reply.raw.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
        }
        reply.raw.end(expiredPage())
      }
    }

    const links = (uid: string) => ({
      signIn: `${basePath}/interaction/${uid}`,
      signUp: `${basePath}/interaction/${uid}/signup`,
    })

    function renderSignIn(
      reply: FastifyReply,
      uid: string,
      status = 200,
      email = '',
      errors: FieldErrors = {},
      alert?: string,
    ) {
      const { signIn, signUp } = links(uid)
      return sendPage(
        reply,
        status,
        signInPage({ homeUrl, action: signIn, signUpHref: signUp, email, errors, alert }),
      )
    }

    function renderSignUp(
      reply: FastifyReply,
      uid: string,
      status = 200,
      values: Form = {},
      errors: FieldErrors = {},
    ) {
      const { signIn, signUp } = links(uid)
      return sendPage(
        reply,
        status,
        signUpPage({
          homeUrl,
          action: signUp,
          signInHref: signIn,
          values: {
            givenName: values.givenName ?? '',
            familyName: values.familyName ?? '',
            email: values.email ?? '',
          },
          errors,
        }),
      )
    }

    pages.get<UidParams>('/interaction/:uid', async (request, reply) => {
      const interaction = await loadInteraction(request, reply)
      if (!interaction) return sendPage(reply, 400, expiredPage())
      if (interaction.prompt.name === 'consent') return grantConsent(request, reply, interaction)
      if (interaction.params.screen_hint === 'signup') return renderSignUp(reply, interaction.uid)
      return renderSignIn(
        reply,
        interaction.uid,
        200,
        typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '',
      )
    })

    pages.get<UidParams>('/interaction/:uid/signup', async (request, reply) => {
      const interaction = await loadInteraction(request, reply)
      if (!interaction) return sendPage(reply, 400, expiredPage())
      return renderSignUp(reply, interaction.uid)
    })

    pages.post<UidParams>('/interaction/:uid', async (request, reply) => {
      if (crossOrigin(request)) return sendPage(reply, 403, expiredPage())
      const interaction = await loadInteraction(request, reply)
      if (!interaction) return sendPage(reply, 400, expiredPage())
      const form = request.body ?? {}
      const result = await accounts.signIn(
        { email: form.email ?? '', password: form.password ?? '' },
        request.ip,
      )
      if (!result.ok)
        return renderSignIn(
          reply,
          interaction.uid,
          result.status,
          form.email ?? '',
          result.errors,
          result.alert,
        )
      return finish(request, reply, { login: { accountId: result.accountId } })
    })

    pages.post<UidParams>('/interaction/:uid/signup', async (request, reply) => {
      if (crossOrigin(request)) return sendPage(reply, 403, expiredPage())
      const interaction = await loadInteraction(request, reply)
      if (!interaction) return sendPage(reply, 400, expiredPage())
      const form = request.body ?? {}
      const result = await accounts.signUp({
        givenName: form.givenName ?? '',
        familyName: form.familyName ?? '',
        email: form.email ?? '',
        password: form.password ?? '',
      })
      if (!result.ok) return renderSignUp(reply, interaction.uid, result.status, form, result.errors)
      return finish(request, reply, { login: { accountId: result.account.id } })
    })

    pages.get<UidParams>('/interaction/:uid/abort', async (request, reply) => {
      const interaction = await loadInteraction(request, reply)
      if (!interaction) return reply.redirect(homeUrl, 303)
      return finish(request, reply, {
        error: 'access_denied',
        error_description: 'The sign-in was cancelled.',
      })
    })

    // Consent is implied for our own client (see loadExistingGrant); this covers an explicit
    // prompt=consent by granting what the request asked for.
    async function grantConsent(
      request: FastifyRequest<UidParams>,
      reply: FastifyReply,
      interaction: Awaited<ReturnType<typeof provider.interactionDetails>>,
    ) {
      const { prompt, params, session } = interaction
      const accountId = session?.accountId
      if (params.client_id !== settings.clientId || !accountId) return sendPage(reply, 400, expiredPage())
      const grant = interaction.grantId
        ? ((await provider.Grant.find(interaction.grantId)) ??
          new provider.Grant({ accountId, clientId: settings.clientId }))
        : new provider.Grant({ accountId, clientId: settings.clientId })
      const details = prompt.details as {
        missingOIDCScope?: string[]
        missingOIDCClaims?: string[]
        missingResourceScopes?: Record<string, string[]>
      }
      if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope)
      if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims)
      for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes)
      }
      const grantId = await grant.save()
      return finish(request, reply, { consent: { grantId } })
    }
    done()
  })

  // ---- oidc-provider (koa) ----
  const callback = provider.callback()
  function toProvider(request: FastifyRequest, reply: FastifyReply) {
    reply.hijack()
    const raw = request.raw as IncomingMessage & { originalUrl?: string }
    raw.originalUrl = raw.url
    const rest = raw.url!.slice(basePath.length)
    raw.url = rest.startsWith('/') ? rest : `/${rest}`
    setRawHeaders(reply.raw, securityHeaders)
    void callback(raw, reply.raw)
  }

  // ---- end session: sign out and return at once ----
  // The provider answers GET /oauth/logout with a form that the browser must post back (its CSRF
  // guard for logout). The app wants no such step: this route runs both requests here, as the same
  // browser (its cookies and forwarded headers), and answers with the provider's final 303. Anything
  // unexpected (a bad id_token_hint, an unregistered post_logout_redirect_uri) is passed through as
  // the provider rendered it.
  const internalKey = randomBytes(32).toString('base64url')
  app.get('/oauth/logout', { exposeHeadRoute: false }, async (request, reply) => {
    if (request.headers[INTERNAL_HEADER] === internalKey) return toProvider(request, reply)
    const headers = pickHeaders(request.headers, FORWARDED_HEADERS)
    const page = await app.inject({
      method: 'GET',
      url: request.url,
      headers: { ...headers, [INTERNAL_HEADER]: internalKey },
    })
    const xsrf = page.statusCode === 200 ? /name="xsrf" value="([\w-]+)"/.exec(page.body)?.[1] : undefined
    if (!xsrf) return passThrough(reply, page)
    const pageCookies = setCookieHeaders(page.headers['set-cookie'])
    const confirmed = await app.inject({
      method: 'POST',
      url: `${basePath}/oauth/logout/confirm`,
      headers: {
        ...headers,
        cookie: mergeCookies(request.headers.cookie, pageCookies),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    })
    const location = confirmed.headers.location
    if (confirmed.statusCode !== 303 || typeof location !== 'string') return passThrough(reply, page)
    return reply
      .code(303)
      .headers({ ...securityHeaders, 'cache-control': 'no-store', location })
      .header('set-cookie', [...pageCookies, ...setCookieHeaders(confirmed.headers['set-cookie'])])
      .send()
  })

  // Everything else of the provider behind a catch-all; it parses its own bodies.
  await app.register((koa, _options, done) => {
    koa.removeAllContentTypeParsers()
    koa.addContentTypeParser('*', (_request, _payload, done) => done(null))
    koa.all('/*', toProvider)
    done()
  })
}

const INTERNAL_HEADER = 'x-brewcommand-idp-internal'
const FORWARDED_HEADERS = [
  'host',
  'cookie',
  'user-agent',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
]
const HOP_BY_HOP = new Set(['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding'])

function pickHeaders(headers: IncomingHttpHeaders, names: string[]): Record<string, string> {
  const picked: Record<string, string> = {}
  for (const name of names) {
    const value = headers[name]
    if (typeof value === 'string') picked[name] = value
  }
  return picked
}

function setCookieHeaders(value: string | string[] | number | undefined): string[] {
  if (value === undefined || typeof value === 'number') return []
  return Array.isArray(value) ? value : [value]
}

/** The browser's Cookie header after it has applied `setCookies` (names only; all on one host). */
function mergeCookies(cookieHeader: string | undefined, setCookies: string[]): string {
  const jar = new Map<string, string>()
  for (const pair of (cookieHeader ?? '').split(';')) {
    const index = pair.indexOf('=')
    if (index > 0) jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim())
  }
  for (const header of setCookies) {
    const [pair = '', ...attributes] = header.split(';')
    const index = pair.indexOf('=')
    if (index <= 0) continue
    const name = pair.slice(0, index).trim()
    const value = pair.slice(index + 1).trim()
    const expired =
      value === '' ||
      attributes.some((attribute) => {
        const [key = '', attributeValue = ''] = attribute.split('=').map((part) => part.trim())
        return (
          (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) ||
          (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0)
        )
      })
    if (expired) jar.delete(name)
    else jar.set(name, value)
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}

function passThrough(reply: FastifyReply, response: LightMyRequestResponse) {
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) reply.header(name, value)
  }
  return reply.code(response.statusCode).send(response.rawPayload)
}

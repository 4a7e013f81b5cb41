import { readFile } from 'node:fs/promises'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { join } from 'node:path'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify'
import type { InteractionResults, KoaContextWithOIDC } from 'oidc-provider'
import type { BuiltInIdp } from './idp.ts'
import { idpSecurityHeaders, setRawHeaders } from './security-headers.ts'
import {
  changePasswordPage,
  forgotPasswordPage,
  messagePage,
  resetPasswordPage,
  signInPage,
  signUpPage,
  type FieldErrors,
} from './views.ts'

type Form = Record<string, string>
type UidParams = { Params: { uid: string }; Body: Form | undefined }
type FormRoute = { Body: Form | undefined; Querystring: { token?: string } }

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
  const publicUrl = new URL(settings.publicUrl)

  // The provider (koa with proxy = true, see provider.ts) and the pages below read the request's
  // scheme, host and client address from these headers: set them from PUBLIC_URL and from the address
  // Fastify computed under TRUST_PROXY, never from what the client sent. Behind a TLS proxy the
  // provider thereby sees an https PUBLIC_URL as secure and sets Secure cookies.
  app.addHook('onRequest', async (request) => {
    const ip = request.ip
    const headers = request.raw.headers
    headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1)
    headers['x-forwarded-host'] = publicUrl.host
    headers['x-forwarded-for'] = ip
  })

  function sendPage(reply: FastifyReply, status: number, html: string) {
    return reply
      .code(status)
      .headers({ ...securityHeaders, 'cache-control': 'no-store' })
      .type('text/html; charset=utf-8')
      .send(html)
  }

  const checkEmailPage = (email: string) =>
    messagePage({
      homeUrl,
      title: 'Check your email',
      heading: 'Check your email',
      message: `We have sent a message to ${email.trim()}. Open it to continue.`,
    })

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
    const forgotPasswordHref = `${basePath}/forgot-password`
    const resetPasswordHref = `${basePath}/reset-password`
    const changePasswordHref = `${basePath}/account/password`

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
        signInPage({ homeUrl, action: signIn, signUpHref: signUp, forgotPasswordHref, email, errors, alert }),
      )
    }

    function renderSignUp(
      reply: FastifyReply,
      uid: string,
      status = 200,
      values: Form = {},
      errors: FieldErrors = {},
      alert?: string,
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
          alert,
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
      const result = await accounts.signUp(
        {
          givenName: form.givenName ?? '',
          familyName: form.familyName ?? '',
          email: form.email ?? '',
          password: form.password ?? '',
        },
        request.ip,
      )
      if (!result.ok)
        return renderSignUp(reply, interaction.uid, result.status, form, result.errors, result.alert)
      // The address has an account already: its owner got a mail; this answer does not say so.
      if (!result.account) return sendPage(reply, 200, checkEmailPage(form.email ?? ''))
      return finish(request, reply, { login: { accountId: result.account.id } })
    })

    // ---- forgot password, reset password (decision 111) ----
    pages.get('/forgot-password', (_request, reply) =>
      sendPage(reply, 200, forgotPasswordPage({ homeUrl, action: forgotPasswordHref })),
    )

    pages.post<FormRoute>('/forgot-password', async (request, reply) => {
      if (crossOrigin(request)) return sendPage(reply, 403, expiredPage())
      const email = request.body?.email ?? ''
      const result = await accounts.requestPasswordReset({ email }, request.ip)
      if (!result.ok) {
        const page = forgotPasswordPage({
          homeUrl,
          action: forgotPasswordHref,
          email,
          errors: result.errors,
          alert: result.alert,
        })
        return sendPage(reply, result.status, page)
      }
      return sendPage(
        reply,
        200,
        messagePage({
          homeUrl,
          title: 'Check your email',
          heading: 'Check your email',
          message: `If ${email.trim()} belongs to a BrewCommand account, we have sent it a link to choose a new password. The link works once and expires in 1 hour.`,
        }),
      )
    })

    const resetLinkPages = {
      used: [410, 'This password reset link has already been used. Ask for a new one if you need it.'],
      expired: [410, 'This password reset link has expired. Ask for a new one.'],
      invalid: [400, 'This password reset link is not valid. Check that you copied all of it.'],
    } as const
    function badResetLink(reply: FastifyReply, state: keyof typeof resetLinkPages) {
      const [status, message] = resetLinkPages[state]
      return reply
        .code(status)
        .headers({ ...securityHeaders, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
        .type('text/html; charset=utf-8')
        .send(
          messagePage({
            homeUrl,
            title: 'Link not usable',
            heading: 'This link cannot be used',
            message,
            tone: 'error',
          }).replace(
            '</main>',
            `<p class="switch"><a href="${forgotPasswordHref}">Ask for a new link</a></p>\n</main>`,
          ),
        )
    }

    // The page of a reset link keeps its token out of the Referer (no-referrer) and of caches.
    // Every header is set before the page is sent: a header set after send() may come too late.
    function sendResetPage(reply: FastifyReply, status: number, html: string) {
      return reply
        .code(status)
        .headers({ ...securityHeaders, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
        .type('text/html; charset=utf-8')
        .send(html)
    }

    pages.get<FormRoute>('/reset-password', async (request, reply) => {
      const token = request.query.token ?? ''
      const state = await accounts.resetTokenState(token)
      if (state !== 'valid') return badResetLink(reply, state)
      return sendResetPage(reply, 200, resetPasswordPage({ homeUrl, action: resetPasswordHref, token }))
    })

    pages.post<FormRoute>('/reset-password', async (request, reply) => {
      if (crossOrigin(request)) return sendPage(reply, 403, expiredPage())
      const token = request.body?.token ?? ''
      const result = await accounts.resetPassword(
        { token, password: request.body?.password ?? '' },
        request.ip,
      )
      if (!result.ok) {
        if (result.status === 410 || (result.status === 400 && !Object.keys(result.errors).length)) {
          return badResetLink(
            reply,
            await accounts.resetTokenState(token).then((s) => (s === 'valid' ? 'invalid' : s)),
          )
        }
        const page = resetPasswordPage({
          homeUrl,
          action: resetPasswordHref,
          token,
          errors: result.errors,
          alert: result.alert,
        })
        return sendResetPage(reply, result.status, page)
      }
      return sendPage(
        reply,
        200,
        messagePage({
          homeUrl,
          title: 'Password changed',
          heading: 'Password changed',
          message:
            'Your new password is set and you are signed out everywhere. Sign in with your new password.',
          linkText: 'Sign in to BrewCommand',
        }),
      )
    })

    // ---- change password (signed in at the provider) ----
    /** The provider session of the browser, when someone is signed in. */
    async function signedInSession(request: FastifyRequest, reply: FastifyReply) {
      const ctx = provider.createContext(request.raw, reply.raw) as unknown as KoaContextWithOIDC
      const session = await provider.Session.get(ctx)
      return session.accountId ? session : null
    }

    // The form's CSRF token: an HMAC of the session id under the provider's cookie key.
    const csrfFor = (sessionId: string) =>
      createHmac('sha256', idp.keys.cookieKeys[0]).update(`change-password:${sessionId}`).digest('base64url')
    function csrfMatches(sessionId: string, given: string | undefined) {
      const expected = Buffer.from(csrfFor(sessionId))
      const actual = Buffer.from(given ?? '')
      return actual.length === expected.length && timingSafeEqual(actual, expected)
    }

    const notSignedInPage = () =>
      messagePage({
        homeUrl,
        title: 'Sign in first',
        heading: 'Sign in first',
        message:
          'You are not signed in. Sign in to BrewCommand, then choose Change password in your profile menu.',
        tone: 'error',
        linkText: 'Go to BrewCommand',
      })

    pages.get('/account/password', async (request, reply) => {
      const session = await signedInSession(request, reply)
      const account = session ? await idp.accountsRepo.findById(session.accountId!) : null
      if (!session || !account) return sendPage(reply, 401, notSignedInPage())
      return sendPage(
        reply,
        200,
        changePasswordPage({
          homeUrl,
          action: changePasswordHref,
          email: account.email,
          csrf: csrfFor(session.jti),
        }),
      )
    })

    pages.post<FormRoute>('/account/password', async (request, reply) => {
      if (crossOrigin(request)) return sendPage(reply, 403, expiredPage())
      const session = await signedInSession(request, reply)
      const account = session ? await idp.accountsRepo.findById(session.accountId!) : null
      if (!session || !account) return sendPage(reply, 401, notSignedInPage())
      const form = request.body ?? {}
      if (!csrfMatches(session.jti, form.csrf)) return sendPage(reply, 403, notSignedInPage())
      const grantIds = Object.values(session.authorizations ?? {})
        .map((authorization) => authorization.grantId)
        .filter((grantId): grantId is string => typeof grantId === 'string')
      const result = await accounts.changePassword(
        account.id,
        { currentPassword: form.currentPassword ?? '', newPassword: form.newPassword ?? '' },
        request.ip,
        { sessionId: session.jti, grantIds },
      )
      if (!result.ok) {
        const page = changePasswordPage({
          homeUrl,
          action: changePasswordHref,
          email: account.email,
          csrf: csrfFor(session.jti),
          errors: result.errors,
          alert: result.alert,
        })
        return sendPage(reply, result.status, page)
      }
      return sendPage(
        reply,
        200,
        messagePage({
          homeUrl,
          title: 'Password changed',
          heading: 'Password changed',
          message: 'Your new password is set. You are signed out on your other devices.',
        }),
      )
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

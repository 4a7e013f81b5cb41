import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, emailVerificationTokens } from '../db/schema/identity.ts'
import { firstLink, readOutbox } from '../testing/mail.ts'
import { startSmtpServer } from '../testing/smtp-server.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import { freePort } from '../testing/free-port.ts'
import { absolute, Browser, followToApp, startAuthorization } from '../testing/oidc-client.ts'

/** Opens the provider's page for a new authorization request. */
async function openInteraction(t: TestApp, extra: Record<string, string> = {}) {
  const browser = new Browser()
  const { interactionUrl } = await startAuthorization(browser, t.idp.settings, extra)
  const page = await browser.request(interactionUrl)
  return { browser, interactionUrl, page, html: await page.text() }
}

async function signUp(t: TestApp, values: Record<string, string>) {
  const { browser, interactionUrl } = await openInteraction(t, { screen_hint: 'signup' })
  const response = await browser.postForm(`${interactionUrl}/signup`, values)
  return { browser, response, html: response.status === 303 ? '' : await response.text() }
}

async function signIn(t: TestApp, email: string, password: string) {
  const { browser, interactionUrl } = await openInteraction(t)
  const response = await browser.postForm(interactionUrl, { email, password })
  return { browser, response, html: response.status === 303 ? '' : await response.text() }
}

const newEmail = () => `brewer-${randomUUID()}@example.com`
const PASSWORD = 'mash tun 2024!'

describe.each(TEST_DATABASES)('the built-in provider on %s', (kind) => {
  let testDb: TestDb
  const apps: TestApp[] = []

  async function startApp(limits?: Parameters<typeof createTestApp>[0]['limits']) {
    const port = await freePort()
    const t = await createTestApp({
      db: testDb,
      publicUrl: `http://127.0.0.1:${port}`,
      limits: limits ?? { maxFailuresPerAddress: 1000, maxFailuresPerAccount: 5, windowMs: 15 * 60_000 },
    })
    await t.app.listen({ port, host: '127.0.0.1' })
    apps.push(t)
    return t
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind)
  })

  afterAll(async () => {
    for (const t of apps) await t.app.close()
    await testDb?.client.close()
  })

  describe('Sign in and Create account pages', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startApp()
    })

    it('shows the Sign in page with its labelled fields, button and Create account link', async () => {
      const { page, html } = await openInteraction(t)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toContain('text/html')
      expect(page.headers.get('content-security-policy')).toContain("style-src 'self'")
      expect(page.headers.get('cache-control')).toBe('no-store')
      expect(html).toContain('<h1>Sign in</h1>')
      expect(html).toContain('<label for="email">Email</label>')
      expect(html).toContain('<label for="password">Password</label>')
      expect(html).toContain('<button type="submit">Sign in</button>')
      expect(html).toMatch(/<a href="[^"]+\/signup">Create account<\/a>/)
      expect(html).toContain('href="/idp/assets/idp.css"')
      expect(html).not.toMatch(/<script>|style="/)
    })

    it('opens Create account directly for screen_hint=signup, with a link back to Sign in', async () => {
      const { html } = await openInteraction(t, { screen_hint: 'signup' })
      expect(html).toContain('<h1>Create account</h1>')
      for (const label of ['Given name', 'Family name', 'Email', 'Password'])
        expect(html).toContain(`>${label}</label>`)
      expect(html).toContain('<button type="submit">Create account</button>')
      expect(html).toMatch(/<a href="\/idp\/interaction\/[^"/]+">Sign in<\/a>/)
    })

    it('reaches Create account from the Sign in page link', async () => {
      const { browser, interactionUrl, html } = await openInteraction(t)
      const href = /<a href="([^"]+\/signup)">Create account<\/a>/.exec(html)![1]
      const signUpPage = await browser.request(absolute(href, interactionUrl))
      expect(await signUpPage.text()).toContain('<h1>Create account</h1>')
    })

    it('names every empty field', async () => {
      const { response, html } = await signUp(t, { givenName: ' ', familyName: '', email: '', password: '' })
      expect(response.status).toBe(400)
      for (const message of [
        'Given name is required.',
        'Family name is required.',
        'Email is required.',
        'Password is required.',
      ]) {
        expect(html).toContain(message)
      }
      expect(html).toContain('aria-invalid="true"')
      const signInAttempt = await signIn(t, '', '')
      expect(signInAttempt.html).toContain('Email is required.')
      expect(signInAttempt.html).toContain('Password is required.')
    })

    it.each([
      ['shorter than 10 characters', 'Ab1!short'],
      ['only letters', 'onlylettershere'],
      ['equal to the email', 'same@example.com'],
    ])('refuses a weak password: %s', async (_case, password) => {
      const { response, html } = await signUp(t, {
        givenName: 'Mo',
        familyName: 'Malt',
        email: password.includes('@') ? password : newEmail(),
        password,
      })
      expect(response.status).toBe(400)
      expect(html).toContain('Choose a password of at least 10 characters that is not just letters.')
      expect(html).toMatch(/id="password"[^>]*aria-invalid="true"/)
    })

    it('keeps the entered values (never the password) when re-rendering', async () => {
      const email = newEmail()
      const { html } = await signUp(t, { givenName: 'Hop <b>', familyName: 'Head', email, password: 'short' })
      expect(html).toContain('value="Hop &lt;b&gt;"')
      expect(html).toContain(`value="${email}"`)
      expect(html).not.toContain('value="short"')
    })

    it('answers a sign-up for a registered address, whatever its case, without saying so, and mails its owner', async () => {
      const email = newEmail()
      expect(
        (await signUp(t, { givenName: 'Ann', familyName: 'Ale', email, password: PASSWORD })).response.status,
      ).toBe(303)
      const { response, html } = await signUp(t, {
        givenName: 'Mallory',
        familyName: 'Probe',
        email: email.toUpperCase(),
        password: 'another pass 99',
      })
      expect(response.status).toBe(200)
      expect(html).toContain('Check your email')
      expect(html).not.toMatch(/already|exists/i)
      const rows = await testDb.db.select().from(accounts).where(eq(accounts.email, email))
      expect(rows).toHaveLength(1)
      expect(rows[0].givenName).toBe('Ann')
      const mails = await readOutbox(t.outboxDir, email)
      const notice = mails.find((mail) => mail.subject.startsWith('Someone tried to create'))
      expect(notice?.text).toContain('/idp/forgot-password')
      // The old password still works; the prober's does not.
      expect((await signIn(t, email, PASSWORD)).response.status).toBe(303)
      expect((await signIn(t, email, 'another pass 99')).response.status).toBe(401)
    })

    it('refuses a common or breached password with its own message', async () => {
      const { response, html } = await signUp(t, {
        givenName: 'Cy',
        familyName: 'Common',
        email: newEmail(),
        password: 'Password123',
      })
      expect(response.status).toBe(400)
      expect(html).toContain('This password is on a list of common or breached passwords')
    })

    it('gives the same message for a wrong password and an unknown email', async () => {
      const email = newEmail()
      await signUp(t, { givenName: 'Pat', familyName: 'Porter', email, password: PASSWORD })
      const wrongPassword = await signIn(t, email, 'not the password 1')
      const unknownEmail = await signIn(t, newEmail(), PASSWORD)
      for (const attempt of [wrongPassword, unknownEmail]) {
        expect(attempt.response.status).toBe(401)
        expect(attempt.html).toContain('Incorrect email or password.')
      }
      expect(wrongPassword.html).toContain(`value="${email}"`)
      expect(wrongPassword.html).not.toContain('not the password 1')
    })

    it('signs in with the right password, ignoring the email case', async () => {
      const email = newEmail()
      await signUp(t, { givenName: 'Sam', familyName: 'Stout', email, password: PASSWORD })
      const { browser, response } = await signIn(t, email.toUpperCase(), PASSWORD)
      expect(response.status).toBe(303)
      const callback = await followToApp(browser, response, t.idp.settings)
      expect(callback.searchParams.get('code')).toBeTruthy()
    })

    it('returns to the app with access_denied when the sign-in is cancelled', async () => {
      const { browser, interactionUrl } = await openInteraction(t)
      const aborted = await browser.request(`${interactionUrl}/abort`)
      const callback = await followToApp(browser, aborted, t.idp.settings)
      expect(callback.searchParams.get('error')).toBe('access_denied')
    })

    it('grants consent by itself when the app asks for prompt=consent', async () => {
      const { browser, response } = await signUp(t, {
        givenName: 'Con',
        familyName: 'Sent',
        email: newEmail(),
        password: PASSWORD,
      })
      await followToApp(browser, response, t.idp.settings)
      const { interactionUrl } = await startAuthorization(browser, t.idp.settings, { prompt: 'consent' })
      expect(interactionUrl).toContain('/idp/interaction/')
      const consent = await browser.request(interactionUrl)
      const callback = await followToApp(browser, consent, t.idp.settings)
      expect(callback.searchParams.get('code')).toBeTruthy()
    })

    it('refuses a form posted from another origin', async () => {
      const { browser, interactionUrl } = await openInteraction(t)
      const response = await browser.postForm(
        interactionUrl,
        { email: newEmail(), password: PASSWORD },
        'https://evil.example',
      )
      expect(response.status).toBe(403)
    })

    it('refuses a form posted without the interaction cookie (cross-site request)', async () => {
      const { interactionUrl } = await openInteraction(t)
      const response = await new Browser().postForm(interactionUrl, { email: newEmail(), password: PASSWORD })
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('This sign-in has expired')
    })

    it('locks an account for a while after 5 failed sign-ins, even with the right password', async () => {
      const email = newEmail()
      await signUp(t, { givenName: 'Lou', familyName: 'Lager', email, password: PASSWORD })
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await signIn(t, email, `wrong password ${attempt}`)).response.status).toBe(401)
      }
      const locked = await signIn(t, email, PASSWORD)
      expect(locked.response.status).toBe(429)
      expect(locked.html).toContain('Too many sign-in attempts. Try again in 15 minutes.')
    })
  })

  describe('sign-in rate limit per client address', () => {
    it('answers 429 after 20 failed sign-ins from one address', async () => {
      const t = await startApp({ maxFailuresPerAddress: 20, maxFailuresPerAccount: 5, windowMs: 15 * 60_000 })
      for (let attempt = 0; attempt < 20; attempt++) {
        expect((await signIn(t, newEmail(), PASSWORD)).response.status).toBe(401)
      }
      const limited = await signIn(t, newEmail(), PASSWORD)
      expect(limited.response.status).toBe(429)
      expect(limited.html).toContain('Too many sign-in attempts. Try again in 15 minutes.')
    })
  })

  describe('sign-up rate limit per client address', () => {
    it('answers 429 after SIGN_UP_MAX_PER_ADDRESS sign-ups from one address, new or registered', async () => {
      const t = await startApp({
        maxFailuresPerAddress: 1000,
        maxFailuresPerAccount: 5,
        maxAccountRequestsPerAddress: 3,
        windowMs: 15 * 60_000,
      })
      const taken = newEmail()
      for (const email of [taken, newEmail(), taken]) {
        const { response } = await signUp(t, {
          givenName: 'Rae',
          familyName: 'Rate',
          email,
          password: PASSWORD,
        })
        expect(response.status).toBeLessThan(400)
      }
      const limited = await signUp(t, {
        givenName: 'Rae',
        familyName: 'Rate',
        email: newEmail(),
        password: PASSWORD,
      })
      expect(limited.response.status).toBe(429)
      expect(limited.html).toContain('Too many requests from this address. Try again in 15 minutes.')
    })
  })

  describe('failed sign-ins raced in parallel', () => {
    it('compares at most 5 guesses per account however many arrive at once (100 in parallel, two instances)', async () => {
      // Two instances on one database: the same counters (one namespace).
      const limits = {
        maxFailuresPerAddress: 1000,
        maxFailuresPerAccount: 5,
        windowMs: 15 * 60_000,
        namespace: randomUUID(),
      }
      const first = await startApp(limits)
      const second = await startApp(limits)
      const email = newEmail()
      await signUp(first, { givenName: 'Rex', familyName: 'Race', email, password: PASSWORD })
      // Open 100 sign-in pages first, then post all 100 wrong guesses at once, half to each instance.
      const pages = await Promise.all(
        Array.from({ length: 100 }, async (_, i) => openInteraction(i % 2 ? first : second)),
      )
      const answers = await Promise.all(
        pages.map(({ browser, interactionUrl }, i) =>
          browser.postForm(interactionUrl, { email, password: `wrong guess ${i}` }),
        ),
      )
      const statuses = answers.map((answer) => answer.status)
      expect(statuses.filter((status) => status === 401)).toHaveLength(5)
      expect(statuses.filter((status) => status === 429)).toHaveLength(95)
    }, 120_000)
  })

  describe('email verification', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startApp()
    })

    async function verificationLink(email: string) {
      const messages = await readOutbox(t.outboxDir, email)
      expect(messages).toHaveLength(1)
      expect(messages[0]).toMatchObject({ to: email, subject: 'Verify your email address for BrewCommand' })
      const link = firstLink(messages[0].text)!
      expect(link).toMatch(new RegExp(`^${t.idp.settings.issuer}/verify-email\\?token=[\\w-]{43}$`))
      return link
    }

    it('mails a link that verifies the address once', async () => {
      const email = newEmail()
      await signUp(t, { givenName: 'Vera', familyName: 'Vienna', email, password: PASSWORD })
      const [before] = await testDb.db.select().from(accounts).where(eq(accounts.email, email))
      expect(before.emailVerified).toBe(false)

      const link = await verificationLink(email)
      const first = await fetch(link)
      expect(first.status).toBe(200)
      expect(await first.text()).toContain('Your email address is verified.')
      const [after] = await testDb.db.select().from(accounts).where(eq(accounts.email, email))
      expect(after.emailVerified).toBe(true)

      const again = await fetch(link)
      expect(again.status).toBe(410)
      expect(await again.text()).toContain('This verification link has already been used.')
    })

    it('refuses an expired link and an unknown one', async () => {
      const email = newEmail()
      await signUp(t, { givenName: 'Exp', familyName: 'Ired', email, password: PASSWORD })
      const link = await verificationLink(email)
      const [account] = await testDb.db.select().from(accounts).where(eq(accounts.email, email))
      await testDb.db
        .update(emailVerificationTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailVerificationTokens.accountId, account.id))
      const expired = await fetch(link)
      expect(expired.status).toBe(410)
      expect(await expired.text()).toContain('This verification link has expired.')

      const unknown = await fetch(`${t.idp.settings.issuer}/verify-email?token=${'x'.repeat(43)}`)
      expect(unknown.status).toBe(400)
      expect(await unknown.text()).toContain('This verification link is not valid.')
    })

    it('stores only the SHA-256 of the token', async () => {
      const email = newEmail()
      await signUp(t, { givenName: 'Hash', familyName: 'Brown', email, password: PASSWORD })
      const token = new URL(await verificationLink(email)).searchParams.get('token')!
      const rows = await testDb.db.select().from(emailVerificationTokens)
      expect(rows.some((row) => row.tokenHash.includes(token))).toBe(false)
    })
  })

  describe('email verification over SMTP', () => {
    it('sends the verification message through the SMTP server', async () => {
      const smtp = await startSmtpServer()
      try {
        const port = await freePort()
        const publicUrl = `http://127.0.0.1:${port}`
        const t = await createTestApp({ db: testDb, publicUrl, smtpUrl: smtp.url })
        await t.app.listen({ port, host: '127.0.0.1' })
        apps.push(t)
        const email = newEmail()
        expect(
          (await signUp(t, { givenName: 'Sid', familyName: 'Smtp', email, password: PASSWORD })).response
            .status,
        ).toBe(303)
        expect(smtp.received).toHaveLength(1)
        const [message] = smtp.received
        expect(message.envelope).toEqual({ from: 'no-reply@brew.test', to: [email] })
        expect(message.subject).toBe('Verify your email address for BrewCommand')
        const link = firstLink(message.text)!
        expect(link).toMatch(new RegExp(`^${publicUrl}/idp/verify-email\\?token=[\\w-]{43}$`))
        expect(await (await fetch(link)).text()).toContain('Your email address is verified.')
      } finally {
        await smtp.close()
      }
    })
  })

  describe('sign-up while the SMTP server is down', () => {
    it('still creates the account, which signs in at once', async () => {
      const port = await freePort()
      const closedPort = await freePort()
      const t = await createTestApp({
        db: testDb,
        publicUrl: `http://127.0.0.1:${port}`,
        smtpUrl: `smtp://127.0.0.1:${closedPort}`,
      })
      await t.app.listen({ port, host: '127.0.0.1' })
      apps.push(t)
      const email = newEmail()
      const created = await signUp(t, { givenName: 'Nora', familyName: 'Nomail', email, password: PASSWORD })
      expect(created.response.status).toBe(303)
      expect((await signIn(t, email, PASSWORD)).response.status).toBe(303)
    })
  })

  describe('signing key and cookie keys', () => {
    it('are created once and reused by the next start', async () => {
      // Two instances on one database: the same counters (one namespace).
      const limits = {
        maxFailuresPerAddress: 1000,
        maxFailuresPerAccount: 5,
        windowMs: 15 * 60_000,
        namespace: randomUUID(),
      }
      const first = await startApp(limits)
      const second = await startApp(limits)
      expect(second.idp.keys.publicJwks).toEqual(first.idp.keys.publicJwks)
      expect(second.idp.keys.cookieKeys).toEqual(first.idp.keys.cookieKeys)
      const jwks = (await (await fetch(`${first.idp.settings.issuer}/oauth/jwks`)).json()) as {
        keys: Record<string, unknown>[]
      }
      expect(jwks.keys).toHaveLength(1)
      expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' })
      expect(jwks.keys[0]).not.toHaveProperty('d')
    })
  })

  describe('form page direct access', () => {
    it('answers an unknown interaction with a clear page', async () => {
      const t = await startApp()
      const response = await fetch(`${t.idp.settings.issuer}/interaction/unknown-uid`)
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('This sign-in has expired')
    })
  })
})

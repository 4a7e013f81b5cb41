// Password reset ("Forgot password?" → a mailed single-use link) and password change (signed in, with
// the current password) at the built-in provider; both end the person's other sessions.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, oidcPayloads, passwordResetTokens } from '../db/schema/identity.ts'
import { readOutbox } from '../testing/mail.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import { freePort } from '../testing/free-port.ts'
import {
  absolute,
  Browser,
  formFields,
  signIn,
  signUpAndSignIn,
  startAuthorization,
  tokenRequest,
  type SignedIn,
} from '../testing/oidc-client.ts'

const PASSWORD = 'mash tun 2024!'
const NEW_PASSWORD = 'whirlpool 98 hops'
const newEmail = () => `reset-${randomUUID()}@example.com`

describe.each(TEST_DATABASES)('password reset and change at the built-in provider on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let issuer: string
  const apps: TestApp[] = []

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    const port = await freePort()
    t = await createTestApp({
      db: testDb,
      publicUrl: `http://127.0.0.1:${port}`,
      limits: { maxFailuresPerAddress: 1000, maxFailuresPerAccount: 5, windowMs: 15 * 60_000 },
    })
    await t.app.listen({ port, host: '127.0.0.1' })
    issuer = t.idp.settings.issuer
  })
  afterAll(async () => {
    for (const other of apps) await other.app.close()
    await t?.app.close()
    await testDb?.client.close()
  })

  const refresh = (signedIn: SignedIn) =>
    tokenRequest(t.idp.settings, {
      grant_type: 'refresh_token',
      refresh_token: signedIn.tokens.refresh_token,
    })

  async function sessionsOf(email: string) {
    const [account] = await testDb.db.select().from(accounts).where(eq(accounts.email, email))
    return testDb.db
      .select()
      .from(oidcPayloads)
      .where(
        sql`${oidcPayloads.model} = 'Session' and ${oidcPayloads.payload} ->> 'accountId' = ${account.id}`,
      )
  }

  async function forgot(email: string, browser = new Browser(), at = issuer) {
    const response = await browser.postForm(`${at}/forgot-password`, { email })
    return { response, html: await response.text() }
  }

  async function resetLink(email: string) {
    const mails = (await readOutbox(t.outboxDir, email)).filter(
      (m) => m.subject === 'Reset your BrewCommand password',
    )
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mails.at(-1)?.text ?? '')?.[0]
    if (!link) throw new Error(`no reset link mailed to ${email}`)
    return link
  }

  describe('password reset', () => {
    it('is linked from the Sign in page', async () => {
      const browser = new Browser()
      const { interactionUrl } = await startAuthorization(browser, t.idp.settings)
      const html = await (await browser.request(interactionUrl)).text()
      const href = /<a href="([^"]+)">Forgot password\?<\/a>/.exec(html)?.[1]
      expect(href).toBe('/idp/forgot-password')
      const page = await browser.request(absolute(href!, interactionUrl))
      expect(page.status).toBe(200)
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      const form = await page.text()
      expect(form).toContain('<h1>Forgot your password?</h1>')
      expect(form).toContain('<label for="email">Email</label>')
      expect(form).toContain('<button type="submit">Send reset link</button>')
      expect(form).toContain('href="/idp/assets/idp.css"')
    })

    it('answers the same for a registered and an unknown address, and mails only the registered one', async () => {
      const { email } = await signUpAndSignIn(t.idp.settings, { email: newEmail() })
      const unknown = newEmail()
      const known = await forgot(email)
      const other = await forgot(unknown)
      expect(known.response.status).toBe(200)
      expect(other.response.status).toBe(200)
      expect(known.html.replace(email, 'ADDRESS')).toBe(other.html.replace(unknown, 'ADDRESS'))
      expect(known.html).toContain('Check your email')
      expect(await readOutbox(t.outboxDir, unknown)).toEqual([])
      expect(await resetLink(email)).toMatch(new RegExp(`^${issuer}/reset-password\\?token=[\\w-]{43}$`))
    })

    it('names a missing or malformed address', async () => {
      expect((await forgot('')).html).toContain('Email is required.')
      const bad = await forgot('not-an-address')
      expect(bad.response.status).toBe(400)
      expect(bad.html).toContain('Enter a valid email address.')
    })

    it('sets a new password once, checked like sign-up, and ends every session', async () => {
      const first = await signUpAndSignIn(t.idp.settings, { email: newEmail() })
      const second = await signIn(t.idp.settings, first.email, PASSWORD)
      expect(await sessionsOf(first.email)).toHaveLength(2)
      await forgot(first.email)
      const link = await resetLink(first.email)

      const browser = new Browser()
      const page = await browser.request(link)
      expect(page.status).toBe(200)
      expect(page.headers.get('referrer-policy')).toBe('no-referrer')
      expect(page.headers.get('cache-control')).toBe('no-store')
      const { action, fields } = formFields(await page.text())
      expect(action).toBe('/idp/reset-password')
      const post = (password: string) =>
        browser.postForm(absolute(action, link), { token: fields.token, password })

      const weak = await post('short')
      expect(weak.status).toBe(400)
      expect(await weak.text()).toContain('Choose a password of at least 10 characters')
      const common = await post('password123')
      expect(common.status).toBe(400)
      expect(await common.text()).toContain('on a list of common or breached passwords')

      const done = await post(NEW_PASSWORD)
      expect(done.status).toBe(200)
      expect(await done.text()).toContain('Your new password is set and you are signed out everywhere.')

      // Every session, grant and refresh token of the account is gone.
      expect(await sessionsOf(first.email)).toEqual([])
      expect((await refresh(first)).status).toBe(400)
      expect((await refresh(second)).status).toBe(400)
      await expect(signIn(t.idp.settings, first.email, PASSWORD)).rejects.toThrow(/401/)
      expect((await signIn(t.idp.settings, first.email, NEW_PASSWORD)).tokens.access_token).toBeTruthy()

      // The link works once.
      const again = await browser.request(link)
      expect(again.status).toBe(410)
      expect(await again.text()).toContain('already been used')
      const replay = await post('yet another 77 pass')
      expect(replay.status).toBe(410)
    })

    it('refuses an expired link and a made-up one', async () => {
      const { email } = await signUpAndSignIn(t.idp.settings, { email: newEmail() })
      await forgot(email)
      const link = await resetLink(email)
      await testDb.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) })
      const expired = await fetch(link)
      expect(expired.status).toBe(410)
      expect(await expired.text()).toContain('This password reset link has expired.')
      const unknown = await fetch(`${issuer}/reset-password?token=${'x'.repeat(43)}`)
      expect(unknown.status).toBe(400)
      expect(await unknown.text()).toContain('This password reset link is not valid.')
      expect((await fetch(`${issuer}/reset-password`)).status).toBe(400)
    })

    it('stores only the SHA-256 of the token', async () => {
      const { email } = await signUpAndSignIn(t.idp.settings, { email: newEmail() })
      await forgot(email)
      const token = new URL(await resetLink(email)).searchParams.get('token')!
      const rows = await testDb.db.select().from(passwordResetTokens)
      expect(rows.some((row) => row.tokenHash.includes(token))).toBe(false)
    })

    it('limits reset requests per address (429) and reset mails per account (at most 3, answered alike)', async () => {
      // An app of its own: one sign-up and ten reset requests fit, the twelfth is refused.
      const port = await freePort()
      const own = await createTestApp({
        db: testDb,
        publicUrl: `http://127.0.0.1:${port}`,
        limits: { maxAccountRequestsPerAddress: 11 },
      })
      apps.push(own)
      await own.app.listen({ port, host: '127.0.0.1' })
      const at = own.idp.settings.issuer
      const { email } = await signUpAndSignIn(own.idp.settings, { email: newEmail() })
      for (let i = 0; i < 5; i++) expect((await forgot(email, new Browser(), at)).response.status).toBe(200)
      const mails = (await readOutbox(own.outboxDir, email)).filter(
        (m) => m.subject === 'Reset your BrewCommand password',
      )
      expect(mails).toHaveLength(3)
      for (let i = 0; i < 5; i++) await forgot(newEmail(), new Browser(), at)
      const limited = await forgot(newEmail(), new Browser(), at)
      expect(limited.response.status).toBe(429)
      expect(limited.html).toContain('Too many requests from this address.')
    })

    it('refuses a form posted from another origin', async () => {
      const response = await new Browser().postForm(
        `${issuer}/forgot-password`,
        { email: newEmail() },
        'https://evil.example',
      )
      expect(response.status).toBe(403)
    })
  })

  describe('password change', () => {
    async function changeForm(signedIn: SignedIn) {
      const page = await signedIn.browser.request(`${issuer}/account/password`)
      expect(page.status).toBe(200)
      const html = await page.text()
      return { html, ...formFields(html) }
    }

    function postChange(signedIn: SignedIn, fields: Record<string, string>, origin?: string) {
      return signedIn.browser.postForm(`${issuer}/account/password`, fields, origin)
    }

    it('shows the form to a signed-in person only', async () => {
      const me = await signUpAndSignIn(t.idp.settings, { email: newEmail() })
      const { html, action, fields } = await changeForm(me)
      expect(html).toContain('<h1>Change password</h1>')
      expect(html).toContain('<label for="currentPassword">Current password</label>')
      expect(html).toContain('<label for="newPassword">New password</label>')
      expect(html).toContain(`Signed in as ${me.email}`)
      expect(action).toBe('/idp/account/password')
      expect(fields.csrf).toMatch(/^[\w-]{43}$/)

      const stranger = await new Browser().request(`${issuer}/account/password`)
      expect(stranger.status).toBe(401)
      expect(await stranger.text()).toContain('You are not signed in.')
      const strangerPost = await new Browser().postForm(`${issuer}/account/password`, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      })
      expect(strangerPost.status).toBe(401)
    })

    it('requires the current password, a good new one, the form token and our origin', async () => {
      const me = await signUpAndSignIn(t.idp.settings, { email: newEmail() })
      const { fields } = await changeForm(me)
      const wrong = await postChange(me, {
        csrf: fields.csrf,
        currentPassword: 'not it 123',
        newPassword: NEW_PASSWORD,
      })
      expect(wrong.status).toBe(401)
      expect(await wrong.text()).toContain('The current password is not correct.')
      const weak = await postChange(me, {
        csrf: fields.csrf,
        currentPassword: PASSWORD,
        newPassword: 'qwertyuiop1',
      })
      expect(weak.status).toBe(400)
      expect(await weak.text()).toContain('on a list of common or breached passwords')
      const same = await postChange(me, {
        csrf: fields.csrf,
        currentPassword: PASSWORD,
        newPassword: PASSWORD,
      })
      expect(await same.text()).toContain('Choose a password that differs from the current one.')
      const empty = await postChange(me, { csrf: fields.csrf })
      expect(await empty.text()).toContain('Current password is required.')
      const noToken = await postChange(me, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })
      expect(noToken.status).toBe(403)
      const crossSite = await postChange(
        me,
        { csrf: fields.csrf, currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
        'https://evil.example',
      )
      expect(crossSite.status).toBe(403)
      // None of these changed the password.
      expect((await signIn(t.idp.settings, me.email, PASSWORD)).tokens.access_token).toBeTruthy()
    })

    it('changes the password and ends the other sessions, keeping this one', async () => {
      const me = await signUpAndSignIn(t.idp.settings, { email: newEmail() })
      const elsewhere = await signIn(t.idp.settings, me.email, PASSWORD)
      const { fields } = await changeForm(me)
      const done = await postChange(me, {
        csrf: fields.csrf,
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      })
      expect(done.status).toBe(200)
      expect(await done.text()).toContain('You are signed out on your other devices.')

      expect((await refresh(elsewhere)).status).toBe(400)
      expect((await refresh(me)).status).toBe(200)
      expect(await sessionsOf(me.email)).toHaveLength(1)
      await expect(signIn(t.idp.settings, me.email, PASSWORD)).rejects.toThrow(/401/)
      expect((await signIn(t.idp.settings, me.email, NEW_PASSWORD)).tokens.access_token).toBeTruthy()
    })

    it('counts wrong current passwords like failed sign-ins (429 after 5)', async () => {
      const me = await signUpAndSignIn(t.idp.settings, { email: newEmail() })
      const { fields } = await changeForm(me)
      for (let i = 0; i < 5; i++) {
        const wrong = await postChange(me, {
          csrf: fields.csrf,
          currentPassword: `guess ${i} x`,
          newPassword: NEW_PASSWORD,
        })
        expect(wrong.status).toBe(401)
      }
      const limited = await postChange(me, {
        csrf: fields.csrf,
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      })
      expect(limited.status).toBe(429)
      expect(await limited.text()).toContain('Too many sign-in attempts.')
    })
  })
})

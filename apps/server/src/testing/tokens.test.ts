import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from './free-port.ts'
import { signIn, signUpAndSignIn } from './oidc-client.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from './identity-harness.ts'
import { issueTestTokens } from './tokens.ts'

// The helpers later modules use to call the API as a signed-in user.
describe('test sign-in helpers', () => {
  let testDb: TestDb
  let t: TestApp

  beforeAll(async () => {
    testDb = await createTestDb()
    const port = await freePort()
    t = await createTestApp({ db: testDb, publicUrl: `http://127.0.0.1:${port}` })
    await t.app.listen({ port, host: '127.0.0.1' })
  })

  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('issueTestTokens gives tokens the API accepts, with the profile asked for', async () => {
    const { sub, headers } = await issueTestTokens(t.idp, { given_name: 'Hilde', email: 'hilde@example.com' })
    const response = await t.app.inject({ method: 'GET', url: '/api/users/bootstrap', headers })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      data: { user: { givenName: 'Hilde', familyName: 'Taster', email: 'hilde@example.com' }, entities: [] },
    })
    expect((await issueTestTokens(t.idp)).sub).not.toBe(sub)
  })

  it('signUpAndSignIn runs the real flow; signIn signs the same account in again', async () => {
    const first = await signUpAndSignIn(t.idp.settings, { givenName: 'Otto', familyName: 'Oast' })
    const again = await signIn(t.idp.settings, first.email, first.password)
    expect(decodeJwt(again.tokens.access_token).sub).toBe(decodeJwt(first.tokens.access_token).sub)
    const response = await fetch(`${t.publicUrl}/api/users/bootstrap`, {
      headers: {
        authorization: `Bearer ${again.tokens.access_token}`,
        'x-id-token': again.tokens.id_token,
      },
    })
    expect(await response.json()).toMatchObject({
      data: { user: { givenName: 'Otto', familyName: 'Oast', email: first.email, emailVerified: false } },
    })
  })
})

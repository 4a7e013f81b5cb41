import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema/users.ts'
import { mintJwt } from '../../testing/tokens.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'

describe.each(TEST_DATABASES)('GET /api/users/bootstrap on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let key: JWK
  let issuer: string
  let audience: string
  let clientId: string

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    key = t.idp.keys.privateJwks.keys[0]!
    ;({ issuer, audience, clientId } = t.idp.settings)
  })

  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  const accessToken = (sub: string, claims: Record<string, unknown> = {}) =>
    mintJwt(key, { sub, ...claims }, { issuer, audience })
  const idToken = (
    sub: string,
    claims: Record<string, unknown> = {},
    signingKey = key,
    aud = clientId,
    iss = issuer,
  ) => mintJwt(signingKey, { sub, ...claims }, { issuer: iss, audience: aud, typ: 'JWT' })

  async function bootstrap(
    sub: string,
    options: { idToken?: string; claims?: Record<string, unknown> } = {},
  ) {
    return t.app.inject({
      method: 'GET',
      url: '/api/users/bootstrap',
      headers: {
        authorization: `Bearer ${await accessToken(sub, options.claims)}`,
        ...(options.idToken ? { 'x-id-token': options.idToken } : {}),
      },
    })
  }

  const profile = {
    given_name: 'Greta',
    family_name: 'Gose',
    email: 'greta@example.com',
    email_verified: true,
    picture: 'https://images.example/greta.png',
  }

  it('requires a bearer token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/bootstrap' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } })
  })

  it('creates the user from a verified ID token', async () => {
    const sub = randomUUID()
    const response = await bootstrap(sub, { idToken: await idToken(sub, profile) })
    expect(response.statusCode).toBe(200)
    const { data } = response.json<{ data: { user: Record<string, unknown>; entities: unknown[] } }>()
    expect(data).toEqual({
      user: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        givenName: 'Greta',
        familyName: 'Gose',
        email: 'greta@example.com',
        emailVerified: true,
        picture: 'https://images.example/greta.png',
      },
      entities: [],
    })
    const [row] = await testDb.db.select().from(users).where(eq(users.idpIdentifier, sub))
    expect(row).toMatchObject({ givenName: 'Greta', rev: 1, role: null, entityId: null })
  })

  it('updates the profile from a newer ID token and counts the revision only on a change', async () => {
    const sub = randomUUID()
    await bootstrap(sub, { idToken: await idToken(sub, profile) })
    await bootstrap(sub, { idToken: await idToken(sub, profile) })
    let [row] = await testDb.db.select().from(users).where(eq(users.idpIdentifier, sub))
    expect(row.rev).toBe(1)
    const response = await bootstrap(sub, {
      idToken: await idToken(sub, { ...profile, family_name: 'Gueuze' }),
    })
    expect(response.json()).toMatchObject({ data: { user: { familyName: 'Gueuze' } } })
    ;[row] = await testDb.db.select().from(users).where(eq(users.idpIdentifier, sub))
    expect(row.rev).toBe(2)
  })

  it('without an ID token, starts the user from the access token claims, then uses the stored row', async () => {
    const sub = randomUUID()
    const first = await bootstrap(sub, { claims: { email: 'quiet@example.com', email_verified: false } })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({
      data: {
        user: {
          givenName: '',
          familyName: '',
          email: 'quiet@example.com',
          emailVerified: false,
          picture: null,
        },
      },
    })
    await bootstrap(sub, { idToken: await idToken(sub, profile) })
    const later = await bootstrap(sub)
    expect(later.json()).toMatchObject({ data: { user: { givenName: 'Greta', email: 'greta@example.com' } } })
  })

  it('refuses a forged ID token (signed by an unknown key)', async () => {
    const sub = randomUUID()
    const { privateKey } = await generateKeyPair('RS256', { extractable: true })
    const forgedKey = { ...(await exportJWK(privateKey)), kid: key.kid! }
    const response = await bootstrap(sub, { idToken: await idToken(sub, profile, forgedKey) })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Invalid or expired ID token' },
    })
    expect(await testDb.db.select().from(users).where(eq(users.idpIdentifier, sub))).toEqual([])
  })

  it('refuses an ID token of another user', async () => {
    const sub = randomUUID()
    const response = await bootstrap(sub, { idToken: await idToken(randomUUID(), profile) })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } })
  })

  it('refuses an ID token for another audience or from another issuer', async () => {
    const sub = randomUUID()
    for (const token of [
      await idToken(sub, profile, key, 'someone-elses-client'),
      await idToken(sub, profile, key, audience),
      await idToken(sub, profile, key, clientId, 'https://other-issuer.example'),
    ]) {
      const response = await bootstrap(sub, { idToken: token })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } })
    }
  })

  it('refuses an access token sent as the ID token, even with the client as its audience', async () => {
    const sub = randomUUID()
    const disguised = await mintJwt(key, { sub, ...profile }, { issuer, audience: clientId, typ: 'at+jwt' })
    const response = await bootstrap(sub, { idToken: disguised })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Invalid or expired ID token' },
    })
  })

  it('refuses an expired ID token', async () => {
    const sub = randomUUID()
    const expired = await mintJwt(
      key,
      { sub, ...profile },
      { issuer, audience: clientId, typ: 'JWT', expiresIn: -120 },
    )
    expect((await bootstrap(sub, { idToken: expired })).statusCode).toBe(401)
  })

  it('does not let an older ID token undo a verified email', async () => {
    const sub = randomUUID()
    await bootstrap(sub, { idToken: await idToken(sub, { ...profile, email_verified: false }) })
    await testDb.db.update(users).set({ emailVerified: true }).where(eq(users.idpIdentifier, sub))
    const response = await bootstrap(sub, {
      idToken: await idToken(sub, { ...profile, email_verified: false }),
    })
    expect(response.json()).toMatchObject({ data: { user: { emailVerified: true } } })
  })
})

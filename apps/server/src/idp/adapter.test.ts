import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oidcPayloads } from '../db/schema/identity.ts'
import { createTestDb, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import { createOidcAdapterStore } from './adapter.ts'

describe.each(TEST_DATABASES)('oidc-provider adapter on %s', (kind) => {
  let testDb: TestDb
  beforeAll(async () => {
    testDb = await createTestDb(kind)
  })
  afterAll(async () => {
    await testDb?.client.close()
  })

  it('stores, finds, consumes and destroys a payload', async () => {
    const { factory } = createOidcAdapterStore(testDb.db)
    const codes = factory('AuthorizationCode')
    await codes.upsert('code-1', { accountId: 'a', grantId: 'g-1', kind: 'AuthorizationCode' }, 60)
    expect(await codes.find('code-1')).toMatchObject({ accountId: 'a', grantId: 'g-1' })
    expect(await factory('AccessToken').find('code-1')).toBeUndefined()
    await codes.consume('code-1')
    expect((await codes.find('code-1'))?.consumed).toEqual(expect.any(Number))
    await codes.destroy('code-1')
    expect(await codes.find('code-1')).toBeUndefined()
  })

  it('finds sessions by uid and ignores expired rows', async () => {
    const { factory, prune } = createOidcAdapterStore(testDb.db)
    const sessions = factory('Session')
    await sessions.upsert('s-1', { uid: 'uid-1', accountId: 'a' }, 3600)
    expect(await sessions.findByUid('uid-1')).toMatchObject({ accountId: 'a' })
    await testDb.db
      .update(oidcPayloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcPayloads.id, 's-1'))
    expect(await sessions.find('s-1')).toBeUndefined()
    expect(await sessions.findByUid('uid-1')).toBeUndefined()
    await prune()
    expect(await testDb.db.select().from(oidcPayloads).where(eq(oidcPayloads.id, 's-1'))).toEqual([])
  })

  it('revokes every token of a grant, and only of that model', async () => {
    const { factory } = createOidcAdapterStore(testDb.db)
    const refresh = factory('RefreshToken')
    const access = factory('AccessToken')
    await refresh.upsert('rt-1', { grantId: 'g-2' }, 3600)
    await refresh.upsert('rt-2', { grantId: 'g-2' }, 3600)
    await refresh.upsert('rt-3', { grantId: 'g-3' }, 3600)
    await access.upsert('at-1', { grantId: 'g-2' }, 3600)
    await refresh.revokeByGrantId('g-2')
    expect(await refresh.find('rt-1')).toBeUndefined()
    expect(await refresh.find('rt-2')).toBeUndefined()
    expect(await refresh.find('rt-3')).toBeDefined()
    expect(await access.find('at-1')).toBeDefined()
  })

  it('replaces a payload on a second upsert', async () => {
    const { factory } = createOidcAdapterStore(testDb.db)
    const grants = factory('Grant')
    await grants.upsert('g-4', { accountId: 'a', openid: { scope: 'openid' } }, 3600)
    await grants.upsert('g-4', { accountId: 'a', openid: { scope: 'openid email' } }, 3600)
    expect(await grants.find('g-4')).toMatchObject({ openid: { scope: 'openid email' } })
  })
})

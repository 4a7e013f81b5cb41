import { makeEnvelope, USER_MANAGEMENT_MESSAGES, type TeamModifiedEvent } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../../testing/tokens.ts'
import { entities } from '../../db/schema/entities.ts'
import { invitations } from '../../db/schema/invitations.ts'
import { users } from '../../db/schema/users.ts'
import { freePort } from '../../testing/free-port.ts'
import { firstLink, readOutbox } from '../../testing/mail.ts'
import { startSmtpServer } from '../../testing/smtp-server.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { TEAM_MESSAGES } from './team.service.ts'

const BUSINESS = {
  name: 'Hoppy Co',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Json = Record<string, unknown>
type TeamUser = {
  id: string
  givenName: string
  email: string
  role: string
  status: string
  rev: number
  idpIdentifier: string | null
  invitation?: { expiresAt: string; isExpired: boolean }
}

/** A brewery with its Admin, and helpers to call the API as anyone. */
function harness(getApp: () => TestApp, getDb: () => TestDb) {
  const token = (sub: string, claims: Json = {}) => {
    const t = getApp()
    return mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub, ...claims },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  }
  const call = async (
    sub: string | null,
    method: Method,
    url: string,
    payload?: object,
    headers: Json = {},
  ) =>
    getApp().app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: {
        ...(sub ? { authorization: `Bearer ${await token(sub, { email: `${sub}@example.com` })}` } : {}),
        ...headers,
      } as Record<string, string>,
    })
  async function brewery(name = BUSINESS.name) {
    const sub = crypto.randomUUID()
    const response = await call(
      sub,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', {
        user: {
          givenName: 'Ada',
          familyName: 'Admin',
          emailAddress: `${sub}@example.com`,
          emailVerified: true,
          idpIdentifier: sub,
        },
        entity: { ...BUSINESS, name },
      }),
    )
    expect(response.statusCode).toBeLessThan(300)
    const entityId = response.json<{ data: { entityId: string } }>().data.entityId
    await getDb()
      .db.update(users)
      .set({ givenName: 'Ada', familyName: 'Admin' })
      .where(eq(users.idpIdentifier, sub))
    return { sub, entityId }
  }
  async function member(
    entityId: string,
    role: 'Admin' | 'Brewer' | 'Manager',
    givenName: string = role,
    sub: string = crypto.randomUUID(),
  ) {
    const [row] = await getDb()
      .db.insert(users)
      .values({
        idpIdentifier: sub,
        entityId,
        role,
        givenName,
        familyName: 'Member',
        email: `${sub}@example.com`,
      })
      .returning()
    return { sub, id: row.id }
  }
  const inviteEnvelope = (email: unknown, role: unknown) =>
    makeEnvelope('entities:user-invite', { email, role })
  const changeEnvelope = (role: unknown, rev: unknown) => makeEnvelope('entities:user', { role, rev })
  const list = async (sub: string, entityId: string) => {
    const response = await call(sub, 'GET', `/api/entities/${entityId}/users`)
    expect(response.statusCode).toBe(200)
    return response.json<{ data: TeamUser[] }>().data
  }
  /** Accepts an invitation as `sub`, whose access token carries `email` (verified unless told). */
  const accept = async (sub: string, linkToken: string, email = `${sub}@example.com`, verified = true) =>
    call(sub, 'POST', `/api/invitations/${linkToken}/accept`, undefined, {
      authorization: `Bearer ${await token(sub, { email, email_verified: verified })}`,
    })
  return { token, call, brewery, member, inviteEnvelope, changeEnvelope, list, accept }
}

describe.each(TEST_DATABASES)('team API on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  const h = harness(
    () => t,
    () => testDb,
  )
  let A: { sub: string; entityId: string }
  let B: { sub: string; entityId: string }
  let brewerA: { sub: string; id: string }
  let managerA: { sub: string; id: string }

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    A = await h.brewery('Brewery A')
    B = await h.brewery('Brewery B')
    brewerA = await h.member(A.entityId, 'Brewer', 'bea')
    managerA = await h.member(A.entityId, 'Manager', 'Cal')
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  async function invite(email: string, role = 'Brewer') {
    const response = await h.call(
      A.sub,
      'POST',
      `/api/entities/${A.entityId}/users`,
      h.inviteEnvelope(email, role),
    )
    expect(response.statusCode).toBe(201)
    const user = response.json<{ data: TeamUser }>().data
    const [mail] = (await readOutbox(t.outboxDir, email)).slice(-1)
    const link = firstLink(mail.text)!
    return { user, link, email, token: link.split('/invitations/')[1] }
  }
  const newcomer = () => crypto.randomUUID()
  const accept = h.accept

  it('lists the members sorted by given name (case-insensitively) with the spec fields, for every role', async () => {
    for (const sub of [A.sub, managerA.sub, brewerA.sub]) {
      const data = await h.list(sub, A.entityId)
      expect(data.map((u) => u.givenName).slice(0, 3)).toEqual(['Ada', 'bea', 'Cal'])
      expect(data[0]).toEqual({
        id: expect.any(String) as unknown,
        givenName: 'Ada',
        familyName: 'Admin',
        email: `${A.sub}@example.com`,
        role: 'Admin',
        status: 'Active',
        rev: expect.any(Number) as unknown,
        emailVerified: expect.any(Boolean) as unknown,
        idpIdentifier: A.sub,
      })
    }
  })

  it('refuses a caller without a token (401) and one without a brewery (403)', async () => {
    expect((await h.call(null, 'GET', `/api/entities/${A.entityId}/users`)).statusCode).toBe(401)
    const response = await h.call(newcomer(), 'GET', `/api/entities/${A.entityId}/users`)
    expect(response.statusCode).toBe(403)
  })

  it('answers 404 to a member of another brewery on every team route, and changes nothing', async () => {
    const { user } = await invite(`foreign-${crypto.randomUUID()}@example.com`)
    const base = `/api/entities/${A.entityId}/users`
    const before = await h.list(A.sub, A.entityId)
    const requests: [Method, string, object?][] = [
      ['GET', base],
      ['POST', base, h.inviteEnvelope('x@example.com', 'Brewer')],
      ['PUT', `${base}/${brewerA.id}`, h.changeEnvelope('Admin', 1)],
      ['DELETE', `${base}/${brewerA.id}?rev=1`],
      ['POST', `${base}/${user.id}/invitation/resend`],
      ['DELETE', `${base}/${user.id}/invitation`],
    ]
    for (const [method, url, payload] of requests) {
      const response = await h.call(B.sub, method, url, payload)
      expect(response.statusCode, `${method} ${url}`).toBe(404)
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Brewery not found.' } })
    }
    // B's own path does not reach A's member either.
    const own = await h.call(
      B.sub,
      'PUT',
      `/api/entities/${B.entityId}/users/${brewerA.id}`,
      h.changeEnvelope('Admin', 1),
    )
    expect(own.statusCode).toBe(404)
    expect(await h.list(A.sub, A.entityId)).toEqual(before)
  })

  it('lets only an Admin invite, change, remove, resend and revoke (403 for Brewer and Manager)', async () => {
    const { user } = await invite(`roles-${crypto.randomUUID()}@example.com`)
    const base = `/api/entities/${A.entityId}/users`
    const before = await h.list(A.sub, A.entityId)
    const requests: [Method, string, object?][] = [
      ['POST', base, h.inviteEnvelope(`other-${crypto.randomUUID()}@example.com`, 'Brewer')],
      ['PUT', `${base}/${brewerA.id}`, h.changeEnvelope('Manager', 1)],
      ['PUT', `${base}/${user.id}`, h.changeEnvelope('Manager', user.rev)],
      ['DELETE', `${base}/${brewerA.id}?rev=1`],
      ['DELETE', `${base}/${user.id}?rev=${user.rev}`],
      ['POST', `${base}/${user.id}/invitation/resend`],
      ['DELETE', `${base}/${user.id}/invitation`],
    ]
    for (const caller of [brewerA, managerA]) {
      for (const [method, url, payload] of requests) {
        const response = await h.call(caller.sub, method, url, payload)
        expect(response.statusCode, `${method} ${url}`).toBe(403)
        expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } })
      }
    }
    expect(await h.list(A.sub, A.entityId)).toEqual(before)
  })

  it('invites: a temporary Invited row with the invited role, and an email with a single-use link', async () => {
    const email = `Ivy-${crypto.randomUUID()}@Example.com`
    const { user, link } = await invite(email, 'Manager')
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      role: 'Manager',
      status: 'Invited',
      rev: 1,
      givenName: '',
    })
    expect(user.invitation?.isExpired).toBe(false)
    const days = (Date.parse(user.invitation!.expiresAt) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)
    expect(link).toMatch(/^http:\/\/localhost:3000\/invitations\/[A-Za-z0-9_-]{43}$/)
    const [mail] = await readOutbox(t.outboxDir, email)
    expect(mail.subject).toBe('You are invited to join Brewery A on BrewCommand')
    expect(mail.text).toContain('Ada Admin invited you to join Brewery A on BrewCommand as Manager.')
    expect((await h.list(A.sub, A.entityId)).find((u) => u.id === user.id)).toMatchObject({
      status: 'Invited',
    })
    // Only the token's hash is stored.
    const [row] = await testDb.db.select().from(invitations).where(eq(invitations.id, user.id))
    expect(row.tokenHash).not.toContain(link.split('/').pop()!)
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('validates the invite: email required and well-formed, role one of Admin, Brewer, Manager', async () => {
    const url = `/api/entities/${A.entityId}/users`
    const cases: [unknown, unknown, string][] = [
      ['', 'Brewer', USER_MANAGEMENT_MESSAGES.emptyEmail],
      [undefined, 'Brewer', USER_MANAGEMENT_MESSAGES.emptyEmail],
      ['not-an-email', 'Brewer', 'Invalid email address.'],
      ['two,addresses@example.com', 'Brewer', 'Invalid email address.'],
      ['Bea <bea@example.com>', 'Brewer', 'Invalid email address.'],
      ['bea@localhost', 'Brewer', 'Invalid email address.'],
      ['v@example.com', 'viewer', 'The role must be Admin, Brewer or Manager.'],
      ['v@example.com', undefined, 'The role must be Admin, Brewer or Manager.'],
    ]
    for (const [email, role, message] of cases) {
      const response = await h.call(A.sub, 'POST', url, h.inviteEnvelope(email, role))
      expect(response.statusCode).toBe(400)
      const body = response.json<{ error: { code: string; issues: { message: string }[] } }>()
      expect(body.error.code).toBe('VALIDATION_FAILED')
      expect(body.error.issues.map((i) => i.message)).toContain(message)
    }
    const wrongType = await h.call(
      A.sub,
      'POST',
      url,
      makeEnvelope('contact', { email: 'v@example.com', role: 'Brewer' }),
    )
    expect(wrongType.statusCode).toBe(400)
    const badId = await h.call(A.sub, 'GET', '/api/entities/not-a-uuid/users')
    expect(badId.statusCode).toBe(400)
  })

  it('refuses to invite a member or an address already invited (409, case-insensitive)', async () => {
    const url = `/api/entities/${A.entityId}/users`
    const memberEmail = `${brewerA.sub}@EXAMPLE.com`
    const asMember = await h.call(A.sub, 'POST', url, h.inviteEnvelope(memberEmail, 'Brewer'))
    expect(asMember.statusCode).toBe(409)
    expect(asMember.json()).toEqual({
      error: { code: 'CONFLICT', message: TEAM_MESSAGES.alreadyMember(memberEmail) },
    })
    const email = `dup-${crypto.randomUUID()}@example.com`
    await invite(email)
    const again = await h.call(A.sub, 'POST', url, h.inviteEnvelope(email.toUpperCase(), 'Manager'))
    expect(again.statusCode).toBe(409)
    expect(again.json<{ error: { message: string } }>().error.message).toContain('already been invited')
  })

  it('changes a role with the current rev; a stale rev is a 409', async () => {
    const person = await h.member(A.entityId, 'Brewer', 'Dot')
    const url = `/api/entities/${A.entityId}/users/${person.id}`
    const changed = await h.call(A.sub, 'PUT', url, h.changeEnvelope('Manager', 1))
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({
      data: { id: person.id, role: 'Manager', rev: 2, status: 'Active' },
    })
    const stale = await h.call(A.sub, 'PUT', url, h.changeEnvelope('Admin', 1))
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toEqual({ error: { code: 'CONFLICT', message: TEAM_MESSAGES.staleRev } })
    const [row] = await testDb.db.select().from(users).where(eq(users.id, person.id))
    expect(row).toMatchObject({ role: 'Manager', rev: 2 })
    // The role is in force at once: the new Manager may rename products.
    const bad = await h.call(A.sub, 'PUT', url, h.changeEnvelope('Owner', 2))
    expect(bad.statusCode).toBe(400)
    const missingRev = await h.call(A.sub, 'PUT', url, makeEnvelope('entities:user', { role: 'Brewer' }))
    expect(missingRev.statusCode).toBe(400)
    const unknown = await h.call(
      A.sub,
      'PUT',
      `/api/entities/${A.entityId}/users/${crypto.randomUUID()}`,
      h.changeEnvelope('Brewer', 1),
    )
    expect(unknown.statusCode).toBe(404)
  })

  it('changes the role of a pending invitation, which the person then joins with', async () => {
    const { user, token, email } = await invite(`promo-${crypto.randomUUID()}@example.com`, 'Brewer')
    const changed = await h.call(
      A.sub,
      'PUT',
      `/api/entities/${A.entityId}/users/${user.id}`,
      h.changeEnvelope('Manager', 1),
    )
    expect(changed.json()).toMatchObject({ data: { role: 'Manager', rev: 2, status: 'Invited' } })
    const sub = newcomer()
    expect((await accept(sub, token, email)).json()).toEqual({
      data: { entityId: A.entityId, role: 'Manager' },
    })
  })

  it('keeps the last Admin: no demotion, no removal; with a second Admin both work', async () => {
    const C = await h.brewery('Brewery C')
    const [adminRow] = await testDb.db.select().from(users).where(eq(users.idpIdentifier, C.sub))
    const url = `/api/entities/${C.entityId}/users/${adminRow.id}`
    const demote = await h.call(C.sub, 'PUT', url, h.changeEnvelope('Manager', adminRow.rev))
    expect(demote.statusCode).toBe(409)
    expect(demote.json()).toEqual({ error: { code: 'CONFLICT', message: TEAM_MESSAGES.lastAdminDemoted } })
    const remove = await h.call(C.sub, 'DELETE', `${url}?rev=${adminRow.rev}`)
    expect(remove.statusCode).toBe(409)
    expect(remove.json()).toEqual({ error: { code: 'CONFLICT', message: TEAM_MESSAGES.lastAdminRemoved } })

    const second = await h.member(C.entityId, 'Admin', 'Second')
    const demoted = await h.call(C.sub, 'PUT', url, h.changeEnvelope('Manager', adminRow.rev))
    expect(demoted.statusCode).toBe(200)
    // The former Admin, now a Manager, may no longer manage the team.
    const refused = await h.call(
      C.sub,
      'PUT',
      `/api/entities/${C.entityId}/users/${second.id}`,
      h.changeEnvelope('Brewer', 1),
    )
    expect(refused.statusCode).toBe(403)
    const lastNow = await h.call(second.sub, 'DELETE', `/api/entities/${C.entityId}/users/${second.id}?rev=1`)
    expect(lastNow.statusCode).toBe(409)
  })

  it('keeps one Admin when two Admins demote each other at the same time', async () => {
    const D = await h.brewery('Brewery D')
    const [first] = await testDb.db.select().from(users).where(eq(users.idpIdentifier, D.sub))
    const second = await h.member(D.entityId, 'Admin', 'Twin')
    const responses = await Promise.all([
      h.call(D.sub, 'PUT', `/api/entities/${D.entityId}/users/${second.id}`, h.changeEnvelope('Brewer', 1)),
      h.call(
        second.sub,
        'PUT',
        `/api/entities/${D.entityId}/users/${first.id}`,
        h.changeEnvelope('Brewer', first.rev),
      ),
    ])
    const statuses = responses.map((r) => r.statusCode).sort()
    // Either one demotion wins and the other finds the last Admin (409), or the loser is no longer an Admin (403).
    expect(statuses[0]).toBe(200)
    expect([403, 409]).toContain(statuses[1])
    const admins = (await h.list(second.sub, D.entityId)).filter((u) => u.role === 'Admin')
    expect(admins).toHaveLength(1)
  })

  it('removes a member with the current rev: they leave the brewery and lose access', async () => {
    const person = await h.member(A.entityId, 'Manager', 'Eve')
    const url = `/api/entities/${A.entityId}/users/${person.id}`
    expect((await h.call(A.sub, 'DELETE', url)).statusCode).toBe(400)
    expect((await h.call(A.sub, 'DELETE', `${url}?rev=abc`)).statusCode).toBe(400)
    expect((await h.call(A.sub, 'DELETE', `${url}?rev=7`)).statusCode).toBe(409)
    const removed = await h.call(A.sub, 'DELETE', `${url}?rev=1`)
    expect(removed.statusCode).toBe(204)
    expect((await h.list(A.sub, A.entityId)).some((u) => u.id === person.id)).toBe(false)
    expect((await h.call(person.sub, 'GET', '/api/products')).statusCode).toBe(403)
    const bootstrap = await h.call(person.sub, 'GET', '/api/users/bootstrap')
    expect(bootstrap.json()).toMatchObject({ data: { entities: [] } })
    expect((await h.call(A.sub, 'DELETE', `${url}?rev=2`)).statusCode).toBe(404)
  })

  it('lets a newcomer accept: they join with the invited role and status Active; the link works once', async () => {
    const email = `join-${crypto.randomUUID()}@example.com`
    const { user, token } = await invite(email, 'Brewer')
    const summary = await h.call(null, 'GET', `/api/invitations/${token}`)
    expect(summary.statusCode).toBe(200)
    expect(summary.json()).toMatchObject({
      data: { entityName: 'Brewery A', email, role: 'Brewer', status: 'pending' },
    })
    expect((await h.call(null, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(401)

    const sub = newcomer()
    const accepted = await accept(sub, token, email)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toEqual({ data: { entityId: A.entityId, role: 'Brewer' } })
    const bootstrap = await h.call(sub, 'GET', '/api/users/bootstrap')
    expect(bootstrap.json()).toMatchObject({ data: { entities: [{ entityId: A.entityId, role: 'Brewer' }] } })
    const team = await h.list(A.sub, A.entityId)
    expect(team.some((u) => u.id === user.id)).toBe(false)
    expect(team.find((u) => u.idpIdentifier === sub)).toMatchObject({
      status: 'Active',
      role: 'Brewer',
    } as never)
    // The same person clicking again is harmless; anyone else is refused.
    expect((await accept(sub, token, email)).statusCode).toBe(200)
    const reuse = await accept(newcomer(), token, email)
    expect(reuse.statusCode).toBe(409)
    expect(reuse.json()).toEqual({ error: { code: 'CONFLICT', message: TEAM_MESSAGES.invitationUsed } })
    expect((await h.call(null, 'GET', `/api/invitations/${token}`)).json()).toMatchObject({
      data: { status: 'accepted' },
    })
  })

  it('takes the new member’s name from their ID token when it comes with the acceptance', async () => {
    const { token, email } = await invite(`nia-${crypto.randomUUID()}@example.com`)
    const sub = newcomer()
    const idToken = (claims: Record<string, unknown>) =>
      mintJwt(
        t.idp.keys.privateJwks.keys[0],
        {
          given_name: 'Nia',
          family_name: 'Named',
          email,
          email_verified: true,
          ...claims,
        },
        { issuer: t.idp.settings.issuer, audience: t.idp.settings.clientId, typ: 'JWT' },
      )
    const other = await h.call(sub, 'POST', `/api/invitations/${token}/accept`, undefined, {
      'x-id-token': await idToken({ sub: newcomer() }),
    })
    expect(other.statusCode).toBe(401)
    const accepted = await h.call(sub, 'POST', `/api/invitations/${token}/accept`, undefined, {
      'x-id-token': await idToken({ sub }),
    })
    expect(accepted.statusCode).toBe(200)
    expect((await h.list(A.sub, A.entityId)).find((u) => u.idpIdentifier === sub)).toMatchObject({
      givenName: 'Nia',
      familyName: 'Named',
      email,
      status: 'Active',
    })
  })

  it('refuses an expired link and tells so', async () => {
    const { user, token } = await invite(`late-${crypto.randomUUID()}@example.com`)
    await testDb.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, user.id))
    expect((await h.call(null, 'GET', `/api/invitations/${token}`)).json()).toMatchObject({
      data: { status: 'expired' },
    })
    const sub = newcomer()
    const response = await accept(sub, token)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ error: { code: 'CONFLICT', message: TEAM_MESSAGES.invitationExpired } })
    expect((await h.list(A.sub, A.entityId)).find((u) => u.id === user.id)?.invitation?.isExpired).toBe(true)
    expect((await h.call(sub, 'GET', '/api/users/bootstrap')).json()).toMatchObject({
      data: { entities: [] },
    })
  })

  it('resends with a new link and expiry (the old link stops working) and revokes', async () => {
    const email = `again-${crypto.randomUUID()}@example.com`
    const first = await invite(email)
    await testDb.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, first.user.id))
    const resent = await h.call(
      A.sub,
      'POST',
      `/api/entities/${A.entityId}/users/${first.user.id}/invitation/resend`,
    )
    expect(resent.statusCode).toBe(200)
    expect(resent.json()).toMatchObject({
      data: { id: first.user.id, status: 'Invited', invitation: { isExpired: false } },
    })
    const mails = await readOutbox(t.outboxDir, email)
    expect(mails).toHaveLength(2)
    const newToken = firstLink(mails[1].text)!.split('/invitations/')[1]
    expect(newToken).not.toBe(first.token)
    expect((await h.call(null, 'GET', `/api/invitations/${first.token}`)).statusCode).toBe(404)
    expect((await accept(newcomer(), first.token)).statusCode).toBe(404)

    const revoked = await h.call(
      A.sub,
      'DELETE',
      `/api/entities/${A.entityId}/users/${first.user.id}/invitation`,
    )
    expect(revoked.statusCode).toBe(204)
    expect((await h.list(A.sub, A.entityId)).some((u) => u.id === first.user.id)).toBe(false)
    expect((await h.call(null, 'GET', `/api/invitations/${newToken}`)).json()).toMatchObject({
      data: { status: 'revoked' },
    })
    const response = await accept(newcomer(), newToken)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ error: { code: 'CONFLICT', message: TEAM_MESSAGES.invitationRevoked } })
    expect(
      (await h.call(A.sub, 'DELETE', `/api/entities/${A.entityId}/users/${first.user.id}/invitation`))
        .statusCode,
    ).toBe(404)
    // The address may be invited afresh.
    await invite(email)
  })

  it('revokes a pending invitation through DELETE of its user row, with its rev', async () => {
    const { user, token } = await invite(`row-${crypto.randomUUID()}@example.com`)
    const url = `/api/entities/${A.entityId}/users/${user.id}`
    expect((await h.call(A.sub, 'DELETE', `${url}?rev=9`)).statusCode).toBe(409)
    expect((await h.call(A.sub, 'DELETE', `${url}?rev=1`)).statusCode).toBe(204)
    expect((await accept(newcomer(), token)).statusCode).toBe(409)
  })

  it('tells a member of another brewery so and does not move them', async () => {
    const { token } = await invite(`${B.sub}@example.com`)
    const response = await accept(B.sub, token)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ error: { code: 'CONFLICT', message: TEAM_MESSAGES.otherBrewery } })
    const [row] = await testDb.db.select().from(users).where(eq(users.idpIdentifier, B.sub))
    expect(row).toMatchObject({ entityId: B.entityId, role: 'Admin' })
    // The link stays usable.
    expect((await h.call(null, 'GET', `/api/invitations/${token}`)).json()).toMatchObject({
      data: { status: 'pending' },
    })
  })

  it('spends the link of a member who opens an invitation to their own brewery, keeping their role', async () => {
    // The person joined by another way after being invited (e.g. an earlier link).
    const sub = newcomer()
    const { token } = await invite(`${sub}@example.com`, 'Admin')
    await h.member(A.entityId, 'Brewer', 'Sam', sub)
    const response = await accept(sub, token)
    expect(response.json()).toEqual({ data: { entityId: A.entityId, role: 'Brewer' } })
    expect((await accept(newcomer(), token)).statusCode).toBe(409)
  })

  it('accepts only with a verified address equal to the invited one, and stores nothing of anyone else', async () => {
    const { token, email } = await invite(`bound-${crypto.randomUUID()}@example.com`, 'Manager')
    const stored = async (sub: string) =>
      (await testDb.db.select().from(users).where(eq(users.idpIdentifier, sub))).length

    // Another verified address: refused, told which address the invitation is for.
    const stranger = newcomer()
    const wrong = await accept(stranger, token)
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json()).toEqual({ error: { code: 'FORBIDDEN', message: TEAM_MESSAGES.wrongAddress(email) } })
    expect(await stored(stranger)).toBe(0)

    // An account registered with the invited address but not verified: refused until it verifies.
    const squatter = newcomer()
    const unverified = await accept(squatter, token, email, false)
    expect(unverified.statusCode).toBe(403)
    expect(unverified.json()).toEqual({
      error: { code: 'FORBIDDEN', message: TEAM_MESSAGES.unverifiedAddress(email) },
    })
    expect(await stored(squatter)).toBe(0)
    // Only a valid ID token of the caller counts as proof: a forged one is a 401.
    const forged = await h.call(squatter, 'POST', `/api/invitations/${token}/accept`, undefined, {
      'x-id-token': 'not-a-token',
    })
    expect(forged.statusCode).toBe(401)
    expect((await h.call(null, 'GET', `/api/invitations/${token}`)).json()).toMatchObject({
      data: { status: 'pending' },
    })

    // The same address in other case, verified: joins.
    const owner = newcomer()
    const accepted = await accept(owner, token, email.toUpperCase())
    expect(accepted.json()).toEqual({ data: { entityId: A.entityId, role: 'Manager' } })
  })

  it('accepts once the provider has confirmed the address, with the tokens issued before that', async () => {
    const { token, email } = await invite(`later-${crypto.randomUUID()}@example.com`)
    const sub = newcomer()
    expect((await accept(sub, token, email, false)).statusCode).toBe(403)
    // What the built-in provider's onEmailVerified does when the person opens the verification link.
    await testDb.db.insert(users).values({ idpIdentifier: sub, email, emailVerified: true })
    const accepted = await accept(sub, token, email, false)
    expect(accepted.json()).toEqual({ data: { entityId: A.entityId, role: 'Brewer' } })
  })

  it('checks the link before storing the caller’s profile', async () => {
    const sub = newcomer()
    const idToken = await mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub, given_name: 'Pry', family_name: 'Ing', email: `${sub}@example.com`, email_verified: true },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.clientId, typ: 'JWT' },
    )
    const response = await h.call(sub, 'POST', `/api/invitations/${'z'.repeat(43)}/accept`, undefined, {
      'x-id-token': idToken,
    })
    expect(response.statusCode).toBe(404)
    expect(await testDb.db.select().from(users).where(eq(users.idpIdentifier, sub))).toEqual([])
  })

  it('answers 404 for an unknown link and 400 for a malformed one', async () => {
    const unknown = await h.call(null, 'GET', `/api/invitations/${'x'.repeat(43)}`)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: TEAM_MESSAGES.invitationInvalid } })
    expect((await accept(newcomer(), 'y'.repeat(43))).statusCode).toBe(404)
    expect((await h.call(null, 'GET', '/api/invitations/short')).statusCode).toBe(400)
  })
})

describe('invitation email over SMTP', () => {
  let testDb: TestDb
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  const h = harness(
    () => t,
    () => testDb,
  )

  beforeAll(async () => {
    smtp = await startSmtpServer()
    testDb = await createTestDb()
    t = await createTestApp({ db: testDb, smtpUrl: smtp.url, publicUrl: 'https://brew.example' })
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
    await smtp?.close()
  })

  it('is received by the SMTP server, and its link lets the person join', async () => {
    const A = await h.brewery('Smtp Brewing')
    const email = `smtp-${crypto.randomUUID()}@example.com`
    const response = await h.call(
      A.sub,
      'POST',
      `/api/entities/${A.entityId}/users`,
      h.inviteEnvelope(email, 'Manager'),
    )
    expect(response.statusCode).toBe(201)
    const mail = smtp.received.find((m) => m.envelope.to.includes(email))
    expect(mail).toMatchObject({
      envelope: { from: 'no-reply@brew.test', to: [email] },
      subject: 'You are invited to join Smtp Brewing on BrewCommand',
    })
    const link = firstLink(mail!.text)!
    expect(link).toMatch(/^https:\/\/brew\.example\/invitations\//)
    const accepted = await h.accept(crypto.randomUUID(), link.split('/invitations/')[1], email)
    expect(accepted.json()).toEqual({ data: { entityId: A.entityId, role: 'Manager' } })
  })
})

describe('invitation email limits', () => {
  let testDb: TestDb
  let t: TestApp
  const h = harness(
    () => t,
    () => testDb,
  )
  beforeAll(async () => {
    testDb = await createTestDb()
    t = await createTestApp({
      db: testDb,
      env: { INVITATION_MAILS_PER_BREWERY_PER_DAY: '4', INVITATION_MAILS_PER_ADDRESS_PER_DAY: '2' },
    })
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })
  const invite = (A: { sub: string; entityId: string }, email: string) =>
    h.call(A.sub, 'POST', `/api/entities/${A.entityId}/users`, h.inviteEnvelope(email, 'Brewer'))

  it('limits the mails to one address (invite and Resend, from any brewery) and keeps the sent link', async () => {
    const A = await h.brewery('Limit A')
    const B = await h.brewery('Limit B')
    const email = `target-${crypto.randomUUID()}@example.com`
    const first = await invite(A, email)
    expect(first.statusCode).toBe(201)
    const id = first.json<{ data: TeamUser }>().data.id
    expect((await invite(B, email)).statusCode).toBe(201)
    const resend = await h.call(A.sub, 'POST', `/api/entities/${A.entityId}/users/${id}/invitation/resend`)
    expect(resend.statusCode).toBe(429)
    expect(resend.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: TEAM_MESSAGES.addressMailLimit(email) },
    })
    const mails = await readOutbox(t.outboxDir, email)
    expect(mails).toHaveLength(2)
    // The link already sent still works.
    const token = firstLink(mails[0].text)!.split('/invitations/')[1]
    expect((await h.call(null, 'GET', `/api/invitations/${token}`)).json()).toMatchObject({
      data: { status: 'pending', entityName: 'Limit A' },
    })
  })

  it('limits the mails of one brewery, and a refused invitation leaves nothing behind', async () => {
    const A = await h.brewery('Limit C')
    for (let i = 0; i < 4; i++)
      expect((await invite(A, `n${i}-${crypto.randomUUID()}@example.com`)).statusCode).toBe(201)
    const email = `fifth-${crypto.randomUUID()}@example.com`
    const refused = await invite(A, email)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: TEAM_MESSAGES.breweryMailLimit(4) },
    })
    expect((await h.list(A.sub, A.entityId)).some((u) => u.email === email)).toBe(false)
    expect(await readOutbox(t.outboxDir, email)).toEqual([])
    // Another brewery is not held back by it.
    const other = await h.brewery('Limit D')
    expect((await invite(other, `free-${crypto.randomUUID()}@example.com`)).statusCode).toBe(201)
  })

  it('keeps links and names typed by users out of the mail', async () => {
    const A = await h.brewery('Limit E')
    await testDb.db
      .update(entities)
      .set({ name: 'Claim your prize at https://evil.example/win\r\nBcc: all@example.com' })
      .where(eq(entities.id, A.entityId))
    await testDb.db
      .update(users)
      .set({ givenName: 'Support', familyName: 'www.evil.example' })
      .where(eq(users.idpIdentifier, A.sub))
    const email = `safe-${crypto.randomUUID()}@example.com`
    expect((await invite(A, email)).statusCode).toBe(201)
    const [mail] = await readOutbox(t.outboxDir, email)
    expect(mail.headers.bcc).toBeUndefined()
    expect(mail.subject).not.toContain('https://')
    expect(mail.text.match(/https?:\/\/\S+/g)).toHaveLength(1)
    expect(mail.text).not.toMatch(/evil\.example|www\./)
  })
})

describe('invitation email that cannot be sent', () => {
  let testDb: TestDb
  let t: TestApp
  const h = harness(
    () => t,
    () => testDb,
  )
  beforeAll(async () => {
    testDb = await createTestDb()
    // Nothing listens on this port: the connection is refused at once.
    t = await createTestApp({ db: testDb, smtpUrl: `smtp://127.0.0.1:${await freePort()}` })
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('answers an error and leaves no invitation behind', async () => {
    const A = await h.brewery('Quiet Brewing')
    const email = `nomail-${crypto.randomUUID()}@example.com`
    const response = await h.call(
      A.sub,
      'POST',
      `/api/entities/${A.entityId}/users`,
      h.inviteEnvelope(email, 'Brewer'),
    )
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ error: { code: 'UNAVAILABLE', message: TEAM_MESSAGES.mailFailed } })
    expect((await h.list(A.sub, A.entityId)).some((u) => u.email === email)).toBe(false)
  })
})

describe('team changes in real time', () => {
  let testDb: TestDb
  let t: TestApp
  let url: string
  const sockets: Socket[] = []
  const h = harness(
    () => t,
    () => testDb,
  )

  beforeAll(async () => {
    testDb = await createTestDb()
    const port = await freePort()
    t = await createTestApp({ db: testDb, publicUrl: `http://127.0.0.1:${port}` })
    await t.app.listen({ port, host: '127.0.0.1' })
    url = `http://127.0.0.1:${port}`
  })
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect()
    await t?.app.close()
    await testDb?.client.close()
  })

  async function connect(sub: string): Promise<Socket> {
    const socket = io(url, {
      auth: { token: await h.token(sub) },
      transports: ['websocket'],
      reconnection: false,
    })
    sockets.push(socket)
    return new Promise((resolve, reject) => {
      socket.on('connect', () => resolve(socket))
      socket.on('connect_error', reject)
    })
  }
  /** The next team event of the given change on the socket (earlier events may still be in flight). */
  const nextTeamEvent = (socket: Socket, change: TeamModifiedEvent['payload']['change']) =>
    new Promise<TeamModifiedEvent>((resolve) => {
      const listener = (event: TeamModifiedEvent) => {
        if (event.payload.change !== change) return
        socket.off('teamModified', listener)
        resolve(event)
      }
      socket.on('teamModified', listener)
    })

  it('tells the brewery’s room (only) about an invitation, a join, a role change and a removal', async () => {
    const A = await h.brewery('Live A')
    const B = await h.brewery('Live B')
    const member = await h.member(A.entityId, 'Brewer', 'Lou')
    const [adminSocket, memberSocket, otherSocket] = await Promise.all([
      connect(A.sub),
      connect(member.sub),
      connect(B.sub),
    ])
    let otherHeard = 0
    otherSocket.on('teamModified', () => otherHeard++)

    let event = nextTeamEvent(adminSocket, 'invited')
    const invited = await h.call(
      A.sub,
      'POST',
      `/api/entities/${A.entityId}/users`,
      h.inviteEnvelope('live@example.com', 'Brewer'),
      {
        'x-socket-id': adminSocket.id,
      },
    )
    const invitation = invited.json<{ data: TeamUser }>().data
    expect(await event).toEqual({
      sourceSocketId: adminSocket.id,
      payload: { change: 'invited', userId: invitation.id },
    })

    event = nextTeamEvent(adminSocket, 'joined')
    const [mail] = await readOutbox(t.outboxDir, 'live@example.com')
    const joiner = crypto.randomUUID()
    await h.accept(joiner, firstLink(mail.text)!.split('/invitations/')[1], 'live@example.com')
    const joinerId = (await h.list(A.sub, A.entityId)).find((u) => u.email === 'live@example.com')!.id
    expect(await event).toEqual({ sourceSocketId: '', payload: { change: 'joined', userId: joinerId } })

    event = nextTeamEvent(memberSocket, 'updated')
    await h.call(
      A.sub,
      'PUT',
      `/api/entities/${A.entityId}/users/${member.id}`,
      h.changeEnvelope('Manager', 1),
    )
    expect(await event).toEqual({ sourceSocketId: '', payload: { change: 'updated', userId: member.id } })

    event = nextTeamEvent(adminSocket, 'removed')
    const disconnected = new Promise<void>((resolve) => memberSocket.once('disconnect', () => resolve()))
    await h.call(A.sub, 'DELETE', `/api/entities/${A.entityId}/users/${member.id}?rev=2`)
    expect(await event).toEqual({ sourceSocketId: '', payload: { change: 'removed', userId: member.id } })
    // The removed member no longer hears the brewery.
    await disconnected
    expect(otherHeard).toBe(0)
  })
})

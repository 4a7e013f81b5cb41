// The account service on its own: how many passwords are really compared when guesses race.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MailMessage } from '../mail/mailer.ts'
import { createTestDb, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import { createAccountRepository } from './accounts.repository.ts'
import { createAccountService } from './accounts.service.ts'
import { createAttemptLimiter } from './attempt-limiter.ts'
import { DEFAULT_SIGN_IN_LIMITS } from './idp.ts'
import { hashPassword } from './password.ts'

describe.each(TEST_DATABASES)('account service on %s', (kind) => {
  let testDb: TestDb
  beforeAll(async () => {
    testDb = await createTestDb(kind)
  })
  afterAll(async () => {
    await testDb?.client.close()
  })

  /** A service over the real repository, counting the account look-ups that precede each compare. */
  function service() {
    const repo = createAccountRepository(testDb.db)
    const counted = { lookups: 0 }
    const sent: MailMessage[] = []
    const accounts = createAccountService(
      {
        ...repo,
        findByEmail(email: string) {
          counted.lookups += 1
          return repo.findByEmail(email)
        },
      },
      {
        mailer: { send: async (message) => void sent.push(message), close: async () => {} },
        verifyEmailUrl: 'http://localhost/idp/verify-email',
        resetPasswordUrl: 'http://localhost/idp/reset-password',
        forgotPasswordUrl: 'http://localhost/idp/forgot-password',
        signInUrl: 'http://localhost/',
        limiter: createAttemptLimiter(testDb.db, { windowMs: 15 * 60_000, namespace: randomUUID() }),
        limits: DEFAULT_SIGN_IN_LIMITS,
      },
    )
    return { repo, accounts, counted }
  }

  it('compares at most 5 passwords per account and address when 100 wrong guesses arrive at once', async () => {
    const { repo, accounts, counted } = service()
    const email = `race-${randomUUID()}@example.com`
    await repo.insert({
      email,
      givenName: 'Rex',
      familyName: 'Race',
      passwordHash: await hashPassword('mash tun 2024!'),
    })
    counted.lookups = 0
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        accounts.signIn({ email, password: `wrong guess ${i}` }, '203.0.113.5'),
      ),
    )
    // Only a guess that got its reservation looks the account up and compares its password.
    expect(counted.lookups).toBe(5)
    const statuses = results.map((result) => (result.ok ? 200 : result.status))
    expect(statuses.filter((status) => status === 401)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(95)
  }, 60_000)
})

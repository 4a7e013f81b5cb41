// Test support for the production side's route tests: breweries with members of each role, calls as them,
// and the records a batch needs (a product with a realistic recipe, a brewhouse).
import {
  DEFAULT_BREWHOUSE_CONSTANTS,
  FERMENTABLES,
  makeEnvelope,
  newRecipe,
  type EnvelopeType,
  type Recipe,
} from '@brewcommand/domain'
import { users } from '../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from './identity-harness.ts'
import type { DatabaseKind } from './test-app.ts'
import { cutDaysInUtc } from './time-zone.ts'
import { mintJwt } from './tokens.ts'

const BUSINESS = {
  name: 'Production Co',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const NO_PROFILE = {
  givenName: '',
  familyName: '',
  emailAddress: '',
  emailVerified: false,
  idpIdentifier: '',
}

export type ErrorBody = {
  error: { code: string; message: string; issues?: { path: string; message: string }[] }
}
export type Members = { entityId: string; Admin: string; Manager: string; Brewer: string }
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** A 5 BBL recipe of 10 lb pale 2-row malt, 60 minutes of boil, 1.25 qt/lb. */
export function paleRecipe(productId: string): Recipe {
  return {
    ...newRecipe(productId),
    yield: { quantity: 5, unit: 'BBL' },
    boilTime: 60,
    mashThickness: 1.25,
    grainBill: [
      {
        id: crypto.randomUUID(),
        ingredient: { ...FERMENTABLES.find((f) => f.id === 'pale-2-row-malt')! },
        amount: { value: 10, unit: 'Pounds' },
      },
    ],
  }
}

export const brewhouseConstants = (name = 'Ten barrel') => ({ name, ...DEFAULT_BREWHOUSE_CONSTANTS })

/** The app on a fresh database, two breweries (A with an Admin, a Manager and a Brewer; B with an Admin). */
export async function startProductionApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  {
    ownDatabase = false,
    ...options
  }: Omit<Parameters<typeof createTestApp>[0], 'db' | 'env'> & {
    /** A PostgreSQL database of its own (see openPrivatePostgres): for a file that runs the job queue. */
    ownDatabase?: boolean
  } = {},
) {
  const testDb: TestDb = await createTestDb(kind, { own: ownDatabase })
  const t: TestApp = await createTestApp({ db: testDb, env, ...options })
  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (
    sub: string,
    method: Method,
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(sub)}`, ...headers },
    })
  /** A write with its envelope. */
  const write = (sub: string, method: Method, url: string, type: EnvelopeType, data: object) =>
    call(sub, method, url, makeEnvelope(type, data))

  async function brewery(): Promise<Members> {
    const Admin = crypto.randomUUID()
    const response = await call(
      Admin,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user: NO_PROFILE, entity: BUSINESS }),
    )
    const entityId = response.json<{ data: { entityId: string } }>().data.entityId
    // Onboarding gives an Oregon brewery Pacific time (ADR 260); these tests cut their days in UTC unless they
    // set the zone themselves (brewery-time-zone.test.ts).
    await cutDaysInUtc(testDb.db, entityId)
    const member = async (role: 'Manager' | 'Brewer') => {
      const sub = crypto.randomUUID()
      await testDb.db
        .insert(users)
        .values({ idpIdentifier: sub, entityId, role, email: `${sub}@example.com` })
      return sub
    }
    return { entityId, Admin, Manager: await member('Manager'), Brewer: await member('Brewer') }
  }

  /** A product with the pale recipe, made by the brewery's Admin. */
  async function product(members: Members) {
    const id = crypto.randomUUID()
    const recipe = paleRecipe(id)
    const response = await write(members.Admin, 'POST', '/api/products', 'product', {
      id,
      name: 'Pale Ale',
      description: '',
      recipes: [recipe],
    })
    if (response.statusCode !== 201) throw new Error(`seeding a product: ${response.body}`)
    return { id, recipe }
  }

  /** A brewhouse of the brewery (the default 10 bbl constants). */
  async function brewhouse(members: Members, name = 'Ten barrel') {
    const id = crypto.randomUUID()
    const response = await write(members.Admin, 'POST', '/api/equipment/brewhouses', 'brewhouse', {
      id,
      ...brewhouseConstants(name),
    })
    if (response.statusCode !== 201) throw new Error(`seeding a brewhouse: ${response.body}`)
    return id
  }

  return {
    testDb,
    t,
    call,
    write,
    brewery,
    product,
    brewhouse,
    close: async () => {
      await t.app.close()
      await testDb.client.close()
    },
  }
}
export type ProductionApp = Awaited<ReturnType<typeof startProductionApp>>

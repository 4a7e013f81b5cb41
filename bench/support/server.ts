// The built server as its own process (what `npm start` runs), with helpers to prepare its database,
// sign requests like the built-in provider would, and seed a brewery through the public API.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { makeEnvelope, TEST_CARD_PAID } from '@brewcommand/domain'
import { recipeWith } from './fixtures.ts'
import { issueTestTokens, type TestTokenIssuer } from '../../apps/server/src/testing/tokens.ts'
import { loadConfig } from '../../apps/server/src/config.ts'
import { openDatabase } from '../../apps/server/src/db/client.ts'
import { loadOrCreateIdpKeys } from '../../apps/server/src/idp/keys.ts'
import { freePort } from '../../apps/server/src/testing/free-port.ts'
import { ensureServerBundle } from '../../apps/server/scripts/build-server.mjs'
import { SERVER_NODE_OPTIONS } from '../../apps/server/scripts/server-node-options.mjs'

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..')

export type Store = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string }

export const pgliteStore = (): Store => ({
  kind: 'pglite',
  dataDir: mkdtempSync(path.join(tmpdir(), 'brewcommand-bench-data-')),
})

/**
 * Migrates the database and creates the provider's signing key before the server starts (the server
 * would do both itself), so this process can sign tokens the server accepts.
 */
export async function prepareIssuer(store: Store, publicUrl: string): Promise<TestTokenIssuer> {
  const database = await openDatabase(store)
  try {
    const keys = await loadOrCreateIdpKeys(database.db)
    const config = loadConfig({ PUBLIC_URL: publicUrl })
    return {
      keys,
      settings: {
        issuer: config.oidc.issuer,
        audience: config.oidc.audience,
        clientId: config.oidc.clientId,
      },
    }
  } finally {
    await database.close()
  }
}

export type ServerOptions = {
  store: Store
  port: number
  redisUrl?: string
  webDist?: string
  /** PUBLIC_URL, when several instances stand for one site (default: this instance's own address). */
  publicUrl?: string
  env?: Record<string, string>
}

/** One server process; `start()` resolves once `/api/health` answers 200. */
export class ServerProcess {
  private child: ChildProcess | undefined
  private stderr = ''
  readonly url: string

  constructor(private readonly options: ServerOptions) {
    this.url = `http://127.0.0.1:${options.port}`
  }

  get pid() {
    return this.child?.pid
  }

  /** True while the process is alive. */
  get running() {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
  }

  async start(timeoutMs = 60_000): Promise<void> {
    const { store, port, redisUrl, webDist, publicUrl, env } = this.options
    this.stderr = ''
    // BENCH_SERVER_NODE_ARGS adds node options to the server only (say `--cpu-prof --cpu-prof-dir=/tmp/p`,
    // which NODE_OPTIONS refuses), to profile it under a benchmark's load.
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
    // What `npm start` runs: the server's bundle with plain Node (ADR 417), built when older than its sources.
    const bundle = await ensureServerBundle()
    const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, ...nodeArgs, bundle], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: publicUrl ?? this.url,
        DATABASE_URL: store.kind === 'postgres' ? store.url : '',
        DATA_DIR:
          store.kind === 'pglite' ? store.dataDir : mkdtempSync(path.join(tmpdir(), 'brewcommand-bench-')),
        REDIS_URL: redisUrl ?? '',
        WEB_DIST: webDist ?? '/nonexistent',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    this.child = child
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-20_000)
    })
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${this.stderr}`)
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100))
    }
    child.kill('SIGKILL')
    throw new Error(`server did not become healthy within ${timeoutMs / 1000} s: ${this.stderr}`)
  }

  /** The last lines the server wrote to stderr (its warnings and errors). */
  get log() {
    return this.stderr
  }

  /** Sends a signal and resolves once the process has gone. */
  stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child
    return new Promise((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill(signal)
    })
  }
}

/** Starts a server on a free port with its database prepared; returns it and a token issuer. */
export async function launch(store: Store, options: Omit<ServerOptions, 'store' | 'port'> = {}) {
  const port = await freePort()
  const issuer = await prepareIssuer(store, `http://127.0.0.1:${port}`)
  const server = new ServerProcess({ ...options, store, port })
  await server.start()
  return { server, issuer }
}

const BUSINESS = {
  name: 'Bench Brewing',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}

/**
 * Pays the brewery's subscription through the built-in test checkout, as the browser does: an unpaid
 * brewery's writes are refused with 402 (docs/decisions/121-payment-enforcement.md).
 */
export async function payTestCheckout(url: string, headers: Record<string, string>) {
  const config = (await (await fetch(`${url}/api/config`)).json()) as {
    data: { plans: { priceId: string }[] }
  }
  const checkout = await fetch(`${url}/api/checkout`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ priceId: config.data.plans[0].priceId }),
  })
  if (checkout.status !== 201)
    throw new Error(`checkout answered ${checkout.status}: ${await checkout.text()}`)
  const { client_secret } = ((await checkout.json()) as { data: { client_secret: string } }).data
  const card = { number: TEST_CARD_PAID, expiry: '12/40', cvc: '123', name: 'Tess Taster' }
  const paid = await fetch(`${url}/api/checkout/test/confirm`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ clientSecret: client_secret, card }),
  })
  if (paid.status !== 200) throw new Error(`payment answered ${paid.status}: ${await paid.text()}`)
}

/** A new user with a paid brewery of their own (onboarding through the API); headers sign their requests. */
export async function newBrewery(url: string, issuer: TestTokenIssuer) {
  const tokens = await issueTestTokens(issuer)
  const headers = { ...tokens.headers, 'content-type': 'application/json' }
  const user = {
    givenName: 'Tess',
    familyName: 'Taster',
    emailAddress: tokens.email,
    emailVerified: true,
    idpIdentifier: tokens.sub,
  }
  const response = await fetch(`${url}/api/onboarding`, {
    method: 'POST',
    headers,
    body: JSON.stringify(makeEnvelope('OnboardingRequest', { user, entity: BUSINESS })),
  })
  if (response.status !== 201)
    throw new Error(`onboarding answered ${response.status}: ${await response.text()}`)
  const { data } = (await response.json()) as { data: { entityId: string } }
  await payTestCheckout(url, headers)
  return { ...tokens, headers, entityId: data.entityId }
}

/**
 * Adds `count` products of `recipes` recipes (each with `lines` ingredient lines) through the API, as
 * the browser would: a new product carries its first recipe, the others are added to it.
 */
export async function seedProducts(
  url: string,
  headers: Record<string, string>,
  { count, recipes, lines }: { count: number; recipes: number; lines: number },
): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID()
    const documents = Array.from({ length: recipes }, (_, r) => recipeWith(id, lines, i + r))
    const steps: [string, ReturnType<typeof makeEnvelope>][] = [
      ['/api/products', makeEnvelope('product', { id, name: `Beer ${i}`, recipes: documents.slice(0, 1) })],
      ...documents
        .slice(1)
        .map((recipe): [string, ReturnType<typeof makeEnvelope>] => [
          `/api/products/${id}/recipes`,
          makeEnvelope('recipe', recipe),
        ]),
    ]
    for (const [route, envelope] of steps) {
      const response = await fetch(`${url}${route}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(envelope),
      })
      if (response.status !== 201)
        throw new Error(`seeding answered ${response.status}: ${await response.text()}`)
    }
    ids.push(id)
  }
  return ids
}

import { hkdfSync } from 'node:crypto'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..')

const port = z.coerce.number().int('must be a whole number').min(1).max(65_535)
const positiveInt = z.coerce.number().int('must be a whole number').positive('must be above 0')
const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
const boolean = z
  .enum(['true', 'false', '1', '0'], 'must be true or false')
  .transform((v) => v === 'true' || v === '1')

/** One proxy address or CIDR range, IPv4 or IPv6. */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/')
  const version = isIP(address)
  if (!version || rest.length) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
}

/**
 * Which proxies in front of the server are trusted for X-Forwarded-* (decision 113): `false`, a hop
 * count, or a list of proxy addresses/CIDR ranges. `true` (every hop) is refused: a client could then
 * choose the address every per-address limit sees.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false') return false
    if (value === 'true')
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust every X-Forwarded-For hop, so a client could choose its own address; set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,192.168.1.5)',
      })
    else if (/^\d+$/.test(value)) {
      const hops = Number(value)
      if (hops <= 10) return hops === 0 ? false : hops
      ctx.addIssue({ code: 'custom', message: 'must be at most 10 proxy hops' })
    } else {
      const entries = value.split(',').map((entry) => entry.trim())
      const bad = entries.filter((entry) => !isAddressOrRange(entry))
      if (!bad.length) return entries
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges; not an address: ${bad.map((entry) => JSON.stringify(entry.slice(0, 60))).join(', ')}`,
      })
    }
    return z.NEVER
  })

const stripeKey = (pattern: RegExp, message: string) => z.string().trim().regex(pattern, message).optional()

/**
 * Every environment variable the server reads, with its default and what it means. The README's
 * configuration table is generated from this list (`npm run docs:config -w apps/server`).
 */
export const CONFIG_VARIABLES = {
  PORT: { schema: port.default(3000), default: '3000', about: 'HTTP port of the app and its API' },
  HOST: { schema: z.string().min(1).default('0.0.0.0'), default: '0.0.0.0', about: 'interface to listen on' },
  PUBLIC_URL: {
    schema: url.optional(),
    default: 'http://localhost:$PORT',
    about: 'the address people use to reach the app (links in e-mails, the identity issuer, CSP)',
  },
  DATA_DIR: {
    schema: z.string().min(1).optional(),
    default: './data (repository root)',
    about: 'folder for the embedded database and other local files',
  },
  DATABASE_URL: {
    schema: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
    default: '(unset: embedded PGlite in DATA_DIR)',
    about: 'PostgreSQL connection string; when set, PostgreSQL is used instead of the embedded database',
  },
  LOG_LEVEL: {
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    default: 'info',
    about: 'pino log level',
  },
  BODY_LIMIT_BYTES: {
    schema: positiveInt.default(1_048_576),
    default: '1048576',
    about: 'largest JSON request body accepted (larger is a 413)',
  },
  CONTACTS_RATE_LIMIT_PER_MINUTE: {
    schema: positiveInt.default(10),
    default: '10',
    about: 'newsletter sign-ups accepted per minute from one address (then 429)',
  },
  TRUST_PROXY: {
    schema: trustProxy.default(false),
    default: 'false',
    about:
      'the proxies whose X-Forwarded-* headers are trusted, so rate limits see client addresses: the number of proxy hops in front of the server (e.g. `1` for one load balancer) or a comma-separated list of proxy addresses/CIDR ranges (e.g. `10.0.0.0/8`); `true` (every hop) is refused',
  },
  OIDC_ISSUER: {
    schema: url.optional(),
    default: '$PUBLIC_URL/idp (the built-in provider)',
    about:
      'OpenID Connect issuer; set it to use Auth0, Keycloak or any other provider instead of the built-in one',
  },
  OIDC_CLIENT_ID: {
    schema: z.string().trim().min(1).max(200).default('brewcommand-web'),
    default: 'brewcommand-web',
    about: 'the browser app’s OIDC client id (public client, PKCE)',
  },
  OIDC_AUDIENCE: {
    schema: z.string().trim().min(1).max(500).optional(),
    default: '$PUBLIC_URL/api',
    about: 'the API’s audience (resource indicator) that access tokens must carry',
  },
  SMTP_URL: {
    schema: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    default: '(unset: mail is written to DATA_DIR/outbox as .eml files)',
    about: 'SMTP server for account verification and invitation mail',
  },
  MAIL_FROM: {
    schema: z.string().trim().min(3).max(200).default('BrewCommand <no-reply@brewcommand.local>'),
    default: 'BrewCommand <no-reply@brewcommand.local>',
    about: 'sender of the mail BrewCommand sends',
  },
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: {
    schema: positiveInt.default(20),
    default: '20',
    about:
      'failed sign-ins at the built-in provider allowed from one client address per window (then 429); counted in the database, shared by all instances',
  },
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: {
    schema: positiveInt.default(5),
    default: '5',
    about:
      'failed sign-ins allowed for one account from one client address per window; then that address may not try this account until the window has passed (its owner elsewhere still can)',
  },
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT_TOTAL: {
    schema: positiveInt.default(50),
    default: '50',
    about:
      'failed sign-ins allowed for one account from all addresses together per window (a distributed attack); then the account is locked until the window has passed or its password is reset',
  },
  SIGN_UP_MAX_PER_ADDRESS: {
    schema: positiveInt.default(10),
    default: '10',
    about:
      'sign-ups and password-reset requests at the built-in provider accepted from one client address per window (then 429)',
  },
  SIGN_IN_WINDOW_MINUTES: {
    schema: positiveInt.max(24 * 60, 'must be at most 1440').default(15),
    default: '15',
    about: 'the window, in minutes, of the sign-in and sign-up limits above',
  },
  REDIS_URL: {
    schema: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
    default: '(unset: one instance)',
    about: 'Redis for real-time events across several server instances',
  },
  STRIPE_SECRET_KEY: {
    schema: stripeKey(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)'),
    default: '(unset: the built-in test checkout)',
    about:
      'Stripe secret key; the five STRIPE_* variables switch payments to Stripe embedded Checkout (all or none)',
  },
  STRIPE_PUBLISHABLE_KEY: {
    schema: stripeKey(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)'),
    default: '(unset)',
    about: 'Stripe publishable key, given to the browser to load Stripe.js',
  },
  STRIPE_PRICE_MONTHLY: {
    schema: stripeKey(/^price_\w+$/, 'must be a Stripe price id (price_…)'),
    default: '(unset)',
    about: 'Stripe price id of the Essential Monthly plan (a recurring price)',
  },
  STRIPE_PRICE_ANNUAL: {
    schema: stripeKey(/^price_\w+$/, 'must be a Stripe price id (price_…)'),
    default: '(unset)',
    about: 'Stripe price id of the Essential Annual plan (a recurring price)',
  },
  STRIPE_WEBHOOK_SECRET: {
    schema: stripeKey(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)'),
    default: '(unset)',
    about: 'signing secret of the webhook endpoint $PUBLIC_URL/api/webhooks/stripe',
  },
  QUICKBOOKS_CLIENT_ID: {
    schema: z.string().trim().min(1).max(200).optional(),
    default: '(unset: no QuickBooks Online connection; the CSV exports still work)',
    about:
      'client id of the app registered at developer.intuit.com; the four QUICKBOOKS_* variables enable Connect QuickBooks Online (all or none)',
  },
  QUICKBOOKS_CLIENT_SECRET: {
    schema: z.string().trim().min(1).max(200).optional(),
    default: '(unset)',
    about: 'client secret of the Intuit app',
  },
  QUICKBOOKS_REDIRECT_URI: {
    schema: url.optional(),
    default: '(unset)',
    about:
      'the redirect URI registered with the Intuit app: $PUBLIC_URL/secure/settings/integrations/callback/quickbooks',
  },
  QUICKBOOKS_ENVIRONMENT: {
    schema: z.enum(['sandbox', 'production'], 'must be sandbox or production').optional(),
    default: '(unset)',
    about: 'which QuickBooks Online API the app calls: sandbox (development keys) or production',
  },
  XERO_CLIENT_ID: {
    schema: z.string().trim().min(1).max(200).optional(),
    default: '(unset: no Xero connection; the CSV exports still work)',
    about:
      'client id of the app registered at developer.xero.com (a Web app); the three XERO_* variables enable Connect Xero (all or none)',
  },
  XERO_CLIENT_SECRET: {
    schema: z.string().trim().min(1).max(200).optional(),
    default: '(unset)',
    about: 'client secret of the Xero app',
  },
  XERO_REDIRECT_URI: {
    schema: url.optional(),
    default: '(unset)',
    about:
      'the redirect URI registered with the Xero app: $PUBLIC_URL/secure/settings/integrations/callback/xero',
  },
  QUICKBOOKS_BASE_URL: {
    schema: url.optional(),
    default: '(unset: Intuit’s own hosts)',
    about:
      'one origin that answers Intuit’s OAuth and Accounting API paths in place of Intuit’s hosts: the local fake of QuickBooks Online (journeys, demos); leave unset in production',
  },
  XERO_BASE_URL: {
    schema: url.optional(),
    default: '(unset: Xero’s own hosts)',
    about:
      'one origin that answers Xero’s identity, connections and Accounting API paths in place of Xero’s hosts: the local fake of Xero (journeys, demos); leave unset in production',
  },
  QUICKBOOKS_WEBHOOK_VERIFIER: {
    schema: z.string().trim().min(8).max(200).optional(),
    default: '(unset: payments are polled every 15 minutes)',
    about:
      'verifier token of the Intuit app’s webhook ($PUBLIC_URL/api/webhooks/quickbooks); checks the intuit-signature header (needs the QUICKBOOKS_* app variables)',
  },
  XERO_WEBHOOK_KEY: {
    schema: z.string().trim().min(8).max(200).optional(),
    default: '(unset: payments are polled every 15 minutes)',
    about:
      'webhook key of the Xero app ($PUBLIC_URL/api/webhooks/xero); checks the x-xero-signature header (needs the XERO_* app variables)',
  },
  ACCOUNTING_TOKEN_KEY: {
    schema: z
      .string()
      .trim()
      .regex(/^[0-9a-f]{64}$/i, 'must be 64 hexadecimal characters (32 bytes: openssl rand -hex 32)')
      .optional(),
    default: '(unset; required once QUICKBOOKS_* or XERO_* is set)',
    about: 'key (AES-256-GCM) that encrypts the accounting connections’ tokens at rest',
  },
  INVITATION_MAILS_PER_BREWERY_PER_DAY: {
    schema: positiveInt.default(20),
    default: '20',
    about: 'invitation emails (invite and Resend) one brewery may send in any 24 hours (then 429)',
  },
  INVITATION_MAILS_PER_ADDRESS_PER_DAY: {
    schema: positiveInt.default(3),
    default: '3',
    about: 'invitation emails one address may receive in any 24 hours, from all breweries (then 429)',
  },
  UPLOAD_MAX_BYTES: {
    schema: positiveInt.default(200 * 1024 * 1024),
    default: '209715200 (200 MB)',
    about: 'largest media file accepted for upload (larger is a 413)',
  },
  S3_BUCKET: {
    schema: z.string().trim().min(3).max(63).optional(),
    default: '(unset: media on local disk in DATA_DIR/uploads)',
    about:
      'S3 bucket for product media; S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY switch media to S3-compatible storage (all or none)',
  },
  S3_REGION: {
    schema: z.string().trim().min(1).max(64).optional(),
    default: '(unset)',
    about: 'region of the S3 bucket (e.g. us-east-1; any value the store accepts for MinIO and others)',
  },
  S3_ACCESS_KEY_ID: {
    schema: z.string().trim().min(1).max(256).optional(),
    default: '(unset)',
    about: 'access key id for the S3 bucket',
  },
  S3_SECRET_ACCESS_KEY: {
    schema: z.string().trim().min(1).max(256).optional(),
    default: '(unset)',
    about: 'secret access key for the S3 bucket',
  },
  S3_ENDPOINT: {
    schema: url.optional(),
    default: '(unset: AWS S3)',
    about: 'endpoint of an S3-compatible store (MinIO, R2, …); the browser uploads to it directly',
  },
  S3_FORCE_PATH_STYLE: {
    schema: boolean.default(false),
    default: 'false',
    about: 'address the bucket as $S3_ENDPOINT/$S3_BUCKET instead of a bucket subdomain (MinIO needs true)',
  },
  REQUEST_TIMEOUT_SECONDS: {
    schema: positiveInt.max(3600, 'must be at most 3600').default(30),
    default: '30',
    about:
      'longest time to receive a whole request (headers and body) and longest idle time of a connection; a slower client is cut off (media uploads have their own allowance)',
  },
  UPLOAD_TIMEOUT_SECONDS: {
    schema: positiveInt.max(24 * 3600, 'must be at most 86400').default(3600),
    default: '3600',
    about: 'longest time one media upload (PUT /uploads/…) may take before it is cut off',
  },
  JOB_POLL_SECONDS: {
    schema: z.coerce.number().min(0.5, 'must be at least 0.5').max(300, 'must be at most 300').default(5),
    default: '5',
    about: 'how often each instance asks the database-stored job queue for background work',
  },
  WEBHOOK_SECRET_KEY: {
    schema: z
      .string()
      .trim()
      .regex(/^[0-9a-f]{64}$/i, 'must be 64 hexadecimal characters (32 bytes, e.g. `openssl rand -hex 32`)')
      .optional(),
    default: '(unset: derived from DATABASE_URL or DATA_DIR; set it in production)',
    about:
      'the AES-256-GCM key that encrypts webhook endpoints’ signing secrets at rest (64 hex characters); changing it makes the stored secrets unreadable, so rotate every endpoint’s secret after',
  },
  WEBHOOKS_ALLOW_HTTP: {
    schema: boolean.optional(),
    default: 'false (true when NODE_ENV=development)',
    about: 'allow webhook endpoints at plain http:// URLs (development only; otherwise https:// is required)',
  },
  WEBHOOKS_ALLOW_PRIVATE: {
    schema: boolean.default(false),
    default: 'false',
    about:
      'allow webhook endpoints on loopback, private, link-local and other non-public addresses (development and tests only)',
  },
  WEBHOOK_RETRY_SCHEDULE_SECONDS: {
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,6}(,\d{1,6}){0,19}$/, 'must be a comma-separated list of seconds, e.g. 5,300,1800')
      .transform((value) => value.split(',').map(Number))
      .default([5, 300, 1800, 7200, 18_000, 36_000, 36_000]),
    default: '5,300,1800,7200,18000,36000,36000',
    about:
      'the waits before each retry of a failed webhook delivery (about a day in all); after the last one fails the endpoint is turned off and the Admins are mailed',
  },
  WEB_DIST: {
    schema: z.string().min(1).optional(),
    default: './apps/web/dist',
    about: 'folder of the built single-page app served at /',
  },
} as const

type Variables = typeof CONFIG_VARIABLES
type Raw = { [K in keyof Variables]: z.output<Variables[K]['schema']> }

export type AppConfig = {
  port: number
  host: string
  publicUrl: string
  dataDir: string
  databaseUrl: string | undefined
  logLevel: Raw['LOG_LEVEL']
  bodyLimitBytes: number
  contactsRateLimitPerMinute: number
  /** Fastify's `trustProxy`: false, a hop count or proxy addresses/CIDR ranges. */
  trustProxy: false | number | string[]
  webDist: string
  oidc: { issuer: string; clientId: string; audience: string; isBuiltIn: boolean }
  smtpUrl: string | undefined
  mailFrom: string
  /** Failed sign-ins the built-in provider allows in a sliding window. */
  signInLimits: {
    maxFailuresPerAddress: number
    maxFailuresPerAccount: number
    maxFailuresPerAccountTotal: number
    maxAccountRequestsPerAddress: number
    windowMs: number
  }
  redisUrl: string | undefined
  /** Invitation emails allowed in any 24 hours, per brewery and per address. */
  invitationMailLimits: { perBreweryPerDay: number; perAddressPerDay: number }
  /** Largest media upload in bytes. */
  uploadMaxBytes: number
  /** S3-compatible media storage when the S3_* variables are set; null means local disk. */
  s3: S3Config | null
  /** Stripe embedded Checkout when all five STRIPE_* variables are set; null means the built-in test checkout. */
  stripe: StripeConfig | null
  /** Request and idle-connection timeout in milliseconds (uploads use `uploadTimeoutMs`). */
  requestTimeoutMs: number
  uploadTimeoutMs: number
  /** How often a job queue worker polls, in seconds. */
  jobPollSeconds: number
  /** Webhook deliveries (ADR 282). */
  webhooks: WebhooksConfig
  /** QuickBooks Online and Xero when their variables are set (docs/decisions/310-accounting-sync.md). */
  accounting: AccountingConfig
}

export type WebhooksConfig = {
  /** The 32-byte AES-256-GCM key of the endpoints' stored secrets. */
  secretKey: Buffer
  /** Whether the key was derived (WEBHOOK_SECRET_KEY unset). */
  secretKeyDerived: boolean
  allowHttp: boolean
  allowPrivate: boolean
  /** Seconds before each retry of a failed delivery. */
  retryDelaysSeconds: number[]
}

/**
 * WEBHOOK_SECRET_KEY, or a key derived from the server's own secret when it is unset: the database URL (with its
 * password) or the embedded database's folder. Fine for development and tests; production sets the variable.
 */
function webhookSecretKey(raw: Raw, dataDir: string): { secretKey: Buffer; secretKeyDerived: boolean } {
  if (raw.WEBHOOK_SECRET_KEY)
    return { secretKey: Buffer.from(raw.WEBHOOK_SECRET_KEY, 'hex'), secretKeyDerived: false }
  const seed = raw.DATABASE_URL ?? dataDir
  const derived = Buffer.from(hkdfSync('sha256', seed, 'brewcommand', 'webhook endpoint secrets v1', 32))
  return { secretKey: derived, secretKeyDerived: true }
}

export type OAuthAppConfig = { clientId: string; clientSecret: string; redirectUri: string }
export type AccountingConfig = {
  quickbooks:
    | (OAuthAppConfig & { environment: 'sandbox' | 'production'; webhookVerifier?: string; baseUrl?: string })
    | null
  xero: (OAuthAppConfig & { webhookKey?: string; baseUrl?: string }) | null
  /** 32 bytes; set whenever a provider is. */
  tokenKey: Buffer | null
}

const QUICKBOOKS_VARIABLES = [
  'QUICKBOOKS_CLIENT_ID',
  'QUICKBOOKS_CLIENT_SECRET',
  'QUICKBOOKS_REDIRECT_URI',
  'QUICKBOOKS_ENVIRONMENT',
] as const
const XERO_VARIABLES = ['XERO_CLIENT_ID', 'XERO_CLIENT_SECRET', 'XERO_REDIRECT_URI'] as const

/** Each provider's variables all or none, and a token key whenever one is set: a half set-up names what is missing. */
function accountingConfig(raw: Raw): AccountingConfig {
  const problems: string[] = []
  const group = <N extends keyof Raw>(names: readonly N[], prefix: string) => {
    const missing = names.filter((name) => raw[name] === undefined)
    if (missing.length === names.length) return false
    for (const name of missing)
      problems.push(
        `  ${name}: is required when another ${prefix}_* variable is set (set ${names.join(', ')}, or none)`,
      )
    return missing.length === 0
  }
  const quickbooks = group(QUICKBOOKS_VARIABLES, 'QUICKBOOKS')
  const xero = group(XERO_VARIABLES, 'XERO')
  // A webhook secret without its app would be read by nothing: say so rather than ignore it.
  if (raw.QUICKBOOKS_WEBHOOK_VERIFIER !== undefined && !quickbooks)
    problems.push(
      `  QUICKBOOKS_WEBHOOK_VERIFIER: is set but QuickBooks is not (set ${QUICKBOOKS_VARIABLES.join(', ')} too)`,
    )
  if (raw.XERO_WEBHOOK_KEY !== undefined && !xero)
    problems.push(`  XERO_WEBHOOK_KEY: is set but Xero is not (set ${XERO_VARIABLES.join(', ')} too)`)
  if ((quickbooks || xero) && raw.ACCOUNTING_TOKEN_KEY === undefined)
    problems.push(
      '  ACCOUNTING_TOKEN_KEY: is required when QuickBooks or Xero is configured (it encrypts their tokens at rest)',
    )
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`)
  return {
    quickbooks: quickbooks
      ? {
          clientId: raw.QUICKBOOKS_CLIENT_ID!,
          clientSecret: raw.QUICKBOOKS_CLIENT_SECRET!,
          redirectUri: raw.QUICKBOOKS_REDIRECT_URI!,
          environment: raw.QUICKBOOKS_ENVIRONMENT!,
          ...(raw.QUICKBOOKS_WEBHOOK_VERIFIER ? { webhookVerifier: raw.QUICKBOOKS_WEBHOOK_VERIFIER } : {}),
          ...(raw.QUICKBOOKS_BASE_URL ? { baseUrl: raw.QUICKBOOKS_BASE_URL } : {}),
        }
      : null,
    xero: xero
      ? {
          clientId: raw.XERO_CLIENT_ID!,
          clientSecret: raw.XERO_CLIENT_SECRET!,
          redirectUri: raw.XERO_REDIRECT_URI!,
          ...(raw.XERO_WEBHOOK_KEY ? { webhookKey: raw.XERO_WEBHOOK_KEY } : {}),
          ...(raw.XERO_BASE_URL ? { baseUrl: raw.XERO_BASE_URL } : {}),
        }
      : null,
    tokenKey: raw.ACCOUNTING_TOKEN_KEY ? Buffer.from(raw.ACCOUNTING_TOKEN_KEY, 'hex') : null,
  }
}

export type StripeConfig = {
  secretKey: string
  publishableKey: string
  priceMonthly: string
  priceAnnual: string
  webhookSecret: string
}

const STRIPE_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_PRICE_MONTHLY',
  'STRIPE_PRICE_ANNUAL',
  'STRIPE_WEBHOOK_SECRET',
] as const

/** All five Stripe variables or none: half a Stripe set-up would take payments it cannot confirm. */
function stripeConfig(raw: Raw): StripeConfig | null {
  const missing = STRIPE_VARIABLES.filter((name) => raw[name] === undefined)
  if (missing.length === STRIPE_VARIABLES.length) return null
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: is required when another STRIPE_* variable is set (set all five STRIPE_* variables, or none)`).join('\n')}`,
    )
  }
  if (raw.STRIPE_PRICE_MONTHLY === raw.STRIPE_PRICE_ANNUAL) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_PRICE_ANNUAL: must differ from STRIPE_PRICE_MONTHLY',
    )
  }
  const mode = (key: string) => (/_live_/.test(key) ? 'live' : 'test')
  if (mode(raw.STRIPE_SECRET_KEY!) !== mode(raw.STRIPE_PUBLISHABLE_KEY!)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY: must be of the same mode (test or live) as STRIPE_SECRET_KEY',
    )
  }
  return {
    secretKey: raw.STRIPE_SECRET_KEY!,
    publishableKey: raw.STRIPE_PUBLISHABLE_KEY!,
    priceMonthly: raw.STRIPE_PRICE_MONTHLY!,
    priceAnnual: raw.STRIPE_PRICE_ANNUAL!,
    webhookSecret: raw.STRIPE_WEBHOOK_SECRET!,
  }
}

export type S3Config = {
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  endpoint: string | undefined
  forcePathStyle: boolean
}

const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

/** The four S3 variables all or none: half a set-up would accept uploads it cannot store. */
function s3Config(raw: Raw): S3Config | null {
  const missing = S3_REQUIRED.filter((name) => raw[name] === undefined)
  const extras = raw.S3_ENDPOINT !== undefined
  if (missing.length === S3_REQUIRED.length && !extras) return null
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: is required when another S3_* variable is set (set S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none)`).join('\n')}`,
    )
  }
  return {
    bucket: raw.S3_BUCKET!,
    region: raw.S3_REGION!,
    accessKeyId: raw.S3_ACCESS_KEY_ID!,
    secretAccessKey: raw.S3_SECRET_ACCESS_KEY!,
    endpoint: raw.S3_ENDPOINT?.replace(/\/+$/, ''),
    forcePathStyle: raw.S3_FORCE_PATH_STYLE,
  }
}

/** Thrown when the environment holds a bad value; the message names every offending variable. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Reads and validates the configuration; empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const shape = Object.fromEntries(Object.entries(CONFIG_VARIABLES).map(([name, v]) => [name, v.schema]))
  const input = Object.fromEntries(
    Object.keys(CONFIG_VARIABLES).map((name) => [name, env[name] === '' ? undefined : env[name]]),
  )
  const parsed = z.object(shape).safeParse(input)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const raw = parsed.data as Raw
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '')
  const builtInIssuer = `${publicUrl}/idp`
  const isBuiltIn = raw.OIDC_ISSUER === undefined || raw.OIDC_ISSUER.replace(/\/+$/, '') === builtInIssuer
  return {
    port: raw.PORT,
    host: raw.HOST,
    publicUrl,
    dataDir: path.resolve(REPO_ROOT, raw.DATA_DIR ?? 'data'),
    databaseUrl: raw.DATABASE_URL,
    logLevel: raw.LOG_LEVEL,
    bodyLimitBytes: raw.BODY_LIMIT_BYTES,
    contactsRateLimitPerMinute: raw.CONTACTS_RATE_LIMIT_PER_MINUTE,
    trustProxy: raw.TRUST_PROXY,
    webDist: path.resolve(REPO_ROOT, raw.WEB_DIST ?? 'apps/web/dist'),
    oidc: {
      // The built-in provider's issuer has no trailing slash, whatever OIDC_ISSUER says; an external
      // one is kept exactly as given, since the `iss` claim must match it character for character.
      issuer: isBuiltIn ? builtInIssuer : (raw.OIDC_ISSUER ?? builtInIssuer),
      clientId: raw.OIDC_CLIENT_ID,
      audience: raw.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      isBuiltIn,
    },
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    signInLimits: {
      maxFailuresPerAddress: raw.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
      maxFailuresPerAccount: raw.SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAccountTotal: raw.SIGN_IN_MAX_FAILURES_PER_ACCOUNT_TOTAL,
      maxAccountRequestsPerAddress: raw.SIGN_UP_MAX_PER_ADDRESS,
      windowMs: raw.SIGN_IN_WINDOW_MINUTES * 60_000,
    },
    redisUrl: raw.REDIS_URL,
    invitationMailLimits: {
      perBreweryPerDay: raw.INVITATION_MAILS_PER_BREWERY_PER_DAY,
      perAddressPerDay: raw.INVITATION_MAILS_PER_ADDRESS_PER_DAY,
    },
    uploadMaxBytes: raw.UPLOAD_MAX_BYTES,
    s3: s3Config(raw),
    stripe: stripeConfig(raw),
    requestTimeoutMs: raw.REQUEST_TIMEOUT_SECONDS * 1000,
    uploadTimeoutMs: raw.UPLOAD_TIMEOUT_SECONDS * 1000,
    jobPollSeconds: raw.JOB_POLL_SECONDS,
    webhooks: {
      ...webhookSecretKey(raw, path.resolve(REPO_ROOT, raw.DATA_DIR ?? 'data')),
      allowHttp: raw.WEBHOOKS_ALLOW_HTTP ?? env.NODE_ENV === 'development',
      allowPrivate: raw.WEBHOOKS_ALLOW_PRIVATE,
      retryDelaysSeconds: raw.WEBHOOK_RETRY_SCHEDULE_SECONDS,
    },
    accounting: accountingConfig(raw),
  }
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`. Fastify 5 trusts no hop at all for a bare number, so a hop count
 * becomes a function trusting that many hops nearest the server (as proxy-addr counts them: 0 is the
 * connecting peer). The client address is then the first one not trusted, counted from the server.
 */
export function fastifyTrustProxy(
  value: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value
  return value
}

/** The README's configuration table, as Markdown. */
export function configTableMarkdown(): string {
  const rows = Object.entries(CONFIG_VARIABLES).map(
    ([name, v]) => `| \`${name}\` | ${v.default.replace(/\|/g, '\\|')} | ${v.about} |`,
  )
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n')
}

import { z } from 'zod'

// API keys (issue 39, ADR 281): a key acts for its brewery with exactly its scopes. A scope is an area of the
// brewery's data and read or write; `ingest` posts device readings. The routes a key may reach are named here,
// by path, so the server and the Settings page read one table.

/** The areas a key can be given, in the order Settings → API Keys shows them. */
export const API_KEY_AREAS = [
  { area: 'products', label: 'Products and recipes' },
  { area: 'production', label: 'Production (batches, brew day, cellar, schedule, equipment)' },
  { area: 'inventory', label: 'Inventory' },
  { area: 'sales', label: 'Sales' },
  { area: 'reports', label: 'Reports' },
] as const
export type ApiKeyArea = (typeof API_KEY_AREAS)[number]['area']

export const API_KEY_SCOPES = [
  ...API_KEY_AREAS.flatMap(({ area }) => [`${area}:read`, `${area}:write`] as const),
  'ingest',
] as const
export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES, 'Choose scopes from the list')
export type ApiKeyScope = z.infer<typeof ApiKeyScopeSchema>

/** The first path segment after `/api` of each area's routes. */
const AREA_OF_SEGMENT: Record<string, ApiKeyArea> = {
  products: 'products',
  catalog: 'products',
  media: 'products',
  'delete-file': 'products',
  batches: 'production',
  cellar: 'production',
  schedule: 'production',
  equipment: 'production',
  inventory: 'inventory',
  kegs: 'inventory',
  sales: 'sales',
  reports: 'reports',
  trace: 'reports',
}

/** A device reading posted with a key: `ingest` is enough, without production:write. */
const INGEST_ROUTE = /^\/api\/cellar\/readings$/

/** Every secret starts so, so a leaked one is recognisable (and secret scanners can find it). */
export const API_KEY_PREFIX = 'bck_'

/** Whether a bearer token is an API key rather than a user's access token (a JWT never starts so). */
export const isApiKeyToken = (token: string): boolean => token.startsWith(API_KEY_PREFIX)

/**
 * The scopes that admit a request (any one suffices), or null when no key may make it: the identity
 * provider's, team, billing, onboarding and the keys' and webhooks' own routes are for people only.
 * `url` is the route as registered (`/api/products/:productId`).
 */
export function scopesForRoute(method: string, url: string): ApiKeyScope[] | null {
  const segment = url.split('/')[2] ?? ''
  const area = AREA_OF_SEGMENT[segment]
  if (!area) return null
  const reads = method === 'GET' || method === 'HEAD'
  if (reads) return [`${area}:read`, `${area}:write`]
  if (method === 'POST' && INGEST_ROUTE.test(url)) return [`${area}:write`, 'ingest']
  return [`${area}:write`]
}

/** The sentence a key without the scope gets (403). */
export function missingScopeMessage(scopes: readonly ApiKeyScope[]): string {
  return `This API key lacks the scope ${scopes[0]}${scopes.length > 1 ? ` (or ${scopes.slice(1).join(', ')})` : ''}.`
}

export const NewApiKeySchema = z.object({
  id: z.uuid('The key id must be a UUID'),
  name: z.string().trim().min(1, 'Give the key a name').max(80, 'Keep the name under 80 characters'),
  scopes: z
    .array(ApiKeyScopeSchema)
    .min(1, 'Choose at least one scope')
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'A scope is listed twice'),
  /** The last day the key works (the brewery's date), or null for no expiry. */
  expiresOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose an expiry date')
    .nullable(),
})
export type NewApiKey = z.infer<typeof NewApiKeySchema>

export const ApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The secret's first characters, so a person can tell keys apart; never the secret. */
  hint: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
  revokedAt: z.string().nullable(),
})
export type ApiKey = z.infer<typeof ApiKeySchema>

/** The answer to New API Key: the key, and its secret this once. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ secret: z.string().optional() })
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>

export const ApiKeyUseSchema = z.object({
  id: z.uuid(),
  keyId: z.uuid(),
  keyName: z.string(),
  at: z.string(),
  method: z.string(),
  route: z.string(),
  status: z.number().int(),
  address: z.string(),
})
export type ApiKeyUse = z.infer<typeof ApiKeyUseSchema>

import { createHash, randomBytes } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { AccountingConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import {
  accountingConnections,
  accountingOauthStates,
  type AccountMapping,
  type AccountRef,
} from '../../db/schema/accounting.ts'
import { AppError } from '../../errors.ts'
import {
  PROVIDER_LABELS,
  PROVIDERS,
  ProviderError,
  type AccountingProvider,
  type ChartAccount,
  type ProviderName,
  type Session,
} from './provider.ts'
import { createQuickBooksProvider, quickbooksEndpoints, type QuickBooksEndpoints } from './quickbooks.ts'
import { openToken, sealToken } from './token-crypto.ts'
import { createXeroProvider, XERO_ENDPOINTS, type XeroEndpoints } from './xero.ts'

// The brewery's one connection to QuickBooks Online or Xero (docs/decisions/310-accounting-sync.md): Connect starts
// the OAuth 2.0 authorization code flow with a `state` bound to the brewery and the Admin (stored hashed, used
// once, 10 minutes); the callback page hands code and state back to the signed-in Admin's API call, so a state
// made for another person or brewery, or made up, is refused. Tokens are sealed with AES-256-GCM, refreshed
// 5 minutes before they expire (and once after a 401), revoked and deleted on Disconnect.

const STATE_MINUTES = 10
const REFRESH_MARGIN_MS = 5 * 60_000

/** Where the adapters send their calls (tests and journeys: the local fakes). */
export type AccountingApi = { quickbooks?: QuickBooksEndpoints; xero?: XeroEndpoints }

export function createProviders(config: AccountingConfig, api: AccountingApi = {}) {
  const providers: Partial<Record<ProviderName, AccountingProvider>> = {}
  if (config.quickbooks)
    providers.quickbooks = createQuickBooksProvider(
      config.quickbooks,
      api.quickbooks ??
        (config.quickbooks.baseUrl
          ? quickbooksEndpointsAt(config.quickbooks.baseUrl)
          : quickbooksEndpoints(config.quickbooks.environment)),
    )
  if (config.xero)
    providers.xero = createXeroProvider(
      config.xero,
      api.xero ?? (config.xero.baseUrl ? xeroEndpointsAt(config.xero.baseUrl) : XERO_ENDPOINTS),
    )
  return providers
}

/** Intuit's paths on one origin (QUICKBOOKS_BASE_URL: the local fake). */
export function quickbooksEndpointsAt(baseUrl: string): QuickBooksEndpoints {
  const base = baseUrl.replace(/\/+$/, '')
  return {
    authorize: `${base}/connect/oauth2`,
    token: `${base}/oauth2/v1/tokens/bearer`,
    revoke: `${base}/v2/oauth2/tokens/revoke`,
    api: base,
  }
}

/** Xero's paths on one origin (XERO_BASE_URL: the local fake). */
export function xeroEndpointsAt(baseUrl: string): XeroEndpoints {
  const base = baseUrl.replace(/\/+$/, '')
  return {
    authorize: `${base}/identity/connect/authorize`,
    token: `${base}/connect/token`,
    revoke: `${base}/connect/revocation`,
    connections: `${base}/connections`,
    api: `${base}/api.xro/2.0`,
  }
}

const hashOf = (state: string) => createHash('sha256').update(state).digest('base64url')

/** The mapping a chart suggests: by the account's type, and its name where a type holds several. */
export function suggestMapping(accounts: ChartAccount[]): AccountMapping {
  const ref = (a: ChartAccount | undefined): AccountRef | undefined =>
    a ? { id: a.id, code: a.code, name: a.name } : undefined
  const pick = (group: ChartAccount['group'], name?: RegExp) =>
    ref(
      accounts.find((a) => a.group === group && (!name || name.test(a.name))) ??
        (name ? undefined : accounts.find((a) => a.group === group)),
    )
  return Object.fromEntries(
    Object.entries({
      income: pick('income', /beer|sales/i) ?? pick('income'),
      kegDeposits: pick('liability', /deposit/i),
      salesTax: pick('liability', /tax/i),
      receivables: pick('receivable') ?? pick('asset', /receivable/i),
      bank: pick('bank'),
      cogs: pick('cogs'),
      inventoryAsset: pick('asset', /inventory/i),
      workInProgress: pick('asset', /progress|wip/i),
    }).filter(([, value]) => value !== undefined),
  )
}

export function createConnectionService({
  db,
  config,
  providers,
}: {
  db: Db
  config: AccountingConfig
  providers: Partial<Record<ProviderName, AccountingProvider>>
}) {
  const key = () => {
    if (!config.tokenKey) throw new Error('ACCOUNTING_TOKEN_KEY is not set')
    return config.tokenKey
  }
  const providerOf = (name: ProviderName) => {
    const provider = providers[name]
    if (!provider)
      throw new AppError(
        'CONFLICT',
        `${PROVIDER_LABELS[name]} is not set up on this server; the CSV downloads work without it.`,
      )
    return provider
  }

  async function connectionOf(entityId: string) {
    const [row] = await db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.entityId, entityId))
    return row ?? null
  }

  function view(row: typeof accountingConnections.$inferSelect | null) {
    return {
      providers: PROVIDERS.map((name) => ({
        name,
        label: PROVIDER_LABELS[name],
        configured: !!providers[name],
      })),
      connection: row
        ? {
            provider: row.provider as ProviderName,
            companyName: row.companyName,
            connectedAt: row.createdAt.toISOString(),
            mapping: row.mapping,
          }
        : null,
    }
  }

  /** Refreshes the tokens (row-locked, so two workers never spend one refresh token) and stores the new pair. */
  async function refreshed(entityId: string): Promise<Session & { provider: AccountingProvider }> {
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db
      const [row] = await tx
        .select()
        .from(accountingConnections)
        .where(eq(accountingConnections.entityId, entityId))
        .for('update')
      if (!row) throw new ProviderError('The brewery is not connected to an accounting system.', 'revoked')
      const provider = providerOf(row.provider as ProviderName)
      // Another worker may have refreshed while this one waited for the lock.
      if (row.accessExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS)
        return { provider, accessToken: openToken(key(), row.accessToken), companyId: row.companyId }
      const tokens = await provider.refresh(openToken(key(), row.refreshToken))
      await tx
        .update(accountingConnections)
        .set({
          accessToken: sealToken(key(), tokens.accessToken),
          refreshToken: sealToken(key(), tokens.refreshToken),
          accessExpiresAt: tokens.expiresAt,
          updatedAt: new Date(),
        })
        .where(eq(accountingConnections.entityId, entityId))
      return { provider, accessToken: tokens.accessToken, companyId: row.companyId }
    })
  }

  return {
    providers,
    connectionOf,

    async status(tenant: Tenant) {
      assertCan(tenant, 'manageAccounting')
      return view(await connectionOf(tenant.entityId))
    },

    /** Connect: the provider's consent page, with a fresh state bound to this brewery and this Admin. */
    async start(tenant: Tenant, name: ProviderName) {
      assertCan(tenant, 'manageAccounting')
      const provider = providerOf(name)
      const current = await connectionOf(tenant.entityId)
      if (current)
        throw new AppError(
          'CONFLICT',
          `The brewery is already connected to ${PROVIDER_LABELS[current.provider as ProviderName]}; disconnect it first.`,
        )
      const state = randomBytes(32).toString('base64url')
      await db.delete(accountingOauthStates).where(lt(accountingOauthStates.expiresAt, new Date()))
      await db.insert(accountingOauthStates).values({
        stateHash: hashOf(state),
        entityId: tenant.entityId,
        userId: tenant.userId,
        provider: name,
        expiresAt: new Date(Date.now() + STATE_MINUTES * 60_000),
      })
      return { authorizeUrl: provider.authorizeUrl(state) }
    },

    /** The callback: the state must be this Admin's, for this brewery and provider, unexpired and unused. */
    async finish(
      tenant: Tenant,
      input: { provider: ProviderName; code: string; state: string; realmId?: string },
    ) {
      assertCan(tenant, 'manageAccounting')
      const provider = providerOf(input.provider)
      const [claimed] = await db
        .delete(accountingOauthStates)
        .where(
          and(
            eq(accountingOauthStates.stateHash, hashOf(input.state)),
            eq(accountingOauthStates.entityId, tenant.entityId),
            eq(accountingOauthStates.userId, tenant.userId),
            eq(accountingOauthStates.provider, input.provider),
          ),
        )
        .returning()
      if (!claimed || claimed.expiresAt.getTime() < Date.now())
        throw new AppError(
          'VALIDATION_FAILED',
          'This connection request is not valid (expired, used already, or started by someone else). Start again with Connect.',
        )
      let connected
      try {
        connected = await provider.exchangeCode({ code: input.code, realmId: input.realmId })
      } catch (error) {
        throw new AppError(
          'VALIDATION_FAILED',
          error instanceof ProviderError
            ? error.message
            : `${PROVIDER_LABELS[input.provider]} did not complete the connection.`,
        )
      }
      const session = { accessToken: connected.tokens.accessToken, companyId: connected.companyId }
      const mapping = suggestMapping(await provider.accounts(session).catch(() => []))
      const [row] = await db
        .insert(accountingConnections)
        .values({
          entityId: tenant.entityId,
          provider: input.provider,
          companyId: connected.companyId,
          companyName: connected.companyName,
          accessToken: sealToken(key(), connected.tokens.accessToken),
          refreshToken: sealToken(key(), connected.tokens.refreshToken),
          accessExpiresAt: connected.tokens.expiresAt,
          mapping,
          connectedBy: tenant.userId,
        })
        .onConflictDoNothing()
        .returning()
      if (!row) {
        await provider.revoke(connected.tokens).catch(() => {})
        throw new AppError('CONFLICT', 'The brewery is already connected; disconnect it first.')
      }
      return view(row)
    },

    /** Disconnect: the provider revokes the tokens, and we forget them (even when the revocation cannot be sent). */
    async disconnect(tenant: Tenant, log: { warn(obj: object, msg: string): void }) {
      assertCan(tenant, 'manageAccounting')
      const [row] = await db
        .delete(accountingConnections)
        .where(eq(accountingConnections.entityId, tenant.entityId))
        .returning()
      if (!row) throw new AppError('NOT_FOUND', 'The brewery is not connected to an accounting system.')
      const provider = providers[row.provider as ProviderName]
      try {
        await provider?.revoke({
          accessToken: openToken(key(), row.accessToken),
          refreshToken: openToken(key(), row.refreshToken),
        })
      } catch (error) {
        log.warn(
          { provider: row.provider, reason: error instanceof ProviderError ? error.kind : 'unknown' },
          'accounting: the revocation could not be sent; the tokens are forgotten',
        )
      }
      return view(null)
    },

    /**
     * Runs `work` with a live session: refreshed first when the access token expires within 5 minutes, and once
     * more after a 401 (a token revoked or expired early).
     */
    async withSession<T>(
      entityId: string,
      work: (provider: AccountingProvider, session: Session, mapping: AccountMapping) => Promise<T>,
    ): Promise<T> {
      const row = await connectionOf(entityId)
      if (!row) throw new ProviderError('The brewery is not connected to an accounting system.', 'revoked')
      let live: Session & { provider: AccountingProvider } =
        row.accessExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS
          ? {
              provider: providerOf(row.provider as ProviderName),
              accessToken: openToken(key(), row.accessToken),
              companyId: row.companyId,
            }
          : await refreshed(entityId)
      try {
        return await work(live.provider, live, row.mapping)
      } catch (error) {
        if (!(error instanceof ProviderError) || error.kind !== 'unauthorized') throw error
        await db
          .update(accountingConnections)
          .set({ accessExpiresAt: new Date(0) })
          .where(eq(accountingConnections.entityId, entityId))
        live = await refreshed(entityId)
        return work(live.provider, live, row.mapping)
      }
    },

    /** The company's chart of accounts with the suggested mapping (Settings → Integrations → Mapping). */
    async accounts(tenant: Tenant) {
      assertCan(tenant, 'manageAccounting')
      return this.withSession(tenant.entityId, async (provider, session) => {
        const accounts = await provider.accounts(session)
        return { accounts, suggested: suggestMapping(accounts) }
      }).catch((error: unknown) => {
        if (error instanceof ProviderError) throw new AppError('CONFLICT', error.message)
        throw error
      })
    },

    /** Saves the mapping: every account named must be in the company's chart. */
    async saveMapping(tenant: Tenant, mapping: AccountMapping) {
      const { accounts } = await this.accounts(tenant)
      const known = new Map(accounts.map((a) => [a.id, a]))
      const refs = [
        ...Object.entries(mapping).filter(([role]) => role !== 'incomeByPackageType'),
        ...Object.entries(mapping.incomeByPackageType ?? {}),
      ] as [string, AccountRef | undefined][]
      const unknown = refs.filter(([, ref]) => ref && !known.has(ref.id))
      if (unknown.length)
        throw new AppError(
          'VALIDATION_FAILED',
          `These accounts are not in the company's chart of accounts: ${unknown.map(([role]) => role).join(', ')}.`,
          unknown.map(([role]) => ({ path: `data.${role}`, message: 'Not in the chart of accounts' })),
        )
      const canonical = (ref: AccountRef | undefined) => {
        const a = ref && known.get(ref.id)
        return a ? { id: a.id, code: a.code, name: a.name } : undefined
      }
      const saved = JSON.parse(
        JSON.stringify({
          ...Object.fromEntries(
            Object.entries(mapping)
              .filter(([role]) => role !== 'incomeByPackageType')
              .map(([role, ref]) => [role, canonical(ref as AccountRef)]),
          ),
          incomeByPackageType: Object.fromEntries(
            Object.entries(mapping.incomeByPackageType ?? {}).map(([type, ref]) => [type, canonical(ref)]),
          ),
        }),
      ) as AccountMapping
      await db
        .update(accountingConnections)
        .set({ mapping: saved, updatedAt: new Date() })
        .where(eq(accountingConnections.entityId, tenant.entityId))
      return view(await connectionOf(tenant.entityId))
    },
  }
}
export type ConnectionService = ReturnType<typeof createConnectionService>

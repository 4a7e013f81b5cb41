import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { z } from 'zod'
import { ApiError, request } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useSocket } from '@/lib/socket/socket-provider.tsx'

// Settings → Integrations (issue 38, docs/decisions/310-accounting-sync.md, ADR 360): the brewery's one connection to
// QuickBooks Online or Xero, its account mapping, the sync log and the CSV exports. Every call is a direct one (not a
// queued write): Connect leaves for the provider's page, and an Admin sees each change done or refused at once.

export const PROVIDERS = ['quickbooks', 'xero'] as const
export type Provider = (typeof PROVIDERS)[number]
export const PROVIDER_LABELS: Record<Provider, string> = { quickbooks: 'QuickBooks Online', xero: 'Xero' }

const ProviderSchema = z.enum(PROVIDERS)
export const AccountRefSchema = z.object({ id: z.string(), code: z.string(), name: z.string() })
export type AccountRef = z.infer<typeof AccountRefSchema>

/** The roles an account is mapped for, in the order the form shows them (the server's mapping keys). */
export const MAPPING_ROLES = [
  { key: 'income', label: 'Beer sales (income)', groups: ['income'] },
  { key: 'kegDeposits', label: 'Keg deposits held (liability)', groups: ['liability'] },
  { key: 'salesTax', label: 'Sales tax payable (liability)', groups: ['liability'] },
  { key: 'receivables', label: 'Accounts receivable', groups: ['receivable', 'asset'] },
  { key: 'bank', label: 'Bank account for payments', groups: ['bank'] },
  { key: 'cogs', label: 'Cost of goods sold', groups: ['cogs', 'expense'] },
  { key: 'inventoryAsset', label: 'Inventory asset', groups: ['asset'] },
  { key: 'workInProgress', label: 'Work in progress', groups: ['asset'] },
] as const
export type MappingRole = (typeof MAPPING_ROLES)[number]['key']

const MappingSchema = z
  .object({
    ...Object.fromEntries(MAPPING_ROLES.map((role) => [role.key, AccountRefSchema.optional()])),
    incomeByPackageType: z.record(z.string(), AccountRefSchema).optional(),
  })
  .loose()
export type Mapping = Partial<Record<MappingRole, AccountRef>> & {
  incomeByPackageType?: Record<string, AccountRef>
}

export const AccountingStatusSchema = z.object({
  providers: z.array(z.object({ name: ProviderSchema, label: z.string(), configured: z.boolean() })),
  connection: z
    .object({
      provider: ProviderSchema,
      companyName: z.string(),
      connectedAt: z.string(),
      mapping: MappingSchema,
    })
    .nullable(),
})
export type AccountingStatus = z.infer<typeof AccountingStatusSchema>

export const ChartAccountSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  group: z.string(),
})
export type ChartAccount = z.infer<typeof ChartAccountSchema>
export const ChartSchema = z.object({ accounts: z.array(ChartAccountSchema), suggested: MappingSchema })

export const SyncEntrySchema = z.object({
  id: z.string(),
  provider: ProviderSchema,
  kind: z.string(),
  label: z.string(),
  direction: z.enum(['push', 'pull']),
  outcome: z.enum(['ok', 'failed']),
  message: z.string(),
  failures: z.number(),
  at: z.string(),
})
export type SyncEntry = z.infer<typeof SyncEntrySchema>

export const CSV_DATASETS = ['invoices', 'payments', 'customers'] as const
export type CsvDataset = (typeof CSV_DATASETS)[number]

const BASE = '/api/accounting'
const Queued = z.object({ queued: z.boolean() })

export const accountingKeys = {
  all: (entityId: string) => ['accounting', entityId] as const,
  status: (entityId: string) => ['accounting', entityId, 'status'] as const,
  accounts: (entityId: string) => ['accounting', entityId, 'accounts'] as const,
  log: (entityId: string) => ['accounting', entityId, 'log'] as const,
}

const useEntityId = () => useAppState().currentEntity?.entityId ?? ''
/** Once more after a network failure or a 5xx; a 4xx is the answer. */
const retry = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500)

export const getAccountingStatus = (token: string) =>
  request('GET', BASE, AccountingStatusSchema, undefined, { token })
export const getChartOfAccounts = (token: string) =>
  request('GET', `${BASE}/accounts`, ChartSchema, undefined, { token })
export const getSyncLog = (token: string) =>
  request('GET', `${BASE}/log`, SyncEntrySchema.array(), undefined, { token })

export const startConnection = (token: string, provider: Provider) =>
  request('POST', `${BASE}/connect/${provider}`, z.object({ authorizeUrl: z.string() }), {}, { token })
export type CallbackInput = { provider: Provider; code: string; state: string; realmId?: string }
export const finishConnection = (token: string, input: CallbackInput) =>
  request('POST', `${BASE}/callback`, AccountingStatusSchema, input, { token })
export const disconnect = (token: string) =>
  request('POST', `${BASE}/disconnect`, AccountingStatusSchema, {}, { token })
export const saveMapping = (token: string, mapping: Mapping) =>
  request('PUT', `${BASE}/mapping`, AccountingStatusSchema, mapping, { token })
export const retrySync = (token: string, entryId: string) =>
  request('POST', `${BASE}/log/${encodeURIComponent(entryId)}/retry`, Queued, {}, { token })
export const syncNow = (token: string) => request('POST', `${BASE}/sync`, Queued, {}, { token })

export function useAccountingStatus() {
  const { getAccessToken } = useAuth()
  return useQuery({
    queryKey: accountingKeys.status(useEntityId()),
    queryFn: async () => getAccountingStatus(await getAccessToken()),
    retry,
  })
}

/** The company's chart of accounts, read through the provider's API (only while connected). */
export function useChartOfAccounts(enabled = true) {
  const { getAccessToken } = useAuth()
  return useQuery({
    queryKey: accountingKeys.accounts(useEntityId()),
    queryFn: async () => getChartOfAccounts(await getAccessToken()),
    retry,
    enabled,
    staleTime: 60_000,
  })
}

/** The sync log: pushes and pulls happen on the job queue, so the page reads it again every few seconds. */
export function useSyncLog({ live = true }: { live?: boolean } = {}) {
  const { getAccessToken } = useAuth()
  return useQuery({
    queryKey: accountingKeys.log(useEntityId()),
    queryFn: async () => getSyncLog(await getAccessToken()),
    retry,
    refetchInterval: live ? 3_000 : false,
  })
}

function useAccountingMutation<I, R>(call: (token: string, input: I) => Promise<R>) {
  const { getAccessToken } = useAuth()
  const queryClient = useQueryClient()
  const entityId = useEntityId()
  return useMutation({
    mutationFn: async (input: I) => call(await getAccessToken(), input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountingKeys.all(entityId) }),
  })
}

export const useStartConnection = () => useAccountingMutation(startConnection)
export const useFinishConnection = () => useAccountingMutation(finishConnection)
export const useDisconnect = () => useAccountingMutation((token: string) => disconnect(token))
export const useSaveMapping = () => useAccountingMutation(saveMapping)
export const useRetrySync = () => useAccountingMutation(retrySync)
export const useSyncNow = () => useAccountingMutation((token: string) => syncNow(token))

/** A sync failure raises an alert in the brewery's room: the log is read again at once. */
export function useAccountingLive() {
  const { subscribe } = useSocket()
  const queryClient = useQueryClient()
  const entityId = useEntityId()
  useEffect(() => {
    if (!entityId) return
    return subscribe('dataModified', (event) => {
      const uri = event.payload.objectUri
      if (uri.startsWith('brewcommand://cellar/alerts') || uri.startsWith('brewcommand://sales'))
        void queryClient.invalidateQueries({ queryKey: accountingKeys.log(entityId) })
    })
  }, [subscribe, entityId, queryClient])
}

/** Downloads one CSV export (invoices, payments or customers in the provider's import layout) with the bearer. */
export function useDownloadCsv() {
  const { getAccessToken } = useAuth()
  return async (provider: Provider, dataset: CsvDataset) => {
    let response: Response
    try {
      response = await fetch(`${BASE}/exports/${provider}/${dataset}`, {
        headers: { authorization: `Bearer ${await getAccessToken()}` },
      })
    } catch {
      throw new ApiError(0, {
        code: 'INTERNAL',
        message: 'Could not reach the server. Check your connection.',
      })
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null
      throw new ApiError(response.status, {
        code: 'INTERNAL',
        message: body?.error?.message ?? `The download failed (${response.status}).`,
      })
    }
    const name =
      /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
      `${provider}-${dataset}.csv`
    const url = URL.createObjectURL(await response.blob())
    const link = document.createElement('a')
    link.href = url
    link.download = name
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
}

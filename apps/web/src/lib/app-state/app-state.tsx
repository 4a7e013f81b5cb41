import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, use, useCallback, useMemo, type ReactNode } from 'react'
import { FullPageSpinner } from '@/components/ui/spinner.tsx'
import { withOfflineCopy } from '@/lib/offline-bootstrap.ts'
import { BootstrapError } from './bootstrap-error.tsx'
import {
  BootstrapSchema,
  getBootstrap,
  type Bootstrap,
  type BootstrapEntity,
  type BootstrapTokens,
} from './get-bootstrap.ts'

/** The app state after sign-in (docs/product/01-access.md §3): the bootstrap data, the current entity and token. */
export interface AppStateValue {
  isLoaded: boolean
  data: Bootstrap
  /** The brewery of the signed-in user: the first of the entities list, if any. */
  currentEntity: BootstrapEntity | undefined
  currentAccessToken: string
  /** Changes the current entity locally at once (the write itself goes through the request queue). */
  applyLocal: (change: (entity: BootstrapEntity) => BootstrapEntity) => void
  /** Reloads the state from the server (after a refused write is discarded). */
  reload: () => Promise<void>
}

const AppStateContext = createContext<AppStateValue | null>(null)
AppStateContext.displayName = 'AppStateContext'

/** The loaded app state; only inside <AppStateProvider>. */
export function useAppState(): AppStateValue {
  const value = use(AppStateContext)
  // Text of docs/product/02-products.md §8.
  if (!value) throw new Error('useAppState must be used within a AppStateProvider.')
  return value
}

export const bootstrapQueryKey = (subject: string) => ['bootstrap', subject] as const

/** The bootstrap call for one signed-in user, shared by the secure area and the plans wizard. */
export function bootstrapQuery(subject: string, getTokens: () => Promise<BootstrapTokens>) {
  return queryOptions({
    queryKey: bootstrapQueryKey(subject),
    queryFn: async () => {
      const tokens = await getTokens()
      const bootstrap = await withOfflineCopy(
        subject,
        () => getBootstrap(tokens),
        (value) => BootstrapSchema.parse(value),
      )
      return { bootstrap, accessToken: tokens.accessToken }
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

export interface AppStateProviderProps {
  /** Identifies the signed-in user, so another user's state is never reused. */
  subject: string
  /** Fresh tokens for the bootstrap call. */
  getTokens: () => Promise<BootstrapTokens>
  /** The current access token, which changes whenever it is renewed. */
  accessToken?: string
  children: ReactNode
}

/**
 * Loads GET /api/users/bootstrap once per signed-in user and provides it. Until it has loaded a
 * spinner shows; if it fails, a full-page error with a Retry button.
 */
export function AppStateProvider({ subject, getTokens, accessToken, children }: AppStateProviderProps) {
  const query = useQuery(bootstrapQuery(subject, getTokens))
  const queryClient = useQueryClient()
  const applyLocal = useCallback(
    (change: (entity: BootstrapEntity) => BootstrapEntity) => {
      queryClient.setQueryData(
        bootstrapQueryKey(subject),
        (current: { bootstrap: Bootstrap; accessToken: string } | undefined) => {
          if (!current) return current
          const [first, ...rest] = current.bootstrap.entities
          if (!first) return current
          return { ...current, bootstrap: { ...current.bootstrap, entities: [change(first), ...rest] } }
        },
      )
    },
    [queryClient, subject],
  )
  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: bootstrapQueryKey(subject) }),
    [queryClient, subject],
  )

  const value = useMemo<AppStateValue | null>(() => {
    if (!query.data) return null
    const { bootstrap } = query.data
    return {
      isLoaded: true,
      data: bootstrap,
      currentEntity: bootstrap.entities[0],
      currentAccessToken: accessToken ?? query.data.accessToken,
      applyLocal,
      reload,
    }
  }, [query.data, accessToken, applyLocal, reload])

  if (value) return <AppStateContext value={value}>{children}</AppStateContext>
  if (query.isError) {
    return (
      <BootstrapError
        error={query.error}
        isRetrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    )
  }
  return <FullPageSpinner label="Loading…" />
}

/** Provides a fixed app state, for tests and previews. */
export function StaticAppStateProvider({ value, children }: { value: AppStateValue; children: ReactNode }) {
  return <AppStateContext value={value}>{children}</AppStateContext>
}

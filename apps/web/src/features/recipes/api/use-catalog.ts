import { CatalogSchema, type Catalog } from '@brewcommand/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { api } from '@/lib/api-client.ts'

/** GET /api/catalog with the access token (docs/product/02-products.md §7); the browser's cache revalidates it by ETag. */
export const getCatalog = (token: string): Promise<Catalog> =>
  api.get('/api/catalog', CatalogSchema, { token })

export const catalogQuery = (token: string) =>
  queryOptions({
    queryKey: ['catalog'],
    queryFn: () => getCatalog(token),
    // The catalogue changes only with a release: load once per visit (docs/product/02-products.md §4 "loads once on entry").
    staleTime: Infinity,
    retry: 1,
  })

/** The ingredient catalogue for the recipe screen. */
export function useCatalog() {
  const { currentAccessToken } = useAppState()
  return useQuery(catalogQuery(currentAccessToken))
}

import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'

/**
 * A read of the signed-in brewery's `path`, parsed with `schema` and keyed `[area, brewery, ...parts]` so an
 * area's live update can invalidate all of it (Sales, Kegs and Trace share this one reader).
 */
export function useBreweryRead<T>(
  area: string,
  parts: unknown[],
  path: string,
  schema: z.ZodType<T>,
  enabled = true,
) {
  const { currentEntity } = useAppState()
  const { getAccessToken } = useAuth()
  const entityId = currentEntity?.entityId ?? ''
  return useQuery({
    queryKey: [area, entityId, ...parts],
    queryFn: async ({ signal }) => api.get(path, schema, { token: await getAccessToken(), signal }),
    enabled: enabled && entityId !== '',
    retry: 1,
  })
}

import { CanWeBrewSchema } from '@brewcommand/domain'
import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { useAuth } from '@/lib/auth/auth-context.ts'

/**
 * What the batch will lack when brew day starts (GET /api/inventory/can-we-brew/{batchId} answers
 * { data: CanWeBrew }; the client unwraps it): the planned batches brewed before it take their share first. Only a
 * warning: without it (offline, no stock kept) Start Brew Day works the same.
 */
export function useStartShortfalls(batchId: string, enabled: boolean) {
  const { getAccessToken } = useAuth()
  return useQuery({
    queryKey: ['brew-day', batchId, 'start-shortfalls'] as const,
    queryFn: async ({ signal }) =>
      api.get(`/api/inventory/can-we-brew/${encodeURIComponent(batchId)}`, CanWeBrewSchema, {
        token: await getAccessToken(),
        signal,
      }),
    enabled,
    staleTime: 30_000,
    retry: false,
  })
}

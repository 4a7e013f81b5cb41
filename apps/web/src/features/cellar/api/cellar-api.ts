import {
  isCellarObjectUri,
  type BatchFermentation,
  type CellarAlert,
  type CellarDashboard,
  type CellarSettings,
  type Device,
  type TankCard,
  type VesselDetail,
} from '@brewcommand/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { z } from 'zod'
import { request } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useSocket } from '@/lib/socket/socket-provider.tsx'

// The cellar's reads (docs/production.md): answers are the server's shapes of packages/domain's cellar.schema.ts,
// read as they come (the server built them from its own rows).
const as = <T>() => z.custom<T>(() => true)

export const cellarKeys = {
  all: (entityId: string) => ['cellar', entityId] as const,
  tanks: (entityId: string) => ['cellar', entityId, 'tanks'] as const,
  vessel: (entityId: string, vesselId: string) => ['cellar', entityId, 'vessel', vesselId] as const,
  batch: (entityId: string, batchId: string) => ['cellar', entityId, 'batch', batchId] as const,
  devices: (entityId: string) => ['cellar', entityId, 'devices'] as const,
  settings: (entityId: string) => ['cellar', entityId, 'settings'] as const,
  alerts: (entityId: string) => ['cellar', entityId, 'alerts'] as const,
  dashboard: (entityId: string) => ['cellar', entityId, 'dashboard'] as const,
}

function useCellarQuery<T>(key: readonly unknown[], path: string | null) {
  const { getAccessToken } = useAuth()
  return useQuery({
    queryKey: key,
    queryFn: async () => request('GET', path!, as<T>(), undefined, { token: await getAccessToken() }),
    enabled: path !== null,
    retry: 1,
  })
}

function useEntityId() {
  return useAppState().currentEntity?.entityId ?? ''
}

export function useTankBoard() {
  const entityId = useEntityId()
  return useCellarQuery<TankCard[]>(cellarKeys.tanks(entityId), '/api/cellar/tanks')
}

export function useVesselDetail(vesselId: string | null) {
  const entityId = useEntityId()
  return useCellarQuery<VesselDetail>(
    cellarKeys.vessel(entityId, vesselId ?? ''),
    vesselId ? `/api/cellar/vessels/${encodeURIComponent(vesselId)}` : null,
  )
}

export function useBatchFermentation(batchId: string | null) {
  const entityId = useEntityId()
  return useCellarQuery<BatchFermentation>(
    cellarKeys.batch(entityId, batchId ?? ''),
    batchId ? `/api/cellar/batches/${encodeURIComponent(batchId)}` : null,
  )
}

export function useDevices() {
  const entityId = useEntityId()
  return useCellarQuery<Device[]>(cellarKeys.devices(entityId), '/api/cellar/devices')
}

export function useCellarSettings() {
  const entityId = useEntityId()
  return useCellarQuery<CellarSettings>(cellarKeys.settings(entityId), '/api/cellar/settings')
}

export function useAlerts() {
  const entityId = useEntityId()
  return useCellarQuery<{ alerts: CellarAlert[]; unread: number }>(
    cellarKeys.alerts(entityId),
    '/api/cellar/alerts',
  )
}

export function useCellarDashboard() {
  const entityId = useEntityId()
  return useCellarQuery<CellarDashboard>(cellarKeys.dashboard(entityId), '/api/cellar/dashboard')
}

/**
 * Live updates: any cellar change of the brewery (a reading posted by a device, a transfer, an alert, someone
 * else's or this browser's own once stored) reloads the cellar's reads.
 */
export function useCellarLive() {
  const { subscribe } = useSocket()
  const queryClient = useQueryClient()
  const entityId = useEntityId()
  useEffect(() => {
    if (!entityId) return
    return subscribe('dataModified', (event) => {
      if (isCellarObjectUri(event.payload.objectUri))
        void queryClient.invalidateQueries({ queryKey: cellarKeys.all(entityId) })
    })
  }, [subscribe, entityId, queryClient])
}

import {
  DEVICE_TOKEN_PATTERN,
  isCellarObjectUri,
  makeEnvelope,
  type AddedDevice,
  type BatchFermentation,
  type CellarAlert,
  type CellarDashboard,
  type CellarSettings,
  type Device,
  type DeviceInput,
  type TankCard,
  type VesselDetail,
} from '@brewcommand/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { z } from 'zod'
import { ApiError, request } from '@/lib/api-client.ts'
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
    // Once more after a network failure or a 5xx; a 4xx is the answer.
    retry: (count, error) =>
      count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
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

/**
 * Readings per device the fermentation chart asks for: a few hundred pixels wide, it shows no more; the server
 * keeps each stretch's highs and lows of a longer series (ADR 390), so a year of readings stays a light read.
 */
export const CHART_POINTS = 400

export function useBatchFermentation(batchId: string | null) {
  const entityId = useEntityId()
  return useCellarQuery<BatchFermentation>(
    cellarKeys.batch(entityId, batchId ?? ''),
    batchId ? `/api/cellar/batches/${encodeURIComponent(batchId)}?points=${CHART_POINTS}` : null,
  )
}

export function useDevices() {
  const entityId = useEntityId()
  return useCellarQuery<Device[]>(cellarKeys.devices(entityId), '/api/cellar/devices')
}

/** The server's answer to registering a device: read as it comes, once its token is there. */
const AddedDeviceAnswer = z.custom<AddedDevice>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    DEVICE_TOKEN_PATTERN.test(String((value as { token?: unknown }).token)),
  'The server did not answer the device token',
)

/**
 * Registers a device. Not a queued write: the answer holds the token the server made, shown once (it is not
 * stored for a replay), so the Admin must be online and see it now.
 */
export const addDevice = (token: string, input: DeviceInput) =>
  request('POST', '/api/cellar/devices', AddedDeviceAnswer, makeEnvelope('device', input), { token })

/** Add Device: the registration and, once answered, the brewery's device list read again. */
export function useAddDevice() {
  const { getAccessToken } = useAuth()
  const queryClient = useQueryClient()
  const entityId = useEntityId()
  return useMutation({
    mutationFn: async (input: DeviceInput) => addDevice(await getAccessToken(), input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cellarKeys.devices(entityId) }),
  })
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

import {
  BrewDaySchema,
  brewDayPath,
  HopAmountSchema,
  serverClockOffsetMs,
  type BrewDay,
} from '@brewcommand/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { ApiError, api } from '@/lib/api-client.ts'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { OFFLINE_COPY_PREFIX } from '@/lib/offline-bootstrap.ts'

/** A brew day as the screen holds it: the server's answer and this device's offset to the server's clock. */
export type LoadedBrewDay = {
  brewDay: BrewDay
  /** Add to `Date.now()` to read the server's clock (serverClockOffsetMs). */
  offsetMs: number
  /** True when this is the copy kept from an earlier visit, shown because the server cannot be reached. */
  offline: boolean
}

export const brewDayQueryKey = (batchId: string) => ['brew-day', batchId] as const

/**
 * The brew-day screen works offline once loaded (docs/decisions/195-brew-day-offline-and-clock.md): the last
 * answer for a batch is kept in localStorage under the signed-in user, and shown only when the server cannot be
 * reached. Never given to another user, removed at sign-out (lib/offline-bootstrap.ts); the queue's writes are applied on top of it as on any answer.
 */
const copyKey = (subject: string, batchId: string) => `${OFFLINE_COPY_PREFIX}brew-day:${subject}:${batchId}`
const StoredSchema = z.object({ brewDay: BrewDaySchema, offsetMs: z.number() })

export function keepCopy(subject: string, loaded: Pick<LoadedBrewDay, 'brewDay' | 'offsetMs'>) {
  try {
    localStorage.setItem(
      copyKey(subject, loaded.brewDay.batchId),
      JSON.stringify({ brewDay: loaded.brewDay, offsetMs: loaded.offsetMs }),
    )
  } catch {
    // A full or disabled storage only costs working offline.
  }
}

export function storedCopy(subject: string, batchId: string): LoadedBrewDay | null {
  try {
    const parsed = StoredSchema.safeParse(
      JSON.parse(localStorage.getItem(copyKey(subject, batchId)) ?? 'null'),
    )
    return parsed.success ? { ...parsed.data, offline: true } : null
  } catch {
    return null
  }
}

const unreachable = (error: unknown) =>
  (error instanceof ApiError && error.status === 0) || (typeof navigator !== 'undefined' && !navigator.onLine)

/** Reads the brew day and this device's clock offset from the round trip; the kept copy when offline. */
export async function loadBrewDay(
  batchId: string,
  subject: string,
  getAccessToken: () => Promise<string>,
): Promise<LoadedBrewDay> {
  try {
    const token = await getAccessToken()
    const sentAt = Date.now()
    const brewDay = await api.get(brewDayPath(batchId), BrewDaySchema, { token })
    const offsetMs = serverClockOffsetMs(brewDay.serverTime, sentAt, Date.now())
    keepCopy(subject, { brewDay, offsetMs })
    return { brewDay, offsetMs, offline: false }
  } catch (error) {
    const copy = unreachable(error) ? storedCopy(subject, batchId) : null
    if (copy) return copy
    throw error
  }
}

export function useBrewDay(batchId: string) {
  const { getAccessToken, user } = useAuth()
  const subject = user?.profile.sub ?? ''
  return useQuery(
    queryOptions({
      queryKey: brewDayQueryKey(batchId),
      queryFn: () => loadBrewDay(batchId, subject, getAccessToken),
      staleTime: 30_000,
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    }),
  )
}

/**
 * The stock's hop lots against the recipe (modules/inventory): for each hop addition, the amount of the lot
 * brew day will take that hits the recipe's IBU when the lot's alpha acid differs from the recipe's. Only a
 * help: without it (offline, no stock kept) the addition shows the recipe's amount.
 */
export const getHopAmounts = (batchId: string, token: string) =>
  // api.get has already taken the answer out of its `{ data }` (issue 41: the list was parsed as a wrapper).
  api.get(`/api/inventory/batches/${batchId}/hop-amounts`, z.array(HopAmountSchema), { token })

export function useHopAmounts(batchId: string, enabled: boolean) {
  const { getAccessToken } = useAuth()
  return useQuery({
    queryKey: ['brew-day', batchId, 'hop-amounts'] as const,
    queryFn: async () => getHopAmounts(batchId, await getAccessToken()),
    enabled,
    staleTime: 60_000,
    retry: false,
  })
}

import {
  CapacityAnswerSchema,
  FeedAddressSchema,
  ScheduleReadSchema,
  type CapacityQuery,
} from '@brewcommand/domain'
import { z } from 'zod'
import { api, request } from '@/lib/api-client.ts'

/** The query key of every schedule read of a brewery: a schedule change anywhere invalidates them all. */
export const scheduleKey = (entityId: string | undefined) => ['schedule', entityId] as const

export const getSchedule = (token: string, from: string, to: string) =>
  api.get(`/api/schedule?from=${from}&to=${to}`, ScheduleReadSchema, { token })

export const getCapacity = (token: string, query: CapacityQuery) => {
  const params = new URLSearchParams({ productId: query.productId, date: query.date })
  if (query.volumeBbl !== undefined) params.set('volumeBbl', String(query.volumeBbl))
  return api.get(`/api/schedule/capacity?${params.toString()}`, CapacityAnswerSchema, { token })
}

/** A new secret feed address (shown once); not queued, since its answer is the point. */
export const makeFeedAddress = (token: string) =>
  request('POST', '/api/schedule/feed', FeedAddressSchema, undefined, {
    token,
    headers: { 'idempotency-key': crypto.randomUUID() },
  })

export const revokeFeed = (token: string) =>
  request('DELETE', '/api/schedule/feed', z.undefined(), undefined, {
    token,
    headers: { 'idempotency-key': crypto.randomUUID() },
  })

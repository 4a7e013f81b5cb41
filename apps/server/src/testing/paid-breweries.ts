import type { RouteOptions } from 'fastify'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { entities } from '../db/schema/entities.ts'

/**
 * Test set-up: every brewery created through `POST /api/onboarding` starts paid (plan monthly, status
 * active), as if its Admin had finished the checkout, so tests of everything else can write. Tests of
 * the unpaid case build their app with `paid: false`. Use as buildApp's `onRoute` hook.
 */
export function paidBreweries(db: Db) {
  return (route: RouteOptions) => {
    if (route.url !== '/api/onboarding' || ![route.method].flat().includes('POST')) return
    const markPaid = async (_request: unknown, reply: { statusCode: number }, payload: unknown) => {
      if (reply.statusCode !== 201 || typeof payload !== 'string') return payload
      const entityId = (JSON.parse(payload) as { data?: { entityId?: string } }).data?.entityId
      if (entityId) {
        await db
          .update(entities)
          .set({ subscriptionPlan: 'monthly', subscriptionStatus: 'active' })
          .where(eq(entities.id, entityId))
      }
      return payload
    }
    route.onSend = [route.onSend ?? []].flat().concat(markPaid as never)
  }
}

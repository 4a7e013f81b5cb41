import { createHash, randomBytes } from 'node:crypto'
import { CARD_DECLINED_MESSAGE, TEST_CARD_DECLINED, type TestCard } from '@brewcommand/domain'
import { and, eq, ne } from 'drizzle-orm'
import { bumpBreweryVersion } from '../cache/brewery-version.ts'
import type { Db } from '../db/client.ts'
import { checkoutSessions, entities, type CheckoutSessionRow } from '../db/schema/entities.ts'
import { AppError } from '../errors.ts'
import type { CheckoutSessionState, PaymentGateway } from './payment-gateway.ts'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** The refusal of a payment or checkout while the brewery's subscription is already active. */
export const ALREADY_ACTIVE = 'Your subscription is already active.'

function toState(row: CheckoutSessionRow): CheckoutSessionState {
  return {
    sessionId: row.id,
    entityId: row.entityId,
    status: row.status as CheckoutSessionState['status'],
    paymentStatus: row.paymentStatus as CheckoutSessionState['paymentStatus'],
    ...(row.lastError ? { error: row.lastError } : {}),
  }
}

/**
 * The built-in test checkout: sessions live in our database, the browser renders our own card form,
 * and a card is judged by its number alone (4000 0000 0000 0002 is declined, any other valid number
 * pays). Nothing leaves the machine and no card data is stored.
 */
export function createTestGateway(db: Db): PaymentGateway & {
  confirm(entityId: string, clientSecret: string, card: TestCard): Promise<CheckoutSessionState>
} {
  return {
    mode: 'test',

    async createCheckoutSession({ entityId, priceId, plan }) {
      const sessionId = `cs_test_${randomBytes(12).toString('hex')}`
      const clientSecret = `${sessionId}_secret_${randomBytes(16).toString('hex')}`
      await db.insert(checkoutSessions).values({
        id: sessionId,
        entityId,
        clientSecretHash: sha256(clientSecret),
        priceId,
        plan,
      })
      return { sessionId, clientSecret }
    },

    async getCheckoutSession(sessionId) {
      const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId))
      return row ? toState(row) : null
    },

    /**
     * Pays the session named by its secret, for the caller's brewery only. A brewery pays once: while
     * its subscription is active, another session is refused, and a payment expires its other open
     * sessions (two open checkouts can never both be paid).
     */
    async confirm(entityId, clientSecret, card) {
      return db.transaction(async (tx) => {
        // The brewery's row first, locked: two payments of one brewery run one after the other.
        const [entity] = await tx
          .select({ status: entities.subscriptionStatus })
          .from(entities)
          .where(eq(entities.id, entityId))
          .for('update')
        const [session] = await tx
          .select()
          .from(checkoutSessions)
          .where(
            and(
              eq(checkoutSessions.clientSecretHash, sha256(clientSecret)),
              eq(checkoutSessions.entityId, entityId),
            ),
          )
          .for('update')
        if (!session) throw new AppError('NOT_FOUND', 'Checkout session not found')
        if (session.status === 'complete') return toState(session)
        if (session.status === 'expired') throw new AppError('CONFLICT', 'This checkout session has expired.')
        if (entity?.status === 'active') {
          throw new AppError('CONFLICT', ALREADY_ACTIVE)
        }

        const isDeclined = card.number === TEST_CARD_DECLINED
        const [updated] = await tx
          .update(checkoutSessions)
          .set(
            isDeclined
              ? { lastError: CARD_DECLINED_MESSAGE, updatedAt: new Date() }
              : { status: 'complete', paymentStatus: 'paid', lastError: null, updatedAt: new Date() },
          )
          .where(eq(checkoutSessions.id, session.id))
          .returning()
        if (!isDeclined) {
          await tx
            .update(entities)
            .set({ subscriptionPlan: session.plan, subscriptionStatus: 'active', updatedAt: new Date() })
            .where(eq(entities.id, entityId))
          // Bootstrap shows the subscription: its cached answers must go (cache/brewery-version.ts).
          await bumpBreweryVersion(tx, entityId)
          await tx
            .update(checkoutSessions)
            .set({ status: 'expired', updatedAt: new Date() })
            .where(
              and(
                eq(checkoutSessions.entityId, entityId),
                eq(checkoutSessions.status, 'open'),
                ne(checkoutSessions.id, session.id),
              ),
            )
        }
        return toState(updated)
      })
    },
  }
}
export type TestGateway = ReturnType<typeof createTestGateway>

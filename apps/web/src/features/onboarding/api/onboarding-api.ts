import {
  CheckoutSessionStateSchema,
  ENTITY_TYPE,
  makeEnvelope,
  type BusinessForm,
  type TestCard,
} from '@brewcommand/domain'
import type { IdTokenClaims } from 'oidc-client-ts'
import { z } from 'zod'
import { api } from '@/lib/api-client.ts'

const OnboardedEntitySchema = z.looseObject({ entityId: z.string(), name: z.string() })

/**
 * `POST /api/onboarding`: creates the brewery and makes the caller its Admin. The user part of the
 * envelope is informative: the server takes the user from the token (docs/product/01-access.md §3).
 */
export function postOnboarding(token: string, profile: IdTokenClaims, form: BusinessForm) {
  const envelope = makeEnvelope('OnboardingRequest', {
    user: {
      givenName: typeof profile.given_name === 'string' ? profile.given_name : '',
      familyName: typeof profile.family_name === 'string' ? profile.family_name : '',
      emailAddress: typeof profile.email === 'string' ? profile.email : '',
      emailVerified: profile.email_verified === true,
      idpIdentifier: profile.sub,
    },
    entity: {
      name: form.businessName,
      address: form.address,
      city: form.city,
      state: form.state,
      zip: form.zip,
      phone: form.phone,
      ein: form.ein,
      type: ENTITY_TYPE,
      // A suggestion: the server keeps it only when it is one of the state's zones (ADR 260).
      timeZone: browserTimeZone(),
    },
  })
  return api.post('/api/onboarding', envelope, OnboardedEntitySchema, {
    token,
    headers: { 'idempotency-key': envelope.metadata.correlationIdentifier },
  })
}

/** `POST /api/checkout {priceId}`: a checkout session for the plan's price; its secret starts the form. */
export function createCheckout(token: string, priceId: string) {
  return api.post(
    '/api/checkout',
    { priceId },
    z.object({ client_secret: z.string(), sessionId: z.string() }),
    {
      token,
    },
  )
}

/** The built-in test checkout: pays the session with the card (never stored). */
export function confirmTestCheckout(token: string, clientSecret: string, card: TestCard) {
  return api.post('/api/checkout/test/confirm', { clientSecret, card }, CheckoutSessionStateSchema, { token })
}

/** `GET /api/onboarding?session_id=`: the session's status and payment status, for the caller's own session. */
export function getOnboardingStatus(token: string, sessionId: string) {
  return api.get(`/api/onboarding?session_id=${encodeURIComponent(sessionId)}`, CheckoutSessionStateSchema, {
    token,
  })
}

/** This browser's IANA time zone, or undefined where the platform does not say. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}

import { z } from 'zod'

/** Envelope version; the spec fixes it to "1". */
export const ENVELOPE_VERSION = '1'

export const EnvelopeMetadataSchema = z.object({
  correlationIdentifier: z.string().trim().min(1).max(128),
})

/**
 * A change envelope around `data` (docs/architecture.md "The write path"). `type` is fixed per route; `objectUri` and
 * `timestamp` are informative (the route's path decides what is changed).
 */
export function envelopeOf<const T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.object({
    type: z.literal(type),
    version: z.literal(ENVELOPE_VERSION),
    objectUri: z.string().max(512).optional(),
    timestamp: z.iso.datetime({ offset: true }),
    metadata: EnvelopeMetadataSchema,
    data,
  })
}

export type Envelope<T extends string, D> = {
  type: T
  version: typeof ENVELOPE_VERSION
  objectUri?: string
  timestamp: string
  metadata: { correlationIdentifier: string }
  data: D
}

/** Builds an envelope in the browser (or a test) with a fresh correlation identifier. */
export function makeEnvelope<T extends string, D>(
  type: T,
  data: D,
  options: { objectUri?: string; correlationIdentifier?: string; now?: Date } = {},
): Envelope<T, D> {
  return {
    type,
    version: ENVELOPE_VERSION,
    ...(options.objectUri === undefined ? {} : { objectUri: options.objectUri }),
    timestamp: (options.now ?? new Date()).toISOString(),
    metadata: { correlationIdentifier: options.correlationIdentifier ?? crypto.randomUUID() },
    data,
  }
}

/**
 * Every envelope type on the wire: product writes and their packages, tasting notes and attributes;
 * recipes; media files (docs/product/02-products.md §3; writes/product-collections.ts says which route takes which); the
 * newsletter contact, the onboarding request, and a team invitation or role change (docs/product/01-access.md).
 */
export const ENVELOPE_TYPES = [
  'product',
  'product:package',
  'product:tastingNote',
  'product:attribute',
  'product:file',
  'recipe',
  'contact',
  'OnboardingRequest',
  'entities:user-invite',
  'entities:user',
  // The production side (docs/production.md).
  'brewhouse',
  'vessel',
  'batch',
  'brew-step',
  'measurement',
  'liquid-event',
  'reading',
  'cleaning',
  'device',
  'stock',
  'report-period',
  'physical-inventory',
  'tax-settings',
  'cellar-settings',
  'alert',
  'schedule',
  'first-week',
  'cellar-task',
  'api-key',
  'webhook-endpoint',
  // Sales (docs/production.md "Sales").
  'sales',
  // Kegs (docs/decisions/290-kegs.md).
  'keg',
  // Trace and recall (docs/decisions/302).
  'recall',
] as const
export type EnvelopeType = (typeof ENVELOPE_TYPES)[number]

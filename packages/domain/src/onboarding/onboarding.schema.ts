import { z } from 'zod'
import { envelopeOf } from '../envelope.ts'
import { US_STATE_CODES } from './us-states.ts'

/** Zip: five digits, optionally a hyphen and four more (docs/product/01-access.md §5, §9). */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/
/** Phone: (ddd) ddd-dddd. */
export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/
/** EIN: dd-ddddddd. */
export const EIN_PATTERN = /^\d{2}-\d{7}$/

// `abort` stops at the first failing check, so an empty field shows only its "is required" message.
const nonEmpty = (message: string) => z.string().trim().min(1, { error: message, abort: true })
const required = (message: string, max = 200) => nonEmpty(message).max(max, 'This value is too long.')

/** Step 2 of the plans wizard. Every message is the spec's, word for word (docs/product/01-access.md §5). */
export const BusinessFormSchema = z.object({
  businessName: required('Business Name is required.'),
  address: required('Address is required.'),
  city: required('City is required.', 100),
  state: nonEmpty('State is required').refine(
    (v) => (US_STATE_CODES as readonly string[]).includes(v),
    'State is required',
  ),
  zip: nonEmpty('Zip is required.').regex(ZIP_PATTERN, 'Zip is not valid.'),
  phone: nonEmpty('Phone number is required.').regex(PHONE_PATTERN, 'This phone number is not valid.'),
  ein: nonEmpty('EIN is required.').regex(EIN_PATTERN, 'EIN must be xx-xxxxxxx.'),
})
export type BusinessForm = z.infer<typeof BusinessFormSchema>

/** The business type is fixed (docs/product/01-access.md §9). */
export const ENTITY_TYPE = 'Brewery'

/** `data` of the OnboardingRequest envelope (docs/product/01-access.md §3). The server takes the user fields from the token. */
export const OnboardingDataSchema = z.object({
  user: z.object({
    givenName: z.string().trim().max(100),
    familyName: z.string().trim().max(100),
    emailAddress: z.string().trim().max(254),
    emailVerified: z.boolean(),
    idpIdentifier: z.string().trim().max(255),
  }),
  entity: z.object({
    name: BusinessFormSchema.shape.businessName,
    address: BusinessFormSchema.shape.address,
    city: BusinessFormSchema.shape.city,
    state: BusinessFormSchema.shape.state,
    zip: BusinessFormSchema.shape.zip,
    phone: BusinessFormSchema.shape.phone,
    ein: BusinessFormSchema.shape.ein,
    type: z.literal(ENTITY_TYPE),
    /**
     * The browser's own time zone, a suggestion only: the server keeps it when it is one of the state's zones
     * and otherwise takes the state's (`breweryTimeZone`, ADR 260). Not a field of the form.
     */
    timeZone: z.string().trim().max(100).optional(),
  }),
})
export type OnboardingData = z.infer<typeof OnboardingDataSchema>

export const OnboardingRequestSchema = envelopeOf('OnboardingRequest', OnboardingDataSchema)
export type OnboardingRequest = z.infer<typeof OnboardingRequestSchema>

/** `POST /api/checkout` body and answer. */
export const CheckoutRequestSchema = z.object({
  priceId: z.string().trim().min(1, 'priceId is required').max(200),
})
export const CheckoutResponseSchema = z.object({ client_secret: z.string() })

/** `GET /api/onboarding?session_id=` answer (docs/product/01-access.md §3). */
export const OnboardingStatusSchema = z.object({ status: z.string(), payment_status: z.string() })
export type OnboardingStatus = z.infer<typeof OnboardingStatusSchema>

/** The session id the spec treats as paid without any call (docs/product/01-access.md §4). */
export const TESTING_SESSION_ID = 'testing'

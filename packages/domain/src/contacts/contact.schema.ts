import { z } from 'zod'
import { envelopeOf } from '../envelope.ts'

// A general e-mail pattern: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The landing page's newsletter form (docs/product/01-access.md §5). Messages are the spec's, word for word. */
export const NewsletterFormSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required.').max(100, 'First name is too long.'),
  lastName: z.string().trim().min(1, 'Last name is required.').max(100, 'Last name is too long.'),
  email: z
    .string()
    .trim()
    .min(1, 'Email address is required.')
    .max(254, 'Email address is too long.')
    .regex(EMAIL_PATTERN, 'Invalid email address.'),
})
export type NewsletterForm = z.infer<typeof NewsletterFormSchema>

/** A newsletter contact as sent to `POST /api/contacts` (docs/product/01-access.md §3). */
export const ContactSchema = z.object({
  id: z.uuid(),
  givenName: NewsletterFormSchema.shape.firstName,
  familyName: NewsletterFormSchema.shape.lastName,
  emailAddress: NewsletterFormSchema.shape.email,
})
export type Contact = z.infer<typeof ContactSchema>

export const ContactEnvelopeSchema = envelopeOf('contact', ContactSchema)
export type ContactEnvelope = z.infer<typeof ContactEnvelopeSchema>

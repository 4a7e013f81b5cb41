import { ContactSchema, makeEnvelope, type NewsletterForm } from '@brewcommand/domain'
import { api } from '@/lib/api-client.ts'

/** Signs the person up for the newsletter (`POST /api/contacts`, no authentication). */
export function createContact(form: NewsletterForm) {
  const contact = {
    id: crypto.randomUUID(),
    givenName: form.firstName,
    familyName: form.lastName,
    emailAddress: form.email,
  }
  const envelope = makeEnvelope('contact', contact, { objectUri: `brewcommand://contacts/${contact.id}` })
  return api.post('/api/contacts', envelope, ContactSchema)
}

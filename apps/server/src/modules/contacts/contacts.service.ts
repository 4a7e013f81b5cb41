import type { Contact } from '@brewcommand/domain'
import { AppError } from '../../errors.ts'
import type { ContactRepository } from './contacts.repository.ts'

export function createContactService(repo: ContactRepository) {
  return {
    /**
     * Signs a person up for the newsletter. Signing up again with the same address (in any case) keeps
     * the first row and changes nothing. The route is public, so the answer is the same for a new and an
     * already subscribed address: the submitted contact, never the stored one (which would tell anyone
     * the name of whoever subscribed with an address).
     */
    async subscribe(input: Contact): Promise<Contact> {
      const inserted = await repo.insert(input)
      if (inserted) return inserted
      const existing = await repo.findByEmail(input.emailAddress)
      if (existing) return input
      throw new AppError('CONFLICT', `A contact with id ${input.id} already exists`)
    },
  }
}
export type ContactService = ReturnType<typeof createContactService>

import type { Contact } from '@brewcommand/domain'
import { AppError } from '../../errors.ts'
import type { ContactRepository } from './contacts.repository.ts'

export function createContactService(repo: ContactRepository) {
  return {
    /**
     * Signs a person up for the newsletter. Signing up again with the same address (in any case) keeps
     * the first row and answers it, so a retried or repeated form submission changes nothing.
     */
    async subscribe(input: Contact): Promise<{ contact: Contact; created: boolean }> {
      const inserted = await repo.insert(input)
      if (inserted) return { contact: inserted, created: true }
      const existing = await repo.findByEmail(input.emailAddress)
      if (existing) return { contact: existing, created: false }
      throw new AppError('CONFLICT', `A contact with id ${input.id} already exists`)
    },
  }
}
export type ContactService = ReturnType<typeof createContactService>

import type { Contact } from '@brewcommand/domain'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { contacts } from '../../db/schema/index.ts'

const columns = {
  id: contacts.id,
  givenName: contacts.givenName,
  familyName: contacts.familyName,
  emailAddress: contacts.emailAddress,
}

// Contacts are public newsletter sign-ups and belong to no brewery, so no tenant argument here.
export function createContactRepository(db: Db) {
  return {
    async findByEmail(emailAddress: string): Promise<Contact | null> {
      const [row] = await db
        .select(columns)
        .from(contacts)
        .where(sql`lower(${contacts.emailAddress}) = lower(${emailAddress})`)
      return row ?? null
    },
    async findById(id: string): Promise<Contact | null> {
      const [row] = await db.select(columns).from(contacts).where(eq(contacts.id, id))
      return row ?? null
    },
    /** Inserts the contact; returns null when its id or e-mail address is already taken. */
    async insert(contact: Contact): Promise<Contact | null> {
      const [row] = await db.insert(contacts).values(contact).onConflictDoNothing().returning(columns)
      return row ?? null
    },
  }
}
export type ContactRepository = ReturnType<typeof createContactRepository>

import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { lockForTransaction, type Db } from '../db/client.ts'
import { idpSecrets } from '../db/schema/identity.ts'

const NAME = 'media-link-key'

/**
 * The secret that signs /uploads links, made on first start and kept in the database, so every
 * instance behind a load balancer signs and checks links alike.
 */
export async function loadOrCreateMediaSigningKey(db: Db): Promise<string> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, 'brewcommand:media-link-key')
    const [row] = await tx.select().from(idpSecrets).where(eq(idpSecrets.name, NAME))
    if (row) return row.value
    const value = randomBytes(32).toString('base64url')
    await tx.insert(idpSecrets).values({ name: NAME, value })
    return value
  })
}

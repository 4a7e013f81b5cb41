import { randomBytes } from 'node:crypto'
import { asc } from 'drizzle-orm'
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'
import { idpKeys, idpSecrets } from '../db/schema/identity.ts'
import { lockForTransaction, type Db } from '../db/client.ts'

export interface IdpKeyMaterial {
  /** Private signing keys for oidc-provider's `jwks` (the first one signs). */
  privateJwks: { keys: JWK[] }
  /** The same keys without their private parts, for verifying tokens locally. */
  publicJwks: { keys: JWK[] }
  /** Keys that sign the provider's cookies. */
  cookieKeys: string[]
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const

/** The public half of a private JWK. */
export function toPublicJwk(jwk: JWK): JWK {
  const copy: Record<string, unknown> = { ...jwk }
  for (const member of PRIVATE_MEMBERS) delete copy[member]
  return copy
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
  const jwk = await exportJWK(privateKey)
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' }
}

/**
 * Loads the provider's signing key and cookie keys, generating and storing them on first start. A
 * transaction-scoped advisory lock keeps two instances starting together from creating two sets.
 */
export async function loadOrCreateIdpKeys(db: Db): Promise<IdpKeyMaterial> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, 'brewcommand:idp-keys')
    let keys = await tx.select().from(idpKeys).orderBy(asc(idpKeys.createdAt), asc(idpKeys.kid))
    if (keys.length === 0) {
      const jwk = await generateSigningKey()
      await tx
        .insert(idpKeys)
        .values({ kid: jwk.kid!, alg: 'RS256', privateJwk: jwk as Record<string, unknown> })
      keys = await tx.select().from(idpKeys)
    }
    let secrets = await tx.select().from(idpSecrets).orderBy(asc(idpSecrets.createdAt), asc(idpSecrets.name))
    let cookieKeys = secrets.filter((s) => s.name.startsWith('cookie-key')).map((s) => s.value)
    if (cookieKeys.length === 0) {
      const value = randomBytes(32).toString('base64url')
      await tx.insert(idpSecrets).values({ name: 'cookie-key-1', value })
      secrets = await tx.select().from(idpSecrets)
      cookieKeys = [value]
    }
    const privateKeys = keys.map((k) => k.privateJwk as JWK)
    return {
      privateJwks: { keys: privateKeys },
      publicJwks: { keys: privateKeys.map(toPublicJwk) },
      cookieKeys,
    }
  })
}

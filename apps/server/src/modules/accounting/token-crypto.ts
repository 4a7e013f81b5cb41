import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

// The accounting connections' tokens at rest (docs/decisions/310-accounting-sync.md): AES-256-GCM with the key of
// ACCOUNTING_TOKEN_KEY, a fresh 12-byte nonce per token; stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url).
// A token altered in the database, or sealed with another key, does not open (the tag fails).

export function sealToken(key: Buffer, token: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

export function openToken(key: Buffer, stored: string): string {
  const [version, iv, tag, sealed] = stored.split('.')
  if (version !== 'v1' || !iv || !tag || sealed === undefined)
    throw new Error('A stored token is not in the v1 form')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8')
}

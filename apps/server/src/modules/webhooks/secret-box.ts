import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

// An endpoint's signing secret at rest (ADR 282): AES-256-GCM with WEBHOOK_SECRET_KEY, a fresh 96-bit nonce per
// encryption, and the endpoint id as associated data, so a ciphertext copied to another row does not open.

const VERSION = 'v1'

/** `v1:{nonce}:{tag}:{ciphertext}`, each base64url. */
export function encryptSecret(key: Buffer, secret: string, endpointId: string): string {
  const nonce = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, nonce)
  cipher.setAAD(Buffer.from(endpointId))
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return [VERSION, nonce, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':')
}

/** The secret, or an error when the key or the row is not the one it was sealed with. */
export function decryptSecret(key: Buffer, sealed: string, endpointId: string): string {
  const [version, nonce, tag, ciphertext] = sealed.split(':')
  if (version !== VERSION || !nonce || !tag || ciphertext === undefined) {
    throw new Error('The stored webhook secret is not in a known form.')
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'))
  decipher.setAAD(Buffer.from(endpointId))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  )
}

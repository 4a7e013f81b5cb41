import { describe, expect, it } from 'vitest'
import { createUrlSigner } from './url-signer.ts'

const key = 'a/b/c.png'

describe('signed /uploads links', () => {
  it('accepts its own signature until the expiry, then calls it expired', () => {
    let now = 1_700_000_000_000
    const signer = createUrlSigner('secret', () => now)
    const expires = now / 1000 + 60
    const signature = signer.sign({ method: 'PUT', key, contentType: 'image/png', expires })
    const query = { expires: String(expires), signature }
    expect(signer.verify({ method: 'PUT', key, contentType: 'image/png' }, query)).toBeNull()
    now += 61_000
    expect(signer.verify({ method: 'PUT', key, contentType: 'image/png' }, query)).toBe('expired')
  })

  it('refuses another method, key, type, expiry or secret, and a missing signature', () => {
    const signer = createUrlSigner('secret')
    const expires = Math.floor(Date.now() / 1000) + 60
    const signature = signer.sign({ method: 'PUT', key, contentType: 'image/png', expires })
    const query = { expires: String(expires), signature }
    expect(signer.verify({ method: 'GET', key, contentType: 'image/png' }, query)).toBe('invalid')
    expect(signer.verify({ method: 'PUT', key: 'a/b/d.png', contentType: 'image/png' }, query)).toBe(
      'invalid',
    )
    expect(signer.verify({ method: 'PUT', key, contentType: 'text/html' }, query)).toBe('invalid')
    expect(
      signer.verify(
        { method: 'PUT', key, contentType: 'image/png' },
        { ...query, expires: String(expires + 1) },
      ),
    ).toBe('invalid')
    expect(createUrlSigner('other').verify({ method: 'PUT', key, contentType: 'image/png' }, query)).toBe(
      'invalid',
    )
    expect(signer.verify({ method: 'PUT', key, contentType: 'image/png' }, { expires: query.expires })).toBe(
      'missing',
    )
    expect(
      signer.verify({ method: 'PUT', key, contentType: 'image/png' }, { ...query, expires: '1e9' }),
    ).toBe('invalid')
  })
})

import { describe, expect, it } from 'vitest'
import { hasAuthParams, isSignoutReturn, resolveReturnTo, stripAuthParams } from './auth-callback.ts'

describe('the login callback', () => {
  it('recognises a login answer: code and state, or an error', () => {
    expect(hasAuthParams('?code=abc&state=xyz')).toBe(true)
    expect(hasAuthParams('?error=access_denied&state=xyz')).toBe(true)
    expect(hasAuthParams('?code=abc')).toBe(false)
    expect(hasAuthParams('?session_id=cs_1')).toBe(false)
    expect(isSignoutReturn('?state=xyz')).toBe(true)
    expect(isSignoutReturn('?code=a&state=xyz')).toBe(false)
  })

  it('removes only the provider parameters from the address', () => {
    expect(stripAuthParams('http://localhost/plans?callback=true&code=a&state=b&iss=x#top')).toBe(
      '/plans?callback=true#top',
    )
  })

  it.each([
    [{ returnTo: '/secure/products' }, '/secure/products'],
    [{ returnTo: '/plans?callback=true' }, '/plans?callback=true'],
    [undefined, '/secure'],
    [{}, '/secure'],
    [{ returnTo: 'https://evil.example.com' }, '/secure'],
    [{ returnTo: '//evil.example.com' }, '/secure'],
    [{ returnTo: '/\\evil.example.com' }, '/secure'],
    [{ returnTo: 42 }, '/secure'],
  ])('returns to a same-origin target only: %j → %s', (state, expected) => {
    expect(resolveReturnTo(state)).toBe(expected)
  })
})

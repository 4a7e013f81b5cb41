import { describe, expect, it } from 'vitest'
import { refusalMessage } from './refusal.ts'

describe('the refusal beside a bar', () => {
  it("shows the server's message from a queued write's error", () => {
    const body = JSON.stringify({ error: { code: 'CONFLICT', message: 'FV1 is booked for batch 2026-001.' } })
    expect(refusalMessage(`Server responded with an error: 409 - ${body}`)).toBe(
      'FV1 is booked for batch 2026-001.',
    )
  })
  it('falls back to the error text', () => {
    expect(refusalMessage('Server responded with an error: 500 - oops')).toBe(
      'Server responded with an error: 500 - oops',
    )
    expect(refusalMessage(undefined)).toBe('The server refused this change.')
  })
})

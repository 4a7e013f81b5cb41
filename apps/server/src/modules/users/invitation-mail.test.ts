import { describe, expect, it } from 'vitest'
import { invitationMessage, MAIL_NAME_MAX_LENGTH, mailSafeName } from './invitation-mail.ts'

const LINK = 'https://brew.example/invitations/abc'

describe('mailSafeName', () => {
  it('keeps ordinary names as they are', () => {
    for (const name of [
      'Hoppy Co Brewing',
      'St. Louis Ales',
      'Brew: The Sequel',
      'Zoë Brauerei',
      'O’Neil & Sons',
    ])
      expect(mailSafeName(name)).toBe(name)
  })

  it('puts everything on one line: no header or paragraph can be added', () => {
    expect(mailSafeName('Evil\r\nBcc: victim@example.com\r\n\r\nPay here')).not.toMatch(/[\r\n]/)
    expect(mailSafeName('A\u2028B\u2029C\u202eD')).toBe('A B C D')
  })

  it('leaves nothing a mail program would turn into a link', () => {
    for (const name of [
      'Pay at https://evil.example/pay now',
      'www.evil.com',
      'evil.com',
      'HTTP://EVIL.EXAMPLE',
      '//evil.example/x',
      'mailto:boss@evil.example',
      'javascript:alert(1)',
    ]) {
      const safe = mailSafeName(name)
      expect(safe).not.toMatch(/[a-z]+:\S/i)
      expect(safe).not.toMatch(/\/\//)
      expect(safe).not.toMatch(/[\p{L}\p{N}]\.[\p{L}\p{N}]/u)
      expect(safe).not.toContain('@')
    }
  })

  it('cuts long names', () => {
    const safe = mailSafeName('x'.repeat(500))
    expect([...safe]).toHaveLength(MAIL_NAME_MAX_LENGTH)
    expect(safe.endsWith('…')).toBe(true)
  })
})

describe('invitationMessage', () => {
  it('has our link as its only link, whatever the brewery and inviter are called', () => {
    const message = invitationMessage({
      to: 'bea@example.com',
      entityName: 'Free beer at https://evil.example/claim\r\nX-Header: injected',
      role: 'Brewer',
      inviterName: 'Support www.evil.example',
      link: LINK,
      expiresAt: new Date('2026-12-01T00:00:00Z'),
    })
    expect(message.subject).not.toMatch(/[\r\n]/)
    expect(message.subject).not.toContain('https://')
    expect(message.text.match(/https?:\/\/\S+/g)).toEqual([LINK])
    expect(message.text).not.toMatch(/www\.|evil\.example/)
    expect(message.text).toContain(
      'Support www[.]evil[.]example invited you to join Free beer at https / /evil[.]example/claim',
    )
  })
})

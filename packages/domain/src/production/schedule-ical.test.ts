import { describe, expect, it } from 'vitest'
import { escapeIcalText, foldIcalLine, renderIcalendar } from './schedule-ical.ts'

describe('the iCalendar feed (RFC 5545)', () => {
  it('escapes backslashes, semicolons, commas and newlines', () => {
    expect(escapeIcalText('Brew; mash, then\nboil \\ chill')).toBe('Brew\\; mash\\, then\\nboil \\\\ chill')
  })

  it('folds lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'ä'.repeat(60)}`
    const folded = foldIcalLine(line)
    const encoder = new TextEncoder()
    for (const part of folded.split('\r\n')) expect(encoder.encode(part).length).toBeLessThanOrEqual(75)
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((part) => part.startsWith(' ')),
    ).toBe(true)
    expect(folded.replace(/\r\n /g, '')).toBe(line)
    expect(foldIcalLine('SHORT:1')).toBe('SHORT:1')
  })

  it('renders all-day events with UID and DTSTAMP, CRLF everywhere', () => {
    const text = renderIcalendar({
      name: 'Hoppy Co, schedule',
      now: Date.parse('2026-03-01T08:30:00Z'),
      events: [{ uid: 'brew-1@brewcommand', date: '2026-03-10', summary: 'Brew day: 2026-001 Hazy, IPA' }],
    })
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n|\r/)
    const lines = text.split('\r\n')
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'X-WR-CALNAME:Hoppy Co\\, schedule',
        'UID:brew-1@brewcommand',
        'DTSTAMP:20260301T083000Z',
        'DTSTART;VALUE=DATE:20260310',
        'DTEND;VALUE=DATE:20260311',
        'SUMMARY:Brew day: 2026-001 Hazy\\, IPA',
        'END:VCALENDAR',
      ]),
    )
    expect(lines.indexOf('BEGIN:VEVENT')).toBeLessThan(lines.indexOf('END:VEVENT'))
  })
})

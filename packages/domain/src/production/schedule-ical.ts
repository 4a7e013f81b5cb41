// The brewery's private calendar feed as iCalendar (RFC 5545): all-day events for brew days and transfers.

/** One all-day event of the feed. */
export type CalendarEvent = {
  /** Stable across reads, so calendar apps update an event instead of adding another. */
  uid: string
  /** `YYYY-MM-DD`. */
  date: string
  summary: string
  description?: string
}

/** Escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export function escapeIcalText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1): continuation lines start with one space, and a UTF-8
 * character is never split.
 */
export function foldIcalLine(line: string): string {
  const encoder = new TextEncoder()
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    // The first line holds 75 octets; a continuation line's leading space counts, so 74 more.
    const limit = parts.length === 0 ? 75 : 74
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

const basicDate = (isoDate: string) => isoDate.replaceAll('-', '')
const nextDay = (isoDate: string) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
/** `YYYYMMDDTHHMMSSZ` of an instant. */
const basicInstant = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')

/** The whole calendar: CRLF line ends, folded lines, escaped text, UID and DTSTAMP on every event. */
export function renderIcalendar(input: {
  name: string
  events: readonly CalendarEvent[]
  now: number
}): string {
  const stamp = basicInstant(input.now)
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//BrewCommand//Schedule//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcalText(input.name)}`,
  ]
  for (const event of input.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeIcalText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${basicDate(event.date)}`,
      `DTEND;VALUE=DATE:${basicDate(nextDay(event.date))}`,
      `SUMMARY:${escapeIcalText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeIcalText(event.description)}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return lines.map(foldIcalLine).join('\r\n') + '\r\n'
}

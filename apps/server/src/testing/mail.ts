// Test helpers for the outbox mailer: read the `.eml` files back as plain messages.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

export interface OutboxMessage {
  file: string
  headers: Record<string, string>
  to: string
  subject: string
  text: string
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

/** Parses a single-part RFC 822 message as written by the outbox mailer. */
export function parseEml(file: string, source: string): OutboxMessage {
  const split = source.search(/\r?\n\r?\n/)
  const head = source.slice(0, split).replace(/\r?\n[ \t]+/g, ' ')
  const body = source.slice(split).replace(/^\r?\n\r?\n/, '')
  const headers: Record<string, string> = {}
  for (const line of head.split(/\r?\n/)) {
    const index = line.indexOf(':')
    headers[line.slice(0, index).toLowerCase()] = line.slice(index + 1).trim()
  }
  const encoding = headers['content-transfer-encoding']?.toLowerCase()
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body
  return { file, headers, to: headers.to ?? '', subject: headers.subject ?? '', text }
}

/** Every message in the outbox folder (oldest first), optionally only those to `recipient`. */
export async function readOutbox(outboxDir: string, recipient?: string): Promise<OutboxMessage[]> {
  const names = (await readdir(outboxDir).catch(() => [])).filter((name) => name.endsWith('.eml')).sort()
  const messages = await Promise.all(
    names.map(async (name) => parseEml(name, await readFile(join(outboxDir, name), 'utf8'))),
  )
  return recipient ? messages.filter((m) => m.to.toLowerCase().includes(recipient.toLowerCase())) : messages
}

/** The first http(s) link in a text. */
export function firstLink(text: string): string | undefined {
  return /https?:\/\/\S+/.exec(text)?.[0]
}

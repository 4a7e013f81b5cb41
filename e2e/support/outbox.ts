import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect } from '@playwright/test'

/** The server's outbox of this run (DATA_DIR/outbox, see playwright.config.ts). */
export function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set')
  return path.join(dataDir, 'outbox')
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

/** The text of the newest `.eml` message to `recipient`, waiting for it to arrive. */
export async function latestMailTo(recipient: string): Promise<string> {
  let text = ''
  await expect(async () => {
    const wanted = recipient.toLowerCase()
    const names = (await readdir(outboxDir()).catch(() => [] as string[]))
      .filter((name) => name.endsWith('.eml') && name.includes(wanted))
      .sort()
    expect(names.length).toBeGreaterThan(0)
    const source = await readFile(path.join(outboxDir(), names.at(-1)!), 'utf8')
    const split = source.search(/\r?\n\r?\n/)
    const head = source.slice(0, split)
    const body = source.slice(split).trimStart()
    text = /content-transfer-encoding:\s*quoted-printable/i.test(head)
      ? decodeQuotedPrintable(body)
      : /content-transfer-encoding:\s*base64/i.test(head)
        ? Buffer.from(body, 'base64').toString('utf8')
        : body
  }).toPass({ timeout: 10_000 })
  return text
}

/** The first http(s) link in a text. */
export function firstLink(text: string): string {
  const link = /https?:\/\/\S+/.exec(text)?.[0]
  if (!link) throw new Error(`No link in: ${text}`)
  return link
}

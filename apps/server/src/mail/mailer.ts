import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import nodemailer from 'nodemailer'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

/** Sends mail: SMTP when configured, otherwise `.eml` files in the outbox folder. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): Promise<void>
}

// Sign-up waits for its verification mail, so a silent SMTP server must fail fast, not after
// nodemailer's defaults (2 minutes to connect, 10 minutes of socket inactivity).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }

export interface MailerOptions {
  /** smtp:// or smtps:// URL (nodemailer syntax); without it, mail goes to `outboxDir`. */
  smtpUrl?: string | undefined
  from: string
  outboxDir: string
  /** Overrides of the SMTP time limits, in milliseconds (tests shorten them). */
  smtpTimeouts?: Partial<typeof SMTP_TIMEOUTS>
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from, { ...SMTP_TIMEOUTS, ...options.smtpTimeouts })
    : createOutboxMailer(options.outboxDir, options.from)
}

function createSmtpMailer(smtpUrl: string, from: string, timeouts: typeof SMTP_TIMEOUTS): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...timeouts })
  return {
    async send(message) {
      await transport.sendMail({ from, ...message })
    },
    close() {
      transport.close()
      return Promise.resolve()
    },
  }
}

/** Writes each message as an RFC 822 file named `<UTC timestamp>-<recipient>.eml`. */
function createOutboxMailer(outboxDir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message })
      await mkdir(outboxDir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const recipient = message.to.toLowerCase().replace(/[^a-z0-9@._+-]/g, '_')
      const name = `${stamp}-${recipient}-${randomBytes(3).toString('hex')}.eml`
      // Write then rename, so a reader never sees half a message.
      const partial = join(outboxDir, `.${name}.partial`)
      await writeFile(partial, info.message, { mode: 0o600 })
      await rename(partial, join(outboxDir, name))
    },
    close: () => Promise.resolve(),
  }
}

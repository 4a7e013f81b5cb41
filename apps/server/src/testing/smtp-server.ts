// A local SMTP server for tests: accepts every message and keeps it.
import { SMTPServer } from 'smtp-server'
import { freePort } from './free-port.ts'
import { parseEml, type OutboxMessage } from './mail.ts'

export interface ReceivedMail extends OutboxMessage {
  envelope: { from: string; to: string[] }
}

export async function startSmtpServer() {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        }
        received.push({ ...parseEml('smtp', Buffer.concat(chunks).toString('utf8')), envelope })
        callback()
      })
    },
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

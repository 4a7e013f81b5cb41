import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer, type AddressInfo, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { createMailer } from './mailer.ts'
import { readOutbox } from '../testing/mail.ts'
import { startSmtpServer } from '../testing/smtp-server.ts'

describe('Mailer over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  afterAll(async () => {
    await smtp?.close()
  })

  it('delivers the message to the SMTP server with the configured sender', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'BrewCommand <no-reply@brew.test>',
      outboxDir: '/nonexistent',
    })
    await mailer.send({
      to: 'brewer@example.com',
      subject: 'Hello from the brewhouse',
      text: 'Mash in at 67 °C.',
    })
    await mailer.close()
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]).toMatchObject({
      envelope: { from: 'no-reply@brew.test', to: ['brewer@example.com'] },
      to: 'brewer@example.com',
      subject: 'Hello from the brewhouse',
    })
    expect(smtp.received[0].text).toContain('Mash in at 67 °C.')
  })
})

describe('Mailer without SMTP (outbox)', () => {
  it('writes a readable .eml file named by time and recipient', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bc-mail-'))
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }))
    const outboxDir = join(dataDir, 'outbox')
    const mailer = createMailer({ from: 'BrewCommand <no-reply@localhost>', outboxDir })
    await mailer.send({ to: 'Ann.Ale@Example.com', subject: 'Your invitation', text: 'Welcome aboard.' })
    const files = await readdir(outboxDir)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-ann\.ale@example\.com-[0-9a-f]{6}\.eml$/,
    )
    const source = await readFile(join(outboxDir, files[0]), 'utf8')
    expect(source).toContain('From: BrewCommand <no-reply@localhost>')
    expect(source).toMatch(/^To: Ann\.Ale@example\.com$/im)
    expect(source).toContain('Subject: Your invitation')
    expect(source).toContain('Welcome aboard.')
    const [message] = await readOutbox(outboxDir, 'ann.ale@example.com')
    expect(message).toMatchObject({
      subject: 'Your invitation',
      text: expect.stringContaining('Welcome aboard.') as unknown,
    })
  })
})

describe('Mailer over an SMTP server that never answers', () => {
  it('gives up after its time limit instead of hanging the caller', async () => {
    const sockets: Socket[] = []
    const silent = createServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    onTestFinished(async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    })
    const { port } = silent.address() as AddressInfo
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'BrewCommand <no-reply@brew.test>',
      outboxDir: '/nonexistent',
      smtpTimeouts: { greetingTimeout: 300 },
    })
    const started = Date.now()
    await expect(mailer.send({ to: 'a@example.com', subject: 'x', text: 'y' })).rejects.toThrow()
    expect(Date.now() - started).toBeLessThan(5_000)
    await mailer.close()
  })
})

// No server-side request forgery (ADR 282): without WEBHOOKS_ALLOW_PRIVATE an endpoint must be https and resolve to
// public unicast addresses only; each refusal is a sentence naming the range. Checked at save (Add Endpoint's 400)
// and again at delivery (the attempt fails without a connection), so a name that later resolves to a private
// address (DNS rebinding) is refused then too.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { checkEndpointUrl, EndpointRefused, nonPublicRange } from './address-check.ts'
import { sendDelivery } from './webhook-sender.ts'

const strict = { allowHttp: false, allowPrivate: false }

describe('the address check', () => {
  it.each([
    ['https://127.0.0.1/hook', 'loopback'],
    ['https://169.254.169.254/latest/meta-data', 'link-local'],
    ['https://10.1.2.3/hook', 'private network'],
    ['https://172.16.0.5/hook', 'private network'],
    ['https://192.168.1.10/hook', 'private network'],
    ['https://100.64.0.1/hook', 'carrier-grade NAT'],
    ['https://0.0.0.0/hook', 'unspecified'],
    ['https://224.0.0.1/hook', 'multicast'],
    ['https://[::1]/hook', 'loopback'],
    ['https://[fd12::1]/hook', 'fc00::/7'],
    ['https://[fe80::1]/hook', 'link-local'],
    ['https://[::ffff:127.0.0.1]/hook', 'loopback'],
    ['https://[::ffff:169.254.169.254]/hook', 'link-local'],
    ['https://localhost/hook', 'loopback'],
  ])('refuses %s (%s)', async (url, range) => {
    const refusal = await checkEndpointUrl(url, strict).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(EndpointRefused)
    expect((refusal as Error).message).toContain(range)
    expect((refusal as Error).message).toContain('public addresses only')
  })

  it('names the host and the address it resolved to', async () => {
    await expect(checkEndpointUrl('https://localhost:8443/x', strict)).rejects.toThrow(
      /^The endpoint's host localhost resolves to (127\.0\.0\.1|::1), in the loopback range/,
    )
  })

  it('accepts public addresses', async () => {
    expect(nonPublicRange('93.184.215.14')).toBeNull()
    expect(nonPublicRange('2606:4700::1111')).toBeNull()
    const checked = await checkEndpointUrl('https://93.184.215.14/hook', strict)
    expect(checked.addresses).toEqual([{ address: '93.184.215.14', family: 4 }])
  })

  it('wants https unless http is allowed, and no credentials in the URL', async () => {
    await expect(checkEndpointUrl('http://93.184.215.14/hook', strict)).rejects.toThrow(
      'The endpoint URL must start with https:// (plain http is allowed only in development).',
    )
    await expect(checkEndpointUrl('ftp://93.184.215.14/hook', strict)).rejects.toThrow(
      'The endpoint URL must start with https://.',
    )
    await expect(checkEndpointUrl('https://a:b@93.184.215.14/hook', strict)).rejects.toThrow(
      'user name or password',
    )
    await expect(
      checkEndpointUrl('http://93.184.215.14/hook', { ...strict, allowHttp: true }),
    ).resolves.toBeTruthy()
  })

  it('refuses a host without a DNS answer', async () => {
    await expect(checkEndpointUrl('https://no-such-host.invalid/hook', strict)).rejects.toThrow(
      "The endpoint's host no-such-host.invalid could not be found (no DNS answer).",
    )
  })

  it('allows private addresses when WEBHOOKS_ALLOW_PRIVATE says so', async () => {
    await expect(
      checkEndpointUrl('https://127.0.0.1/hook', { allowHttp: false, allowPrivate: true }),
    ).resolves.toBeTruthy()
  })

  it('checks again at delivery: a private address is never connected to', async () => {
    let connections = 0
    const server = createServer((_request, response) => {
      connections++
      response.end('ok')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    try {
      const message = {
        messageId: 'msg_1',
        payload: '{}',
        secret: `whsec_${Buffer.alloc(32).toString('base64')}`,
      }
      for (const url of [`http://127.0.0.1:${port}/hook`, `http://localhost:${port}/hook`]) {
        const outcome = await sendDelivery({ ...message, url }, { allowHttp: true, allowPrivate: false })
        expect(outcome).toMatchObject({ ok: false, statusCode: null })
        expect(outcome.error).toContain('loopback')
      }
      expect(connections).toBe(0)
      const allowed = await sendDelivery(
        { ...message, url: `http://localhost:${port}/hook` },
        { allowHttp: true, allowPrivate: true },
      )
      expect(allowed).toMatchObject({ ok: true, statusCode: 200, responseExcerpt: 'ok' })
      expect(connections).toBe(1)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('gives up on a receiver that does not answer in time', async () => {
    const server = createServer(() => {})
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    try {
      const outcome = await sendDelivery(
        {
          messageId: 'msg_2',
          payload: '{}',
          secret: `whsec_${Buffer.alloc(32).toString('base64')}`,
          url: `http://127.0.0.1:${port}/`,
        },
        { allowHttp: true, allowPrivate: true },
        { timeoutMs: 300 },
      )
      expect(outcome).toMatchObject({ ok: false, statusCode: null })
      expect(outcome.error).toMatch(/did not answer within/)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

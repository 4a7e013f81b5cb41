import type { AddedDevice } from '@brewcommand/domain'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderProduction, stubApi, type FakeRequest } from '@/testing/render-production.tsx'
import { DevicesSettings } from './devices-settings.tsx'

const TOKEN = 'k3J9_server-made-token-aaaaaaaaaaaaaaaaaaaa'

function serve(answer: (request: FakeRequest) => { status: number; body?: unknown }) {
  return stubApi((request) => {
    if (request.method === 'POST') return answer(request)
    return { status: 200, body: { data: [] } }
  })
}

async function addOne() {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Add Device' }))
  const dialog = await screen.findByRole('dialog', { name: 'Add Device' })
  await user.type(within(dialog).getByLabelText('Name'), 'iSpindel FV-1')
  await user.click(within(dialog).getByRole('button', { name: 'Add Device' }))
  return dialog
}

afterEach(() => vi.unstubAllGlobals())

describe('Settings → Devices', { timeout: 20_000 }, () => {
  it('registers a device without a token and shows the token the server made, once, with copy buttons', async () => {
    const calls = serve((request) => {
      const { data } = request.body as { data: { id: string; name: string; kind: 'ispindel' } }
      const device: AddedDevice = {
        ...data,
        vesselId: null,
        vesselName: null,
        tokenHint: TOKEN.slice(-4),
        lastSeenAt: null,
        createdAt: '2026-11-27T02:00:00.000Z',
        revokedAt: null,
        token: TOKEN,
      }
      return { status: 201, body: { data: device } }
    })
    renderProduction(<DevicesSettings />)
    await addOne()
    expect(await screen.findByTestId('device-token')).toHaveTextContent(TOKEN)
    expect(screen.getByTestId('ingest-address')).toHaveTextContent(`/api/ingest/${TOKEN}`)
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeInTheDocument()
    const post = calls.find((call) => call.method === 'POST')!
    expect(post.url).toBe('/api/cellar/devices')
    expect((post.body as { data: object }).data).not.toHaveProperty('token')

    await userEvent.setup().click(screen.getByRole('button', { name: 'Done' }))
    expect(screen.queryByTestId('device-token')).toBeNull()
  })

  it('keeps the dialog open with the server’s message when the device is refused', async () => {
    serve(() => ({
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'A device with this id exists.' } },
    }))
    renderProduction(<DevicesSettings />)
    const dialog = await addOne()
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A device with this id exists.')
    expect(screen.queryByTestId('device-token')).toBeNull()
  })
})

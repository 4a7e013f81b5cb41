import type { ApiKey, ApiKeyUse, CreatedApiKey } from '@brewcommand/domain'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderProduction, stubApi } from '@/testing/render-production.tsx'
import { ApiKeysSettings, describeScopes } from './api-keys-settings.tsx'

const SECRET = `bck_${'s'.repeat(43)}`
const KEY: ApiKey = {
  id: '6a2c1d5e-0b7f-4c1e-9a3d-2f4b5c6d7e8f',
  name: 'Taproom POS',
  hint: 'bck_abcdef',
  scopes: ['products:read', 'inventory:write'],
  expiresAt: null,
  createdAt: '2026-11-27T02:00:00.000Z',
  createdBy: 'Ada Admin',
  lastUsedAt: null,
  lastUsedAddress: null,
  revokedAt: null,
}
const USE: ApiKeyUse = {
  id: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  keyId: KEY.id,
  keyName: KEY.name,
  at: '2026-11-27T02:05:00.000Z',
  method: 'GET',
  route: '/api/products',
  status: 200,
  address: '203.0.113.7',
}

afterEach(() => vi.unstubAllGlobals())

describe('Settings → API Keys', { timeout: 20_000 }, () => {
  it('lists the keys with their access and the audit list, each as the routes answer them', async () => {
    stubApi((request) =>
      request.url.startsWith('/api/api-keys/uses')
        ? { status: 200, body: { data: [USE] } }
        : { status: 200, body: { data: [KEY] } },
    )
    renderProduction(<ApiKeysSettings />)
    expect(
      await screen.findByText('Products and recipes: read; Inventory: read and write'),
    ).toBeInTheDocument()
    expect(screen.getByText(/Made by Ada Admin/)).toBeInTheDocument()
    const uses = await screen.findByRole('table')
    expect(within(uses).getByText('GET /api/products')).toBeInTheDocument()
    expect(within(uses).getByText('203.0.113.7')).toBeInTheDocument()
  })

  it('makes a key with the chosen access and shows its secret once', async () => {
    const calls = stubApi((request) => {
      if (request.method === 'POST') {
        const { data } = request.body as { data: { id: string; name: string; scopes: ApiKey['scopes'] } }
        const created: CreatedApiKey = { ...KEY, ...data, secret: SECRET }
        return { status: 201, body: { data: created } }
      }
      return { status: 200, body: { data: [] } }
    })
    renderProduction(<ApiKeysSettings />)
    const user = userEvent.setup()
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'New API Key' }))
    const dialog = await screen.findByRole('dialog', { name: 'New API Key' })
    await user.type(within(dialog).getByLabelText('Name'), 'Spreadsheet')
    await user.click(
      within(within(dialog).getByRole('radiogroup', { name: 'Reports' })).getByLabelText('Read'),
    )
    await user.click(within(dialog).getByRole('button', { name: 'New API Key' }))
    expect(await screen.findByTestId('api-key-secret')).toHaveTextContent(SECRET)
    const post = calls.find((call) => call.method === 'POST')!
    expect(post.url).toBe('/api/api-keys')
    expect((post.body as { data: object }).data).toMatchObject({
      name: 'Spreadsheet',
      scopes: ['reports:read'],
      expiresOn: null,
    })
    await user.click(screen.getByRole('button', { name: 'Done' }))
    expect(screen.queryByTestId('api-key-secret')).toBeNull()
  })

  it('asks for at least one scope before sending anything', async () => {
    const calls = stubApi(() => ({ status: 200, body: { data: [] } }))
    renderProduction(<ApiKeysSettings />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'New API Key' }))
    const dialog = await screen.findByRole('dialog', { name: 'New API Key' })
    await user.type(within(dialog).getByLabelText('Name'), 'Nothing')
    await user.click(within(dialog).getByRole('button', { name: 'New API Key' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose at least one scope')
    expect(calls.some((call) => call.method === 'POST')).toBe(false)
  })

  it('tells a Manager only an Admin can see keys, and asks the server nothing', async () => {
    const calls = stubApi(() => ({ status: 200, body: { data: [] } }))
    renderProduction(<ApiKeysSettings />, { role: 'Manager' })
    expect(screen.getByText('Only an Admin can see and make API keys.')).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls.filter((call) => call.url.startsWith('/api/api-keys'))).toEqual([])
  })

  it('says what a key may do in words', () => {
    expect(describeScopes(['production:read', 'ingest'])).toBe(
      'Production (batches, brew day, cellar, schedule, equipment): read; Device readings',
    )
  })
})

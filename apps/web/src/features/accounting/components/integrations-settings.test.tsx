import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import accountsFixture from '@/testing/contract-fixtures/accounting-accounts.json'
import logFixture from '@/testing/contract-fixtures/accounting-log.json'
import statusFixture from '@/testing/contract-fixtures/accounting-status.json'
import { renderProduction, stubApi, type FakeRequest } from '@/testing/render-production.tsx'
import { callbackProblem, IntegrationsCallback } from './integrations-callback.tsx'
import { IntegrationsSettings } from './integrations-settings.tsx'

// Settings → Integrations, answered with the server's own bodies (the contract fixtures: a brewery connected to the
// fake QuickBooks, its chart of accounts, one failed push in the log).

const CONNECTED = statusFixture.body.data
const NOT_CONNECTED = { ...CONNECTED, connection: null }

function server(
  status: unknown,
  extra: (request: FakeRequest) => { status: number; body?: unknown } | null = () => null,
) {
  return stubApi((request) => {
    const answered = extra(request)
    if (answered) return answered
    if (request.url === '/api/accounting') return { status: 200, body: { data: status } }
    if (request.url === '/api/accounting/accounts') return { status: 200, body: accountsFixture.body }
    if (request.url === '/api/accounting/log') return { status: 200, body: logFixture.body }
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } }
  })
}

afterEach(() => vi.unstubAllGlobals())

describe('Settings → Integrations', { timeout: 20_000 }, () => {
  it('offers Connect for each provider set up on the server, and the CSV downloads, when not connected', async () => {
    server({
      ...NOT_CONNECTED,
      providers: [
        { name: 'quickbooks', label: 'QuickBooks Online', configured: true },
        { name: 'xero', label: 'Xero', configured: false },
      ],
    })
    renderProduction(<IntegrationsSettings />)
    expect(await screen.findByRole('button', { name: 'Connect QuickBooks Online' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Connect Xero' })).toBeNull()
    expect(screen.getByText(/sets its XERO_\* variables/)).toBeInTheDocument()
    for (const provider of ['QuickBooks Online', 'Xero'])
      for (const dataset of ['invoices', 'payments', 'customers'])
        expect(
          screen.getByRole('button', { name: `Download ${dataset} CSV for ${provider}` }),
        ).toBeInTheDocument()
  })

  it("shows the server's refusal of Connect in its words", async () => {
    server(NOT_CONNECTED, (request) =>
      request.method === 'POST'
        ? {
            status: 409,
            body: {
              error: {
                code: 'CONFLICT',
                message: 'The brewery is already connected to Xero; disconnect it first.',
              },
            },
          }
        : null,
    )
    renderProduction(<IntegrationsSettings />)
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Connect QuickBooks Online' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The brewery is already connected to Xero; disconnect it first.',
    )
  })

  it('shows the company, the mapping preselected from the chart, and saves it', async () => {
    const calls = server(CONNECTED, (request) =>
      request.method === 'PUT' ? { status: 200, body: { data: CONNECTED } } : null,
    )
    renderProduction(<IntegrationsSettings />)
    const connection = await screen.findByRole('region', { name: 'Connected to QuickBooks Online' })
    expect(connection).toHaveTextContent('Sandbox Company_US_1')
    const income = await screen.findByLabelText<HTMLSelectElement>('Beer sales (income)')
    expect(income.selectedOptions[0].textContent).toBe('4000 · Beer Sales')
    expect(
      screen.getByLabelText<HTMLSelectElement>('Bank account for payments').selectedOptions[0].textContent,
    ).toBe('1000 · Checking')
    const user = userEvent.setup()
    await user.selectOptions(income, '9')
    await user.click(screen.getByRole('button', { name: 'Save mapping' }))
    const put = await vi.waitFor(() => {
      const found = calls.find((call) => call.method === 'PUT')
      if (!found) throw new Error('not saved yet')
      return found
    })
    expect(put.url).toBe('/api/accounting/mapping')
    expect(put.body).toMatchObject({
      income: { id: '9', code: '4100', name: 'Taproom Sales' },
      bank: { id: '5', code: '1000', name: 'Checking' },
    })
  })

  it('maps a package type to its own income account, the others staying with beer sales', async () => {
    const calls = server(CONNECTED, (request) =>
      request.method === 'PUT' ? { status: 200, body: { data: CONNECTED } } : null,
    )
    renderProduction(<IntegrationsSettings />, {
      packagingTypes: [
        { packageTypeId: 't1', packageType: '1/2 BBL Keg' },
        { packageTypeId: 't2', packageType: '16oz Can 4-pack' },
      ],
    })
    const user = userEvent.setup()
    await user.click(await screen.findByText('Income per package type (optional)'))
    await user.selectOptions(screen.getByLabelText('Income from 16oz Can 4-pack'), '9')
    await user.click(screen.getByRole('button', { name: 'Save mapping' }))
    const put = await vi.waitFor(() => {
      const found = calls.find((call) => call.method === 'PUT')
      if (!found) throw new Error('not saved yet')
      return found
    })
    expect((put.body as { incomeByPackageType: object }).incomeByPackageType).toEqual({
      '16oz Can 4-pack': { id: '9', code: '4100', name: 'Taproom Sales' },
    })
  })

  it('lists the sync log in words, with Retry of a failed push', async () => {
    const calls = server(CONNECTED, (request) =>
      request.url.endsWith('/retry') ? { status: 202, body: { data: { queued: true } } } : null,
    )
    renderProduction(<IntegrationsSettings />)
    const log = await screen.findByRole('list', { name: 'Sync log entries' })
    const entry = within(log).getByRole('listitem')
    expect(entry).toHaveTextContent('Invoice INV-0001 · Not sent: failed 2 times in a row')
    expect(entry).toHaveTextContent('The account of item Pale Ale no longer exists')
    await userEvent.setup().click(within(entry).getByRole('button', { name: 'Retry Invoice INV-0001' }))
    await vi.waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/retry'))).toBe(true),
    )
  })

  it('asks before Disconnect', async () => {
    const calls = server(CONNECTED, (request) =>
      request.url === '/api/accounting/disconnect' ? { status: 200, body: { data: NOT_CONNECTED } } : null,
    )
    renderProduction(<IntegrationsSettings />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Disconnect QuickBooks Online?' })
    expect(calls.some((call) => call.url === '/api/accounting/disconnect')).toBe(false)
    await user.click(within(confirm).getByRole('button', { name: 'Disconnect' }))
    await vi.waitFor(() => expect(calls.some((call) => call.url === '/api/accounting/disconnect')).toBe(true))
  })

  it('says a Manager cannot connect, and reads nothing', async () => {
    const calls = server(CONNECTED)
    renderProduction(<IntegrationsSettings />, { role: 'Manager' })
    expect(screen.getByText('Only an Admin can connect an accounting system.')).toBeInTheDocument()
    expect(calls).toEqual([])
  })
})

describe('the OAuth callback page', { timeout: 20_000 }, () => {
  it.each([
    ['sage', '?code=c&state=s', 'This page only takes answers from QuickBooks Online or Xero.'],
    ['xero', '?error=access_denied&state=s', "Xero was not connected: access was declined on Xero's page."],
    ['xero', '?error=server_error', 'Xero did not connect (server_error).'],
    ['quickbooks', '?state=s', 'The answer from QuickBooks Online has no authorization code.'],
    ['quickbooks', '?code=c', 'The answer from QuickBooks Online has no state, so it cannot be checked.'],
  ])('refuses %s%s in a sentence', (provider, query, sentence) => {
    expect(callbackProblem(provider, new URLSearchParams(query))).toContain(sentence)
  })

  it('hands code, state and the company to the server once, and says connected', async () => {
    const calls = server(CONNECTED, (request) =>
      request.url === '/api/accounting/callback' ? { status: 200, body: { data: CONNECTED } } : null,
    )
    renderProduction(<IntegrationsCallback />, {
      path: '/secure/settings/integrations/callback/quickbooks?code=abc&state=xyz&realmId=9130350000000001',
      route: '/secure/settings/integrations/callback/:provider',
    })
    expect(
      await screen.findByText(/Connected to QuickBooks Online: Sandbox Company_US_1\./),
    ).toBeInTheDocument()
    const sent = calls.filter((call) => call.url === '/api/accounting/callback')
    expect(sent).toHaveLength(1)
    expect(sent[0].body).toEqual({
      provider: 'quickbooks',
      code: 'abc',
      state: 'xyz',
      realmId: '9130350000000001',
    })
  })

  it("shows the server's sentence for a forged or expired state", async () => {
    const message =
      'This connection request is not valid (expired, used already, or started by someone else). Start again with Connect.'
    server(NOT_CONNECTED, (request) =>
      request.url === '/api/accounting/callback'
        ? { status: 400, body: { error: { code: 'VALIDATION_FAILED', message } } }
        : null,
    )
    renderProduction(<IntegrationsCallback />, {
      path: '/secure/settings/integrations/callback/xero?code=abc&state=forged',
      route: '/secure/settings/integrations/callback/:provider',
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.getByRole('link', { name: 'Back to Integrations' })).toHaveAttribute(
      'href',
      '/secure/settings/integrations',
    )
  })
})

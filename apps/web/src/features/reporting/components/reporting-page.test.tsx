import type { Role } from '@brewcommand/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import { SocketProvider } from '@/lib/socket/socket-provider.tsx'
import { fakeAuth, FakeAuthProvider } from '@/testing/fake-auth.tsx'
import { ReportingPage } from './reporting-page.tsx'
import { TaxSettingsPage } from './tax-settings.tsx'

const writes = vi.hoisted(() => [] as unknown[])
vi.mock('@/lib/writes/use-write.ts', () => ({ useWrite: () => (write: unknown) => writes.push(write) }))
// The modules the first view must not fetch (ADR 410), recorded as they are first imported, otherwise as they are.
const imported = vi.hoisted(() => [] as string[])
vi.mock('./ttb-tab.tsx', async (original) => (imported.push('ttb-tab'), original()))
vi.mock('./sales-tab.tsx', async (original) => (imported.push('sales-tab'), original()))
vi.mock(
  '@/components/ui/confirm-dialog.tsx',
  async (original) => (imported.push('confirm-dialog'), original()),
)

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const line = (
  key: string,
  number: number,
  label: string,
  units: number,
  barrels: string,
  sourceCount = 1,
) => ({
  key,
  number,
  ref: String(number),
  label,
  units,
  barrels,
  sourceCount,
})
const OPERATIONS = {
  form: '5130.26',
  period: { kind: 'quarter', key: '2026-Q3', from: '2026-07-01', to: '2026-10-01' },
  brewery: 'Ledger Lager Co',
  brewersNoticeNumber: 'BR-OR-12345',
  timeZone: 'America/Los_Angeles',
  lines: [
    line('onHandStart', 1, 'Total amount of beer on hand at beginning of quarter', 2_000_000, '20.00'),
    line('produced', 2, 'Produced', 4_550_000, '45.50', 2),
    line(
      'removedTaxpaid',
      10,
      'Beer removed for consumption or sale including beer removed tax determined for consumption or sale in a tavern on brewery premises',
      3_762_345,
      '37.62',
      4,
    ),
  ],
  remarks: ['Line 15: the physical inventory of 2026-08 disclosed a shortage of 0.13 bbl'],
  balances: true,
  reconciliation: [
    {
      month: '2026-08',
      startUnits: 2_500_000,
      additionsUnits: 3_050_000,
      removalsUnits: 1_087_345,
      adjustmentsUnits: 0,
      bookEndUnits: 4_462_655,
      physicalUnits: 4_450_000,
      overageUnits: 0,
      shortageUnits: 12_655,
      packagedShortageUnits: 2_655,
      explainedUnits: 0,
      unexplainedPackagedUnits: 2_655,
      endUnits: 4_450_000,
      note: 'Keg line leak',
      explanations: [],
      explained: false,
    },
  ],
  unclassified: [],
  closed: null,
}
const source = (id: string, units: number) => ({
  type: 'event',
  id,
  units,
  at: '2026-07-25T12:00:00.000Z',
  line: 'produced',
  kind: 'brewed',
  reason: '',
  stage: 'bulk',
  reversalOf: null,
  adjustment: false,
  remark: '',
  day: '2026-07-25',
  batchNumber: '2026-002',
  productName: 'Hazy Daze',
})

const COSTS = {
  batches: [
    {
      batchId: 'b1',
      batchNumber: '2026-014',
      productName: 'Hazy Daze',
      brewedAt: '2026-08-10T12:00:00.000Z',
      ingredientCents: 6000,
      materialCents: 3720,
      totalCents: 9720,
      packagedUnits: 372,
      packagedBbl: '1.50000',
      brewedBbl: '2.00000',
      costPerBblCents: 3000,
      incomplete: false,
    },
  ],
  units: [
    {
      batchId: 'b1',
      batchNumber: '2026-014',
      packageId: 'p1',
      productName: 'Hazy Daze',
      packageType: '16oz Cans',
      sku: 'HD-16',
      units: 372,
      volumeBbl: '1.50000',
      ingredientCents: 4500,
      materialCents: 3720,
      costCents: 8220,
      costPerUnitCents: 22,
      incomplete: false,
    },
  ],
  inventoryValue: [
    {
      month: '2026-09',
      asOf: '2026-10-01T00:00:00.000Z',
      categories: { fermentable: 4000, hop: 5000, yeast: 0, other: 0, packaging: 7520 },
      wipCents: 2700,
      finishedGoodsCents: 3248,
      totalCents: 22_468,
      lossCents: 22,
    },
  ],
}

function appState(role: Role): AppStateValue {
  return {
    isLoaded: true,
    data: {
      user: { id: 'u1', givenName: 'Ada', familyName: 'L', email: 'a@example.com', emailVerified: true },
      entities: [],
    },
    currentEntity: {
      entityId: 'e1',
      role,
      subscription: { plan: 'monthly', status: 'active' },
      products: [],
      packagingTypes: [],
    },
    currentAccessToken: 'access-token',
    applyLocal: vi.fn(),
    reload: vi.fn(() => Promise.resolve()),
  }
}

let answers: Record<string, () => Response>
const calls: string[] = []

function renderWith(role: Role, page: React.ReactNode) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url)
      const path = url.split('?')[0]
      return Promise.resolve(
        answers[path]?.() ?? json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } }),
      )
    }),
  )
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FakeAuthProvider value={fakeAuth({ isAuthenticated: true })}>
        <StaticAppStateProvider value={appState(role)}>
          <SocketProvider entityId={undefined} token={undefined} onDataModified={vi.fn()}>
            <MemoryRouter>{page}</MemoryRouter>
          </SocketProvider>
        </StaticAppStateProvider>
      </FakeAuthProvider>
    </QueryClientProvider>,
  )
}
const NOW = () => new Date('2026-11-24T10:00:00Z')

beforeEach(() => {
  writes.length = 0
  calls.length = 0
  answers = {
    '/api/reports/production': () =>
      json(200, {
        data: {
          months: [
            {
              month: '2026-07',
              brewedUnits: 1_550_000,
              packagedUnits: 1_450_000,
              brewedBbl: '15.50000',
              packagedBbl: '14.50000',
            },
          ],
          rows: [
            {
              month: '2026-07',
              product: 'Hazy Daze',
              brewedUnits: 1_550_000,
              packagedUnits: 1_450_000,
              brewedBbl: '15.49871',
              packagedBbl: '14.50000',
              eventCount: 102,
            },
          ],
        },
      }),
    '/api/reports/losses': () => json(200, { data: { rows: [] } }),
    '/api/reports/efficiency': () => json(200, { data: { rows: [] } }),
    '/api/reports/costs': () => json(200, { data: COSTS }),
    '/api/reports/ttb/5130-26': () => json(200, { data: OPERATIONS }),
    '/api/reports/ttb/5130-26/lines/produced': () =>
      json(200, {
        data: {
          ...line('produced', 2, 'Produced', 4_550_000, '45.50', 2),
          sources: [source('a', 1_550_000), source('b', 3_000_000)],
        },
      }),
    '/api/reports/tax-settings': () =>
      json(200, {
        data: {
          reducedRateEligible: true,
          controlledGroupShareBasisPoints: 10_000,
          exciseFilingFrequency: 'quarterly',
          operationsReportFrequency: 'quarterly',
          brewersNoticeNumber: '',
          timeZone: 'UTC',
        },
      }),
  }
})
afterEach(() => vi.unstubAllGlobals())

// Typing into many fields takes seconds on a busy machine.
describe('the Reporting page', { timeout: 20_000 }, () => {
  // First in the file: the modules are imported once for all its tests.
  it('shows the overview with its charts, and fetches the TTB and Sales tabs only when chosen', async () => {
    renderWith('Manager', <ReportingPage now={NOW} />)
    expect(await screen.findByRole('cell', { name: 'Hazy Daze' })).toBeInTheDocument()
    expect(
      await screen.findByRole('figure', { name: 'Barrels brewed and packaged by month' }),
    ).toBeInTheDocument()
    expect(await screen.findByRole('figure', { name: 'Cost of each batch brewed' })).toBeInTheDocument()
    expect(imported).toEqual([])
    await userEvent.hover(screen.getByRole('tab', { name: 'TTB' }))
    await waitFor(() => expect(imported).toEqual(['ttb-tab', 'confirm-dialog']))
    await userEvent.click(screen.getByRole('tab', { name: 'TTB' }))
    expect(await screen.findByRole('rowheader', { name: 'Produced' })).toBeInTheDocument()
    expect(imported).not.toContain('sales-tab')
    await userEvent.click(screen.getByRole('tab', { name: 'Sales' }))
    await waitFor(() => expect(imported).toContain('sales-tab'))
  })

  it('opens on the quarter in progress and shows its production as a table with its CSV', async () => {
    renderWith('Manager', <ReportingPage now={NOW} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Reporting' })).toBeInTheDocument()
    expect(screen.getByLabelText('Quarter')).toHaveValue('2026-Q4')
    expect(await screen.findByRole('cell', { name: 'Hazy Daze' })).toBeInTheDocument()
    // Which zone the reports' days are cut in, on every tab.
    expect(
      await screen.findByText(
        'Days run from midnight America/Los Angeles, the brewery’s time zone (Settings → Tax).',
      ),
    ).toBeInTheDocument()
    // Two decimals as the forms report barrels; the server's exact 15.49871 on hover (and in the CSV).
    expect(screen.getByText('15.50')).toHaveAttribute('title', '15.49871 bbl')
    expect(calls).toContain('/api/reports/production?from=2026-10&to=2026-12')
    expect(await screen.findByText('No beer was lost, dumped or sampled in this period.')).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Download CSV' }).length).toBeGreaterThanOrEqual(3)
  })

  it("opens a row's events in a dialog from its Events count, a page at a time (ADR 419)", async () => {
    const event = (i: number) => ({
      id: `e${i}`,
      bookedAt: '2026-10-02T15:04:05.000Z',
      kind: i === 1 ? 'correction' : 'brewed',
      units: i === 1 ? -50_000 : 1_500_000,
      barrels: i === 1 ? '-0.50000' : '15.00000',
      reversalOf: i === 1 ? 'e0' : null,
    })
    let fail = false
    answers['/api/reports/production/events'] = () =>
      fail
        ? json(500, { error: { code: 'INTERNAL', message: 'The events could not be read.' } })
        : json(200, {
            data: calls.at(-1)!.includes('offset=100')
              ? [event(101), event(102)]
              : Array.from({ length: 100 }, (_, i) => event(i + 1)),
          })
    renderWith('Manager', <ReportingPage now={NOW} />)
    const button = await screen.findByRole('button', {
      name: '102 events behind Hazy Daze, 2026-07: list them',
    })
    await userEvent.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Events behind Hazy Daze, 2026-07' })
    expect(await within(dialog).findByText('e100')).toBeInTheDocument()
    expect(within(dialog).getByText('Reversal: correction')).toBeInTheDocument()
    expect(within(dialog).getByText('-0.50')).toHaveAttribute('title', '-0.50000 bbl')
    expect(calls).toContain(
      '/api/reports/production/events?from=2026-10&to=2026-12&month=2026-07&product=Hazy%20Daze&offset=0&limit=100',
    )
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }))
    expect(await within(dialog).findByText('e102')).toBeInTheDocument()
    expect(within(dialog).getByText('101–102 of 102')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled()
    // Closed with Escape; opened again from the keyboard, and a failure said.
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    fail = true
    button.focus()
    await userEvent.keyboard('{Enter}')
    const again = await screen.findByRole('dialog', { name: 'Events behind Hazy Daze, 2026-07' })
    expect(await within(again).findByRole('alert')).toHaveTextContent('The events could not be read.')
    // The failure offers Try again, which reads the page again.
    fail = false
    await userEvent.click(within(again).getByRole('button', { name: 'Try again' }))
    expect(await within(again).findByText('e100')).toBeInTheDocument()
    expect(within(again).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('opens on the quarter in progress where the brewery is, not on the browser’s clock', async () => {
    // 20:00 UTC on 31 December 2026 is already 10:00 on 1 January 2027 in Kiritimati (UTC+14): the brewery's
    // quarter is 2027-Q1 while the browser's UTC date is still in 2026-Q4.
    answers['/api/sales/today'] = () =>
      json(200, { data: { timeZone: 'Pacific/Kiritimati', today: '2027-01-01' } })
    renderWith('Manager', <ReportingPage now={() => new Date('2026-12-31T20:00:00Z')} />)
    await waitFor(() => expect(screen.getByLabelText('Quarter')).toHaveValue('2027-Q1'))
    await waitFor(() => expect(calls).toContain('/api/reports/production?from=2027-01&to=2027-03'))
    await userEvent.click(screen.getByRole('tab', { name: 'Sales' }))
    await waitFor(() => expect(calls).toContain('/api/sales/report?from=2027-01&to=2027-03'))
  })

  it('shows batch cost, cost per unit and inventory value, each with its CSV', async () => {
    renderWith('Manager', <ReportingPage now={NOW} />)
    const batchCost = await screen.findByRole('region', { name: 'Batch cost' })
    expect(
      await within(batchCost).findByRole('cell', { name: '2026-014 · Hazy Daze (2026-08-10)' }),
    ).toBeInTheDocument()
    expect(within(batchCost).getAllByRole('cell', { name: '$97.20' })).toHaveLength(2)
    // $60.00 of ingredients over the 2 bbl brewed, not the 1.5 packaged
    expect(within(batchCost).getByRole('cell', { name: '$30.00' })).toBeInTheDocument()
    expect(within(batchCost).getByRole('cell', { name: '1.50' })).toBeInTheDocument()
    const perUnit = screen.getByRole('region', { name: 'Cost per unit of finished goods' })
    expect(within(perUnit).getByRole('cell', { name: 'Hazy Daze · 16oz Cans (HD-16)' })).toBeInTheDocument()
    expect(within(perUnit).getByRole('cell', { name: '$0.22' })).toBeInTheDocument()
    const value = screen.getByRole('region', { name: 'Inventory value' })
    // Ingredients: $40 of malt and $50 of hops
    expect(within(value).getByRole('cell', { name: '$90.00' })).toBeInTheDocument()
    // Beer in tanks, finished goods, the total and the month's loss
    for (const figure of ['$27.00', '$32.48', '$224.68', '$0.22'])
      expect(within(value).getByRole('cell', { name: figure })).toBeInTheDocument()
    expect(calls).toContain('/api/reports/costs?from=2026-10&to=2026-12')
    for (const region of [batchCost, perUnit, value])
      expect(within(region).getByRole('button', { name: 'Download CSV' })).toBeInTheDocument()
  })

  it('says when no batch was brewed or packaged in the period', async () => {
    answers['/api/reports/costs'] = () =>
      json(200, { data: { batches: [], units: [], inventoryValue: COSTS.inventoryValue } })
    renderWith('Manager', <ReportingPage now={NOW} />)
    expect(await screen.findByText('No batch was brewed in this period.')).toBeInTheDocument()
    expect(screen.getByText('Nothing was packaged in this period.')).toBeInTheDocument()
  })

  it('reads the chosen quarter', async () => {
    renderWith('Manager', <ReportingPage now={NOW} />)
    await userEvent.selectOptions(screen.getByLabelText('Quarter'), '2026-Q2')
    await waitFor(() => expect(calls).toContain('/api/reports/production?from=2026-04&to=2026-06'))
  })

  it('lists the 5130.26 lines in the form’s words and drills a line down to its events, summing to it', async () => {
    renderWith('Manager', <ReportingPage now={NOW} />)
    await userEvent.click(screen.getByRole('tab', { name: 'TTB' }))
    expect(
      await screen.findByRole('rowheader', {
        name: 'Beer removed for consumption or sale including beer removed tax determined for consumption or sale in a tavern on brewery premises',
      }),
    ).toBeInTheDocument()
    expect(screen.getByText('37.62')).toBeInTheDocument()
    expect(screen.getByText(/^Line 15: the physical inventory of 2026-08/)).toBeInTheDocument()
    expect(screen.getByText('The form balances.')).toBeInTheDocument()
    expect(screen.getByText(/^0.03 bbl of packaged beer short and not explained/)).toBeInTheDocument()
    expect(
      screen.getByText(/2026-07-01 to 2026-10-01 \(exclusive\), days from midnight America\/Los Angeles$/),
    ).toBeInTheDocument()
    await userEvent.click(
      screen.getByRole('button', { name: 'Show the events of line 2, Produced: 45.50 bbl' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Line 2: Produced' })
    expect(await within(dialog).findByText('30.00')).toBeInTheDocument()
    expect(within(dialog).getByText('45.50')).toHaveAttribute('title', '45.50000 bbl')
    // Managers may not close a period.
    expect(screen.queryByRole('button', { name: 'Close period' })).not.toBeInTheDocument()
    expect(screen.getByText('Keg line leak')).toBeInTheDocument()
  })

  it('lets an Admin close the period after confirming', async () => {
    renderWith('Admin', <ReportingPage now={NOW} />)
    await userEvent.selectOptions(screen.getByLabelText('Quarter'), '2026-Q3')
    await userEvent.click(screen.getByRole('tab', { name: 'TTB' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Close period' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Close 2026-Q3 of TTB F 5130.26?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Close period' }))
    expect(writes).toEqual([
      expect.objectContaining({
        action: 'reporting:close-period',
        uri: '/api/reports/periods',
      }),
    ])
    expect((writes[0] as { data: Record<string, unknown> }).data).toMatchObject({
      report: '5130.26',
      period: '2026-Q3',
    })
  })

  it('still offers to close an ended period when this browser does not know the brewery’s zone', async () => {
    answers['/api/reports/ttb/5130-26'] = () =>
      json(200, { data: { ...OPERATIONS, timeZone: 'Mars/Olympus_Mons' } })
    renderWith('Admin', <ReportingPage now={NOW} />)
    await userEvent.click(screen.getByRole('tab', { name: 'TTB' }))
    expect(await screen.findByRole('button', { name: 'Close period' })).toBeInTheDocument()
    expect(screen.getByText(/days from midnight Mars\/Olympus Mons$/)).toBeInTheDocument()
  })

  it('queues a physical inventory by column with the cause of a shortage, refusing a bad figure', async () => {
    renderWith('Manager', <ReportingPage now={NOW} />)
    await userEvent.click(screen.getByRole('tab', { name: 'TTB' }))
    const bulk = await screen.findByLabelText(/Bulk beer in tanks/)
    await userEvent.type(bulk, '-1')
    await userEvent.type(screen.getByLabelText(/Beer in kegs/), '3')
    await userEvent.type(screen.getByLabelText(/Beer in cans and bottles/), '0.18145')
    await userEvent.click(screen.getByRole('button', { name: 'Save count' }))
    expect(
      await screen.findByText('Bulk beer must be barrels with at most 5 decimals, like 12.5'),
    ).toBeInTheDocument()
    expect(writes).toEqual([])
    await userEvent.clear(bulk)
    await userEvent.type(bulk, '20.5')
    await userEvent.click(screen.getByRole('button', { name: 'Add a cause' }))
    await userEvent.selectOptions(screen.getByLabelText('Cause'), 'Breakage')
    await userEvent.type(screen.getByLabelText(/Barrels short/), '0.00403')
    await userEvent.click(screen.getByRole('button', { name: 'Save count' }))
    await waitFor(() =>
      expect(writes).toEqual([
        expect.objectContaining({
          action: 'reporting:count-inventory',
          uri: '/api/reports/physical-inventories/2026-08',
          data: {
            month: '2026-08',
            bulkBbl: '20.5',
            kegBbl: '3',
            caseBbl: '0.18145',
            explanations: [{ cause: 'breakage', stage: 'packaged', barrels: '0.00403' }],
            note: '',
          },
        }),
      ]),
    )
  })

  it('offers a count only for a month that has ended, or ends today, in the brewery’s time zone', async () => {
    answers['/api/reports/ttb/5130-26'] = () =>
      json(200, {
        data: {
          ...OPERATIONS,
          reconciliation: ['2026-10', '2026-11', '2026-12'].map((month) => ({
            ...OPERATIONS.reconciliation[0],
            month,
            physicalUnits: null,
          })),
        },
      })
    renderWith('Manager', <ReportingPage now={() => new Date('2026-11-30T05:00:00Z')} />)
    await userEvent.click(screen.getByRole('tab', { name: 'TTB' }))
    const month = await screen.findByRole('combobox', { name: 'Month' })
    // 30 November 05:00 UTC is 29 November 21:00 in Los Angeles: November cannot be counted there yet.
    expect(
      within(month)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2026-10'])
  })

  it('shows the error and a retry when a report cannot be read', async () => {
    answers['/api/reports/production'] = () =>
      json(500, { error: { code: 'INTERNAL', message: 'Something broke' } })
    renderWith('Manager', <ReportingPage now={NOW} />)
    expect(
      await screen.findByText('Could not load production: Something broke', {}, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0)
  })

  it('tells a Brewer that reports are for Managers and Admins, asking nothing of the server', () => {
    renderWith('Brewer', <ReportingPage now={NOW} />)
    expect(screen.getByText(/Reports are for Managers and Admins/)).toBeInTheDocument()
    expect(calls).toEqual([])
  })
})

describe('Settings → Tax', () => {
  it('saves the tax facts with the share in basis points', async () => {
    renderWith('Admin', <TaxSettingsPage />)
    const share = await screen.findByLabelText('Share of a controlled group (%)')
    expect(share).toHaveValue('100')
    await userEvent.clear(share)
    await userEvent.type(share, '150')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The share cannot be above 100%')).toBeInTheDocument()
    await userEvent.clear(share)
    await userEvent.type(share, '33.33')
    await userEvent.type(screen.getByLabelText("Brewer's Notice number"), 'BR-OR-12345')
    const zone = screen.getByLabelText('Brewery time zone')
    expect(zone).toHaveValue('UTC')
    expect(zone).toHaveAccessibleDescription(/^Days begin at midnight here: today on the cellar dashboard/)
    await userEvent.selectOptions(zone, 'America/Los_Angeles')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(writes).toEqual([
        expect.objectContaining({
          action: 'reporting:save-tax-settings',
        }),
      ]),
    )
    expect((writes[0] as { data: Record<string, unknown> }).data).toMatchObject({
      controlledGroupShareBasisPoints: 3333,
      brewersNoticeNumber: 'BR-OR-12345',
      timeZone: 'America/Los_Angeles',
    })
  })

  it('keeps the time zone once a period is closed, and leaves it out of the save', async () => {
    answers['/api/reports/periods'] = () =>
      json(200, {
        data: [
          {
            id: '00000000-0000-4000-8000-000000000001',
            report: '5130.9',
            period: '2026-10',
            from: '2026-10-01',
            to: '2026-11-01',
            contentHash: 'a'.repeat(64),
            closedBy: null,
            closedAt: '2026-11-05T17:00:00.000Z',
          },
        ],
      })
    renderWith('Admin', <TaxSettingsPage />)
    const zone = await screen.findByLabelText('Brewery time zone')
    await waitFor(() => expect(zone).toBeDisabled())
    expect(zone).toHaveAccessibleDescription(
      'It stays as it is: 2026-10 (TTB F 5130.9) is closed, and closed periods were cut at midnight here.',
    )
    await userEvent.type(screen.getByLabelText("Brewer's Notice number"), 'BR-OR-1')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(writes).toHaveLength(1))
    const data = (writes[0] as { data: Record<string, unknown> }).data
    expect(data.brewersNoticeNumber).toBe('BR-OR-1')
    expect(data).not.toHaveProperty('timeZone')
  })

  it('is the Admins’ only', () => {
    renderWith('Manager', <TaxSettingsPage />)
    expect(screen.getByText(/Only Admins see and change/)).toBeInTheDocument()
    expect(calls).toEqual([])
  })
})

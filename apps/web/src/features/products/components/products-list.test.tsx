import type { Product } from '@brewcommand/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import { QueueProvider } from '@/lib/queue/queue-provider.tsx'
import { ProductsList } from './products-list.tsx'

const ENTITY = '11111111-1111-4111-8111-111111111111'
const product = (name: string, description: string): Product => ({
  id: crypto.randomUUID(),
  entityId: ENTITY,
  name,
  description,
  recipes: [],
  files: [],
  packagingTypes: [],
  tastingNotes: [],
  attributes: [],
})

afterEach(() => localStorage.clear())

function renderList(products: Product[]) {
  const appState: AppStateValue = {
    isLoaded: true,
    data: {
      user: { id: 'me', givenName: 'Ada', familyName: 'Test', email: 'ada@example.com', emailVerified: true },
      entities: [],
    },
    currentEntity: { entityId: ENTITY, role: 'Admin', products, packagingTypes: [] },
    currentAccessToken: 'access-token',
    applyLocal: vi.fn(),
    reload: vi.fn(() => Promise.resolve()),
  }
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <QueueProvider getAccessToken={() => Promise.resolve('t')}>
          <StaticAppStateProvider value={appState}>
            <ProductsList />
          </StaticAppStateProvider>
        </QueueProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('ProductsList', () => {
  it('lets a right-to-left name and description take their own direction (dir="auto"), not the page’s', () => {
    renderList([product('بيرة القمح الذهبية', 'طعم الخوخ والمانجو')])
    expect(screen.getByRole('link', { name: 'بيرة القمح الذهبية' })).toHaveAttribute('dir', 'auto')
    expect(screen.getByText('طعم الخوخ والمانجو')).toHaveAttribute('dir', 'auto')
    // The card's controls stay where the page's direction puts them.
    expect(screen.getByRole('button', { name: 'Actions for بيرة القمح الذهبية' }).closest('[dir]')).toBeNull()
  })

  it(
    'opens a card’s menu and asks before deleting, both fetched on first use',
    { timeout: 40_000 },
    async () => {
      const user = userEvent.setup()
      renderList([product('Hazy Days', '')])
      await user.click(screen.getByRole('button', { name: 'Actions for Hazy Days' }))
      // Fetched on first use: slow on a busy machine.
      const loading = { timeout: 15_000 }
      await user.click(await screen.findByRole('menuitem', { name: 'Delete' }, loading))
      const dialog = await screen.findByRole('alertdialog', {}, loading)
      expect(within(dialog).getByText(/Hazy Days/)).toBeInTheDocument()
    },
  )

  it('opens New Product from Add Product', { timeout: 40_000 }, async () => {
    const user = userEvent.setup()
    renderList([product('Hazy Days', '')])
    await user.click(screen.getByRole('button', { name: 'Add Product' }))
    expect(
      await screen.findByRole('dialog', { name: 'New Product' }, { timeout: 15_000 }),
    ).toBeInTheDocument()
  })
})

import {
  buildCatalog,
  calculateRecipeStats,
  FERMENTABLES,
  formatRecipeStats,
  HOPS,
  newRecipe,
  silentLogger,
  toRecipeYeast,
  YEASTS,
  type Product,
  type Recipe,
} from '@brewcommand/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import type { BootstrapEntity } from '@/lib/app-state/get-bootstrap.ts'
import { QueueProvider } from '@/lib/queue/queue-provider.tsx'
import { RecipePage } from '../recipe-page.tsx'
import { installDomPolyfills } from '@/testing/dom-polyfills.ts'

beforeAll(installDomPolyfills)
vi.setConfig({ testTimeout: 30_000 })
afterEach(() => vi.unstubAllGlobals())

const PRODUCT_ID = crypto.randomUUID()
const YEAST = YEASTS.find((y) => y.id === 'wyeast-1056-american-ale')!
const TWO_ROW = FERMENTABLES.find((f) => f.id === 'pale-2-row-malt')!
const CASCADE = HOPS.find((h) => h.id === 'cascade')!

function storedRecipe(): Recipe {
  const recipe: Recipe = {
    ...newRecipe(PRODUCT_ID),
    yield: { quantity: 5, unit: 'GAL' },
    yeast: toRecipeYeast(YEAST),
    style: 'american-pale-ale',
    boilTime: 60,
    grainBill: [
      { id: crypto.randomUUID(), ingredient: { ...TWO_ROW }, amount: { value: 10, unit: 'Pounds' } },
    ],
    hopsBill: [
      {
        id: crypto.randomUUID(),
        ingredient: { ...CASCADE },
        amount: { value: 1, unit: 'Ounces' },
        additionType: 'Boil',
        time: { value: 60, unit: 'Minutes' },
      },
    ],
    process: [
      {
        id: crypto.randomUUID(),
        order: 1,
        type: 'infusion-mash',
        temperature: '152',
        durationMins: '60',
        targetpH: '',
        brewersNotes: '',
      },
      {
        id: crypto.randomUUID(),
        order: 2,
        type: 'mash-out',
        temperature: '168',
        durationMins: '10',
        targetpH: '',
        brewersNotes: '',
      },
    ],
  }
  return { ...recipe, ...calculateRecipeStats(recipe, { logger: silentLogger }) }
}

type Sent = { method: string; url: string; body: unknown }

/** Renders the recipe routes at `path` with a brewery holding one product; fetch answers the catalogue and writes. */
function renderAt(path: string, { recipes = [storedRecipe()], catalog = 'ok' } = {}) {
  const sent: Sent[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/catalog') {
        if (catalog === 'never') return new Promise(() => {})
        if (catalog === 'fail') return Promise.resolve(new Response('{}', { status: 500 }))
        return Promise.resolve(Response.json({ data: buildCatalog() }))
      }
      sent.push({
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? JSON.parse(init.body as string) : undefined,
      })
      return Promise.resolve(new Response(null, { status: 204 }))
    }),
  )
  const product: Product = {
    id: PRODUCT_ID,
    entityId: crypto.randomUUID(),
    name: 'Cascade Pale',
    description: '',
    recipes,
    files: [],
    packagingTypes: [],
    tastingNotes: [],
    attributes: [],
  }
  let entity: BootstrapEntity = {
    entityId: product.entityId,
    role: 'Brewer',
    products: [product],
    packagingTypes: [],
  }
  const state = (): AppStateValue => ({
    isLoaded: true,
    data: {
      user: { id: 'u', givenName: 'Rae', familyName: '', email: '', emailVerified: true },
      entities: [entity],
    },
    currentEntity: entity,
    currentAccessToken: 'token',
    applyLocal: (change) => {
      entity = change(entity)
    },
    reload: () => Promise.resolve(),
  })
  function Where() {
    const location = useLocation()
    return <p data-testid="location">{location.pathname + location.search}</p>
  }
  const router = createMemoryRouter(
    [
      { path: '/secure/products', element: <Where /> },
      { path: '/secure/products/editrecipe', element: <RecipePage /> },
      { path: '/secure/products/:productId', element: <Where /> },
      { path: '/secure/products/:productId/recipes', element: <RecipePage /> },
      { path: '/secure/products/:productId/recipes/:recipeId', element: <RecipePage /> },
    ],
    { initialEntries: [path] },
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <StaticAppStateProvider value={state()}>
        <QueueProvider getAccessToken={() => Promise.resolve('token')}>
          <RouterProvider router={router} />
        </QueueProvider>
      </StaticAppStateProvider>
    </QueryClientProvider>,
  )
  return {
    sent,
    entity: () => entity,
    location: () => router.state.location.pathname + router.state.location.search,
  }
}

const figure = (label: string) => screen.getByLabelText(label, { selector: 'input' })

describe('RecipePage', () => {
  it('onboarding: shows the form messages word for word, then queues the product with its recipe and goes to it', async () => {
    const user = userEvent.setup()
    const view = renderAt('/secure/products/editrecipe', { recipes: [] })
    expect(screen.getByRole('heading', { level: 1, name: 'Recipe Information' })).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Batch Size Unit'), [])
    await user.click(screen.getByRole('button', { name: 'Save Recipe' }))
    expect(await screen.findByText('Product Name is required.')).toBeInTheDocument()
    expect(screen.getByText('Batch size is required.')).toBeInTheDocument()
    expect(screen.getByText('Yeast strain is required.')).toBeInTheDocument()
    expect(view.sent).toHaveLength(0)

    await user.type(screen.getByLabelText('Product Name'), '  Hazy Days ')
    await user.type(screen.getByLabelText('Batch Size'), '7.5')
    await screen.findByRole('table', { name: 'Grain Bill' })
    await user.click(screen.getByRole('combobox', { name: 'Yeast' }))
    await user.type(screen.getByPlaceholderText('Search Yeast'), '1056')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByText('Yeast strain is required.')).not.toBeInTheDocument())
    expect(screen.queryByText('Product Name is required.')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save Recipe' }))

    await waitFor(() => expect(view.sent).toHaveLength(1))
    const [request] = view.sent
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/api/products')
    const data = (request.body as { type: string; data: { id: string; name: string; recipes: Recipe[] } })
      .data
    expect((request.body as { type: string }).type).toBe('product')
    expect(data.name).toBe('Hazy Days')
    expect(data.recipes[0]).toMatchObject({
      productId: data.id,
      yield: { quantity: 7.5, unit: 'BBL' },
      yeast: { id: YEAST.id, attenuation: 75 },
    })
    expect(view.location()).toBe(`/secure/products/${data.id}`)
    expect(view.entity().products.some((p) => p.id === data.id)).toBe(true)
  })

  it('edit: recalculates on every change with the engine, shows the style marks, and saves with PUT to the product page', async () => {
    const user = userEvent.setup()
    const recipe = storedRecipe()
    const view = renderAt(`/secure/products/${PRODUCT_ID}/recipes/${recipe.id}`, { recipes: [recipe] })
    await screen.findByRole('table', { name: 'Grain Bill' })
    const shown = formatRecipeStats(calculateRecipeStats(recipe, { logger: silentLogger }))
    expect(figure('Original Gravity')).toHaveValue(shown.originalGravity)
    expect(figure('IBUs')).toHaveValue(shown.ibu)
    expect(screen.getAllByText(/^(Below|Within|Above) style$/)).toHaveLength(5)

    await user.clear(screen.getByLabelText('Batch Size'))
    await user.type(screen.getByLabelText('Batch Size'), '10')
    const changed = { ...recipe, yield: { quantity: 10, unit: 'GAL' as const } }
    const expected = formatRecipeStats(calculateRecipeStats(changed, { logger: silentLogger }))
    expect(figure('Original Gravity')).toHaveValue(expected.originalGravity)
    expect(figure('Final Gravity')).toHaveValue(expected.finalGravity)
    expect(figure('ABV')).toHaveValue(expected.abv)
    expect(figure('IBUs')).toHaveValue(expected.ibu)
    expect(figure('SRM')).toHaveValue(expected.srm)

    await user.click(screen.getByRole('button', { name: 'Move Up: 2. Mash Out' }))
    await user.click(screen.getByRole('button', { name: 'Save Recipe' }))
    await waitFor(() => expect(view.sent).toHaveLength(1))
    expect(view.sent[0]).toMatchObject({
      method: 'PUT',
      url: `/api/products/${PRODUCT_ID}/recipes/${recipe.id}`,
    })
    const saved = (view.sent[0].body as { type: string; data: Recipe }).data
    expect((view.sent[0].body as { type: string }).type).toBe('recipe')
    expect(saved.yield).toEqual({ quantity: 10, unit: 'GAL' })
    expect(saved.process.map((s) => [s.type, s.order])).toEqual([
      ['mash-out', 1],
      ['infusion-mash', 2],
    ])
    expect(view.location()).toBe(`/secure/products/${PRODUCT_ID}`)
    expect(view.entity().products[0].recipes[0].yield.quantity).toBe(10)
  })

  it('offers the specialty styles, whose figures vary with the base style, without range marks', async () => {
    const user = userEvent.setup()
    const recipe = storedRecipe()
    const view = renderAt(`/secure/products/${PRODUCT_ID}/recipes/${recipe.id}`, { recipes: [recipe] })
    await screen.findByRole('table', { name: 'Grain Bill' })
    expect(screen.getAllByText(/^(Below|Within|Above) style$/)).toHaveLength(5)

    await user.selectOptions(screen.getByLabelText('Style'), 'Fruit Beer')
    expect(
      screen.getByText(
        'Fruit Beer (BJCP 2021 29A): its figures vary with the base style, so there are no ranges to compare.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryAllByText(/^(Below|Within|Above) style$/)).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Save Recipe' }))
    await waitFor(() => expect(view.sent).toHaveLength(1))
    expect((view.sent[0].body as { data: Recipe }).data.style).toBe('fruit-beer')
  })

  it('view: hides every control, shows the breadcrumbs and the figures, and Edit Recipe carries returnTo=view', async () => {
    const user = userEvent.setup()
    const recipe = storedRecipe()
    const view = renderAt(`/secure/products/${PRODUCT_ID}/recipes/${recipe.id}?viewMode=true`, {
      recipes: [recipe],
    })
    await screen.findByRole('table', { name: 'Grain Bill' })
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
    expect(crumbs.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/secure/products')
    expect(crumbs.getByRole('link', { name: 'Cascade Pale' })).toHaveAttribute(
      'href',
      `/secure/products/${PRODUCT_ID}`,
    )
    expect(crumbs.getByText('5 Gallons')).toBeInTheDocument()
    expect(
      screen.queryByRole('button', { name: /Add|Save Recipe|Cancel|Actions for|Move/ }),
    ).not.toBeInTheDocument()
    // Only the calculated figures are fields, and they are read-only.
    expect(screen.getAllByRole('textbox').every((field) => (field as HTMLInputElement).readOnly)).toBe(true)
    expect(figure('SRM')).toHaveValue(formatRecipeStats(recipe).srm)
    await user.click(screen.getByRole('link', { name: 'Edit Recipe' }))
    expect(view.location()).toBe(`/secure/products/${PRODUCT_ID}/recipes/${recipe.id}?returnTo=view`)
  })

  it.each([
    ['edit with returnTo=view', '?returnTo=view', `?viewMode=true`],
    ['edit', '', null],
  ])('%s: Cancel and Save lead where the spec says', async (_name, query, viewQuery) => {
    const user = userEvent.setup()
    const recipe = storedRecipe()
    const view = renderAt(`/secure/products/${PRODUCT_ID}/recipes/${recipe.id}${query}`, {
      recipes: [recipe],
    })
    const target = viewQuery
      ? `/secure/products/${PRODUCT_ID}/recipes/${recipe.id}${viewQuery}`
      : `/secure/products/${PRODUCT_ID}`
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(view.location()).toBe(target)
    expect(view.sent).toHaveLength(0)
  })

  it('new recipe on a product: Cancel goes to the product page, Save queues POST and goes there too', async () => {
    const user = userEvent.setup()
    const view = renderAt(`/secure/products/${PRODUCT_ID}/recipes`, { recipes: [] })
    await screen.findByRole('table', { name: 'Grain Bill' })
    await user.type(screen.getByLabelText('Batch Size'), '3')
    await user.click(screen.getByRole('combobox', { name: 'Yeast' }))
    await user.type(screen.getByPlaceholderText('Search Yeast'), 'zzzz')
    expect(screen.getByText('No matching yeast')).toBeInTheDocument()
    await user.clear(screen.getByPlaceholderText('Search Yeast'))
    await user.type(screen.getByPlaceholderText('Search Yeast'), '1056')
    await user.click(screen.getByRole('option', { name: /Wyeast 1056/ }))
    await user.click(screen.getByRole('button', { name: 'Save Recipe' }))
    await waitFor(() => expect(view.sent).toHaveLength(1))
    expect(view.sent[0]).toMatchObject({ method: 'POST', url: `/api/products/${PRODUCT_ID}/recipes` })
    expect(view.location()).toBe(`/secure/products/${PRODUCT_ID}`)
  })

  it('shows Loading... in each section until the catalogue is in, and refuses to save without it', async () => {
    const user = userEvent.setup()
    const recipe = storedRecipe()
    const view = renderAt(`/secure/products/${PRODUCT_ID}/recipes/${recipe.id}`, {
      recipes: [recipe],
      catalog: 'never',
    })
    expect(screen.getAllByText('Loading...')).toHaveLength(4)
    for (const title of ['Grain Bill', 'Hops Bill', 'Other Ingredients', 'Mash Steps'])
      expect(screen.getByRole('button', { name: title })).toHaveAttribute('aria-expanded', 'true')
    await user.click(screen.getByRole('button', { name: 'Save Recipe' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('No catalog data loaded')
    expect(view.sent).toHaveLength(0)
  })

  it('says No catalog data loaded with Retry when the catalogue fails', async () => {
    const recipe = storedRecipe()
    renderAt(`/secure/products/${PRODUCT_ID}/recipes/${recipe.id}`, { recipes: [recipe], catalog: 'fail' })
    expect((await screen.findAllByText('No catalog data loaded', {}, { timeout: 5000 })).length).toBe(4)
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(4)
  })

  it('folds a section away and back', async () => {
    const user = userEvent.setup()
    const recipe = storedRecipe()
    renderAt(`/secure/products/${PRODUCT_ID}/recipes/${recipe.id}?viewMode=true`, { recipes: [recipe] })
    await user.click(screen.getByRole('button', { name: 'Hops Bill' }))
    expect(screen.getByRole('button', { name: 'Hops Bill' })).toHaveAttribute('aria-expanded', 'false')
  })

  it('says Product not found! for an unknown product', () => {
    renderAt(`/secure/products/${crypto.randomUUID()}/recipes`)
    expect(screen.getByRole('alert')).toHaveTextContent('Product not found!')
  })
})

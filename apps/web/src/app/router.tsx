import type { ComponentType } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { FullPageSpinner } from '@/components/ui/spinner.tsx'
import { RootLayout } from './root-layout.tsx'
import { LandingPage } from './routes/landing.tsx'
import { NotFoundPage } from './routes/not-found.tsx'

// Route-level code splitting (ADR 092): the landing page and the not-found page come with the first
// script; every other screen is fetched when first visited, so a visitor never downloads the app.
const secure = () => import('./routes/secure/pages.tsx')
// The screens that read server state get the query cache's provider with them (lib/query-client.tsx).
const withQueries = async (load: Promise<ComponentType>) => {
  const [queries, Component] = await Promise.all([import('@/lib/query-client.tsx'), load])
  return { Component: queries.withQueries(Component) }
}
const recipePage = async () => ({
  Component: (await import('./routes/secure/recipe-route.tsx')).RecipeRoute,
})

/** The app's routes; createRouter gives them to the browser's history (tests use a memory router). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // A full page load on a lazy route renders this until the route's module is in (issue 34, defect 14):
    // without it React Router warns "No `HydrateFallback` element provided" on every load.
    HydrateFallback: () => <FullPageSpinner />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/plans', lazy: () => withQueries(import('./routes/plans.tsx').then((m) => m.PlansPage)) },
      {
        path: '/invitations/:token',
        lazy: () => withQueries(import('./routes/invitation.tsx').then((m) => m.InvitationRoute)),
      },
      {
        path: '/secure',
        lazy: () => withQueries(import('./routes/secure/secure-layout.tsx').then((m) => m.SecureLayout)),
        children: [
          { index: true, lazy: async () => ({ Component: (await secure()).DashboardPage }) },
          // The app's first page, in a module of its own (docs/decisions/173-first-page-loads-what-it-shows.md).
          {
            path: 'products',
            lazy: async () => ({
              Component: (await import('./routes/secure/products-page.tsx')).ProductsPage,
            }),
          },
          { path: 'products/editrecipe', lazy: recipePage },
          { path: 'products/onboarding', lazy: recipePage },
          { path: 'products/:productId', lazy: async () => ({ Component: (await secure()).ProductPage }) },
          { path: 'products/:productId/recipes', lazy: recipePage },
          { path: 'products/:productId/recipes/:recipeId', lazy: recipePage },
          // Its own module: the other secure screens (pages.tsx) are not loaded with it (ADR 390).
          {
            path: 'inventory',
            lazy: async () => ({
              Component: (await import('@/features/inventory/components/inventory-page.tsx')).InventoryPage,
            }),
          },
          // Kegs (docs/decisions/290-kegs.md): the board and register, the phone's Scan screen, one keg.
          {
            path: 'inventory/kegs',
            lazy: async () => ({
              Component: (await import('@/features/kegs/components/kegs-page.tsx')).KegsPage,
            }),
          },
          {
            path: 'inventory/kegs/scan',
            lazy: async () => ({
              Component: (await import('@/features/kegs/components/scan-page.tsx')).ScanPage,
            }),
          },
          {
            path: 'inventory/kegs/:kegId',
            lazy: async () => ({
              Component: (await import('@/features/kegs/components/keg-page.tsx')).KegPage,
            }),
          },
          { path: 'sales', lazy: async () => ({ Component: (await secure()).SalesPage }) },
          { path: 'sales/:section', lazy: async () => ({ Component: (await secure()).SalesPage }) },
          { path: 'operations', lazy: async () => ({ Component: (await secure()).OperationsPage }) },
          // The cellar (docs/production.md); its chart library comes with these screens only.
          {
            path: 'operations/cellar',
            lazy: async () => ({
              Component: (await import('@/features/cellar/components/cellar-page.tsx')).CellarPage,
            }),
          },
          {
            path: 'operations/cellar/batches/:batchId',
            lazy: async () => ({
              Component: (await import('@/features/cellar/components/cellar-page.tsx')).CellarBatchRoute,
            }),
          },
          {
            path: 'operations/batches/:batchId',
            lazy: async () => ({ Component: (await import('./routes/secure/batch-route.tsx')).BatchRoute }),
          },
          {
            path: 'operations/batches/:batchId/brew-day',
            lazy: async () => ({
              Component: (await import('./routes/secure/brew-day-route.tsx')).BrewDayRoute,
            }),
          },
          {
            path: 'operations/schedule',
            lazy: async () => ({
              Component: (await import('@/features/schedule/components/schedule-page.tsx')).SchedulePage,
            }),
          },
          {
            path: 'reporting/trace',
            lazy: async () => ({
              Component: (await import('@/features/trace/components/trace-page.tsx')).TracePage,
            }),
          },
          {
            // Its own chunk: the charting library loads with the Reporting page only (ADR 217).
            path: 'reporting',
            lazy: async () => ({
              Component: (await import('@/features/reporting/components/reporting-page.tsx')).ReportingPage,
            }),
          },
          { path: 'profile', lazy: async () => ({ Component: (await secure()).ProfilePage }) },
          {
            path: 'settings',
            lazy: async () => ({ Component: (await secure()).SettingsLayout }),
            children: [
              { index: true, lazy: async () => ({ Component: (await secure()).UserManagementPage }) },
              { path: 'users', lazy: async () => ({ Component: (await secure()).UserManagementPage }) },
              {
                path: 'roles',
                lazy: async () => ({
                  Component: (await import('@/features/users/components/roles-table.tsx')).RolesTable,
                }),
              },
              {
                path: 'equipment',
                lazy: async () => ({ Component: (await secure()).EquipmentSettingsPage }),
              },
              { path: 'billing', lazy: async () => ({ Component: (await secure()).BillingPage }) },
              {
                path: 'tax',
                lazy: async () => ({
                  Component: (await import('@/features/reporting/components/tax-settings.tsx'))
                    .TaxSettingsPage,
                }),
              },
              {
                path: 'devices',
                lazy: async () => ({
                  Component: (await import('@/features/cellar/components/devices-settings.tsx'))
                    .DevicesSettings,
                }),
              },
              {
                path: 'api-keys',
                lazy: async () => ({
                  Component: (await import('@/features/api-keys/components/api-keys-settings.tsx'))
                    .ApiKeysSettings,
                }),
              },
              {
                path: 'webhooks',
                lazy: async () => ({
                  Component: (await import('@/features/webhooks/components/webhooks-settings.tsx'))
                    .WebhooksSettings,
                }),
              },
              {
                path: 'integrations',
                lazy: async () => ({
                  Component: (await import('@/features/accounting/components/integrations-settings.tsx'))
                    .IntegrationsSettings,
                }),
              },
              {
                // The OAuth redirect URI registered with Intuit and Xero (QUICKBOOKS_REDIRECT_URI, XERO_REDIRECT_URI).
                path: 'integrations/callback/:provider',
                lazy: async () => ({
                  Component: (await import('@/features/accounting/components/integrations-callback.tsx'))
                    .IntegrationsCallback,
                }),
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

export function createRouter() {
  return createBrowserRouter(routes)
}

import { createBrowserRouter } from 'react-router'
import { RecipePage } from '@/features/recipes/recipe-page.tsx'
import { RootLayout } from './root-layout.tsx'
import { LandingPage } from './routes/landing.tsx'
import { NotFoundPage } from './routes/not-found.tsx'
import { PlansPage } from './routes/plans.tsx'
import { InvitationRoute } from './routes/invitation.tsx'
import { RolesTable } from '@/features/users/components/roles-table.tsx'
import {
  BillingPage,
  DashboardPage,
  InventoryPage,
  OperationsPage,
  ProductPage,
  ProductsPage,
  ProfilePage,
  ReportingPage,
  SettingsLayout,
  SettingsPlaceholderPage,
  UserManagementPage,
} from './routes/secure/pages.tsx'
import { SecureLayout } from './routes/secure/secure-layout.tsx'

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: <LandingPage /> },
        { path: '/plans', element: <PlansPage /> },
        { path: '/invitations/:token', element: <InvitationRoute /> },
        {
          path: '/secure',
          element: <SecureLayout />,
          children: [
            { index: true, element: <DashboardPage /> },
            { path: 'products', element: <ProductsPage /> },
            { path: 'products/editrecipe', element: <RecipePage /> },
            { path: 'products/onboarding', element: <RecipePage /> },
            { path: 'products/:productId', element: <ProductPage /> },
            { path: 'products/:productId/recipes', element: <RecipePage /> },
            { path: 'products/:productId/recipes/:recipeId', element: <RecipePage /> },
            { path: 'inventory', element: <InventoryPage /> },
            { path: 'operations', element: <OperationsPage /> },
            { path: 'reporting', element: <ReportingPage /> },
            { path: 'profile', element: <ProfilePage /> },
            {
              path: 'settings',
              element: <SettingsLayout />,
              children: [
                { index: true, element: <UserManagementPage /> },
                { path: 'users', element: <UserManagementPage /> },
                { path: 'roles', element: <RolesTable /> },
                { path: 'equipment', element: <SettingsPlaceholderPage title="Equipment" /> },
                { path: 'billing', element: <BillingPage /> },
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ])
}

import { createBrowserRouter } from 'react-router'
import { RootLayout } from './root-layout.tsx'
import { LandingPage } from './routes/landing.tsx'
import { NotFoundPage } from './routes/not-found.tsx'
import { PlansPage } from './routes/plans.tsx'

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: <LandingPage /> },
        { path: '/plans', element: <PlansPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ])
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ComponentType, ReactNode } from 'react'

/**
 * The app's one server-state cache. Provided by the screens that read through it (the secure app, the
 * plans and invitation pages), not at the root: the landing page then loads no TanStack Query (ADR 171).
 */
export const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } })

export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}

/** A route component inside the query cache's provider. */
export function withQueries(Component: ComponentType) {
  return function RouteWithQueries() {
    return (
      <WithQueries>
        <Component />
      </WithQueries>
    )
  }
}

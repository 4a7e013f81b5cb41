import type { AppConfig } from '@brewcommand/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { createAppAuthClient } from '@/lib/auth/auth-client.ts'
import { AuthProvider } from '@/lib/auth/auth-provider.tsx'
import { RunTimeConfigContext } from '@/lib/run-time-config.ts'

/** Everything the routes rely on: run-time config, server-state cache and the signed-in identity. */
export function AppProviders({
  config,
  onRedirectCallback,
  children,
}: {
  config: AppConfig
  onRedirectCallback: (returnTo: string) => void
  children: ReactNode
}) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } }),
  )
  const [authClient] = useState(() => createAppAuthClient(config.oidc))
  return (
    <RunTimeConfigContext value={config}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider client={authClient} onRedirectCallback={onRedirectCallback}>
          {children}
        </AuthProvider>
      </QueryClientProvider>
    </RunTimeConfigContext>
  )
}

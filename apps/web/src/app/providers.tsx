import type { AppConfig } from '@brewcommand/domain'
import { useState, type ReactNode } from 'react'
import { createAppAuthClient } from '@/lib/auth/auth-client.ts'
import { AuthProvider } from '@/lib/auth/auth-provider.tsx'
import { RunTimeConfigContext } from '@/lib/run-time-config.ts'

/** What every route relies on: the run-time config and the signed-in identity. */
export function AppProviders({
  config,
  onRedirectCallback,
  children,
}: {
  config: AppConfig
  onRedirectCallback: (returnTo: string) => void
  children: ReactNode
}) {
  const [authClient] = useState(() => createAppAuthClient(config.oidc))
  return (
    <RunTimeConfigContext value={config}>
      {/* The query cache is provided by the routes that use it (lib/query-client.tsx). */}
      <AuthProvider client={authClient} onRedirectCallback={onRedirectCallback}>
        {children}
      </AuthProvider>
    </RunTimeConfigContext>
  )
}

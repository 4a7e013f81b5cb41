import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { AppProviders } from './app/providers.tsx'
import { createRouter } from './app/router.tsx'
import { rememberAutomatedTestFlag } from './lib/automated-test.ts'
import { registerServiceWorker } from './lib/register-service-worker.ts'
import { loadRunTimeConfig } from './lib/run-time-config.ts'
import './index.css'

rememberAutomatedTestFlag()
registerServiceWorker()
const root = createRoot(document.getElementById('root')!)

function StartupError({ message }: { message: string }) {
  return (
    <main
      role="alert"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-semibold">BrewCommand could not start</h1>
      <p className="text-muted-foreground">{message}</p>
      <button
        type="button"
        className="rounded-md bg-primary px-4 py-2 text-primary-foreground"
        onClick={() => window.location.reload()}
      >
        Retry
      </button>
    </main>
  )
}

// The run-time configuration comes first, so one build runs on any host name (docs/architecture.md "Configuration").
try {
  const config = await loadRunTimeConfig()
  const router = createRouter()
  root.render(
    <StrictMode>
      <AppProviders
        config={config}
        onRedirectCallback={(returnTo) => void router.navigate(returnTo, { replace: true })}
      >
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
} catch (error) {
  console.error(error)
  root.render(<StartupError message="The server did not answer with its settings. Check your connection." />)
}

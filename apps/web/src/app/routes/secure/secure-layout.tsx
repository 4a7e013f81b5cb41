import { Navigate, Outlet } from 'react-router'
import { AppStateProvider, useAppState } from '@/features/app-state/app-state.tsx'
import { useAuth } from '@/features/auth/auth-context.ts'
import { SecureShell } from '@/features/shell/secure-shell.tsx'
import { RequireAuth } from './require-auth.tsx'

function Shell() {
  const { data, currentEntity } = useAppState()
  const { signOut } = useAuth()
  // A signed-in user without a brewery finishes onboarding first (DESIGN.md "Bootstrap").
  if (!currentEntity) return <Navigate to="/plans" replace />
  return (
    <SecureShell user={data.user} onSignOut={() => void signOut()}>
      <Outlet />
    </SecureShell>
  )
}

function LoadedArea() {
  const { user, getTokens } = useAuth()
  // RequireAuth guarantees a user here.
  const subject = user?.profile.sub ?? ''
  return (
    <AppStateProvider
      subject={subject}
      accessToken={user?.access_token}
      getTokens={() => getTokens({ requireFreshIdToken: true })}
    >
      <Shell />
    </AppStateProvider>
  )
}

/** /secure/*: signed-in users only, with the bootstrap loaded and the shell around every page. */
export function SecureLayout() {
  return (
    <RequireAuth>
      <LoadedArea />
    </RequireAuth>
  )
}

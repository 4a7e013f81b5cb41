import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { FullPageSpinner } from '@/components/ui/spinner.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'

/** The guard of /secure/*: a visitor who is not signed in goes to / (docs/product/01-access.md §2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth()
  const location = useLocation()
  if (isLoading && !isAuthenticated) return <FullPageSpinner label="Checking your session…" />
  if (!isAuthenticated) return <Navigate to="/" replace state={{ from: location.pathname }} />
  return children
}

import type { InvitationSummary } from '@brewcommand/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { Brand } from '@/components/brand.tsx'
import { isAutomatedTest } from '@/lib/automated-test.ts'
import { acceptInvitation, getInvitation } from '../api/team-api.ts'

const CLOSED: Record<Exclude<InvitationSummary['status'], 'pending'>, string> = {
  accepted: 'This invitation has already been used.',
  revoked: 'This invitation was withdrawn. Ask your brewery’s admin for a new one.',
  expired: 'This invitation has expired. Ask your brewery’s admin to send it again.',
}

/**
 * /invitations/{token}: the link of an invitation email. The person signs in or creates an account at
 * the identity provider, then joins the brewery with the invited role.
 */
export function InvitationPage({ token }: { token: string }) {
  const { isAuthenticated, isLoading, user, signInPopup, signInRedirect, getTokens } = useAuth()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => getInvitation(token),
    retry: false,
    refetchOnWindowFocus: false,
  })
  const [isAccepting, setIsAccepting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // Signing in from this page means "accept": it continues by itself once the session is there.
  const acceptAfterSignIn = useRef(false)

  async function accept() {
    setIsAccepting(true)
    setError(null)
    try {
      // The ID token rides along, so the team sees the new member's name at once.
      const tokens = await getTokens({ requireFreshIdToken: true })
      await acceptInvitation(token, { token: tokens.accessToken, idToken: tokens.idToken })
      await queryClient.invalidateQueries({ queryKey: ['bootstrap'] })
      await navigate('/secure', { replace: true })
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
      setIsAccepting(false)
    }
  }

  useEffect(() => {
    if (isAuthenticated && acceptAfterSignIn.current) {
      acceptAfterSignIn.current = false
      void accept()
    }
    // accept is recreated each render; the ref makes this run once per sign-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isAuthenticated])

  async function signIn(signup: boolean) {
    if (isAutomatedTest()) {
      await signInRedirect({ signup, returnTo: pathname })
      return
    }
    acceptAfterSignIn.current = true
    const signedIn = await signInPopup({ signup })
    if (!signedIn) acceptAfterSignIn.current = false
  }

  let body
  if (invitation.isPending) {
    body = (
      <p className="flex items-center gap-2 text-muted-foreground">
        <Spinner className="size-4" aria-hidden="true" /> Loading invitation...
      </p>
    )
  } else if (invitation.isError) {
    body = (
      <p role="alert" className="text-destructive">
        {invitation.error.message}
      </p>
    )
  } else {
    const { entityName, role, email, status } = invitation.data
    body = (
      <>
        <p>
          You are invited to join <strong dir="auto">{entityName}</strong> as <strong>{role}</strong>.
        </p>
        {status !== 'pending' ? (
          <p role="alert" className="text-destructive">
            {CLOSED[status]}
          </p>
        ) : isAuthenticated ? (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">Signed in as {user?.profile.email ?? 'you'}.</p>
            {user?.profile.email && user.profile.email.toLowerCase() !== email.toLowerCase() && (
              // Only the invited address, verified, can accept (the server refuses any other account).
              <p className="text-sm text-destructive">
                {`The invitation was sent to ${email}. Sign in with the account of that address to accept it.`}
              </p>
            )}
            <Button onClick={() => void accept()} disabled={isAccepting}>
              {isAccepting ? 'Joining...' : 'Accept invitation'}
            </Button>
          </div>
        ) : (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">
              The invitation was sent to {email}. Sign in, or create an account, to accept it.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void signIn(false)} disabled={isLoading}>
                Sign in
              </Button>
              <Button variant="outline" onClick={() => void signIn(true)} disabled={isLoading}>
                Create account
              </Button>
            </div>
          </div>
        )}
        {error && (
          <div role="alert" className="grid gap-2 text-destructive">
            <p>{error}</p>
            <Link to="/secure" className="text-sm underline underline-offset-4">
              Go to Dashboard
            </Link>
          </div>
        )}
      </>
    )
  }

  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-6 px-4 py-10">
      <Brand />
      <section
        aria-labelledby="invitation-heading"
        className="grid gap-4 rounded-xl border bg-card p-6 shadow-xs"
      >
        <h1 id="invitation-heading" className="text-2xl font-semibold tracking-tight">
          Join your team on BrewCommand
        </h1>
        {body}
      </section>
    </main>
  )
}

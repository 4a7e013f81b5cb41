import { useEffect, useRef, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { PROVIDER_LABELS, PROVIDERS, useFinishConnection, type Provider } from '../api/accounting-api.ts'

const INTEGRATIONS = '/secure/settings/integrations'

/** What the provider's answer lacks or says, in a sentence; null when the code and state are there. */
export function callbackProblem(provider: string | undefined, query: URLSearchParams): string | null {
  if (!PROVIDERS.includes(provider as Provider))
    return 'This page only takes answers from QuickBooks Online or Xero. Start again with Connect.'
  const label = PROVIDER_LABELS[provider as Provider]
  const refused = query.get('error')
  if (refused)
    return refused === 'access_denied'
      ? `${label} was not connected: access was declined on ${label}'s page. Start again with Connect to allow it.`
      : `${label} did not connect (${refused.slice(0, 80)}). Start again with Connect.`
  if (!query.get('code'))
    return `The answer from ${label} has no authorization code. Start again with Connect.`
  if (!query.get('state'))
    return `The answer from ${label} has no state, so it cannot be checked. Start again with Connect.`
  return null
}

/**
 * The OAuth callback page (`/secure/settings/integrations/callback/:provider`): hands the provider's code and state
 * to the server as the signed-in Admin, then says that the brewery is connected or what went wrong.
 */
export function IntegrationsCallback() {
  const { provider } = useParams()
  const [query] = useSearchParams()
  const finish = useFinishConnection()
  const sent = useRef(false)
  const problem = callbackProblem(provider, query)
  const [outcome, setOutcome] = useState<
    { kind: 'connected'; companyName: string } | { kind: 'failed'; message: string } | null
  >(problem ? { kind: 'failed', message: problem } : null)

  useEffect(() => {
    // Once: a code is spent by its first use (React's development double effect would spend it twice).
    if (sent.current || problem) return
    sent.current = true
    const realmId = query.get('realmId')
    finish.mutate(
      {
        provider: provider as Provider,
        code: query.get('code')!,
        state: query.get('state')!,
        ...(realmId ? { realmId } : {}),
      },
      {
        onSuccess: (status) =>
          setOutcome({ kind: 'connected', companyName: status.connection?.companyName ?? '' }),
        onError: (error) =>
          setOutcome({
            kind: 'failed',
            message: error instanceof ApiError ? error.message : 'The connection could not be completed.',
          }),
      },
    )
  }, [finish, problem, provider, query])

  const label = PROVIDERS.includes(provider as Provider)
    ? PROVIDER_LABELS[provider as Provider]
    : 'the accounting system'
  return (
    <section aria-labelledby="integrations-callback" className="grid gap-4">
      <h2 id="integrations-callback" className="text-xl font-semibold">
        Connecting {label}
      </h2>
      {outcome === null && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner className="size-4" /> Finishing the connection to {label}…
        </p>
      )}
      {outcome?.kind === 'connected' && (
        <p role="status" className="rounded-xl border bg-card p-4">
          Connected to {label}
          {outcome.companyName ? `: ${outcome.companyName}` : ''}. Check the mapping of your accounts next.
        </p>
      )}
      {outcome?.kind === 'failed' && (
        <p role="alert" className="rounded-xl border border-destructive/40 p-4">
          {outcome.message}
        </p>
      )}
      {outcome !== null && (
        <Link
          to={INTEGRATIONS}
          className="inline-flex min-h-11 w-fit items-center rounded-md border px-4 font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          Back to Integrations
        </Link>
      )}
    </section>
  )
}

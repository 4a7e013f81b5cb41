import {
  can,
  type CreatedWebhookEndpoint,
  type WebhookAttempt,
  type WebhookEndpoint,
} from '@brewcommand/domain'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button.tsx'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import {
  useChangeWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useResendWebhookDelivery,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useWebhookAttempts,
  useWebhookEndpoints,
  useWebhooksLive,
} from '../api/webhooks-api.ts'
import { EndpointDialog } from './endpoint-dialog.tsx'

const when = (instant: string | null) =>
  instant
    ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(
        new Date(instant),
      )
    : 'Never'
const refusal = (error: Error) => toast.error(error instanceof ApiError ? error.message : String(error))

/** A new endpoint's (or a rotated) signing secret, shown once with a Copy button. */
function SecretShownOnce({ created, onDone }: { created: CreatedWebhookEndpoint; onDone: () => void }) {
  return (
    <section
      role="status"
      aria-labelledby="webhook-secret"
      className="grid gap-3 rounded-xl border border-primary bg-card p-4"
    >
      <h3 id="webhook-secret" className="font-semibold break-all">
        {created.url}: copy the signing secret now
      </h3>
      <p className="text-sm text-muted-foreground">
        This is the only time the secret is shown. Your receiver checks each delivery's webhook-signature
        header with it. If it is lost, rotate the secret.
      </p>
      <code className="rounded bg-muted p-2 text-sm break-all" data-testid="webhook-secret">
        {created.secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="lg"
          onClick={() =>
            void navigator.clipboard?.writeText(created.secret ?? '').then(
              () => toast.success('Copied.'),
              () => toast.error('Copy it by hand.'),
            )
          }
        >
          Copy secret
        </Button>
        <Button size="lg" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  )
}

/** An attempt's outcome in words: "200", "500", or why no answer came. */
function outcomeOf(attempt: WebhookAttempt): string {
  if (attempt.statusCode !== null)
    return `${attempt.statusCode}${attempt.status === 'failed' ? ' (failed)' : ''}`
  return attempt.error ?? 'Failed'
}

/** The delivery log of one endpoint: each attempt, with Resend. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const attempts = useWebhookAttempts(endpoint.id, { live: true })
  const resend = useResendWebhookDelivery()
  const headingId = `webhook-log-${endpoint.id}`
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h4 id={headingId} className="font-medium">
        Deliveries
      </h4>
      {attempts.isPending && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> Loading deliveries…
        </p>
      )}
      {attempts.isError && (
        <div role="alert" className="grid gap-2">
          <p>{attempts.error.message}</p>
          <Button variant="outline" className="w-fit" onClick={() => void attempts.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {attempts.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">
          Nothing sent yet. Send Test Event to try the endpoint.
        </p>
      )}
      {attempts.data && attempts.data.length > 0 && (
        <ul className="grid gap-2" aria-label={`Deliveries to ${endpoint.url}`}>
          {attempts.data.map((attempt) => (
            <li
              key={attempt.id}
              className="grid gap-1 rounded-lg border p-2 text-sm sm:grid-cols-[1fr_auto] sm:items-center"
            >
              <div className="grid gap-1">
                <p>
                  <span className="font-medium">{attempt.eventType}</span> · {when(attempt.at)} · attempt{' '}
                  {attempt.attempt} ·{' '}
                  <span className={attempt.status === 'failed' ? 'text-destructive' : undefined}>
                    {outcomeOf(attempt)}
                  </span>
                  {attempt.durationMs !== null ? ` · ${attempt.durationMs} ms` : ''}
                </p>
                {attempt.statusCode !== null && attempt.error && (
                  <p className="text-muted-foreground">{attempt.error}</p>
                )}
                {attempt.responseExcerpt && (
                  <pre className="max-h-24 overflow-auto rounded bg-muted p-1 text-xs break-all whitespace-pre-wrap">
                    {attempt.responseExcerpt}
                  </pre>
                )}
              </div>
              <Button
                variant="outline"
                size="lg"
                disabled={!endpoint.enabled || resend.isPending}
                aria-label={`Resend ${attempt.eventType} of ${when(attempt.at)}`}
                onClick={() =>
                  resend.mutate(
                    { endpointId: endpoint.id, deliveryId: attempt.deliveryId },
                    { onSuccess: () => toast.success('Sent again.'), onError: refusal },
                  )
                }
              >
                Resend
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function EndpointCard({
  endpoint,
  onEdit,
  onDelete,
  onSecret,
}: {
  endpoint: WebhookEndpoint
  onEdit: () => void
  onDelete: () => void
  onSecret: (created: CreatedWebhookEndpoint) => void
}) {
  const [showLog, setShowLog] = useState(false)
  const change = useChangeWebhookEndpoint()
  const rotate = useRotateWebhookSecret()
  const test = useSendWebhookTest()
  const toggle = () =>
    change.mutate(
      {
        id: endpoint.id,
        url: endpoint.url,
        description: endpoint.description,
        eventTypes: endpoint.eventTypes,
        enabled: !endpoint.enabled,
      },
      { onError: refusal },
    )
  return (
    <li className="grid gap-3 rounded-lg border p-3">
      <div className="grid gap-1 text-sm">
        <p className="font-medium break-all">{endpoint.url}</p>
        {endpoint.description && <p>{endpoint.description}</p>}
        <p className="text-muted-foreground">
          {endpoint.enabled ? 'On' : 'Off'} · {endpoint.eventTypes.length} event
          {endpoint.eventTypes.length === 1 ? '' : 's'}: {endpoint.eventTypes.join(', ')} · Secret{' '}
          <code>{endpoint.secretHint}…</code> · Last delivery {when(endpoint.lastDeliveryAt)}
          {endpoint.failureCount > 0 ? ` · ${endpoint.failureCount} failed in a row` : ''}
        </p>
        {endpoint.disabledReason && (
          <p role="note" className="text-destructive">
            {endpoint.disabledReason}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="lg"
          disabled={!endpoint.enabled || test.isPending}
          onClick={() =>
            test.mutate(endpoint.id, {
              onSuccess: () => {
                toast.success('Test event sent.')
                setShowLog(true)
              },
              onError: refusal,
            })
          }
        >
          Send Test Event
        </Button>
        <Button variant="outline" size="lg" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button variant="outline" size="lg" onClick={onEdit}>
          Edit
        </Button>
        <Button variant="outline" size="lg" disabled={change.isPending} onClick={toggle}>
          {endpoint.enabled ? 'Turn off' : 'Turn on'}
        </Button>
        <Button
          variant="outline"
          size="lg"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate(endpoint.id, { onSuccess: onSecret, onError: refusal })}
        >
          Rotate secret
        </Button>
        <Button variant="outline" size="lg" onClick={onDelete}>
          Delete
        </Button>
      </div>
      {showLog && <DeliveryLog endpoint={endpoint} />}
    </li>
  )
}

/**
 * Settings → Webhooks (Admin, ADR 282): the brewery's endpoints; Add Endpoint shows the `whsec_` secret once;
 * edit, turn off and on, Rotate secret, delete; Send Test Event; each endpoint's delivery log with Resend.
 */
export function WebhooksSettings() {
  const isAdmin = can(useAppState().currentEntity?.role, 'manageWebhooks')
  if (!isAdmin) {
    return (
      <section aria-labelledby="webhooks-heading" className="grid gap-2">
        <h2 id="webhooks-heading" className="text-xl font-semibold">
          Webhooks
        </h2>
        <p className="text-muted-foreground">Only an Admin can see and add webhook endpoints.</p>
      </section>
    )
  }
  return <AdminWebhooks />
}

function AdminWebhooks() {
  useWebhooksLive()
  const endpoints = useWebhookEndpoints()
  const remove = useDeleteWebhookEndpoint()
  const [dialog, setDialog] = useState<{ editing: WebhookEndpoint | null } | null>(null)
  const [secret, setSecret] = useState<CreatedWebhookEndpoint | null>(null)
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null)

  return (
    <section aria-labelledby="webhooks-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="webhooks-heading" className="text-xl font-semibold">
          Webhooks
        </h2>
        <Button size="lg" onClick={() => setDialog({ editing: null })}>
          Add Endpoint
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        BrewCommand tells your other software when something changes: each event is sent to your endpoint,
        signed by the Standard Webhooks rules, and retried for about a day if it fails.
      </p>
      {secret && <SecretShownOnce created={secret} onDone={() => setSecret(null)} />}
      {endpoints.isPending && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> Loading endpoints…
        </p>
      )}
      {endpoints.isError && (
        <div role="alert" className="grid gap-2">
          <p>{endpoints.error.message}</p>
          <Button variant="outline" className="w-fit" onClick={() => void endpoints.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {endpoints.data?.length === 0 && <p className="text-muted-foreground">No webhook endpoints yet.</p>}
      {endpoints.data && endpoints.data.length > 0 && (
        <ul className="grid gap-3">
          {endpoints.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onEdit={() => setDialog({ editing: endpoint })}
              onDelete={() => setDeleting(endpoint)}
              onSecret={setSecret}
            />
          ))}
        </ul>
      )}
      <EndpointDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onOpenChange={(open) => !open && setDialog(null)}
        onCreated={(created) => {
          setDialog(null)
          setSecret(created)
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this endpoint?"
        description={`Nothing more is sent to ${deleting?.url ?? ''}, and its delivery log is deleted. This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onError: refusal })
          setDeleting(null)
        }}
      />
    </section>
  )
}

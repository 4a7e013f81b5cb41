import { can } from '@brewcommand/domain'
import { useState } from 'react'
import { toast } from 'sonner'
import { ReadState } from '@/components/read-state.tsx'
import { Button } from '@/components/ui/button.tsx'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import {
  CSV_DATASETS,
  PROVIDER_LABELS,
  PROVIDERS,
  useAccountingLive,
  useAccountingStatus,
  useDisconnect,
  useDownloadCsv,
  useStartConnection,
  type AccountingStatus,
  type CsvDataset,
  type Provider,
} from '../api/accounting-api.ts'
import { MappingForm } from './mapping-form.tsx'
import { SyncLog } from './sync-log.tsx'

const message = (error: unknown) => (error instanceof ApiError ? error.message : String(error))
const DATASET_LABELS: Record<CsvDataset, string> = {
  invoices: 'Invoices',
  payments: 'Payments',
  customers: 'Customers',
}
const day = (instant: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(instant))

/**
 * Settings → Integrations (Admins; issue 38): connect QuickBooks Online or Xero, map accounts, read the sync log
 * with Retry, disconnect; without a connection, the CSV files their imports accept.
 */
export function IntegrationsSettings() {
  const isAdmin = can(useAppState().currentEntity?.role, 'manageAccounting')
  return (
    <section aria-labelledby="integrations-heading" className="grid gap-6">
      <h2 id="integrations-heading" className="text-xl font-semibold">
        Integrations
      </h2>
      {isAdmin ? (
        <AdminIntegrations />
      ) : (
        <p className="text-muted-foreground">Only an Admin can connect an accounting system.</p>
      )}
    </section>
  )
}

function AdminIntegrations() {
  useAccountingLive()
  const status = useAccountingStatus()
  return (
    <ReadState query={status} what="the integrations" empty="" isEmpty={() => false}>
      {(data) => (data.connection ? <Connected status={data} /> : <NotConnected status={data} />)}
    </ReadState>
  )
}

function NotConnected({ status }: { status: AccountingStatus }) {
  const start = useStartConnection()
  const [error, setError] = useState<string | null>(null)
  const connect = (provider: Provider) => {
    setError(null)
    start.mutate(provider, {
      // The provider's consent page; it sends the browser back to the callback page.
      onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
      onError: (failure) => setError(message(failure)),
    })
  }
  return (
    <>
      <section aria-labelledby="accounting-connect" className="grid gap-3">
        <h3 id="accounting-connect" className="text-lg font-semibold">
          Accounting
        </h3>
        <p className="text-sm text-muted-foreground">
          Connect your accounting system and BrewCommand sends it your customers, invoices and payments, and
          marks invoices paid when the payment is entered there. One connection per brewery.
        </p>
        <ul className="grid gap-3 sm:grid-cols-2">
          {status.providers.map((provider) => (
            <li key={provider.name} className="grid content-start gap-2 rounded-lg border p-3">
              <p className="font-medium">{provider.label}</p>
              {provider.configured ? (
                <Button
                  size="lg"
                  className="w-full"
                  disabled={start.isPending}
                  onClick={() => connect(provider.name)}
                >
                  Connect {provider.label}
                </Button>
              ) : (
                <p className="text-sm text-muted-foreground">
                  Not set up on this server: whoever runs BrewCommand registers the app with{' '}
                  {provider.name === 'quickbooks' ? 'Intuit' : 'Xero'} and sets its{' '}
                  {provider.name === 'quickbooks' ? 'QUICKBOOKS_*' : 'XERO_*'} variables. The CSV files below
                  work meanwhile.
                </p>
              )}
            </li>
          ))}
        </ul>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </section>
      <CsvDownloads />
    </>
  )
}

/** Without a connection: invoices, payments and customers in the layouts each provider's import accepts. */
function CsvDownloads() {
  const download = useDownloadCsv()
  const [busy, setBusy] = useState<string | null>(null)
  const get = (provider: Provider, dataset: CsvDataset) => {
    setBusy(`${provider}:${dataset}`)
    download(provider, dataset)
      .then(() => toast.success(`${DATASET_LABELS[dataset]} downloaded for ${PROVIDER_LABELS[provider]}.`))
      .catch((failure: unknown) => toast.error(message(failure)))
      .finally(() => setBusy(null))
  }
  return (
    <section aria-labelledby="accounting-csv" className="grid gap-3">
      <h3 id="accounting-csv" className="text-lg font-semibold">
        Download CSV
      </h3>
      <p className="text-sm text-muted-foreground">
        No connection? Download your records in the layout each system's import accepts, and import them by
        hand.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {PROVIDERS.map((provider) => (
          <div
            key={provider}
            role="group"
            aria-label={`CSV for ${PROVIDER_LABELS[provider]}`}
            className="grid content-start gap-2 rounded-lg border p-3"
          >
            <p className="font-medium">For {PROVIDER_LABELS[provider]}</p>
            {CSV_DATASETS.map((dataset) => (
              <Button
                key={dataset}
                variant="outline"
                size="lg"
                className="w-full"
                disabled={busy !== null}
                aria-label={`Download ${DATASET_LABELS[dataset].toLowerCase()} CSV for ${PROVIDER_LABELS[provider]}`}
                onClick={() => get(provider, dataset)}
              >
                {DATASET_LABELS[dataset]}
              </Button>
            ))}
          </div>
        ))}
      </div>
    </section>
  )
}

function Connected({ status }: { status: AccountingStatus }) {
  const connection = status.connection!
  const label = PROVIDER_LABELS[connection.provider]
  const disconnect = useDisconnect()
  const [confirming, setConfirming] = useState(false)
  return (
    <>
      <section aria-labelledby="accounting-connection" className="grid gap-3 rounded-xl border bg-card p-4">
        <h3 id="accounting-connection" className="text-lg font-semibold">
          Connected to {label}
        </h3>
        <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">Company</dt>
          <dd className="font-medium break-words">{connection.companyName}</dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd>Connected since {day(connection.connectedAt)}</dd>
        </dl>
        <Button
          variant="outline"
          size="lg"
          className="w-full sm:w-fit"
          disabled={disconnect.isPending}
          onClick={() => setConfirming(true)}
        >
          Disconnect
        </Button>
      </section>
      <MappingForm mapping={connection.mapping} providerLabel={label} />
      <SyncLog />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Disconnect ${label}?`}
        description={`BrewCommand stops sending invoices and payments to ${connection.companyName}, and ${label} revokes our access. What was sent stays there.`}
        confirmLabel="Disconnect"
        onConfirm={() => {
          setConfirming(false)
          disconnect.mutate(undefined, {
            onSuccess: () => toast.success(`Disconnected from ${label}.`),
            onError: (failure) => toast.error(message(failure)),
          })
        }}
      />
    </>
  )
}

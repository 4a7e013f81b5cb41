import { toast } from 'sonner'
import { ReadState } from '@/components/read-state.tsx'
import { Button } from '@/components/ui/button.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { cn } from '@/lib/utils.ts'
import {
  PROVIDER_LABELS,
  useRetrySync,
  useSyncLog,
  useSyncNow,
  type SyncEntry,
} from '../api/accounting-api.ts'

const when = (instant: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant))
const refusal = (error: Error) => toast.error(error instanceof ApiError ? error.message : String(error))

/** An entry's outcome in a bookkeeper's words. */
export function outcomeOf(entry: SyncEntry): string {
  const provider = PROVIDER_LABELS[entry.provider]
  if (entry.outcome === 'ok')
    return entry.direction === 'push' ? `Sent to ${provider}` : `Taken from ${provider}`
  return entry.failures > 1 ? `Not sent: failed ${entry.failures} times in a row` : 'Not sent'
}

/** The sync log: every push and pull with its outcome and the provider's reason, with Retry for a push. */
export function SyncLog() {
  const log = useSyncLog()
  const retry = useRetrySync()
  const syncNow = useSyncNow()
  return (
    <section aria-labelledby="accounting-sync-log" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="accounting-sync-log" className="text-lg font-semibold">
          Sync log
        </h3>
        <Button
          variant="outline"
          size="lg"
          disabled={syncNow.isPending}
          onClick={() =>
            syncNow.mutate(undefined, {
              onSuccess: () => toast.success('Syncing now: new records are sent and payments are read.'),
              onError: refusal,
            })
          }
        >
          Sync now
        </Button>
      </div>
      <ReadState
        query={log}
        what="the sync log"
        empty="Nothing synced yet. Invoices are sent when they are issued, and payments entered in your accounting system are read every 15 minutes."
        isEmpty={(entries) => entries.length === 0}
      >
        {(entries) => (
          <ul className="grid gap-2" aria-label="Sync log entries">
            {entries.map((entry) => (
              <li
                key={entry.id}
                className={cn(
                  'grid gap-2 rounded-lg border p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center',
                  entry.outcome === 'failed' && 'border-destructive/50',
                )}
              >
                <div className="grid gap-1">
                  <p>
                    <span className="font-medium">{entry.label}</span> ·{' '}
                    <span className={entry.outcome === 'failed' ? 'text-destructive' : undefined}>
                      {outcomeOf(entry)}
                    </span>
                  </p>
                  <p className="break-words text-muted-foreground">{entry.message}</p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={entry.at}>{when(entry.at)}</time>
                  </p>
                </div>
                {entry.direction === 'push' && (
                  <Button
                    variant="outline"
                    size="lg"
                    className="w-full sm:w-auto"
                    disabled={retry.isPending}
                    aria-label={`Retry ${entry.label}`}
                    onClick={() =>
                      retry.mutate(entry.id, {
                        onSuccess: () => toast.success(`${entry.label}: sending again.`),
                        onError: refusal,
                      })
                    }
                  >
                    Retry
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </ReadState>
    </section>
  )
}

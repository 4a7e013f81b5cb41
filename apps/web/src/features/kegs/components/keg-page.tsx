import {
  formatCents,
  KEG_EVENT_LABELS,
  KEG_OWNER_LABELS,
  KEG_SIZE_LABELS,
  KEG_STATUS_LABELS,
} from '@brewcommand/domain'
import { Link, useParams } from 'react-router'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useKegDetail, useKegsSync, useKegTrace } from '../api/kegs-api.ts'
import { whereOf } from './kegs-page.tsx'

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }) : '—'

/** One keg: where it is, its history (newest first), and its trace: each fill's batch and the customer it reached. */
export function KegPage() {
  useKegsSync()
  const { kegId = '' } = useParams()
  const detail = useKegDetail(kegId)
  const trace = useKegTrace(kegId)
  if (detail.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner className="size-4" /> Loading the keg…
      </p>
    )
  if (detail.isError || !detail.data)
    return (
      <div className="grid gap-2">
        <Link to="/secure/inventory/kegs" className="text-sm underline underline-offset-2">
          Kegs
        </Link>
        <p role="alert">Could not load the keg. {detail.error?.message}</p>
      </div>
    )
  const { keg, events } = detail.data
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <Link
          to="/secure/inventory/kegs"
          className="text-sm text-muted-foreground underline underline-offset-2"
        >
          Kegs
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">Keg {keg.assetNumber}</h1>
        <p>
          {KEG_SIZE_LABELS[keg.size]} · {KEG_OWNER_LABELS[keg.owner]}
          {keg.ownerName && ` (${keg.ownerName})`} · {whereOf(keg)}
          {keg.since && ` since ${day(keg.since)}`}
          {keg.fill && ` · batch ${keg.fill.batchNumber}`}
          {keg.daysOut !== null && ` · ${keg.daysOut} days out`}
        </p>
      </div>
      <section aria-labelledby="keg-trace" className="grid gap-2">
        <h2 id="keg-trace" className="text-lg font-semibold">
          Trace
        </h2>
        {trace.data && trace.data.fills.length === 0 && (
          <p className="text-muted-foreground">Never filled yet.</p>
        )}
        {trace.data && trace.data.fills.length > 0 && (
          <ol className="grid gap-2">
            {trace.data.fills.map((fill) => (
              <li key={`${fill.filledAt}-${fill.batchId}`} className="rounded-xl border bg-card p-3 text-sm">
                Filled {day(fill.filledAt)} with {fill.productName}, batch {fill.batchNumber}
                {fill.customerName
                  ? ` → shipped ${day(fill.shippedAt)} to ${fill.customerName}${fill.orderNumber ? ` (${fill.orderNumber})` : ''}`
                  : ''}
                {fill.returnedAt ? ` → back ${day(fill.returnedAt)}` : ''}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="keg-history" className="grid gap-2">
        <h2 id="keg-history" className="text-lg font-semibold">
          History
        </h2>
        {events.length === 0 ? (
          <p className="text-muted-foreground">
            No scans yet: the keg is {KEG_STATUS_LABELS[keg.status].toLowerCase()}.
          </p>
        ) : (
          <ol className="grid gap-2">
            {events.map((event) => (
              <li key={event.id} className="rounded-xl border bg-card p-3 text-sm">
                <span className="font-medium">{KEG_EVENT_LABELS[event.kind]}</span> · {when(event.occurredAt)}
                {event.batchNumber && ` · ${event.productName ?? ''} ${event.batchNumber}`}
                {event.customerName && ` · ${event.customerName}`}
                {event.orderNumber && ` · ${event.orderNumber}`}
                {event.depositCents > 0 && ` · deposit charged ${formatCents(event.depositCents)}`}
                {event.depositCents < 0 &&
                  ` · deposit ${event.kind === 'lost' ? 'kept' : 'credited'} ${formatCents(-event.depositCents)}`}
                {event.creditNoteNumber && ` on ${event.creditNoteNumber}`}
                {event.lossBarrels !== null &&
                  ` · ${event.lossBarrels.toFixed(2)} bbl of beer lost (TTB losses)`}
                {event.writeOffCents > 0 && ` · written off ${formatCents(event.writeOffCents)}`}
                {event.chargedCents > 0 && ` · charged ${formatCents(event.chargedCents)}`}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}

import type { Recall, RecallCustomer } from '@brewcommand/domain'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { ReadState } from '@/components/read-state.tsx'
import { useDownloadRecall, useRecall } from '../api/trace-api.ts'

// One recall (or drill): who it reached with what, when and how to reach them; each customer marked contacted
// with what they returned; the stock held and its release with a reason; the history; Close with the outcome;
// the list as CSV or PDF.

function CustomerRow({ recall, customer }: { recall: Recall; customer: RecallCustomer }) {
  const write = useWrite()
  const [returned, setReturned] = useState(String(customer.returnedUnits))
  const [note, setNote] = useState(customer.contactNote)
  const open = recall.status === 'open'
  const units = Number(returned)
  // As the server checks: at most the units shipped, or the kegs of the lots they hold if more.
  const valid =
    /^\d+$/.test(returned.trim()) && units <= Math.max(customer.unitsShipped, customer.kegsOut.length)
  return (
    <li className="grid gap-2 rounded-xl border bg-card p-3">
      <div className="flex flex-wrap items-baseline gap-2">
        <span className="font-medium">{customer.customerName}</span>
        <span className="text-sm">{customer.unitsShipped} units shipped</span>
        <span className="text-sm text-muted-foreground">
          {customer.contactedAt ? `Contacted ${customer.contactedAt.slice(0, 10)}` : 'Not contacted yet'}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">
        {customer.contacts.map((c) => [c.name, c.phone, c.email].filter(Boolean).join(' · ')).join('; ') ||
          'No contact on file'}
      </p>
      <ul className="text-sm">
        {customer.shipments.map((s, index) => (
          <li key={`${s.orderNumber}-${index}`}>
            {s.orderNumber}
            {s.invoiceNumber ? ` / ${s.invoiceNumber}` : ''} · {s.dispatchedOn} · {s.product} {s.packageType}{' '}
            · batch {s.batchNumber} · {s.units} units
          </li>
        ))}
      </ul>
      {customer.kegsOut.length > 0 ? (
        <div className="grid gap-1 text-sm">
          <span className="font-medium">Kegs still out ({customer.kegsOut.length})</span>
          <ul>
            {customer.kegsOut.map((k) => (
              <li key={k.kegId}>
                {k.assetNumber} · {k.size} · batch {k.batchNumber}
                {k.orderNumber ? ` · ${k.orderNumber}` : ''} · out since {k.since.slice(0, 10)} ({k.daysOut}{' '}
                {k.daysOut === 1 ? 'day' : 'days'})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {open ? (
        <div className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1 text-sm">
            Returned units
            <Input
              className="min-h-11 w-28"
              inputMode="numeric"
              value={returned}
              aria-invalid={valid ? undefined : true}
              onChange={(event) => setReturned(event.target.value)}
            />
          </label>
          <label className="grid flex-1 gap-1 text-sm">
            Note
            <Input className="min-h-11" value={note} onChange={(event) => setNote(event.target.value)} />
          </label>
          <Button
            className="min-h-11"
            disabled={!valid}
            aria-label={`Mark contacted: ${customer.customerName}`}
            onClick={() =>
              write({
                kind: 'production',
                action: 'recall:contact',
                uri: `/api/trace/recalls/${recall.id}/customers/${customer.id}`,
                data: { contacted: true, note: note.trim(), returnedUnits: units },
                name: customer.customerName,
              })
            }
          >
            Mark contacted
          </Button>
          {!valid ? (
            <p role="alert" className="w-full text-sm text-destructive">
              Returned units must be a whole number up to {customer.unitsShipped}.
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  )
}

function HoldRow({ recall, hold }: { recall: Recall; hold: Recall['holds'][number] }) {
  const write = useWrite()
  const [reason, setReason] = useState('')
  return (
    <li className="flex flex-wrap items-end gap-2 rounded-xl border bg-card p-3">
      <div className="grid flex-1 gap-0.5">
        <span className="font-medium">{hold.label}</span>
        <span className="text-sm text-muted-foreground">
          {hold.releasedAt ? `Released ${hold.releasedAt.slice(0, 10)}: ${hold.releaseReason}` : 'On hold'}
        </span>
      </div>
      {hold.releasedAt ? null : (
        <>
          <label className="grid gap-1 text-sm">
            Reason to release
            <Input className="min-h-11" value={reason} onChange={(event) => setReason(event.target.value)} />
          </label>
          <Button
            variant="outline"
            className="min-h-11"
            disabled={reason.trim() === ''}
            aria-label={`Release ${hold.label}`}
            onClick={() =>
              write({
                kind: 'production',
                action: 'recall:release-hold',
                uri: `/api/trace/recalls/${recall.id}/holds/${hold.id}/release`,
                data: { reason: reason.trim() },
                name: hold.label,
              })
            }
          >
            Release
          </Button>
        </>
      )}
    </li>
  )
}

export function RecallPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const recall = useRecall(id)
  const write = useWrite()
  const download = useDownloadRecall()
  const [outcome, setOutcome] = useState('')
  const save = async (type: 'csv' | 'pdf') => {
    try {
      await download(id, type)
    } catch (error) {
      toast.error(`Could not download the list. ${error instanceof Error ? error.message : ''}`)
    }
  }
  return (
    <section aria-labelledby="recall-heading" className="grid gap-4 rounded-2xl border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="recall-heading" className="flex-1 text-lg font-semibold">
          {recall.data
            ? `${recall.data.kind === 'drill' ? 'Mock recall drill' : 'Recall'} ${recall.data.number}`
            : 'Recall'}
        </h2>
        <Button variant="outline" className="min-h-11" onClick={() => void save('csv')}>
          Download CSV
        </Button>
        <Button variant="outline" className="min-h-11" onClick={() => void save('pdf')}>
          Download PDF
        </Button>
        <Button variant="ghost" className="min-h-11" onClick={onClose}>
          Close panel
        </Button>
      </div>
      <ReadState query={recall} what="the recall" empty="" isEmpty={() => false}>
        {(data) => (
          <>
            <p>
              From <strong>{data.originLabel}</strong>: {data.reason}. List complete in {data.listMs} ms
              {data.status === 'closed' ? `; closed: ${data.outcome}` : ''}.
            </p>
            <h3 className="font-semibold">Customers reached ({data.customers.length})</h3>
            {data.customers.length === 0 ? (
              <p className="text-muted-foreground">No shipment of these lots left the brewery.</p>
            ) : (
              <ul className="grid gap-2">
                {data.customers.map((customer) => (
                  <CustomerRow key={customer.id} recall={data} customer={customer} />
                ))}
              </ul>
            )}
            <h3 className="font-semibold">Stock in the brewery ({data.stock.length})</h3>
            {data.kind === 'drill' ? (
              <ul className="grid gap-1 text-sm">
                {data.stock.map((s) => (
                  <li key={`${s.kind}:${s.label}`}>
                    {s.label}: {s.quantity} (a drill holds nothing)
                  </li>
                ))}
              </ul>
            ) : (
              <ul className="grid gap-2">
                {data.holds.map((hold) => (
                  <HoldRow key={hold.id} recall={data} hold={hold} />
                ))}
              </ul>
            )}
            <h3 className="font-semibold">History</h3>
            <ol className="grid gap-1 text-sm">
              {data.history.map((event, index) => (
                <li key={index}>
                  {event.at.replace('T', ' ').slice(0, 16)} · {event.action} · {event.note}
                </li>
              ))}
            </ol>
            {data.status === 'open' ? (
              <div className="flex flex-wrap items-end gap-2">
                <label className="grid flex-1 gap-1 text-sm">
                  Outcome
                  <Input
                    className="min-h-11"
                    value={outcome}
                    onChange={(event) => setOutcome(event.target.value)}
                  />
                </label>
                <Button
                  className="min-h-11"
                  disabled={outcome.trim() === ''}
                  onClick={() =>
                    write({
                      kind: 'production',
                      action: 'recall:close',
                      uri: `/api/trace/recalls/${data.id}/close`,
                      data: { outcome: outcome.trim() },
                      name: data.number,
                    })
                  }
                >
                  Close {data.kind === 'drill' ? 'drill' : 'recall'}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </ReadState>
    </section>
  )
}

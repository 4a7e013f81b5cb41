import { unitsToFormBarrels } from '@brewcommand/domain'
import { useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx'
import { ROW_EVENTS_PAGE, type MonthRange } from '../api/reports-api.ts'
import { useRowEvents } from '../api/use-reports.ts'
import { ROW_EVENTS_EMPTY, ROW_EVENTS_TITLE } from '../messages.ts'
import { FigureTable, QueryState } from './report-card.tsx'
import type { CountedRow } from './row-events.tsx'

/** The events behind one production or losses row, a page at a time, in the order they were booked (ADR 419). */
export default function RowEvents({
  range,
  counted,
  onClose,
}: {
  range: MonthRange
  counted: CountedRow | null
  onClose: () => void
}) {
  // The page shown, of the row it was chosen for: each opening starts at the row's first page.
  const [page, setPage] = useState<{ of: CountedRow | null; offset: number }>({ of: null, offset: 0 })
  const offset = page.of === counted ? page.offset : 0
  const setOffset = (to: number) => setPage({ of: counted, offset: to })
  const events = useRowEvents(range, counted?.row ?? null, offset)
  const total = counted?.eventCount ?? 0
  const last = Math.min(offset + ROW_EVENTS_PAGE, total)
  return (
    <Dialog open={counted !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{counted ? ROW_EVENTS_TITLE(counted.label) : ''}</DialogTitle>
          <DialogDescription>
            {range.from} to {range.to} · {total} {total === 1 ? 'event' : 'events'}
          </DialogDescription>
        </DialogHeader>
        <QueryState
          query={events}
          what="the events"
          isEmpty={(data) => data.length === 0}
          empty={ROW_EVENTS_EMPTY}
        >
          {(data) => (
            <div className="grid gap-3">
              <div className="overflow-x-auto">
                <FigureTable
                  caption={`Events ${offset + 1}–${offset + data.length} of ${total}`}
                  head={['Booked', 'What', 'Event', 'Barrels']}
                  rows={data.map((event) => [
                    event.bookedAt.slice(0, 16).replace('T', ' '),
                    `${event.reversalOf ? 'Reversal: ' : ''}${event.kind}`,
                    <span key="id" className="font-mono text-xs break-all">
                      {event.id}
                    </span>,
                    <span key="barrels" title={`${event.barrels} bbl`}>
                      {unitsToFormBarrels(event.units)}
                    </span>,
                  ])}
                />
              </div>
              {total > ROW_EVENTS_PAGE ? (
                <nav aria-label="Pages of events" className="flex flex-wrap items-center gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    className="min-h-11"
                    disabled={offset === 0}
                    onClick={() => setOffset(Math.max(0, offset - ROW_EVENTS_PAGE))}
                  >
                    Previous
                  </Button>
                  <span className="text-sm tabular-nums" aria-live="polite">
                    {offset + 1}–{last} of {total}
                  </span>
                  <Button
                    type="button"
                    variant="outline"
                    className="min-h-11"
                    disabled={last >= total}
                    onClick={() => setOffset(offset + ROW_EVENTS_PAGE)}
                  >
                    Next
                  </Button>
                </nav>
              ) : null}
            </div>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  )
}

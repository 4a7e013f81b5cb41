import { Button } from '@/components/ui/button.tsx'
import type { RowOf } from '../api/reports-api.ts'
import { ROW_EVENTS } from '../messages.ts'

// A row's Events count (ADR 419); the dialog that lists the events is row-events-dialog.tsx, fetched when first
// opened (the first view stays without a dialog, ADR 410).

/** A row the table lists with how many events it sums. */
export type CountedRow = { row: RowOf; label: string; eventCount: number }

/** A row's event count as a button that lists the events behind it (a row with none is plain text). */
export function EventsButton({
  counted,
  onOpen,
}: {
  counted: CountedRow
  onOpen: (row: CountedRow) => void
}) {
  if (counted.eventCount === 0) return <span className="tabular-nums">0</span>
  return (
    <Button
      type="button"
      variant="ghost"
      className="min-h-11 min-w-11 px-2 font-medium tabular-nums underline decoration-dotted underline-offset-4"
      aria-label={ROW_EVENTS(counted.eventCount, counted.label)}
      onClick={() => onOpen(counted)}
    >
      {counted.eventCount}
    </Button>
  )
}

import { can, isCountable, unitsToFormBarrels, type ReconciliationRead } from '@brewcommand/domain'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { NOT_COUNTED, RECONCILIATION_EMPTY, RECONCILIATION_TITLE, UNEXPLAINED } from '../messages.ts'
import { CountForm } from './count-form.tsx'
import { FigureTable } from './report-card.tsx'

/** Start + additions − removals = the books, against each month's physical count. */
export function Reconciliation({
  rows,
  period,
  today,
}: {
  rows: ReconciliationRead[]
  period: string
  /** The brewery's today: a month can be counted from its last day. */
  today: string
}) {
  const { currentEntity } = useAppState()
  const counted = rows.some((row) => row.physicalUnits !== null)
  return (
    <section aria-labelledby="reconciliation-heading" className="grid gap-3">
      <h3 id="reconciliation-heading" className="font-semibold">
        {RECONCILIATION_TITLE}
      </h3>
      {!counted && <p className="text-sm text-muted-foreground">{RECONCILIATION_EMPTY}</p>}
      <div className="overflow-x-auto">
        <FigureTable
          caption={RECONCILIATION_TITLE}
          head={[
            'Month',
            'Start',
            '+ Additions',
            '− Removals',
            '± Prior-period adjustments',
            '= Books',
            'Counted',
            'Over (+) / short (−)',
          ]}
          rows={rows.map((row) => [
            row.month,
            unitsToFormBarrels(row.startUnits),
            unitsToFormBarrels(row.additionsUnits),
            unitsToFormBarrels(row.removalsUnits),
            unitsToFormBarrels(row.adjustmentsUnits),
            unitsToFormBarrels(row.bookEndUnits),
            row.physicalUnits === null ? NOT_COUNTED : unitsToFormBarrels(row.physicalUnits),
            <span key="difference" className="grid justify-items-end">
              {row.overageUnits > 0
                ? `+${unitsToFormBarrels(row.overageUnits)}`
                : row.shortageUnits > 0
                  ? `−${unitsToFormBarrels(row.shortageUnits)}`
                  : '0.00'}
              {row.note && <span className="text-xs text-muted-foreground">{row.note}</span>}
              {!row.explained && (
                <span className="text-xs text-destructive">
                  {UNEXPLAINED(unitsToFormBarrels(row.unexplainedPackagedUnits))}
                </span>
              )}
            </span>,
          ])}
        />
      </div>
      {can(currentEntity?.role, 'manageStock') && (
        <CountForm
          months={rows.map((row) => row.month).filter((month) => isCountable(month, today))}
          key={period}
        />
      )}
    </section>
  )
}

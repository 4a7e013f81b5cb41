import { BATCH_STATUSES, type BatchStatus, type BatchSummary, type PlanBatch } from '@brewcommand/domain'
import { Factory } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useBatches, useBrewhouses, usePendingProduction } from '@/lib/production/production-queries.ts'
import { formatBeerVolume } from '@/lib/production/units.ts'
import { useProductionSync } from '@/lib/production/use-production-sync.ts'
import { cn } from '@/lib/utils.ts'
import { BATCHES_PATH } from '../api/use-batch-writes.ts'
import { batchPath, EQUIPMENT_SETTINGS_PATH, PRODUCTS_PATH } from '../lib/paths.ts'
import { BATCH_TEXTS, STATUS_LABELS } from '../messages.ts'
import { BatchStatusBadge } from './batch-status-badge.tsx'
import { OperationsPlanBatch } from './operations-plan-batch.tsx'

/** A batch of the list, or one Plan Batch has queued and the server does not have yet. */
type Row = BatchSummary & { pending?: 'saving' | 'failed' }

/** Batches the queue still holds (Plan Batch not sent yet), as rows. */
function pendingRows(
  pending: ReturnType<typeof usePendingProduction>,
  known: readonly BatchSummary[],
  filter: BatchStatus | null,
): Row[] {
  if (filter && filter !== 'planned') return []
  return pending.flatMap(({ write, failed }) => {
    if (write.action !== 'equipment:plan-batch' || !write.data) return []
    const plan = write.data as PlanBatch
    if (known.some((batch) => batch.id === plan.id)) return []
    return [
      {
        id: plan.id,
        number: '—',
        status: 'planned',
        productId: plan.productId,
        productName: write.name ?? '',
        recipeId: plan.recipeId,
        brewhouse: { id: plan.brewhouseId, name: '', version: 1 },
        plannedBrewDate: plan.plannedBrewDate,
        targetVolumeBbl:
          plan.targetVolume.unit === 'BBL' ? plan.targetVolume.quantity : plan.targetVolume.quantity / 31,
        targetVolumeUnit: plan.targetVolume.unit,
        fermenterId: null,
        brewDayStartedAt: null,
        brewDayFinishedAt: null,
        createdAt: '',
        updatedAt: '',
        pending: failed ? 'failed' : 'saving',
      },
    ]
  })
}

const formatDate = (date: string) =>
  new Date(`${date}T00:00:00`).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  })

/**
 * /secure/operations: the brewery's batches with their status, filtered by status, live. Without any batch it is
 * the Operations blurb, whose Get Started leads to Settings → Equipment (no brewhouse yet) or explains Plan Batch.
 */
export function OperationsPage() {
  useProductionSync()
  const [filter, setFilter] = useState<BatchStatus | null>(null)
  const batches = useBatches(filter ? [filter] : [])
  const pending = usePendingProduction(BATCHES_PATH)
  const rows: Row[] = [...pendingRows(pending, batches.data ?? [], filter), ...(batches.data ?? [])]
  const isEmpty = batches.isSuccess && filter === null && rows.length === 0

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{BATCH_TEXTS.operations}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <OperationsPlanBatch />
          {/* The vessel schedule (features/schedule), at /secure/operations/schedule. */}
          <Link
            to="/secure/operations/schedule"
            className="inline-flex min-h-11 items-center rounded-md border bg-card px-4 text-sm font-medium shadow-xs hover:bg-accent"
          >
            Schedule
          </Link>
        </div>
      </div>
      {batches.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" /> Loading…
        </p>
      ) : batches.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <span className="text-destructive">{BATCH_TEXTS.loadFailed}</span>
          <Button variant="outline" onClick={() => void batches.refetch()}>
            {BATCH_TEXTS.retry}
          </Button>
        </div>
      ) : isEmpty ? (
        <EmptyState />
      ) : (
        <section aria-labelledby="batches-heading" className="grid gap-4">
          <h2 id="batches-heading" className="text-lg font-semibold">
            {BATCH_TEXTS.batches}
          </h2>
          <StatusFilter value={filter} onChange={setFilter} />
          {rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">{BATCH_TEXTS.noMatch}</p>
          ) : (
            <BatchList rows={rows} />
          )}
        </section>
      )}
    </div>
  )
}

function EmptyState() {
  const brewhouses = useBrewhouses()
  const [explained, setExplained] = useState(false)
  const hasBrewhouse = (brewhouses.data?.length ?? 0) > 0
  return (
    <section className="max-w-3xl rounded-xl border bg-card p-6 shadow-xs">
      <div className="flex items-start gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent text-primary">
          <Factory aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-4">
          <p className="text-muted-foreground">{BATCH_TEXTS.blurb}</p>
          {hasBrewhouse ? (
            <>
              <Button
                className="h-11 w-fit"
                type="button"
                aria-expanded={explained}
                aria-controls="plan-explained"
                onClick={() => setExplained(true)}
              >
                {BATCH_TEXTS.getStarted}
              </Button>
              {explained && (
                <div id="plan-explained" className="grid gap-2">
                  <p>{BATCH_TEXTS.howToPlan}</p>
                  <Link to={PRODUCTS_PATH} className="w-fit text-primary underline">
                    {BATCH_TEXTS.goToProducts}
                  </Link>
                </div>
              )}
            </>
          ) : (
            <>
              <Button asChild className="h-11 w-fit">
                <Link to={EQUIPMENT_SETTINGS_PATH}>{BATCH_TEXTS.getStarted}</Link>
              </Button>
              <p className="text-sm text-muted-foreground">{BATCH_TEXTS.setUpEquipment}</p>
            </>
          )}
        </div>
      </div>
    </section>
  )
}

function StatusFilter({
  value,
  onChange,
}: {
  value: BatchStatus | null
  onChange: (status: BatchStatus | null) => void
}) {
  const chip = (status: BatchStatus | null, label: string) => (
    <button
      key={status ?? 'all'}
      type="button"
      aria-pressed={value === status}
      onClick={() => onChange(status)}
      className={cn(
        'min-h-11 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        value === status ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
      )}
    >
      {label}
    </button>
  )
  return (
    <div role="group" aria-label={BATCH_TEXTS.filter} className="flex flex-wrap gap-2">
      {chip(null, BATCH_TEXTS.allStatuses)}
      {BATCH_STATUSES.map((status) => chip(status, STATUS_LABELS[status]))}
    </div>
  )
}

function Saving({ row }: { row: Row }): ReactNode {
  if (!row.pending) return <BatchStatusBadge status={row.status} />
  return (
    <span className={row.pending === 'failed' ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
      {row.pending === 'failed' ? 'Not saved' : 'Saving…'}
    </span>
  )
}

function BatchLink({ row }: { row: Row }) {
  return (
    <Link to={batchPath(row.id)} className="font-medium text-primary hover:underline">
      {row.pending ? 'New batch' : `Batch ${row.number}`}
    </Link>
  )
}

/** A table from md up; cards with big targets on a phone. */
function BatchList({ rows }: { rows: Row[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border md:block">
        <table className="w-full text-sm">
          <thead className="bg-muted/50 text-left text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Batch
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Product
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Planned brew date
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Volume
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Brewhouse
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t">
                <td className="px-4 py-3">
                  <BatchLink row={row} />
                </td>
                <td className="px-4 py-3 wrap-anywhere">{row.productName}</td>
                <td className="px-4 py-3 whitespace-nowrap">{formatDate(row.plannedBrewDate)}</td>
                <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                  {formatBeerVolume(row.targetVolumeBbl, row.targetVolumeUnit)}
                </td>
                <td className="px-4 py-3">{row.brewhouse.name}</td>
                <td className="px-4 py-3">
                  <Saving row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label={BATCH_TEXTS.batches}>
        {rows.map((row) => (
          <li key={row.id}>
            <Link
              to={batchPath(row.id)}
              className="grid min-h-11 gap-1 rounded-xl border bg-card p-4 shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-semibold">{row.pending ? 'New batch' : `Batch ${row.number}`}</span>
                <Saving row={row} />
              </span>
              <span className="wrap-anywhere">{row.productName}</span>
              <span className="text-sm text-muted-foreground">
                {formatDate(row.plannedBrewDate)} ·{' '}
                {formatBeerVolume(row.targetVolumeBbl, row.targetVolumeUnit)}
                {row.brewhouse.name ? ` · ${row.brewhouse.name}` : ''}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}

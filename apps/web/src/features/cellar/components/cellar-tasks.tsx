import type { CellarTask } from '@brewcommand/domain'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { useCellarSettings, useTankBoard, useVesselDetail } from '../api/cellar-api.ts'
import { useCellarTasks } from '../api/cellar-tasks-api.ts'
import { useCellarCan } from '../lib/form.ts'
import { CELLAR_TASK_TEXTS as t } from '../messages.ts'
import { ColdCrashAction } from './cold-crash-action.tsx'

/** A day of the brewery ("2026-12-12") as a brewer reads it ("Sat, Dec 12"). */
function dayText(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })
}

function dueText(task: CellarTask, today: string | undefined): string {
  if (task.dueDate === today) return t.dueToday
  return task.overdue ? t.overdueSince(dayText(task.dueDate)) : t.dueOn(dayText(task.dueDate))
}

// The cellar's dialogs load when a task's button is pressed, not with the board (ADR 390).
const MovementDialog = lazy(async () => ({ default: (await import('./cellar-dialogs.tsx')).MovementDialog }))
const PackageDialog = lazy(async () => ({ default: (await import('./cellar-dialogs.tsx')).PackageDialog }))

/** The transfer of a task, in the cellar's own dialog with the booked brite tank filled in. */
function TransferTask({ task, onClose }: { task: CellarTask; onClose: () => void }) {
  const board = useTankBoard()
  const settings = useCellarSettings()
  const card = board.data?.find((c) => c.vessel.id === task.vesselId)
  if (!card)
    return board.isPending ? (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> {t.loading}
      </p>
    ) : null
  return (
    <Suspense fallback={<Spinner />}>
      <MovementDialog
        kind="transferred"
        card={card}
        board={board.data ?? []}
        settings={settings.data}
        toVesselId={task.toVesselId ?? ''}
        open
        onOpenChange={(open) => !open && onClose()}
      />
    </Suspense>
  )
}

/** The packaging run of a task, from the vessel the beer is in. */
function PackagingTask({ task, onClose }: { task: CellarTask; onClose: () => void }) {
  const detail = useVesselDetail(task.vesselId)
  if (!detail.data)
    return detail.isPending ? (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> {t.loading}
      </p>
    ) : null
  return (
    <Suspense fallback={<Spinner />}>
      <PackageDialog detail={detail.data} open onOpenChange={(open) => !open && onClose()} />
    </Suspense>
  )
}

/** One task: what, which batch, when, and its one big button. */
function TaskItem({
  task,
  today,
  onOpen,
}: {
  task: CellarTask
  today: string | undefined
  onOpen: (task: CellarTask) => void
}) {
  const write = useWrite()
  const canCellar = useCellarCan('cellarWork')
  const canPackage = useCellarCan('planProduction')
  const action = (() => {
    if (task.kind === 'dry-hop' && canCellar && task.stepKey && task.amount)
      return {
        label: t.added,
        run: () =>
          write({
            kind: 'production',
            action: 'cellar-task:dry-hop',
            uri: '/api/cellar/tasks/dry-hop',
            data: { batchId: task.batchId, stepKey: task.stepKey, actual: task.amount, note: '' },
            name: `${task.title} · ${task.batchNumber}`,
          }),
      }
    if (task.kind === 'transfer' && canCellar) return { label: t.transfer, run: () => onOpen(task) }
    if (task.kind === 'packaging' && canPackage) return { label: t.package, run: () => onOpen(task) }
    return null
  })()
  return (
    <li
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs sm:grid-cols-[1fr_auto] sm:items-center"
      aria-label={`${task.title} · ${task.batchNumber}`}
    >
      <div className="grid gap-0.5">
        <span className="font-semibold">{task.title}</span>
        <span className="text-sm">
          <Link className="underline" to={`/secure/operations/cellar/batches/${task.batchId}`}>
            {task.batchNumber}
          </Link>{' '}
          · {task.productName}
          {task.detail && ` · ${task.detail}`}
        </span>
        <span className={`text-sm ${task.overdue ? 'font-medium text-amber-800' : 'text-muted-foreground'}`}>
          {dueText(task, today)}
        </span>
      </div>
      {task.kind === 'cold-crash' && canCellar ? (
        <ColdCrashAction task={task} />
      ) : action ? (
        <Button size="lg" className="min-h-12 w-full sm:w-auto" onClick={action.run}>
          {action.label}
        </Button>
      ) : (
        <span className="text-sm text-muted-foreground">
          {task.kind === 'packaging' ? t.managerPackages : t.brewerDoes}
        </span>
      )}
    </li>
  )
}

/**
 * The open cellar tasks (ADR 263): dry hops, cold crash, transfer and packaging, soonest first, each done with
 * one tap — a dry hop or a crash is recorded at once; a transfer or packaging opens its dialog filled in.
 * `limit` shows the first few (the dashboard) with a link to the cellar for the rest.
 */
export function CellarTasksList({ limit }: { limit?: number }) {
  const query = useCellarTasks()
  const [open, setOpen] = useState<CellarTask | null>(null)
  if (query.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> {t.loading}
      </p>
    )
  if (query.isError) return <p role="alert">{query.error.message || t.loadFailed}</p>
  const tasks = query.tasks ?? []
  const shown = limit === undefined ? tasks : tasks.slice(0, limit)
  return (
    <div className="grid gap-3">
      {tasks.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.none}</p>
      ) : (
        <ul className="grid gap-2" aria-label={t.title}>
          {shown.map((task) => (
            <TaskItem key={task.id} task={task} today={query.today} onOpen={setOpen} />
          ))}
        </ul>
      )}
      {shown.length < tasks.length && (
        <Link className="text-sm text-primary underline" to="/secure/operations/cellar">
          {t.more(tasks.length - shown.length)}
        </Link>
      )}
      {open?.kind === 'transfer' && <TransferTask task={open} onClose={() => setOpen(null)} />}
      {open?.kind === 'packaging' && <PackagingTask task={open} onClose={() => setOpen(null)} />}
    </div>
  )
}

/** The cellar page's section of tasks. */
export function CellarTasksSection() {
  return (
    <section className="grid gap-3" aria-labelledby="cellar-tasks">
      <h2 id="cellar-tasks" className="text-lg font-semibold">
        {t.title}
      </h2>
      <CellarTasksList />
    </section>
  )
}

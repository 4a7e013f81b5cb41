import {
  brewDayClocks,
  can,
  ringingSteps,
  type BrewDay,
  type BrewStep,
  type StepClock,
} from '@brewcommand/domain'
import { BellRing, CloudOff, Flame, Timer } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { cn } from '@/lib/utils.ts'
import { formatNumber } from '@/lib/production/units.ts'
import { useBrewDay, useHopAmounts } from '../api/brew-day-api.ts'
import { useBatchQueue, useBrewDaySync } from '../api/brew-day-sync.tsx'
import { useBrewDayWrites } from '../api/use-brew-day-writes.ts'
import { askToNotify, notificationState, unlockAudio, type NotificationState } from '../lib/alarm.ts'
import { applyPending, type ShownBrewDay } from '../lib/pending.ts'
import { useAlarm } from '../lib/use-alarm.ts'
import { formatDuration, formatTime, useServerNow } from '../lib/use-now.ts'
import { brewDayMessages as t } from '../messages.ts'
import { AdditionCard } from './addition-card.tsx'
import { FinishBrewDay } from './finish-brew-day.tsx'
import { MeasurementsPanel } from './measurements-panel.tsx'
import { BIG, PendingBadge } from './parts.tsx'
import { StartShortfalls } from './start-shortfalls.tsx'

type Writes = ReturnType<typeof useBrewDayWrites>

/**
 * The Brew Day screen of a batch (`/secure/operations/batches/{batchId}/brew-day`): the current step large with
 * its countdown, alarms until acknowledged, due additions, coming steps, measurements with expected beside
 * measured, and Finish Brew Day. Countdowns are computed from stored instants on the server's clock; queued
 * writes show at once as pending; everyone on the batch sees every change live.
 */
export function BrewDayScreen({ batchId }: { batchId: string }) {
  const query = useBrewDay(batchId)
  const { requests, isOnline } = useBatchQueue(batchId)
  useBrewDaySync(batchId, requests.length)

  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <h1 className="text-3xl font-semibold tracking-tight">{t.heading}</h1>
      {query.isPending ? (
        <div role="status" className="flex items-center gap-3 text-muted-foreground">
          <Spinner />
          {t.loading}
        </div>
      ) : query.isError ? (
        <section role="alert" className="grid gap-3 rounded-xl border border-destructive/40 bg-card p-6">
          <h2 className="text-lg font-semibold">{t.loadError}</h2>
          <p className="text-muted-foreground">{query.error.message}</p>
          <Button className={cn(BIG, 'w-fit')} onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </section>
      ) : (
        <Loaded
          batchId={batchId}
          brewDay={query.data.brewDay}
          offsetMs={query.data.offsetMs}
          offline={query.data.offline || !isOnline}
          requests={requests}
        />
      )}
    </div>
  )
}

function Loaded({
  batchId,
  brewDay,
  offsetMs,
  offline,
  requests,
}: {
  batchId: string
  brewDay: BrewDay
  offsetMs: number
  offline: boolean
  requests: ReturnType<typeof useBatchQueue>['requests']
}) {
  const { data, currentEntity } = useAppState()
  const me = {
    id: data.user.id,
    name: `${data.user.givenName} ${data.user.familyName}`.trim() || data.user.email,
  }
  const shown = applyPending(brewDay, requests, offsetMs, me)
  const writes = useBrewDayWrites(batchId, brewDay.number)
  const now = useServerNow(offsetMs)
  const mayRun = can(currentEntity?.role, 'runBrewDay')
  const day = shown.brewDay
  const ringing = day.status === 'brewing' ? ringingSteps(day.steps, now) : []
  useAlarm(ringing)

  return (
    <>
      <p className="text-lg text-muted-foreground">
        <Link
          to={`/secure/operations/batches/${batchId}`}
          className="font-medium text-foreground underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {t.batch(day.number)}
        </Link>{' '}
        · {day.productName} · {day.brewhouseName}
      </p>
      {offline && (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-muted p-3 text-sm">
          <CloudOff aria-hidden="true" className="size-4 shrink-0" />
          {t.offlineCopy}
        </p>
      )}
      {day.status === 'planned' ? (
        <NotStarted shown={shown} mayRun={mayRun} writes={writes} />
      ) : (
        <>
          {day.status === 'brewing' && <AlarmSettings />}
          <Timeline
            shown={shown}
            now={now}
            mayRun={mayRun && day.status === 'brewing'}
            writes={writes}
            alarms={ringing.length > 0 && mayRun ? <Alarms ringing={ringing} writes={writes} /> : null}
          />
          <MeasurementsPanel
            brewDay={day}
            pending={shown.pendingMeasurements}
            mayRun={mayRun && day.status !== 'completed' && day.status !== 'dumped'}
            onRecord={writes.measure}
          />
          <FinishBrewDay shown={shown} mayRun={mayRun} onFinish={writes.finish} />
        </>
      )}
    </>
  )
}

function NotStarted({ shown, mayRun, writes }: { shown: ShownBrewDay; mayRun: boolean; writes: Writes }) {
  return (
    <section aria-labelledby="not-started" className="grid gap-4 rounded-xl border bg-card p-6 shadow-xs">
      <h2 id="not-started" className="text-xl font-semibold">
        {t.notStartedTitle}
      </h2>
      <p className="text-muted-foreground">{t.notStarted}</p>
      <StartShortfalls batchId={shown.brewDay.batchId} enabled={mayRun && !shown.pendingStart} />
      {shown.pendingStart ? (
        <p role="status" className="flex items-center gap-2 font-medium">
          <Spinner className="size-4" />
          {t.startPending}
        </p>
      ) : (
        mayRun && (
          <Button className={cn(BIG, 'w-fit')} onClick={writes.start}>
            <Flame aria-hidden="true" />
            {t.startBrewDay}
          </Button>
        )
      )}
    </section>
  )
}

function AlarmSettings() {
  const [state, setState] = useState<NotificationState>(() => notificationState())
  const [soundOn, setSoundOn] = useState(false)
  if (soundOn && (state === 'granted' || state === 'unsupported'))
    return <p className="text-sm text-muted-foreground">{t.alarmsOn}</p>
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="outline"
        className="h-14 px-5"
        onClick={() => {
          unlockAudio()
          setSoundOn(true)
          void askToNotify().then(setState)
        }}
      >
        <BellRing aria-hidden="true" />
        {t.enableAlarms}
      </Button>
      {state === 'denied' && <p className="text-sm text-muted-foreground">{t.notificationsBlocked}</p>}
    </div>
  )
}

/**
 * Every due alarm in one bar, kept at the top of a phone's screen: what is due, one Acknowledge for the timers,
 * and for additions the way to their card (confirming the amount there is what silences them).
 */
function Alarms({ ringing, writes }: { ringing: BrewStep[]; writes: Writes }) {
  const timers = ringing.filter((step) => step.kind !== 'addition')
  const additions = ringing.filter((step) => step.kind === 'addition')
  return (
    <section
      role="alert"
      aria-labelledby="alarms-heading"
      data-testid="alarm-bar"
      className="flex flex-wrap items-center gap-3 rounded-xl border-2 border-destructive bg-destructive/10 p-3"
    >
      <h2 id="alarms-heading" className="flex min-w-0 flex-1 items-center gap-2 text-lg font-semibold">
        <BellRing aria-hidden="true" className="size-5 shrink-0 animate-pulse" />
        <span className="sr-only">{t.alarms}: </span>
        <span>
          {ringing
            .map((step) => (step.kind === 'timer' ? t.timerUp(step.plan.title) : t.dueNow(step.plan.title)))
            .join(' · ')}
        </span>
      </h2>
      {timers.length > 0 && (
        <Button
          className={BIG}
          variant="destructive"
          aria-label={`${t.acknowledge} ${timers.map((step) => step.plan.title).join(', ')}`}
          onClick={() => {
            for (const step of timers) writes.acknowledge(step.key, step.plan.title)
          }}
        >
          {t.acknowledge}
        </Button>
      )}
      {additions.length > 0 && (
        <a
          href={`#addition-${additions[0].key}`}
          className="inline-flex min-h-14 items-center rounded-md border border-destructive px-4 font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {t.confirmBelow}
        </a>
      )}
    </section>
  )
}

const isMain = (step: BrewStep) => step.plan.parentKey === null && step.plan.laterDays === null

function Timeline({
  shown,
  now,
  mayRun,
  writes,
  alarms,
}: {
  shown: ShownBrewDay
  now: number
  mayRun: boolean
  writes: Writes
  /** The alarm bar, kept on top with the current step. */
  alarms: ReactNode
}) {
  const day = shown.brewDay
  const hopLots = useHopAmounts(day.batchId, day.status === 'brewing')
  const clocks = new Map(brewDayClocks(day.steps, now).map((clock) => [clock.key, clock]))
  const mains = day.steps.filter(isMain)
  const current =
    mains.find((s) => s.startedAt && !s.completedAt) ?? mains.find((s) => !s.startedAt && !s.completedAt)
  const coming = mains.filter((s) => !s.startedAt && !s.completedAt && s.key !== current?.key)
  const additions = day.steps.filter(
    (s) =>
      s.kind === 'addition' &&
      !s.completedAt &&
      s.plan.parentKey !== null &&
      clocks.get(s.plan.parentKey)?.status !== 'pending',
  )
  const later = day.steps.filter((s) => s.plan.laterDays !== null)
  const done = day.steps.filter((s) => s.completedAt)

  if (day.steps.length === 0) return <p className="text-muted-foreground">{t.noSteps}</p>
  return (
    <>
      {/* On a phone the alarms and the step in hand stay at the top while the rest scrolls beneath. */}
      <div data-testid="brew-day-top" className="sticky top-14 z-20 grid gap-3 bg-background pt-1 pb-2">
        {alarms}
        {current ? (
          <CurrentStep
            step={current}
            clock={clocks.get(current.key)!}
            now={now}
            pending={shown.pendingSteps.has(current.key)}
            mayRun={mayRun}
            writes={writes}
            strike={current.key === 'strike-water' ? strikeText(day.expected) : null}
          />
        ) : (
          day.status === 'brewing' && <p className="rounded-xl border bg-card p-6 text-lg">{t.allDone}</p>
        )}
      </div>

      {additions.length > 0 && (
        <section aria-labelledby="additions-heading" className="grid gap-3">
          <h2 id="additions-heading" className="text-xl font-semibold">
            {t.additions}
          </h2>
          <ul className="grid gap-3">
            {additions.map((step) => (
              <li key={step.key} id={`addition-${step.key}`} className="scroll-mt-72">
                <AdditionCard
                  step={step}
                  clock={clocks.get(step.key)!}
                  now={now}
                  pending={shown.pendingSteps.has(step.key)}
                  mayRun={mayRun}
                  onConfirm={(input) => writes.confirmAddition(step.key, step.plan.title, input)}
                  lot={hopLots.data?.find((lot) => lot.stepKey === step.key)}
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      {coming.length > 0 && (
        <section aria-labelledby="coming-heading" className="grid gap-2">
          <h2 id="coming-heading" className="text-xl font-semibold">
            {t.comingSteps}
          </h2>
          <ol className="grid gap-2">
            {coming.map((step) => {
              const startsAt = clocks.get(step.key)?.startsAtMs
              return (
                <li
                  key={step.key}
                  className="flex flex-wrap justify-between gap-2 rounded-lg border bg-card p-3"
                >
                  <span className="font-medium">{step.plan.title}</span>
                  <span className="text-muted-foreground">
                    {step.kind === 'timer' && `${step.plan.plannedMinutes + step.extendedMinutes} min · `}
                    {startsAt ? t.startsAt(formatTime(startsAt)) : ''}
                  </span>
                </li>
              )
            })}
          </ol>
        </section>
      )}

      {later.length > 0 && (
        <section aria-labelledby="later-heading" className="grid gap-2">
          <h2 id="later-heading" className="text-lg font-semibold">
            {t.laterDays}
          </h2>
          <ul className="grid gap-1 text-muted-foreground">
            {later.map((step) => (
              <li key={step.key}>
                {step.plan.title} — {step.plan.detail} ({t.inDays(step.plan.laterDays ?? 0)})
              </li>
            ))}
          </ul>
        </section>
      )}

      {done.length > 0 && (
        <section aria-labelledby="log-heading" className="grid gap-2">
          <h2 id="log-heading" className="text-lg font-semibold">
            {t.log}
          </h2>
          <ul className="grid gap-1 text-sm">
            {done.map((step) => (
              <li key={step.key} className="rounded-md bg-muted/50 p-2">
                <span className="font-medium">{step.plan.title}</span>
                <span className="text-muted-foreground">
                  {' — '}
                  {[
                    step.startedAt && t.startedBy(step.startedBy?.name ?? '—', formatTime(step.startedAt)),
                    step.actual?.amount && t.used(`${step.actual.amount.value} ${step.actual.amount.unit}`),
                    step.completedAt &&
                      t.completedBy(step.completedBy?.name ?? '—', formatTime(step.completedAt)),
                    step.acknowledgedAt &&
                      t.acknowledgedBy(step.acknowledgedBy?.name ?? '—', formatTime(step.acknowledgedAt)),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

/** "Strike water: 125 gal at 167.9 °F" from the brew day's expectations; null in a copy kept before them. */
function strikeText(expected: BrewDay['expected']): string | null {
  if (expected.strikeWaterGallons === undefined || expected.strikeWaterGallons <= 0) return null
  return t.strikeWater(
    formatNumber(expected.strikeWaterGallons, 1),
    expected.strikeTemperatureF == null ? null : formatNumber(expected.strikeTemperatureF, 1),
  )
}

function CurrentStep({
  step,
  clock,
  now,
  pending,
  mayRun,
  writes,
  strike,
}: {
  step: BrewStep
  clock: StepClock
  now: number
  pending: boolean
  mayRun: boolean
  writes: Writes
  /** The strike water's volume and temperature, on the first step (issue 34, defect 4). */
  strike: string | null
}) {
  const running = clock.status === 'running' || clock.status === 'due'
  const title = step.plan.title
  return (
    <section
      aria-labelledby="current-heading"
      className={cn(
        'grid gap-4 rounded-2xl border-2 bg-card p-6 shadow-sm',
        clock.status === 'due' ? 'border-destructive' : 'border-primary',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2
          id="current-heading"
          className="text-sm font-medium tracking-wide text-muted-foreground uppercase"
        >
          {running ? t.currentStep : t.nextStep}
        </h2>
        {pending && <PendingBadge />}
      </div>
      <h3 className="text-3xl font-semibold">{title}</h3>
      {step.plan.detail && <p className="text-lg text-muted-foreground">{step.plan.detail}</p>}
      {strike && <p className="text-2xl font-semibold tabular-nums">{strike}</p>}
      {running && step.kind === 'timer' && (
        <div role="timer" aria-label={`${title} ${t.remaining}`} className="grid gap-1">
          <div
            data-testid="countdown"
            className={cn(
              'font-mono text-6xl font-bold tabular-nums sm:text-7xl',
              clock.status === 'due' && 'text-destructive',
            )}
          >
            {clock.status === 'due' ? t.timeUp : formatDuration(clock.remainingMs ?? 0)}
          </div>
          {clock.endsAtMs !== null && (
            <p className="text-muted-foreground">
              <Timer aria-hidden="true" className="mr-1 inline size-4" />
              {t.endsAt(formatTime(clock.endsAtMs))}
            </p>
          )}
        </div>
      )}
      {running && step.kind !== 'timer' && clock.startsAtMs !== null && (
        <div className="font-mono text-4xl font-semibold tabular-nums">
          {t.runningFor(formatDuration(now - clock.startsAtMs))}
        </div>
      )}
      {step.startedAt && (
        <p className="text-sm text-muted-foreground">
          {t.startedBy(step.startedBy?.name ?? '—', formatTime(step.startedAt))}
        </p>
      )}
      {mayRun && (
        <div className="flex flex-wrap gap-3">
          {!running && (
            <Button className={BIG} onClick={() => writes.startStep(step.key, title)}>
              {t.start}
            </Button>
          )}
          {running && (
            <Button className={BIG} onClick={() => writes.completeStep(step.key, title)}>
              {t.done}
            </Button>
          )}
          {running && step.kind === 'timer' && (
            <Button className={BIG} variant="outline" onClick={() => writes.extendStep(step.key, title, 5)}>
              {t.plusFive}
            </Button>
          )}
          {clock.status === 'due' && !step.acknowledgedAt && (
            <Button className={BIG} variant="destructive" onClick={() => writes.acknowledge(step.key, title)}>
              {t.acknowledge}
            </Button>
          )}
        </div>
      )}
    </section>
  )
}

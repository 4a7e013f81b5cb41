import { trendOf, VESSEL_KINDS, VESSEL_STATES, type TankCard } from '@brewcommand/domain'
import { ArrowDown, ArrowRight, ArrowUp, Bell } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Link, useParams } from 'react-router'
import { OnceOpened } from '@/components/deferred.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useCellarLive, useTankBoard } from '../api/cellar-api.ts'
import { formatBarrels, formatGravity, formatTemperature, useTemperatureUnit } from '../lib/display.ts'
import { CELLAR_TEXTS } from '../messages.ts'
import { CellarTasksSection } from './cellar-tasks.tsx'
import { Sparkline } from './sparkline.tsx'

// A vessel's sheet (its actions' dialogs, the dialog machinery) and a batch's fermentation (its chart) load
// when a vessel is opened, not with the board (ADR 390).
const VesselSheet = lazy(async () => ({ default: (await import('./vessel-sheet.tsx')).VesselSheet }))
const BatchFermentation = lazy(async () => ({
  default: (await import('./batch-fermentation.tsx')).BatchFermentation,
}))

const STATE_STYLES: Record<string, string> = {
  clean: 'bg-emerald-100 text-emerald-900',
  sanitised: 'bg-sky-100 text-sky-900',
  dirty: 'bg-amber-100 text-amber-950',
  'in-use': 'bg-violet-100 text-violet-900',
  'out-of-service': 'bg-zinc-200 text-zinc-800',
}

function TrendIcon({ values, tolerance, label }: { values: number[]; tolerance: number; label: string }) {
  const trend = trendOf(values, tolerance)
  if (!trend) return null
  const Icon = trend === 'up' ? ArrowUp : trend === 'down' ? ArrowDown : ArrowRight
  return <Icon aria-label={`${label} ${trend}`} className="size-4 text-muted-foreground" />
}

/** One tank on the board: its state, the batch in it (day N), latest gravity and temperature with their trend. */
function TankCardView({ card, onOpen }: { card: TankCard; onOpen: () => void }) {
  const [unit] = useTemperatureUnit()
  const gravities = card.trend.flatMap((point) => (point.gravitySg === null ? [] : [point.gravitySg]))
  const temperatures = card.trend.flatMap((point) =>
    point.temperatureC === null ? [] : [point.temperatureC],
  )
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="grid h-full w-full gap-3 rounded-xl border bg-card p-4 text-left shadow-xs hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <div className="flex items-start justify-between gap-2">
          <div>
            <span className="block text-lg font-semibold">{card.vessel.name}</span>
            <p className="text-sm text-muted-foreground">
              {VESSEL_KINDS[card.vessel.kind as keyof typeof VESSEL_KINDS] ?? card.vessel.kind} ·{' '}
              {formatBarrels(card.contentsBbl)} / {formatBarrels(card.vessel.capacityBbl)}
            </p>
          </div>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLES[card.vessel.state] ?? ''}`}
          >
            {VESSEL_STATES[card.vessel.state as keyof typeof VESSEL_STATES] ?? card.vessel.state}
          </span>
        </div>
        {card.batch ? (
          <p className="font-medium">
            {card.batch.number} · {card.batch.productName}
            {card.batch.day !== null && (
              <span className="text-muted-foreground"> · {CELLAR_TEXTS.day(card.batch.day)}</span>
            )}
          </p>
        ) : (
          <p className="text-muted-foreground">{CELLAR_TEXTS.empty}</p>
        )}
        {card.batch &&
          (card.latest ? (
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-muted-foreground">{CELLAR_TEXTS.gravity}</dt>
                <dd className="flex items-center gap-1 text-base font-semibold tabular-nums">
                  {formatGravity(card.latest.gravitySg)}
                  <TrendIcon values={gravities} tolerance={0.0005} label={CELLAR_TEXTS.gravity} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{CELLAR_TEXTS.temperature}</dt>
                <dd className="flex items-center gap-1 text-base font-semibold tabular-nums">
                  {formatTemperature(card.latest.temperatureC, unit)}
                  <TrendIcon values={temperatures} tolerance={0.3} label={CELLAR_TEXTS.temperature} />
                </dd>
              </div>
              {card.attenuation !== null && (
                <div className="col-span-2">
                  <dt className="inline text-muted-foreground">{CELLAR_TEXTS.attenuation}: </dt>
                  <dd className="inline font-medium tabular-nums">
                    {card.attenuation.toFixed(0)} %
                    {card.batch.expectedFg !== null && (
                      <span className="text-muted-foreground"> (FG {card.batch.expectedFg.toFixed(3)})</span>
                    )}
                  </dd>
                </div>
              )}
              {gravities.length > 1 && (
                <div className="col-span-2" aria-hidden="true">
                  <Sparkline values={gravities} />
                </div>
              )}
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">{CELLAR_TEXTS.noReadings}</p>
          ))}
        {card.openAlerts > 0 && (
          <p className="flex items-center gap-1 text-sm font-medium text-amber-800">
            <Bell aria-hidden="true" className="size-4" /> {CELLAR_TEXTS.alerts(card.openAlerts)}
          </p>
        )}
      </button>
    </li>
  )
}
/** Operations → Cellar: one card per vessel; a card opens the vessel with its batch's fermentation and actions. */
export function CellarPage() {
  useCellarLive()
  const board = useTankBoard()
  const [unit, setUnit] = useTemperatureUnit()
  const [openId, setOpenId] = useState<string | null>(null)
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{CELLAR_TEXTS.title}</h1>
          <p className="text-muted-foreground">{CELLAR_TEXTS.intro}</p>
        </div>
        <fieldset className="flex items-center gap-2">
          <legend className="sr-only">{CELLAR_TEXTS.unitToggle}</legend>
          {(['F', 'C'] as const).map((option) => (
            <Button
              key={option}
              variant={unit === option ? 'default' : 'outline'}
              size="icon"
              aria-pressed={unit === option}
              onClick={() => setUnit(option)}
            >
              °{option}
            </Button>
          ))}
        </fieldset>
      </div>
      <CellarTasksSection />
      {board.isPending && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> {CELLAR_TEXTS.loading}
        </p>
      )}
      {board.isError && (
        <div role="alert" className="grid gap-2">
          <p>{board.error.message || CELLAR_TEXTS.loadFailed}</p>
          <Button variant="outline" className="w-fit" onClick={() => void board.refetch()}>
            {CELLAR_TEXTS.retry}
          </Button>
        </div>
      )}
      {board.data && board.data.length === 0 && (
        <p className="text-muted-foreground">{CELLAR_TEXTS.noVessels}</p>
      )}
      {board.data && board.data.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Tanks">
          {board.data.map((card) => (
            <TankCardView key={card.vessel.id} card={card} onOpen={() => setOpenId(card.vessel.id)} />
          ))}
        </ul>
      )}
      <OnceOpened open={openId !== null}>
        <VesselSheet vesselId={openId} board={board.data ?? []} onClose={() => setOpenId(null)} />
      </OnceOpened>
    </div>
  )
}

/** The cellar's view of one batch: its fermentation, yield and ledger. */
export function CellarBatchPage({ batchId }: { batchId: string }) {
  return (
    <div className="grid gap-4">
      <Link to="/secure/operations/cellar" className="text-sm text-primary underline">
        ← {CELLAR_TEXTS.title}
      </Link>
      <Suspense fallback={<Spinner />}>
        <BatchFermentation batchId={batchId} />
      </Suspense>
    </div>
  )
}

/** `/secure/operations/cellar/batches/:batchId`. */
export function CellarBatchRoute() {
  const { batchId = '' } = useParams()
  return <CellarBatchPage batchId={batchId} />
}

import {
  batchPlan,
  can,
  FERMENTING_VESSEL_KINDS,
  GALLONS_PER_BBL,
  VOLUME_UNIT_LABELS,
  volumesOverCapacity,
  type Batch,
  type PlanLine,
  type Vessel,
  type VesselKind,
} from '@brewcommand/domain'
import { AlertTriangle, Flame, Pencil } from 'lucide-react'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { Breadcrumbs } from '@/components/breadcrumbs.tsx'
import { Section } from '@/components/item-cards.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useBatch, usePendingProduction, useVessels } from '@/lib/production/production-queries.ts'
import { formatBeerVolume, formatNumber } from '@/lib/production/units.ts'
import { useProductionSync } from '@/lib/production/use-production-sync.ts'
import { BATCHES_PATH } from '../api/use-batch-writes.ts'
import { brewDayPath, OPERATIONS_PATH, productPath } from '../lib/paths.ts'
import { BATCH_TEXTS } from '../messages.ts'
import { BatchCostSection } from './batch-cost.tsx'
import { BatchBookings, CompleteBatchButton } from './batch-schedule.tsx'
import { BatchStatusBadge } from './batch-status-badge.tsx'
import { RecipeSnapshot } from './recipe-snapshot.tsx'

// Change Plan's dialog (a form library and the dialog's machinery) loads when it is opened (ADR 390).
const ChangePlanDialog = lazy(async () => ({
  default: (await import('./change-plan-dialog.tsx')).ChangePlanDialog,
}))

/**
 * /secure/operations/batches/{batchId}: a batch with its frozen recipe, the volume plan of its brewhouse
 * version (each line with its formula and numbers), the expected OG beside the recipe's at 70 %, capacity
 * warnings and the way to its brew day. Live: a change anyone makes loads it again.
 */
export function BatchPage() {
  useProductionSync()
  const { batchId = '' } = useParams()
  const batch = useBatch(batchId)
  const pending = usePendingProduction(BATCHES_PATH).filter(
    ({ write }) =>
      (write.action === 'equipment:plan-batch' &&
        (write.data as { id?: string } | undefined)?.id === batchId) ||
      write.uri === `${BATCHES_PATH}/${batchId}`,
  )

  if (batch.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner className="size-4" /> Loading…
      </p>
    )
  if (batch.isError) {
    const planning = pending.find(({ write }) => write.action === 'equipment:plan-batch')
    const notFound = batch.error instanceof ApiError && batch.error.status === 404
    return (
      <div className="grid gap-4">
        <p role={planning ? 'status' : 'alert'} className="text-lg font-semibold">
          {planning
            ? planning.failed
              ? BATCH_TEXTS.batchFailed
              : BATCH_TEXTS.batchSaving
            : notFound
              ? BATCH_TEXTS.batchNotFound
              : batch.error.message}
        </p>
        <div className="flex flex-wrap gap-3">
          {!notFound && !planning && (
            <Button variant="outline" onClick={() => void batch.refetch()}>
              {BATCH_TEXTS.retry}
            </Button>
          )}
          <Link to={OPERATIONS_PATH} className="self-center text-primary underline">
            {BATCH_TEXTS.backToOperations}
          </Link>
        </div>
      </div>
    )
  }
  return <BatchView batch={batch.data} saving={pending.some(({ failed }) => !failed)} />
}

function BatchView({ batch, saving }: { batch: Batch; saving: boolean }) {
  const { currentEntity } = useAppState()
  const [changing, setChanging] = useState(false)
  const canPlan = can(currentEntity?.role, 'planProduction') && batch.status === 'planned'
  const plannedDate = new Date(`${batch.plannedBrewDate}T00:00:00`).toLocaleDateString(undefined, {
    weekday: 'short',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  })
  return (
    <div className="grid gap-8 pb-6">
      <div className="grid gap-3">
        <Breadcrumbs
          items={[{ label: BATCH_TEXTS.operations, to: OPERATIONS_PATH }, { label: `Batch ${batch.number}` }]}
        />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight">
              Batch {batch.number}
              <BatchStatusBadge status={batch.status} />
            </h1>
            <p className="text-muted-foreground">
              {batch.productId ? (
                <Link to={productPath(batch.productId)} className="hover:underline" dir="auto">
                  {batch.productName}
                </Link>
              ) : (
                batch.productName
              )}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {canPlan && (
              <Button variant="outline" className="h-11" onClick={() => setChanging(true)} disabled={saving}>
                <Pencil aria-hidden="true" className="size-4" />
                {BATCH_TEXTS.changePlan}
              </Button>
            )}
            <CompleteBatchButton batch={batch} />
            <Button asChild className="h-11">
              <Link to={brewDayPath(batch.id)}>
                <Flame aria-hidden="true" className="size-4" />
                {BATCH_TEXTS.brewDay}
              </Link>
            </Button>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
          <Fact label={BATCH_TEXTS.plannedBrewDate}>{plannedDate}</Fact>
          <Fact label={BATCH_TEXTS.targetVolume}>
            {formatBeerVolume(batch.targetVolumeBbl, batch.targetVolumeUnit)}
          </Fact>
          <Fact label={BATCH_TEXTS.brewhouse}>
            {batch.brewhouse.name}, version {batch.brewhouse.version}
          </Fact>
          <Fact label="Brewhouse efficiency">
            {formatNumber(batch.brewhouse.constants.brewhouseEfficiency, 1)} %
          </Fact>
        </dl>
        {saving && <p className="text-sm text-muted-foreground">Saving…</p>}
      </div>

      <BatchBookings batchId={batch.id} />

      <VolumePlan batch={batch} />

      <Section title={BATCH_TEXTS.recipe}>
        <div className="rounded-xl border bg-card p-4 shadow-xs">
          <RecipeSnapshot recipe={batch.recipeSnapshot} />
        </div>
      </Section>

      <BatchCostSection batchId={batch.id} />

      {changing && (
        <Suspense fallback={null}>
          <ChangePlanDialog batch={batch} onClose={() => setChanging(false)} />
        </Suspense>
      )}
    </div>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

const lineValue = (line: PlanLine) =>
  line.unit === 'SG'
    ? line.value.toFixed(3)
    : line.unit === '°F'
      ? `${formatNumber(line.value, 1)} °F`
      : `${formatNumber(line.value, 2)} gal (${formatNumber(line.value / GALLONS_PER_BBL, 2)} BBL)`

/** The largest working capacity (gallons) of the vessels of some kinds, or null when there is none. */
function largest(vessels: readonly Vessel[], kinds: readonly VesselKind[]) {
  const capacities = vessels
    .filter((v) => kinds.includes(v.kind))
    .map((v) => v.workingCapacityBbl * GALLONS_PER_BBL)
  return capacities.length > 0 ? Math.max(...capacities) : null
}

function VolumePlan({ batch }: { batch: Batch }) {
  const vessels = useVessels()
  const plan = batchPlan({
    recipeSnapshot: batch.recipeSnapshot,
    targetVolumeBbl: batch.targetVolumeBbl,
    constants: batch.brewhouse.constants,
  })
  const line = (key: PlanLine['key']) => plan.lines.find((l) => l.key === key)!
  const fermenter = vessels.data?.find((v) => v.id === batch.fermenterId)
  const over = vessels.data
    ? volumesOverCapacity(plan.plan, {
        kettleGallons: largest(vessels.data, ['kettle']),
        mashTunGallons: largest(vessels.data, ['mash-tun']),
        fermenterGallons: fermenter
          ? fermenter.workingCapacityBbl * GALLONS_PER_BBL
          : largest(vessels.data, FERMENTING_VESSEL_KINDS),
      })
    : []
  const { constants } = batch.brewhouse
  const warnings = [
    ...over.map(
      (o) =>
        `${line(o.key).label} (${formatNumber(o.gallons, 1)} gal) is more than the ${o.vessel}’s working capacity of ${formatNumber(o.capacity, 1)} gal.`,
    ),
    ...(plan.overMaxBatch
      ? [
          `The target volume is above ${batch.brewhouse.name}’s maximum batch size of ${formatNumber(constants.maxBatchGallons, 1)} gal.`,
        ]
      : []),
    ...(plan.overMaxGrain
      ? [
          `The grain bill (${formatNumber(plan.grainPounds, 1)} lb) is above the brewhouse’s maximum of ${formatNumber(constants.maxGrainPounds, 1)} lb.`,
        ]
      : []),
  ]
  const recipe = batch.recipeSnapshot
  const volumeLines = plan.lines.filter(
    (l) => l.unit === 'gal' || l.unit === '°F' || l.key === 'preBoilGravity',
  )
  return (
    <Section title={BATCH_TEXTS.volumePlan}>
      <p className="text-sm text-muted-foreground">
        {BATCH_TEXTS.volumePlanIntro(batch.brewhouse.name, batch.brewhouse.version)}
      </p>
      {plan.thicknessFromBrewhouse && (
        <p className="text-sm">
          {BATCH_TEXTS.thicknessFromBrewhouse(formatNumber(plan.strike.thicknessQuartsPerPound, 2))}
        </p>
      )}
      {Math.abs(plan.scale - 1) > 1e-6 && (
        <p className="text-sm">
          {BATCH_TEXTS.scaled(
            formatNumber(plan.scale, 3),
            `${formatNumber(recipe.yield.quantity, 2)} ${VOLUME_UNIT_LABELS[recipe.yield.unit]}`,
          )}
        </p>
      )}
      <div aria-label={BATCH_TEXTS.ogCompare} role="group" className="grid gap-3 sm:grid-cols-2">
        {(['expectedOriginalGravity', 'recipeOriginalGravity'] as const).map((key) => (
          <PlanLineCard key={key} line={line(key)} emphasis={key === 'expectedOriginalGravity'} />
        ))}
      </div>
      {warnings.length > 0 && (
        <div
          role="status"
          aria-label={BATCH_TEXTS.capacityWarnings}
          className="grid gap-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {warnings.map((warning) => (
            <p key={warning} className="flex items-start gap-2">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {warning}
            </p>
          ))}
        </div>
      )}
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {volumeLines.map((l) => (
          <li key={l.key}>
            <PlanLineCard line={l} />
          </li>
        ))}
      </ol>
    </Section>
  )
}

/** One line of the plan: its value, then its formula and the formula with this batch's numbers. */
function PlanLineCard({ line, emphasis }: { line: PlanLine; emphasis?: boolean }) {
  return (
    <article aria-label={line.label} className="grid h-full gap-1 rounded-xl border bg-card p-4 shadow-xs">
      <h3 className="text-sm text-muted-foreground">{line.label}</h3>
      {/* A value, not a heading (axe p-as-heading): the article is named by its label. */}
      <div
        className={emphasis ? 'text-2xl font-semibold tabular-nums' : 'text-lg font-semibold tabular-nums'}
      >
        {lineValue(line)}
      </div>
      <p className="text-xs">{line.formula}</p>
      <p className="rounded-md bg-muted px-2 py-1.5 font-mono text-[11px] leading-relaxed wrap-anywhere">
        {line.numbers}
      </p>
    </article>
  )
}

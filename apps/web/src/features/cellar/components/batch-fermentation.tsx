import type { LiquidEvent } from '@brewcommand/domain'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useBatchFermentation, useCellarLive } from '../api/cellar-api.ts'
import {
  formatBarrels,
  formatGravity,
  formatInstant,
  formatTemperature,
  useTemperatureUnit,
} from '../lib/display.ts'
import { CELLAR_TEXTS } from '../messages.ts'
import { FermentationChart } from './fermentation-chart.tsx'

const KIND_LABELS: Record<string, string> = {
  brewed: 'Brewed',
  transferred: 'Transferred',
  packaged: 'Packaged',
  sampled: 'Sampled',
  dumped: 'Dumped',
  lost: 'Lost',
  returned: 'Returned',
  removed: 'Removed',
}

function describeEvent(event: LiquidEvent, vesselName: (id: string | null) => string) {
  const details = event.details as { units?: number; packageType?: string; sku?: string } | null
  if (event.kind === 'packaged' && details?.units !== undefined)
    return `${details.units} × ${details.packageType ?? ''}${details.sku ? ` (${details.sku})` : ''} from ${vesselName(event.fromVesselId)}`
  if (event.kind === 'brewed') return `into ${vesselName(event.toVesselId)}`
  if (event.kind === 'transferred')
    return `${vesselName(event.fromVesselId)} → ${vesselName(event.toVesselId)}`
  return `from ${vesselName(event.fromVesselId)}${event.reason ? `: ${event.reason}` : ''}`
}

/**
 * A batch's Fermentation: the chart of gravity and temperature with the expected FG, its yield reconciling to
 * 0.01 bbl, the ledger and the readings. The batch page renders it; so does the cellar's batch view.
 */
export function BatchFermentation({ batchId }: { batchId: string }) {
  useCellarLive()
  const query = useBatchFermentation(batchId)
  const [unit] = useTemperatureUnit()
  if (query.isPending)
    return (
      <p className="flex items-center gap-2 text-muted-foreground" role="status">
        <Spinner /> {CELLAR_TEXTS.loading}
      </p>
    )
  if (query.isError || !query.data)
    return (
      <div role="alert" className="grid gap-2">
        <p>{query.error?.message ?? CELLAR_TEXTS.loadFailed}</p>
        <Button variant="outline" className="w-fit" onClick={() => void query.refetch()}>
          {CELLAR_TEXTS.retry}
        </Button>
      </div>
    )
  const { batch, readings, readingCount, latestReadings, events, yield: result, vessels } = query.data
  const vesselName = (id: string | null) => vessels.find((vessel) => vessel.id === id)?.name ?? '—'
  const lostAndDumped = result.lostBbl + result.dumpedBbl
  return (
    <section aria-labelledby={`fermentation-${batchId}`} className="grid gap-4">
      <h2 id={`fermentation-${batchId}`} className="text-lg font-semibold">
        {CELLAR_TEXTS.fermentation}
      </h2>
      {readings.length === 0 ? (
        <p className="text-muted-foreground">{CELLAR_TEXTS.noReadingsYet}</p>
      ) : (
        <>
          <FermentationChart
            readings={readings}
            expectedFg={batch.expectedFg}
            unit={unit}
            batchNumber={batch.number}
          />
          {readings.length < readingCount && (
            <p className="text-sm text-muted-foreground">
              {CELLAR_TEXTS.chartShows(readings.length, readingCount)}
            </p>
          )}
        </>
      )}
      <div className="grid gap-2">
        <h3 className="font-semibold">{CELLAR_TEXTS.yieldTitle}</h3>
        <dl
          className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5"
          aria-label={CELLAR_TEXTS.yieldTitle}
        >
          {[
            [CELLAR_TEXTS.intoFermenter, result.intoFermenterBbl],
            [CELLAR_TEXTS.packaged, result.packagedBbl],
            [CELLAR_TEXTS.sampled, result.sampledBbl],
            [CELLAR_TEXTS.lost, lostAndDumped],
            [CELLAR_TEXTS.inTanks, result.inVesselsBbl],
          ].map(([label, value]) => (
            <div key={label as string} className="grid">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium tabular-nums">{formatBarrels(value as number)}</dd>
            </div>
          ))}
        </dl>
        <p
          className={result.reconciles ? 'text-sm text-emerald-700' : 'text-sm text-destructive'}
          role="status"
        >
          {result.reconciles
            ? CELLAR_TEXTS.reconciles
            : CELLAR_TEXTS.doesNotReconcile(formatBarrels(result.differenceBbl))}
        </p>
      </div>
      <div className="grid gap-2">
        <h3 className="font-semibold">{CELLAR_TEXTS.ledger}</h3>
        <ol className="grid gap-1 text-sm">
          {events.map((event) => (
            <li key={event.id} className={event.supersededBy ? 'text-muted-foreground line-through' : ''}>
              <span className="tabular-nums">{formatInstant(event.occurredAt)}</span> ·{' '}
              {KIND_LABELS[event.kind] ?? event.kind} {formatBarrels(event.volumeBbl)}{' '}
              {describeEvent(event, vesselName)}
              {event.supersededBy && <span className="sr-only"> ({CELLAR_TEXTS.superseded})</span>}
            </li>
          ))}
        </ol>
      </div>
      {latestReadings.length > 0 && (
        <div className="grid gap-2">
          <h3 className="font-semibold">{CELLAR_TEXTS.readings}</h3>
          {latestReadings.length < readingCount && (
            <p className="text-sm text-muted-foreground">
              {CELLAR_TEXTS.latestOf(latestReadings.length, readingCount)}
            </p>
          )}
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th className="py-1 pr-4 font-medium">Time</th>
                  <th className="py-1 pr-4 font-medium">{CELLAR_TEXTS.gravity}</th>
                  <th className="py-1 pr-4 font-medium">{CELLAR_TEXTS.temperature}</th>
                  <th className="py-1 pr-4 font-medium">pH</th>
                  <th className="py-1 pr-4 font-medium">Source</th>
                  <th className="py-1 font-medium">Note</th>
                </tr>
              </thead>
              <tbody>
                {latestReadings.map((reading) => (
                  <tr key={reading.id} className="border-t">
                    <td className="py-1 pr-4 tabular-nums">{formatInstant(reading.takenAt)}</td>
                    <td className="py-1 pr-4 tabular-nums">{formatGravity(reading.gravitySg)}</td>
                    <td className="py-1 pr-4 tabular-nums">
                      {formatTemperature(reading.temperatureC, unit)}
                    </td>
                    <td className="py-1 pr-4 tabular-nums">{reading.ph?.toFixed(2) ?? '—'}</td>
                    <td className="py-1 pr-4">
                      {reading.deviceName ?? (reading.source === 'device' ? 'Device' : 'Manual')}
                    </td>
                    <td className="py-1">{reading.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  )
}

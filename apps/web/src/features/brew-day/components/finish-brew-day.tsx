import { GALLONS_PER_BBL, latestMeasurement, type FinishBrewDay as FinishInput } from '@brewcommand/domain'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { Label } from '@/components/ui/label.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { formatTime } from '../lib/use-now.ts'
import type { ShownBrewDay } from '../lib/pending.ts'
import { brewDayMessages as t } from '../messages.ts'
import { BIG, PendingBadge } from './parts.tsx'

const bbl = (value: number) => value.toFixed(2)

/**
 * Finish Brew Day: choose a free fermenter or unitank (those in use or out of service are listed, not offered);
 * a volume above its working capacity is a warning, not a refusal. Once finished, says where the wort went.
 */
export function FinishBrewDay({
  shown,
  mayRun,
  onFinish,
}: {
  shown: ShownBrewDay
  mayRun: boolean
  onFinish: (input: FinishInput) => void
}) {
  const id = useId()
  const day = shown.brewDay
  const available = day.fermenters.filter((f) => f.available)
  const [fermenterId, setFermenterId] = useState('')
  const [accepted, setAccepted] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (day.status !== 'brewing') {
    const vessel = day.fermenters.find((f) => f.id === day.fermenterId)
    if (!day.brewDayFinishedAt) return null
    return (
      <section aria-labelledby={`${id}-heading`} className="grid gap-2 rounded-xl border bg-card p-6">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {t.finishTitle}
        </h2>
        <p role="status" className="flex flex-wrap items-center gap-2 text-lg">
          {t.finished(formatTime(day.brewDayFinishedAt), vessel?.name ?? '—')}
          {shown.pendingFinish && <PendingBadge>{t.finishPending}</PendingBadge>}
        </p>
        {vessel && !shown.pendingFinish && (
          <Link
            to={`/secure/operations/cellar/batches/${day.batchId}`}
            className="inline-flex min-h-14 w-fit items-center rounded-lg border px-5 text-lg font-medium hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {t.inFermenter(day.number, vessel.name)}
          </Link>
        )}
      </section>
    )
  }

  const measured = latestMeasurement(day.measurements, 'into-fermenter', 'volume')?.gallons
  const volumeBbl = measured && measured > 0 ? measured / GALLONS_PER_BBL : day.targetVolumeBbl
  const chosen = day.fermenters.find((f) => f.id === fermenterId)
  const over = chosen && volumeBbl > chosen.workingCapacityBbl + 1e-9
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {t.finishTitle}
      </h2>
      <p className="text-muted-foreground">{t.volumeInto(bbl(volumeBbl))}</p>
      {available.length === 0 ? (
        <p>{t.noFermenters}</p>
      ) : (
        mayRun && (
          <form
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault()
              if (!chosen?.available) {
                setError(t.chooseFermenter)
                return
              }
              const warned = chosen.cleaningWarnings.length > 0
              if (warned && !accepted) {
                setError(t.acceptCleaning)
                return
              }
              setError(null)
              onFinish({ fermenterId: chosen.id, acceptCleaningWarning: warned && accepted })
            }}
          >
            <div className="grid gap-1">
              <Label htmlFor={`${id}-fermenter`}>{t.fermenter}</Label>
              <NativeSelect
                id={`${id}-fermenter`}
                className="h-14 text-lg sm:max-w-md"
                value={fermenterId}
                aria-invalid={error !== null}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => {
                  setFermenterId(event.target.value)
                  setAccepted(false)
                }}
              >
                <option value="">{t.chooseFermenter}</option>
                {day.fermenters.map((f) => (
                  <option key={f.id} value={f.id} disabled={!f.available}>
                    {f.name} ({bbl(f.workingCapacityBbl)} BBL)
                    {f.available ? '' : ` — ${f.state === 'out-of-service' ? t.outOfService : t.inUse}`}
                  </option>
                ))}
              </NativeSelect>
              {error && (
                <p id={`${id}-error`} className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
            {chosen && chosen.cleaningWarnings.length > 0 && (
              <div role="alert" className="grid gap-2 rounded-md bg-amber-100 p-3 text-amber-900">
                <p className="font-semibold">{t.cleaningTitle}</p>
                <ul className="list-disc pl-5">
                  {chosen.cleaningWarnings.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
                <label className="flex min-h-11 items-center gap-3 text-base">
                  <input
                    type="checkbox"
                    className="size-6"
                    checked={accepted}
                    onChange={(event) => setAccepted(event.target.checked)}
                  />
                  {t.cleaningAccept}
                </label>
              </div>
            )}
            {over && (
              <p role="alert" className="rounded-md bg-amber-100 p-3 text-amber-900">
                {t.overCapacity(bbl(volumeBbl), chosen.name, bbl(chosen.workingCapacityBbl))}
              </p>
            )}
            <Button type="submit" className={`${BIG} w-fit`}>
              {t.finishBrewDay}
            </Button>
          </form>
        )
      )}
    </section>
  )
}

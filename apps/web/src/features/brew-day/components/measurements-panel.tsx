import {
  compareBrewDay,
  GRAVITY_UNITS,
  INSTRUMENTS,
  MEASURED_VOLUME_UNITS,
  MEASUREMENT_POINTS,
  MeasurementInputSchema,
  type BrewDay,
  type BrewDayComparison,
  type MeasurementInput,
} from '@brewcommand/domain'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { formatTime } from '../lib/use-now.ts'
import { brewDayMessages as t, INSTRUMENT_LABELS, POINT_LABELS } from '../messages.ts'
import { BIG, PendingBadge } from './parts.tsx'

const sg = (value: number | null) => (value === null ? '—' : value.toFixed(3))
const gal = (value: number | null) => (value === null ? '—' : `${+value.toFixed(1)} gal`)
const pct = (value: number) => `${+value.toFixed(1)} %`

const COMPARISON_LABELS: Record<BrewDayComparison['point'], string> = {
  'pre-boil': 'Pre-boil',
  'post-boil': 'Post-boil',
  'original-gravity': 'Original Gravity and into the fermenter',
}

type Draft = {
  point: MeasurementInput['point']
  quantity: MeasurementInput['quantity']
  value: string
  unit: MeasurementInput['unit']
  instrument: MeasurementInput['instrument']
  temperature: string
  temperatureUnit: 'F' | 'C'
}

const EMPTY: Draft = {
  point: 'original-gravity',
  quantity: 'gravity',
  value: '',
  unit: 'SG',
  instrument: 'hydrometer',
  temperature: '',
  temperatureUnit: 'F',
}

/** What is still measured once brew day is finished (the server refuses brew day's own points then). */
const AFTER_BREW_DAY_POINTS: readonly MeasurementInput['point'][] = ['final-gravity', 'packaging', 'other']

/** A reading's unit as written after a number ("235 gal", "12 °Bx"), not its stored key ("235 GAL"). */
export const MEASUREMENT_UNIT_TEXT: Record<string, string> = {
  GAL: 'gal',
  BBL: 'bbl',
  L: 'L',
  SG: 'SG',
  Plato: '°P',
  Brix: '°Bx',
}

/** A column's name above its value where a phone stacks the table (the header row is then only for readers). */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="block text-xs text-muted-foreground sm:hidden">
      {children}
    </span>
  )
}

/**
 * Measurements of the batch: the form (what was measured, the reading in its instrument's unit, the sample's
 * temperature), and expected beside measured with the efficiency reached and the fix with numbers when a gravity
 * is off (packages/domain `compareBrewDay`).
 */
export function MeasurementsPanel({
  brewDay,
  pending,
  mayRun,
  onRecord,
}: {
  brewDay: BrewDay
  pending: Set<string>
  mayRun: boolean
  onRecord: (input: MeasurementInput, label: string) => void
}) {
  const id = useId()
  const finished = brewDay.brewDayFinishedAt !== null
  const points = finished ? AFTER_BREW_DAY_POINTS : MEASUREMENT_POINTS
  const [draft, setDraft] = useState<Draft>(finished ? { ...EMPTY, point: 'final-gravity' } : EMPTY)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }))
  const comparisons = compareBrewDay(brewDay.expected, brewDay.measurements)
  // Water, extract or a longer boil only help while the wort is in the kettle: once it is measured into the
  // fermenter (or brew day is over) the fix is no longer offered.
  const inKettle =
    brewDay.status === 'brewing' && !brewDay.measurements.some((m) => m.point === 'into-fermenter')

  const record = () => {
    const parsed = MeasurementInputSchema.safeParse({
      id: crypto.randomUUID(),
      point: draft.point,
      quantity: draft.quantity,
      value: draft.value.trim() === '' ? NaN : Number(draft.value),
      unit: draft.unit,
      instrument: draft.instrument,
      sampleTemperature:
        draft.quantity === 'gravity' && draft.temperature.trim() !== ''
          ? { value: Number(draft.temperature), unit: draft.temperatureUnit }
          : null,
      note: '',
    })
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'value'), issue.message]),
        ),
      )
      return
    }
    setErrors({})
    onRecord(parsed.data, POINT_LABELS[parsed.data.point])
    // The next sample is another sample: its temperature is read again, not carried over (a refractometer
    // OG must not be saved "at 140 °F" because the previous hydrometer sample was).
    setDraft({ ...draft, value: '', temperature: '' })
  }

  const field = (name: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] !== undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  })
  const error = (name: string) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="text-sm text-destructive">
        {errors[name]}
      </p>
    )

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {t.measurements}
      </h2>

      <div className="min-w-0">
        <table className="w-full text-left max-sm:block">
          <thead className="text-sm text-muted-foreground max-sm:sr-only">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                <span className="sr-only">{t.point}</span>
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t.expected}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t.measured}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t.efficiency}
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:grid max-sm:gap-2">
            {comparisons.map((c) => (
              <tr
                key={c.point}
                className="border-t align-top max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:py-2"
              >
                <th scope="row" className="py-2 pr-3 font-medium max-sm:col-span-2 max-sm:py-0">
                  {COMPARISON_LABELS[c.point]}
                </th>
                <td className="py-2 pr-3 tabular-nums max-sm:py-1">
                  <PhoneLabel>{t.expected}</PhoneLabel>
                  {c.expectedGravity !== null && <div>{sg(c.expectedGravity)}</div>}
                  <div>{gal(c.expectedGallons)}</div>
                </td>
                <td className="py-2 pr-3 tabular-nums max-sm:py-1">
                  <PhoneLabel>{t.measured}</PhoneLabel>
                  {c.expectedGravity !== null && <div>{sg(c.measuredGravity)}</div>}
                  <div>{gal(c.measuredGallons)}</div>
                </td>
                <td className="py-2 max-sm:col-span-2 max-sm:py-1">
                  {c.point !== 'post-boil' && c.efficiencyPercent !== null && (
                    <div>
                      {c.point === 'pre-boil' ? t.mashEfficiency : t.brewhouseEfficiency}:{' '}
                      <strong className="tabular-nums">{pct(c.efficiencyPercent)}</strong>{' '}
                      <span className="text-sm text-muted-foreground">
                        (
                        {t.planned(
                          pct(
                            c.point === 'pre-boil'
                              ? brewDay.expected.mashEfficiency
                              : brewDay.expected.brewhouseEfficiency,
                          ),
                        )}
                        )
                      </span>
                    </div>
                  )}
                  {c.fix && !inKettle && <div className="text-sm text-muted-foreground">{t.fixTooLate}</div>}
                  {c.fix && inKettle && (
                    <div className="text-sm">
                      {t.fix}:{' '}
                      {[
                        c.fix.dilutionWaterGallons > 0 && t.dilute(c.fix.dilutionWaterGallons.toFixed(1)),
                        c.fix.dryMaltExtractPounds > 0 && t.addDme(c.fix.dryMaltExtractPounds.toFixed(1)),
                        c.fix.extraBoilMinutes > 0 &&
                          t.boilLonger(Math.ceil(c.fix.extraBoilMinutes).toString()),
                      ]
                        .filter(Boolean)
                        .join('; or ')}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {brewDay.measurements.length === 0 ? (
        <p className="text-muted-foreground">{t.noMeasurements}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {brewDay.measurements.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{POINT_LABELS[m.point]}</span>
              <span className="tabular-nums">
                {m.value} {MEASUREMENT_UNIT_TEXT[m.unit] ?? m.unit}
                {m.sampleTemperature && ` at ${m.sampleTemperature.value} °${m.sampleTemperature.unit}`}
                {m.gravity !== null && (m.unit !== 'SG' || m.gravity !== m.value) && ` → ${sg(m.gravity)}`}
              </span>
              <span className="text-muted-foreground">
                {INSTRUMENT_LABELS[m.instrument as keyof typeof INSTRUMENT_LABELS] ?? m.instrument} ·{' '}
                {m.takenBy?.name ?? '—'} · {formatTime(m.takenAt)}
              </span>
              {pending.has(m.id) && <PendingBadge />}
            </li>
          ))}
        </ul>
      )}

      {mayRun && (
        <form
          aria-label={t.recordMeasurement}
          className="grid gap-3 sm:grid-cols-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            record()
          }}
        >
          <div className="grid gap-1">
            <Label htmlFor={`${id}-point`}>{t.point}</Label>
            <NativeSelect
              {...field('point')}
              className="h-14 text-lg"
              value={draft.point}
              onChange={(event) => {
                const point = event.target.value as Draft['point']
                const volume = point === 'into-fermenter' || point === 'post-boil'
                set({
                  point,
                  quantity: volume ? 'volume' : 'gravity',
                  unit: volume ? 'GAL' : 'SG',
                  instrument: volume ? 'meter' : 'hydrometer',
                })
              }}
            >
              {points.map((p) => (
                <option key={p} value={p}>
                  {POINT_LABELS[p]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-quantity`}>{t.quantity}</Label>
            <NativeSelect
              {...field('quantity')}
              className="h-14 text-lg"
              value={draft.quantity}
              onChange={(event) => {
                const quantity = event.target.value as Draft['quantity']
                set({
                  quantity,
                  unit: quantity === 'volume' ? 'GAL' : 'SG',
                  instrument: quantity === 'volume' ? 'meter' : 'hydrometer',
                })
              }}
            >
              <option value="gravity">Gravity</option>
              <option value="volume">Volume</option>
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-value`}>{t.value}</Label>
            <Input
              {...field('value')}
              inputMode="decimal"
              className="h-14 text-lg"
              value={draft.value}
              onChange={(event) => set({ value: event.target.value })}
            />
            {error('value')}
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-unit`}>{t.unit}</Label>
            <NativeSelect
              {...field('unit')}
              className="h-14 text-lg"
              value={draft.unit}
              onChange={(event) => set({ unit: event.target.value as Draft['unit'] })}
            >
              {(draft.quantity === 'gravity' ? GRAVITY_UNITS : MEASURED_VOLUME_UNITS).map((u) => (
                <option key={u} value={u}>
                  {u === 'GAL' ? 'Gallons' : u === 'L' ? 'Litres' : u}
                </option>
              ))}
            </NativeSelect>
            {error('unit')}
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-instrument`}>{t.instrument}</Label>
            <NativeSelect
              {...field('instrument')}
              className="h-14 text-lg"
              value={draft.instrument}
              onChange={(event) => {
                const instrument = event.target.value as Draft['instrument']
                set({ instrument, ...(instrument === 'refractometer' ? { unit: 'Brix' } : {}) })
              }}
            >
              {INSTRUMENTS.map((i) => (
                <option key={i} value={i}>
                  {INSTRUMENT_LABELS[i]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {draft.quantity === 'gravity' && (
            <div className="grid grid-cols-[1fr_auto] gap-2">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-sampleTemperature`}>{t.sampleTemperature}</Label>
                <Input
                  {...field('sampleTemperature')}
                  inputMode="decimal"
                  className="h-14 text-lg"
                  value={draft.temperature}
                  onChange={(event) => set({ temperature: event.target.value })}
                />
                {error('sampleTemperature')}
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-temperature-unit`}>{t.temperatureUnit}</Label>
                <NativeSelect
                  id={`${id}-temperature-unit`}
                  className="h-14 w-24 text-lg"
                  value={draft.temperatureUnit}
                  onChange={(event) => set({ temperatureUnit: event.target.value as 'F' | 'C' })}
                >
                  <option value="F">°F</option>
                  <option value="C">°C</option>
                </NativeSelect>
              </div>
            </div>
          )}
          <Button type="submit" className={`${BIG} sm:col-span-2 sm:w-fit`}>
            {t.recordMeasurement}
          </Button>
        </form>
      )}
    </section>
  )
}

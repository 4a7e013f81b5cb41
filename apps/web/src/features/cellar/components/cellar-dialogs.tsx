import {
  cleaningWarnings,
  CleaningInputSchema,
  CLEANING_KINDS,
  GALLONS_PER_BBL,
  LiquidEventInputSchema,
  PackagingRunInputSchema,
  ReadingInputSchema,
  withinShown,
  type CellarMoveKind,
  type CellarSettings,
  type TankCard,
  type VesselDetail,
} from '@brewcommand/domain'
import { useId, useState, type FormEvent } from 'react'
import { FormDialog } from '@/components/form-dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import {
  instantOf,
  LedgerDateField,
  useLedgerDateCheck,
  type LedgerDate,
} from '@/components/ledger-date-field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { Textarea } from '@/components/ui/textarea.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { formatBarrels, useTemperatureUnit } from '../lib/display.ts'
import { issuesOf, numberOrNull } from '../lib/form.ts'
import { EmptyTankField, emptyTankInput, type EmptyTankValue } from './empty-tank-field.tsx'
import { CELLAR_TEXTS } from '../messages.ts'

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void }

/** Add Reading: gravity (SG or °Plato), temperature (°F or °C), pH, note. */
export function ReadingDialog({ vessel, open, onOpenChange }: DialogProps & { vessel: TankCard['vessel'] }) {
  const id = useId()
  const write = useWrite()
  const [unit] = useTemperatureUnit()
  const [form, setForm] = useState({
    gravity: '',
    gravityUnit: 'SG',
    temperature: '',
    temperatureUnit: unit,
    ph: '',
    note: '',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }))
  function submit(event: FormEvent) {
    event.preventDefault()
    const gravity = numberOrNull(form.gravity)
    const temperature = numberOrNull(form.temperature)
    const parsed = ReadingInputSchema.safeParse({
      id: crypto.randomUUID(),
      vesselId: vessel.id,
      gravity: gravity === null ? null : { value: gravity, unit: form.gravityUnit },
      temperature: temperature === null ? null : { value: temperature, unit: form.temperatureUnit },
      ph: numberOrNull(form.ph),
      note: form.note,
    })
    if (!parsed.success) return setErrors(issuesOf(parsed.error))
    write({
      kind: 'production',
      action: 'cellar:record-reading',
      uri: '/api/cellar/readings',
      data: parsed.data,
      name: vessel.name,
    })
    setErrors({})
    setForm((current) => ({ ...current, gravity: '', temperature: '', ph: '', note: '' }))
    onOpenChange(false)
  }
  return (
    <FormDialog
      title={`${CELLAR_TEXTS.addReading}: ${vessel.name}`}
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={submit}
    >
      <div className="grid grid-cols-[1fr_7rem] gap-2">
        <FormField
          label={CELLAR_TEXTS.gravity}
          htmlFor={`${id}-gravity`}
          error={errors.gravity ?? errors['gravity.value']}
        >
          <Input id={`${id}-gravity`} inputMode="decimal" value={form.gravity} onChange={set('gravity')} />
        </FormField>
        <FormField label="Unit" htmlFor={`${id}-gravity-unit`}>
          <NativeSelect id={`${id}-gravity-unit`} value={form.gravityUnit} onChange={set('gravityUnit')}>
            <option value="SG">SG</option>
            <option value="Plato">°Plato</option>
          </NativeSelect>
        </FormField>
      </div>
      <div className="grid grid-cols-[1fr_7rem] gap-2">
        <FormField
          label={CELLAR_TEXTS.temperature}
          htmlFor={`${id}-temperature`}
          error={errors['temperature.value']}
        >
          <Input
            id={`${id}-temperature`}
            inputMode="decimal"
            value={form.temperature}
            onChange={set('temperature')}
          />
        </FormField>
        <FormField label="Unit" htmlFor={`${id}-temperature-unit`}>
          <NativeSelect
            id={`${id}-temperature-unit`}
            value={form.temperatureUnit}
            onChange={set('temperatureUnit')}
          >
            <option value="F">°F</option>
            <option value="C">°C</option>
          </NativeSelect>
        </FormField>
      </div>
      <FormField label="pH" htmlFor={`${id}-ph`} error={errors.ph}>
        <Input id={`${id}-ph`} inputMode="decimal" value={form.ph} onChange={set('ph')} />
      </FormField>
      <FormField label="Note" htmlFor={`${id}-note`} error={errors.note}>
        <Textarea id={`${id}-note`} value={form.note} onChange={set('note')} />
      </FormField>
    </FormDialog>
  )
}

const MOVE_TITLES: Record<CellarMoveKind, string> = {
  transferred: CELLAR_TEXTS.transfer,
  sampled: CELLAR_TEXTS.sample,
  dumped: CELLAR_TEXTS.dump,
  lost: CELLAR_TEXTS.loss,
}

/**
 * Transfer, Sample, Dump or Loss out of a vessel; a dump or loss needs a reason. A transfer into a vessel not
 * cleaned and sanitised within the brewery's windows shows the warning, and the person accepts it to go on.
 */
export function MovementDialog({
  kind,
  card,
  board,
  settings,
  open,
  onOpenChange,
  toVesselId = '',
}: DialogProps & {
  kind: CellarMoveKind
  card: TankCard
  board: TankCard[]
  settings: CellarSettings | undefined
  /** The vessel a transfer goes to, filled in (a cellar task's booked brite tank). */
  toVesselId?: string
}) {
  const id = useId()
  const write = useWrite()
  const [form, setForm] = useState({
    volume: '',
    unit: 'BBL',
    toVesselId,
    reason: '',
    accept: false,
    purpose: '',
  })
  const [empty, setEmpty] = useState<EmptyTankValue>({ on: false, reason: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [date, setDate] = useState<LedgerDate>({ when: '', adjustment: false })
  const dateCheck = useLedgerDateCheck(date)
  const typed = numberOrNull(form.volume)
  const typedBbl = typed === null ? 0 : form.unit === 'GAL' ? typed / GALLONS_PER_BBL : typed
  const targets = board.filter(
    (other) =>
      other.vessel.id !== card.vessel.id &&
      other.vessel.state !== 'out-of-service' &&
      (other.contentsBbl === 0 || other.batch?.id === card.batch?.id),
  )
  const target = board.find((other) => other.vessel.id === form.toVesselId)
  const warnings =
    kind === 'transferred' && target && target.contentsBbl === 0
      ? cleaningWarnings({
          vesselName: target.vessel.name,
          lastCleanedAt: target.lastCleanedAt,
          lastSanitisedAt: target.lastSanitisedAt,
          now: new Date(),
          cleanWindowHours: settings?.cleanWindowHours ?? 24,
          sanitiseWindowHours: settings?.sanitiseWindowHours ?? 4,
        })
      : []
  function submit(event: FormEvent) {
    event.preventDefault()
    const volume = numberOrNull(form.volume)
    const parsed = LiquidEventInputSchema.safeParse({
      id: crypto.randomUUID(),
      kind,
      fromVesselId: card.vessel.id,
      toVesselId: kind === 'transferred' ? form.toVesselId || null : null,
      volumeBbl: volume === null ? Number.NaN : form.unit === 'GAL' ? volume / GALLONS_PER_BBL : volume,
      reason: form.reason,
      acceptCleaningWarning: warnings.length > 0 && form.accept,
      emptyTank: kind === 'transferred' ? emptyTankInput(empty) : null,
      purpose: kind === 'sampled' ? form.purpose || null : null,
      occurredAt: instantOf(date.when),
      priorPeriodAdjustment: date.adjustment,
    })
    if (!parsed.success) return setErrors(issuesOf(parsed.error))
    if (dateCheck.refusal) return setErrors({ occurredAt: dateCheck.refusal })
    if (warnings.length > 0 && !form.accept)
      return setErrors({ acceptCleaningWarning: 'Accept the warning to fill this vessel' })
    if (!withinShown(parsed.data.volumeBbl, card.contentsBbl))
      return setErrors({ volumeBbl: `${card.vessel.name} holds ${formatBarrels(card.contentsBbl)}` })
    write({
      kind: 'production',
      action: 'cellar:record-movement',
      uri: '/api/cellar/liquid-events',
      data: parsed.data,
      name: card.vessel.name,
    })
    setErrors({})
    setForm({ volume: '', unit: 'BBL', toVesselId: '', reason: '', accept: false, purpose: '' })
    setEmpty({ on: false, reason: '' })
    setDate({ when: '', adjustment: false })
    onOpenChange(false)
  }
  return (
    <FormDialog
      title={`${MOVE_TITLES[kind]}: ${card.vessel.name}`}
      description={`${CELLAR_TEXTS.contents}: ${formatBarrels(card.contentsBbl)}`}
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={submit}
    >
      {kind === 'transferred' && (
        <FormField label="To vessel" htmlFor={`${id}-to`} error={errors.toVesselId}>
          <NativeSelect
            id={`${id}-to`}
            value={form.toVesselId}
            onChange={(e) => setForm({ ...form, toVesselId: e.target.value, accept: false })}
          >
            <option value="">Choose a vessel</option>
            {targets.map((other) => (
              <option key={other.vessel.id} value={other.vessel.id}>
                {other.vessel.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      <div className="grid grid-cols-[1fr_7rem] gap-2">
        <FormField label="Volume" htmlFor={`${id}-volume`} error={errors.volumeBbl}>
          <Input
            id={`${id}-volume`}
            inputMode="decimal"
            value={form.volume}
            onChange={(e) => setForm({ ...form, volume: e.target.value })}
          />
        </FormField>
        <FormField label="Unit" htmlFor={`${id}-unit`}>
          <NativeSelect
            id={`${id}-unit`}
            value={form.unit}
            onChange={(e) => setForm({ ...form, unit: e.target.value })}
          >
            <option value="BBL">bbl</option>
            <option value="GAL">gal</option>
          </NativeSelect>
        </FormField>
      </div>
      {kind === 'transferred' && (
        <EmptyTankField
          value={empty}
          onChange={setEmpty}
          restBbl={card.contentsBbl - typedBbl}
          error={errors['emptyTank.reason']}
        />
      )}
      {kind === 'sampled' && (
        <FormField label="What the sample is for" htmlFor={`${id}-purpose`} error={errors.purpose}>
          <NativeSelect
            id={`${id}-purpose`}
            value={form.purpose}
            onChange={(e) => setForm({ ...form, purpose: e.target.value })}
          >
            <option value="">Choose lab or tasting</option>
            <option value="lab">Lab (research, testing: removed without tax)</option>
            <option value="tasting">Tasting (consumed on premises)</option>
          </NativeSelect>
        </FormField>
      )}
      {kind !== 'transferred' && (
        <FormField label="Reason" htmlFor={`${id}-reason`} error={errors.reason}>
          <Input
            id={`${id}-reason`}
            value={form.reason}
            onChange={(e) => setForm({ ...form, reason: e.target.value })}
          />
        </FormField>
      )}
      {warnings.length > 0 && (
        <div
          role="alert"
          className="grid gap-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p className="font-semibold">{CELLAR_TEXTS.cleaningWarningTitle}</p>
          <ul className="list-disc pl-5">
            {warnings.map((warning) => (
              <li key={warning.code}>{warning.message}</li>
            ))}
          </ul>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={form.accept}
              onChange={(e) => setForm({ ...form, accept: e.target.checked })}
            />
            {CELLAR_TEXTS.cleaningWarningAccept}
          </label>
          {errors.acceptCleaningWarning && <p className="text-destructive">{errors.acceptCleaningWarning}</p>}
        </div>
      )}
      <LedgerDateField value={date} onChange={setDate} error={errors.occurredAt} />
    </FormDialog>
  )
}

/** Package: units of each of the product's packaging options, converted to barrels. */
export function PackageDialog({ detail, open, onOpenChange }: DialogProps & { detail: VesselDetail }) {
  const id = useId()
  const write = useWrite()
  const [units, setUnits] = useState<Record<string, string>>({})
  const [perUnit, setPerUnit] = useState<Record<string, string>>({})
  const [empty, setEmpty] = useState<EmptyTankValue>({ on: false, reason: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const lines = detail.packageOptions
    .map((option) => ({ option, units: numberOrNull(units[option.id] ?? '') }))
    .filter((line) => line.units !== null)
  const total = lines.reduce(
    (sum, line) =>
      sum +
      (line.units ?? 0) * (line.option.barrelsPerUnit ?? numberOrNull(perUnit[line.option.id] ?? '') ?? 0),
    0,
  )
  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = PackagingRunInputSchema.safeParse({
      id: crypto.randomUUID(),
      fromVesselId: detail.vessel.id,
      lines: lines.map((line) => ({
        id: crypto.randomUUID(),
        packageId: line.option.id,
        units: line.units,
        barrelsPerUnit:
          line.option.barrelsPerUnit === null ? numberOrNull(perUnit[line.option.id] ?? '') : null,
      })),
      emptyTank: emptyTankInput(empty),
    })
    if (!parsed.success) {
      const issues = issuesOf(parsed.error)
      // Field paths of the lines name the option's row.
      const mapped: Record<string, string> = {}
      for (const [path, message] of Object.entries(issues)) {
        const match = /^lines\.(\d+)\.(\w+)/.exec(path)
        mapped[match ? `${lines[Number(match[1])]?.option.id}.${match[2]}` : path] = message
      }
      return setErrors(mapped)
    }
    const missing = lines.find(
      (line) => line.option.barrelsPerUnit === null && numberOrNull(perUnit[line.option.id] ?? '') === null,
    )
    if (missing) return setErrors({ [`${missing.option.id}.barrelsPerUnit`]: 'Give the barrels in one unit' })
    if (!withinShown(total, detail.contentsBbl))
      return setErrors({ lines: `${detail.vessel.name} holds ${formatBarrels(detail.contentsBbl)}` })
    write({
      kind: 'production',
      action: 'cellar:package',
      uri: '/api/cellar/packaging-runs',
      data: parsed.data,
      name: detail.vessel.name,
    })
    setErrors({})
    setUnits({})
    setEmpty({ on: false, reason: '' })
    onOpenChange(false)
  }
  return (
    <FormDialog
      title={`${CELLAR_TEXTS.package}: ${detail.vessel.name}`}
      description={`${CELLAR_TEXTS.contents}: ${formatBarrels(detail.contentsBbl)} · this run ${formatBarrels(total)}`}
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={submit}
      submitLabel={CELLAR_TEXTS.package}
    >
      {detail.packageOptions.length === 0 && (
        <p className="text-muted-foreground">This product has no packaging options yet.</p>
      )}
      {detail.packageOptions.map((option) => (
        <div key={option.id} className="grid grid-cols-2 gap-2">
          <FormField
            label={`${option.type}${option.sku ? ` (${option.sku})` : ''}`}
            unit="units"
            htmlFor={`${id}-${option.id}`}
            error={errors[`${option.id}.units`]}
          >
            <Input
              id={`${id}-${option.id}`}
              inputMode="numeric"
              value={units[option.id] ?? ''}
              onChange={(e) => setUnits({ ...units, [option.id]: e.target.value })}
            />
          </FormField>
          {option.barrelsPerUnit === null ? (
            <FormField
              label="Barrels per unit"
              htmlFor={`${id}-${option.id}-bpu`}
              error={errors[`${option.id}.barrelsPerUnit`]}
            >
              <Input
                id={`${id}-${option.id}-bpu`}
                inputMode="decimal"
                value={perUnit[option.id] ?? ''}
                onChange={(e) => setPerUnit({ ...perUnit, [option.id]: e.target.value })}
              />
            </FormField>
          ) : (
            <p className="self-end pb-2 text-sm text-muted-foreground">
              {option.barrelsPerUnit.toFixed(5)} bbl each
            </p>
          )}
        </div>
      ))}
      {detail.packageOptions.length > 0 && (
        <EmptyTankField
          value={empty}
          onChange={setEmpty}
          restBbl={detail.contentsBbl - total}
          error={errors['emptyTank.reason']}
        />
      )}
      {errors.lines && (
        <p role="alert" className="text-sm text-destructive">
          {errors.lines}
        </p>
      )}
    </FormDialog>
  )
}

/** Log Cleaning: clean, sanitise or CIP, with chemical, concentration, temperature, duration and verification. */
export function CleaningDialog({ vessel, open, onOpenChange }: DialogProps & { vessel: TankCard['vessel'] }) {
  const id = useId()
  const write = useWrite()
  const [unit] = useTemperatureUnit()
  const [form, setForm] = useState({
    kind: 'clean',
    chemical: '',
    concentration: '',
    temperature: '',
    temperatureUnit: unit,
    duration: '',
    verification: '',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }))
  function submit(event: FormEvent) {
    event.preventDefault()
    const temperature = numberOrNull(form.temperature)
    const parsed = CleaningInputSchema.safeParse({
      id: crypto.randomUUID(),
      vesselId: vessel.id,
      kind: form.kind,
      chemical: form.chemical,
      concentration: form.concentration,
      temperature: temperature === null ? null : { value: temperature, unit: form.temperatureUnit },
      durationMinutes: numberOrNull(form.duration),
      verification: form.verification,
    })
    if (!parsed.success) return setErrors(issuesOf(parsed.error))
    write({
      kind: 'production',
      action: 'cellar:log-cleaning',
      uri: '/api/cellar/cleaning',
      data: parsed.data,
      name: vessel.name,
    })
    setErrors({})
    onOpenChange(false)
  }
  return (
    <FormDialog
      title={`${CELLAR_TEXTS.logCleaning}: ${vessel.name}`}
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={submit}
    >
      <FormField label="Kind" htmlFor={`${id}-kind`} error={errors.kind}>
        <NativeSelect id={`${id}-kind`} value={form.kind} onChange={set('kind')}>
          {Object.entries(CLEANING_KINDS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Chemical" htmlFor={`${id}-chemical`} error={errors.chemical}>
        <Input id={`${id}-chemical`} value={form.chemical} onChange={set('chemical')} />
      </FormField>
      <FormField label="Concentration" htmlFor={`${id}-concentration`} error={errors.concentration}>
        <Input id={`${id}-concentration`} value={form.concentration} onChange={set('concentration')} />
      </FormField>
      <div className="grid grid-cols-[1fr_7rem] gap-2">
        <FormField
          label={CELLAR_TEXTS.temperature}
          htmlFor={`${id}-temperature`}
          error={errors['temperature.value']}
        >
          <Input
            id={`${id}-temperature`}
            inputMode="decimal"
            value={form.temperature}
            onChange={set('temperature')}
          />
        </FormField>
        <FormField label="Unit" htmlFor={`${id}-temperature-unit`}>
          <NativeSelect
            id={`${id}-temperature-unit`}
            value={form.temperatureUnit}
            onChange={set('temperatureUnit')}
          >
            <option value="F">°F</option>
            <option value="C">°C</option>
          </NativeSelect>
        </FormField>
      </div>
      <FormField label="Duration" unit="minutes" htmlFor={`${id}-duration`} error={errors.durationMinutes}>
        <Input id={`${id}-duration`} inputMode="numeric" value={form.duration} onChange={set('duration')} />
      </FormField>
      <FormField label="Verification" htmlFor={`${id}-verification`} error={errors.verification}>
        <Input
          id={`${id}-verification`}
          value={form.verification}
          onChange={set('verification')}
          placeholder="ATP swab, visual, pH strip…"
        />
      </FormField>
    </FormDialog>
  )
}

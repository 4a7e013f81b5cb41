import {
  can,
  FILING_FREQUENCIES,
  OPERATIONS_REPORT_FREQUENCIES,
  TaxSettingsSchema,
  type TaxSettings,
  type TaxSettingsInput,
} from '@brewcommand/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { FormField } from '@/components/form-field.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { usePeriods, useReportsLive, useTaxSettings } from '../api/use-reports.ts'
import {
  SAVE,
  TAX_FIELDS,
  TAX_HEADING,
  TAX_ONLY_ADMINS,
  TIME_ZONE_BROWSER,
  TIME_ZONE_FIXED,
  TIME_ZONE_HINT,
} from '../messages.ts'
import { QueryState } from './report-card.tsx'

/** The form shows the share as a percent with 2 decimals; the wire carries basis points. */
const TaxFormSchema = TaxSettingsSchema.omit({ controlledGroupShareBasisPoints: true }).extend({
  controlledGroupSharePercent: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'The share is a percent with at most 2 decimals, like 50 or 33.33')
    .refine((text) => Number(text) <= 100, 'The share cannot be above 100%'),
})
type TaxForm = z.infer<typeof TaxFormSchema>

const toForm = ({ controlledGroupShareBasisPoints, ...rest }: TaxSettings): TaxForm => ({
  ...rest,
  controlledGroupSharePercent: (controlledGroupShareBasisPoints / 100).toFixed(2).replace(/\.00$/, ''),
})
const fromForm = ({ controlledGroupSharePercent, ...rest }: TaxForm): TaxSettings => ({
  ...rest,
  controlledGroupShareBasisPoints: Math.round(Number(controlledGroupSharePercent) * 100),
})

const FREQUENCY_LABELS: Record<string, string> = {
  semimonthly: 'Semimonthly',
  quarterly: 'Quarterly',
  annual: 'Annually',
  monthly: 'Monthly',
}

/** This device's time zone, if the platform says. */
const deviceTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/** Every IANA time zone the platform knows, UTC first, with the stored one even if the platform lacks it. */
function timeZoneChoices(stored: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return [...new Set(['UTC', stored, ...zones])]
}

/** Settings → Tax: the brewery's tax facts (Admins only). */
export function TaxSettingsPage() {
  const { currentEntity } = useAppState()
  const isAdmin = can(currentEntity?.role, 'manageTaxAndPeriods')
  const settings = useTaxSettings(isAdmin)
  useReportsLive()
  return (
    <section aria-labelledby="tax-heading" className="grid max-w-xl gap-4">
      <h2 id="tax-heading" className="text-xl font-semibold">
        {TAX_HEADING}
      </h2>
      {isAdmin ? (
        <QueryState query={settings} what="the tax settings" isEmpty={() => false} empty="">
          {(data) => <TaxSettingsForm settings={data} />}
        </QueryState>
      ) : (
        <p className="text-muted-foreground">{TAX_ONLY_ADMINS}</p>
      )}
    </section>
  )
}

function TaxSettingsForm({ settings }: { settings: TaxSettings }) {
  const write = useWrite()
  const id = useId()
  const form = useForm<TaxForm>({ resolver: zodResolver(TaxFormSchema), defaultValues: toForm(settings) })
  const errors = form.formState.errors
  const zones = useMemo(() => timeZoneChoices(settings.timeZone), [settings.timeZone])
  const device = deviceTimeZone()
  // A closed period was cut at midnight in the stored zone: the zone cannot change (the server says 409).
  const closed = usePeriods().data?.[0]
  // Someone else saved: show what is stored now (a form being typed in keeps its values).
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(toForm(settings))
  }, [settings, form])
  const onSubmit = form.handleSubmit((values) => {
    const { timeZone, ...rest } = fromForm(values)
    // While a closed period holds the time zone it is left out of the save: the server keeps the stored one.
    const data: TaxSettingsInput = closed ? rest : { ...rest, timeZone }
    write({
      kind: 'production',
      action: 'reporting:save-tax-settings',
      uri: '/api/reports/tax-settings',
      data,
      name: TAX_HEADING,
    })
    form.reset(values)
  })
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-xl border bg-card p-6 shadow-xs">
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input type="checkbox" className="size-5" {...form.register('reducedRateEligible')} />
        {TAX_FIELDS.reducedRateEligible}
      </label>
      <FormField
        label={TAX_FIELDS.controlledGroupSharePercent}
        htmlFor={`${id}-share`}
        error={errors.controlledGroupSharePercent?.message}
      >
        <Input
          id={`${id}-share`}
          inputMode="decimal"
          className="min-h-11"
          aria-invalid={!!errors.controlledGroupSharePercent}
          {...form.register('controlledGroupSharePercent')}
        />
      </FormField>
      <FormField
        label={TAX_FIELDS.exciseFilingFrequency}
        htmlFor={`${id}-excise`}
        error={errors.exciseFilingFrequency?.message}
      >
        <select
          id={`${id}-excise`}
          className="min-h-11 rounded-md border bg-background px-3 text-sm"
          {...form.register('exciseFilingFrequency')}
        >
          {FILING_FREQUENCIES.map((value) => (
            <option key={value} value={value}>
              {FREQUENCY_LABELS[value]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label={TAX_FIELDS.operationsReportFrequency}
        htmlFor={`${id}-operations`}
        error={errors.operationsReportFrequency?.message}
      >
        <select
          id={`${id}-operations`}
          className="min-h-11 rounded-md border bg-background px-3 text-sm"
          {...form.register('operationsReportFrequency')}
        >
          {OPERATIONS_REPORT_FREQUENCIES.map((value) => (
            <option key={value} value={value}>
              {FREQUENCY_LABELS[value]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label={TAX_FIELDS.brewersNoticeNumber}
        htmlFor={`${id}-notice`}
        error={errors.brewersNoticeNumber?.message}
      >
        <Input
          id={`${id}-notice`}
          className="min-h-11"
          aria-invalid={!!errors.brewersNoticeNumber}
          {...form.register('brewersNoticeNumber')}
        />
      </FormField>
      <FormField label={TAX_FIELDS.timeZone} htmlFor={`${id}-zone`} error={errors.timeZone?.message}>
        <select
          id={`${id}-zone`}
          className="min-h-11 rounded-md border bg-background px-3 text-sm disabled:opacity-70"
          disabled={closed !== undefined}
          aria-describedby={`${id}-zone-hint`}
          {...form.register('timeZone')}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <p id={`${id}-zone-hint`} className="text-sm text-muted-foreground">
          {closed
            ? TIME_ZONE_FIXED(closed.period, closed.report)
            : [TIME_ZONE_HINT, device && device !== settings.timeZone ? TIME_ZONE_BROWSER(device) : '']
                .filter(Boolean)
                .join(' ')}
        </p>
      </FormField>
      <Button type="submit" className="min-h-11 w-fit">
        {SAVE}
      </Button>
    </form>
  )
}

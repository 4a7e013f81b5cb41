import { ReportPeriodReadSchema, type ReportPeriodRead } from '@brewcommand/domain'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { FormField } from '@/components/form-field.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { api } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'

// When a movement of beer happened (docs/decisions/230-ledger-dates-that-hold.md): a date in a closed report period
// shows the server's sentence and offers to book it as a prior-period adjustment (ADR 231). The server checks the
// same; a role that cannot read the periods (a Brewer) sees the server's refusal in the save list instead.

/** The brewery's closed report periods; none when the role may not read them. */
export function useClosedPeriods() {
  const { currentEntity } = useAppState()
  const { getAccessToken } = useAuth()
  const entityId = currentEntity?.entityId ?? ''
  return useQuery({
    queryKey: ['reports', entityId, 'periods'],
    queryFn: async ({ signal }) =>
      api.get('/api/reports/periods', ReportPeriodReadSchema.array(), {
        token: await getAccessToken(),
        signal,
      }),
    enabled: entityId !== '',
    retry: false,
  })
}

/** The closed period a day falls in (the device's day of the chosen wall time), else null. */
export function closedPeriodOfDay(
  day: string,
  periods: readonly ReportPeriodRead[],
): ReportPeriodRead | null {
  return periods.find((period) => period.from <= day && day <= period.to) ?? null
}

/** The value of a datetime-local field as an ISO instant; none when empty (the server's now). */
export function instantOf(local: string): string | undefined {
  if (local.trim() === '') return undefined
  const date = new Date(local)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

export type LedgerDate = { when: string; adjustment: boolean }

/** Whether a chosen date may be sent: outside every closed period, or confirmed as an adjustment. */
export function useLedgerDateCheck(value: LedgerDate) {
  const periods = useClosedPeriods()
  const closed = value.when ? closedPeriodOfDay(value.when.slice(0, 10), periods.data ?? []) : null
  return {
    closed,
    /** The sentence to show when the date cannot be sent as it is. */
    refusal:
      closed && !value.adjustment
        ? `${value.when.slice(0, 10)} is in ${closed.period} (TTB F ${closed.report}), which is closed.`
        : null,
  }
}

/** "When" (optional: now) with the closed-period sentence and the prior-period adjustment confirm. */
export function LedgerDateField({
  value,
  onChange,
  error,
}: {
  value: LedgerDate
  onChange: (value: LedgerDate) => void
  error?: string
}) {
  const id = useId()
  const { closed } = useLedgerDateCheck(value)
  return (
    <div className="grid gap-2">
      <FormField label="When" htmlFor={`${id}-when`} error={error}>
        <Input
          id={`${id}-when`}
          type="datetime-local"
          value={value.when}
          aria-describedby={closed ? `${id}-closed` : undefined}
          onChange={(event) => onChange({ when: event.target.value, adjustment: false })}
        />
      </FormField>
      {closed && (
        <div
          id={`${id}-closed`}
          role="alert"
          className="grid gap-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p>
            {value.when.slice(0, 10)} is in {closed.period} (TTB F {closed.report}), which is closed.
          </p>
          {value.adjustment ? (
            <p className="font-semibold">
              It will be booked in the open period as a prior-period adjustment, with a remark naming{' '}
              {value.when.slice(0, 10)}.
            </p>
          ) : (
            <Button
              type="button"
              variant="outline"
              className="min-h-11"
              onClick={() => {
                if (
                  window.confirm(
                    `Book it in the open period as a prior-period adjustment, with a remark naming ${value.when.slice(0, 10)}?`,
                  )
                )
                  onChange({ ...value, adjustment: true })
              }}
            >
              Book as a prior-period adjustment
            </Button>
          )}
        </div>
      )}
    </div>
  )
}

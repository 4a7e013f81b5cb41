import {
  CapacityQuerySchema,
  FERMENTING_VESSEL_KINDS,
  ScheduleSettingsSchema,
  type CapacityAnswer,
  type ScheduleRead,
  type ScheduleSettings,
} from '@brewcommand/domain'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { FormField } from '@/components/form-field.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { cn } from '@/lib/utils.ts'
import { getCapacity, makeFeedAddress, revokeFeed } from '../api/schedule-api.ts'
import {
  ACCEPT,
  BOOK,
  CAPACITY_ANSWER,
  CAPACITY_HEADING,
  CAPACITY_NONE,
  CAPACITY_SUBMIT,
  CLEANING_HEADING,
  CLEANING_LABEL,
  CLEANING_SAVE,
  FEED_ACTIVE,
  FEED_COPY_NOTE,
  FEED_HEADING,
  FEED_INTRO,
  FEED_MAKE,
  FEED_NONE,
  FEED_REGENERATE,
  FEED_REVOKE,
  FIRST_FREE_FERMENTER,
  REFUSED_DISMISS,
  SHIFT_SENTENCE,
  SHIFTS_HEADING,
  UNBOOKED_HEADING,
} from '../messages.ts'

const panel = 'grid gap-3 rounded-xl border bg-card p-4 shadow-xs'

/** Later bookings an overdue batch now collides with, each with its proposed shift and Accept. */
export function ShiftsPanel({
  schedule,
  canEdit,
  pending,
  onAccept,
}: {
  schedule: ScheduleRead
  canEdit: boolean
  pending: Set<string>
  onAccept: (occupancyId: string, batchNumber: string) => void
}) {
  if (schedule.shifts.length === 0) return null
  return (
    <section aria-labelledby="shifts-heading" className={`${panel} border-amber-500`}>
      <h2 id="shifts-heading" className="text-lg font-semibold">
        {SHIFTS_HEADING}
      </h2>
      <ul className="grid gap-2">
        {schedule.shifts.map((shift) => (
          <li key={shift.occupancyId} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {SHIFT_SENTENCE(shift)} ({shift.to.start.slice(0, 10)} to {shift.to.end.slice(0, 10)})
            </span>
            {canEdit && (
              <Button
                size="lg"
                disabled={pending.has(shift.occupancyId)}
                onClick={() => onAccept(shift.occupancyId, shift.batchNumber)}
              >
                {ACCEPT}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Planned batches without bookings, each booked into a chosen or the first free fermenter. */
export function UnbookedPanel({
  schedule,
  canEdit,
  pending,
  refusals,
  onBook,
  onDismiss,
}: {
  schedule: ScheduleRead
  canEdit: boolean
  pending: Set<string>
  refusals: Map<string, { message: string; requestId: string }>
  onBook: (batchId: string, batchNumber: string, fermenterId: string | null) => void
  onDismiss: (requestId: string) => void
}) {
  const [choice, setChoice] = useState<Record<string, string>>({})
  if (schedule.unbooked.length === 0) return null
  const fermenters = schedule.vessels.filter((v) =>
    (FERMENTING_VESSEL_KINDS as readonly string[]).includes(v.kind),
  )
  return (
    <section aria-labelledby="unbooked-heading" className={panel}>
      <h2 id="unbooked-heading" className="text-lg font-semibold">
        {UNBOOKED_HEADING}
      </h2>
      <ul className="grid gap-3">
        {schedule.unbooked.map((batch) => {
          const refusal = refusals.get(batch.batchId)
          return (
            <li key={batch.batchId} className="grid gap-2" aria-label={`Batch ${batch.batchNumber}`}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-48 grow">
                  <span className="font-semibold">{batch.batchNumber}</span> {batch.productName} · brew day{' '}
                  {batch.plannedBrewDate} · {batch.volumeBbl} bbl
                </span>
                {canEdit && (
                  <>
                    <label className="sr-only" htmlFor={`fermenter-${batch.batchId}`}>
                      Fermenter for batch {batch.batchNumber}
                    </label>
                    <NativeSelect
                      id={`fermenter-${batch.batchId}`}
                      className="h-11 w-auto"
                      value={choice[batch.batchId] ?? ''}
                      onChange={(event) => setChoice({ ...choice, [batch.batchId]: event.target.value })}
                    >
                      <option value="">{FIRST_FREE_FERMENTER}</option>
                      {fermenters.map((vessel) => (
                        <option key={vessel.id} value={vessel.id}>
                          {vessel.name}
                        </option>
                      ))}
                    </NativeSelect>
                    <Button
                      size="lg"
                      disabled={pending.has(batch.batchId)}
                      aria-label={`${BOOK} batch ${batch.batchNumber}`}
                      onClick={() => onBook(batch.batchId, batch.batchNumber, choice[batch.batchId] || null)}
                    >
                      {pending.has(batch.batchId) && <Spinner className="size-4" />}
                      {BOOK}
                    </Button>
                  </>
                )}
              </div>
              {refusal && (
                <p role="alert" className="flex flex-wrap items-center gap-x-2 text-sm text-destructive">
                  <span>{refusal.message}</span>
                  <button
                    type="button"
                    className="min-h-11 px-1 underline"
                    onClick={() => onDismiss(refusal.requestId)}
                  >
                    {REFUSED_DISMISS}
                  </button>
                </p>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** "Can we brew this?": a product and a date → the first day a fitting fermenter and brite tank are free. */
export function CapacityForm({
  products,
  today,
  getToken,
}: {
  products: { id: string; name: string }[]
  today: string
  getToken: () => Promise<string>
}) {
  const [productId, setProductId] = useState(products[0]?.id ?? '')
  const [date, setDate] = useState(today)
  const [volume, setVolume] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const ask = useMutation({
    mutationFn: async (query: Parameters<typeof getCapacity>[1]) => getCapacity(await getToken(), query),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = CapacityQuerySchema.safeParse({
      productId,
      date,
      ...(volume.trim() === '' ? {} : { volumeBbl: volume }),
    })
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])))
      return
    }
    setErrors({})
    ask.mutate(parsed.data)
  }
  const answer: CapacityAnswer | undefined = ask.data
  return (
    // Beside the taller feed and cleaning panels its rows start at the top (no space spread above the fields),
    // and in half a 1280 px page the date gets a column wide enough for "11/27/2026" and its picker.
    <section aria-labelledby="capacity-heading" className={cn(panel, 'content-start')}>
      <h2 id="capacity-heading" className="text-lg font-semibold">
        {CAPACITY_HEADING}
      </h2>
      <form
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-[minmax(10rem,1fr)_minmax(10rem,1fr)] sm:items-end"
        noValidate
      >
        <FormField label="Product" htmlFor="capacity-product" error={errors.productId}>
          <NativeSelect
            id="capacity-product"
            className="h-11"
            value={productId}
            onChange={(event) => setProductId(event.target.value)}
          >
            {products.length === 0 && <option value="">No products yet</option>}
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="From" htmlFor="capacity-date" error={errors.date}>
          <Input
            id="capacity-date"
            type="date"
            className="h-11"
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </FormField>
        <FormField label="Volume" unit="bbl" htmlFor="capacity-volume" error={errors.volumeBbl}>
          <Input
            id="capacity-volume"
            inputMode="decimal"
            className="h-11"
            placeholder="recipe's"
            value={volume}
            onChange={(event) => setVolume(event.target.value)}
          />
        </FormField>
        <Button type="submit" size="lg" className="sm:w-fit" disabled={ask.isPending}>
          {ask.isPending && <Spinner className="size-4" />}
          {CAPACITY_SUBMIT}
        </Button>
      </form>
      <div aria-live="polite">
        {ask.error && <p className="text-sm text-destructive">{ask.error.message}</p>}
        {answer && (
          <p className="text-sm">
            {answer.slot
              ? CAPACITY_ANSWER({
                  productName: answer.productName,
                  brewDate: answer.slot.brewDate,
                  fermenter: answer.slot.fermenter.name,
                  briteTank: answer.slot.briteTank.name,
                  packagingDate: answer.slot.packagingDate,
                })
              : CAPACITY_NONE}{' '}
            <span className="text-muted-foreground">
              ({answer.volumeBbl} bbl, {answer.profile}: {answer.fermentationDays} days fermenting,{' '}
              {answer.conditioningDays} conditioning)
            </span>
          </p>
        )}
      </div>
    </section>
  )
}

/** The private calendar feed: make, remake or turn off its secret address (a Manager). */
export function FeedPanel({
  feed,
  getToken,
  onChanged,
}: {
  feed: ScheduleRead['feed']
  getToken: () => Promise<string>
  onChanged: () => void
}) {
  const [url, setUrl] = useState<string | null>(null)
  const make = useMutation({
    mutationFn: async () => makeFeedAddress(await getToken()),
    onSuccess: (address) => {
      // A replay of the same request would answer without the address (shown once): nothing to show then.
      setUrl(address.url ?? null)
      onChanged()
    },
  })
  const revoke = useMutation({
    mutationFn: async () => revokeFeed(await getToken()),
    onSuccess: () => {
      setUrl(null)
      onChanged()
    },
  })
  const error = make.error ?? revoke.error
  return (
    <section aria-labelledby="feed-heading" className={panel}>
      <h2 id="feed-heading" className="text-lg font-semibold">
        {FEED_HEADING}
      </h2>
      <p className="text-sm text-muted-foreground">{FEED_INTRO}</p>
      <p className="text-sm">
        {feed.active && feed.createdAt ? FEED_ACTIVE(feed.createdAt.slice(0, 10)) : FEED_NONE}
      </p>
      {url && (
        <div className="grid gap-1">
          <label htmlFor="feed-url" className="text-sm font-medium">
            {FEED_COPY_NOTE}
          </label>
          <Input id="feed-url" readOnly value={url} onFocus={(event) => event.target.select()} />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="lg" variant="outline" disabled={make.isPending} onClick={() => make.mutate()}>
          {feed.active ? FEED_REGENERATE : FEED_MAKE}
        </Button>
        {feed.active && (
          <Button size="lg" variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
            {FEED_REVOKE}
          </Button>
        )}
      </div>
      {error && (
        <p className="text-sm text-destructive">
          {error instanceof ApiError ? error.message : String(error)}
        </p>
      )}
    </section>
  )
}

/** The brewery's cleaning time reserved between two bookings of a vessel (a Manager). */
export function CleaningTimeForm({
  hours,
  onSave,
}: {
  hours: number
  onSave: (settings: ScheduleSettings) => void
}) {
  const [value, setValue] = useState(String(hours))
  const [error, setError] = useState<string | undefined>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = ScheduleSettingsSchema.safeParse({ cleaningGapHours: Number(value) })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    onSave(parsed.data)
  }
  return (
    <section aria-labelledby="cleaning-heading" className={panel}>
      <h2 id="cleaning-heading" className="text-lg font-semibold">
        {CLEANING_HEADING}
      </h2>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
        <FormField label={CLEANING_LABEL} unit="hours" htmlFor="cleaning-hours" error={error}>
          <Input
            id="cleaning-hours"
            inputMode="numeric"
            className="h-11 w-28"
            value={value}
            aria-invalid={!!error}
            onChange={(event) => setValue(event.target.value)}
          />
        </FormField>
        <Button type="submit" size="lg" variant="outline">
          {CLEANING_SAVE}
        </Button>
      </form>
    </section>
  )
}

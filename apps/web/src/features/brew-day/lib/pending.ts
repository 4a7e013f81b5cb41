import {
  FERMENTING_VESSEL_KINDS,
  measuredGallons,
  measuredGravity,
  MeasurementInputSchema,
  type BrewDay,
  type ConfirmAddition,
  type ProductionWrite,
} from '@brewcommand/domain'

/** A queued brew-day write as the queue holds it: the intent and its envelope (for when it was made). */
export type PendingBrewDayWrite = {
  requestId: string
  write: ProductionWrite
  data?: { timestamp?: unknown } & Record<string, unknown>
}

/** The brew day as this device shows it: the server's, with the writes still queued applied on top. */
export type ShownBrewDay = {
  brewDay: BrewDay
  /** Steps and measurements changed by a queued write, shown as pending until the server answers. */
  pendingSteps: Set<string>
  pendingMeasurements: Set<string>
  /** Brew day start or finish waits for the server. */
  pendingStart: boolean
  pendingFinish: boolean
}

const stepKeyOf = (uri: string) => {
  const match = /\/brew-day\/steps\/([^/]+)\/[a-z]+$/.exec(uri)
  return match ? decodeURIComponent(match[1]) : null
}

/**
 * Applies the queued writes of a batch to its brew day (docs/decisions/195-brew-day-offline-and-clock.md): a
 * step started offline shows as started at the moment it was pressed (the envelope's time on this device, moved
 * to the server's clock by `offsetMs`) until the server's answer replaces it with the server's instant.
 */
export function applyPending(
  brewDay: BrewDay,
  pending: readonly PendingBrewDayWrite[],
  offsetMs: number,
  me: { id: string; name: string },
): ShownBrewDay {
  const shown: ShownBrewDay = {
    brewDay,
    pendingSteps: new Set(),
    pendingMeasurements: new Set(),
    pendingStart: false,
    pendingFinish: false,
  }
  let day = brewDay
  for (const request of pending) {
    const { write } = request
    const madeMs = Date.parse(typeof request.data?.timestamp === 'string' ? request.data.timestamp : '')
    const at = new Date((Number.isFinite(madeMs) ? madeMs : Date.now()) + offsetMs).toISOString()
    const key = stepKeyOf(write.uri)
    const change = (update: (step: BrewDay['steps'][number]) => Partial<BrewDay['steps'][number]>) => {
      if (!key) return
      shown.pendingSteps.add(key)
      day = { ...day, steps: day.steps.map((s) => (s.key === key ? { ...s, ...update(s) } : s)) }
    }
    switch (write.action) {
      case 'brew-day:start':
        if (day.status === 'planned') shown.pendingStart = true
        break
      case 'brew-day:start-step':
        change((s) => (s.startedAt ? {} : { startedAt: at, startedBy: me }))
        break
      case 'brew-day:complete-step':
        change((s) => (s.completedAt ? {} : { completedAt: at, completedBy: me }))
        break
      case 'brew-day:extend-step': {
        const minutes = Number(write.data?.minutes) || 0
        change((s) => ({
          extendedMinutes: s.extendedMinutes + minutes,
          acknowledgedAt: null,
          acknowledgedBy: null,
        }))
        break
      }
      case 'brew-day:acknowledge':
        change((s) => (s.acknowledgedAt || s.completedAt ? {} : { acknowledgedAt: at, acknowledgedBy: me }))
        break
      case 'brew-day:confirm-addition': {
        const data = write.data as Partial<ConfirmAddition> | undefined
        change((s) =>
          s.completedAt
            ? {}
            : {
                completedAt: at,
                completedBy: me,
                acknowledgedAt: s.acknowledgedAt ?? at,
                acknowledgedBy: s.acknowledgedBy ?? me,
                actual: { amount: data?.actual, note: data?.note ?? '' },
              },
        )
        break
      }
      case 'brew-day:record-measurement': {
        const parsed = MeasurementInputSchema.safeParse(write.data)
        if (!parsed.success || day.measurements.some((m) => m.id === parsed.data.id)) break
        const m = parsed.data
        shown.pendingMeasurements.add(m.id)
        day = {
          ...day,
          measurements: [
            ...day.measurements,
            {
              ...m,
              gravity: m.quantity === 'gravity' ? measuredGravity(m) : null,
              gallons: m.quantity === 'volume' ? measuredGallons(m) : null,
              takenBy: me,
              takenAt: at,
            },
          ],
        }
        break
      }
      case 'brew-day:finish': {
        const fermenterId = typeof write.data?.fermenterId === 'string' ? write.data.fermenterId : null
        const vessel = day.fermenters.find((f) => f.id === fermenterId)
        if (day.status !== 'brewing' || !vessel || !FERMENTING_VESSEL_KINDS.includes(vessel.kind)) break
        shown.pendingFinish = true
        day = { ...day, status: 'fermenting', fermenterId, brewDayFinishedAt: at }
        break
      }
      default:
        break
    }
  }
  shown.brewDay = day
  return shown
}

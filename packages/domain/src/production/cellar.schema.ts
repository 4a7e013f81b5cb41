import { z } from 'zod'
import { ROLES } from '../access/roles.ts'
import { envelopeOf } from '../envelope.ts'
import { OBJECT_URI_SCHEME } from '../realtime/realtime.ts'
import {
  CLEANING_KINDS,
  DEFAULT_CLEAN_WINDOW_HOURS,
  DEFAULT_SANITISE_WINDOW_HOURS,
} from './cellar-cleaning.ts'
import { ColdCrashTemperatureSchema } from './cold-crash.ts'
import type { AlertKind } from './fermentation.ts'
import { SAMPLE_PURPOSES, TAX_FREE_REASONS, type BatchYield } from './liquid-ledger.ts'

// The cellar's shapes on the wire (docs/production.md): readings typed in, the liquid ledger's events (transfer,
// package, sample, dump, loss, and corrections that supersede), cleaning, devices and the brewery's cellar
// settings; then what the tank board, a vessel and a batch's fermentation read back. Volumes of beer are
// barrels; instants are the server's ISO strings.

const keysOf = <T extends Record<string, string>>(record: T) =>
  Object.keys(record) as [keyof T & string, ...(keyof T & string)[]]

const finite = (label: string) =>
  z.number({ error: `${label} must be a number` }).finite(`${label} must be a number`)
const instant = z.iso.datetime({ offset: true, error: 'Give the time as an ISO 8601 instant' })
const text = (max: number, label: string) => z.string().trim().max(max, `${label} is too long`)
const barrels = (label: string) =>
  finite(label).min(0, `${label} cannot be negative`).max(100_000, `${label} is too large`)

export const READING_GRAVITY_UNITS = ['SG', 'Plato'] as const
export const READING_TEMPERATURE_UNITS = ['F', 'C'] as const

/** A reading typed in by a person (cellarWork): gravity in SG or °Plato, temperature in °F or °C, pH, a note. */
export const ReadingInputSchema = z
  .object({
    id: z.uuid(),
    vesselId: z.uuid({ error: 'Choose the vessel' }),
    gravity: z
      .object({
        value: finite('Gravity'),
        unit: z.enum(READING_GRAVITY_UNITS, { error: 'Choose SG or °Plato' }),
      })
      .nullable()
      .default(null),
    temperature: z
      .object({
        value: finite('Temperature').min(-30, 'Temperature is too low').max(230, 'Temperature is too high'),
        unit: z.enum(READING_TEMPERATURE_UNITS, { error: 'Choose °F or °C' }),
      })
      .nullable()
      .default(null),
    ph: finite('pH')
      .min(0, 'pH is between 0 and 14')
      .max(14, 'pH is between 0 and 14')
      .nullable()
      .default(null),
    note: text(2000, 'The note').default(''),
    takenAt: instant.optional(),
  })
  .superRefine((reading, ctx) => {
    if (!reading.gravity && !reading.temperature && reading.ph === null)
      ctx.addIssue({ code: 'custom', path: ['gravity'], message: 'Enter a gravity, a temperature or a pH' })
    const gravity = reading.gravity
    if (gravity?.unit === 'SG' && (gravity.value < 0.98 || gravity.value > 1.2))
      ctx.addIssue({
        code: 'custom',
        path: ['gravity', 'value'],
        message: 'A specific gravity is between 0.980 and 1.200',
      })
    if (gravity?.unit === 'Plato' && (gravity.value < 0 || gravity.value > 50))
      ctx.addIssue({
        code: 'custom',
        path: ['gravity', 'value'],
        message: 'A gravity in °Plato is between 0 and 50',
      })
  })
export type ReadingInput = z.input<typeof ReadingInputSchema>

/** The liquid-ledger events a cellar worker records (cellarWork); packaging has its own route. */
export const CELLAR_MOVE_KINDS = ['transferred', 'sampled', 'dumped', 'lost'] as const
export type CellarMoveKind = (typeof CELLAR_MOVE_KINDS)[number]

/**
 * A transfer (vessel to vessel), sample, dump or loss; a correction names the event it supersedes (same kind,
 * the right volume, 0 to cancel it). A dump or loss needs a reason.
 */
/**
 * Empty the tank (ADR 250): the rest of the batch in the vessel, after the transfer or packaging run it goes
 * with, is booked as a `lost` event of this id with this reason.
 */
export const EmptyTankSchema = z.object({
  lossId: z.uuid(),
  reason: text(500, 'The reason').min(1, 'Give the reason for the rest'),
})
export type EmptyTank = z.infer<typeof EmptyTankSchema>

export const LiquidEventInputSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(CELLAR_MOVE_KINDS, { error: 'Choose transfer, sample, dump or loss' }),
    fromVesselId: z.uuid({ error: 'Choose the vessel it comes from' }),
    toVesselId: z.uuid({ error: 'Choose the vessel it goes to' }).nullable().default(null),
    volumeBbl: barrels('Volume'),
    reason: text(500, 'The reason').default(''),
    supersedesId: z.uuid().nullable().default(null),
    /** Empty the tank: what the batch leaves in the vessel after this event is booked as a loss (ADR 250). */
    emptyTank: EmptyTankSchema.nullable().default(null),
    /** The person saw the cleaning warning of the vessel being filled and fills it anyway. */
    acceptCleaningWarning: z.boolean().default(false),
    occurredAt: instant.optional(),
    /** A sample's purpose: a lab sample leaves without tax (research, testing), a tasting is consumed on premises. */
    purpose: z.enum(SAMPLE_PURPOSES, { error: 'Choose lab or tasting' }).nullable().default(null),
    /** Dated in a closed report period: book it in the open period as a prior-period adjustment. */
    priorPeriodAdjustment: z.boolean().default(false),
  })
  .superRefine((event, ctx) => {
    if (event.kind === 'sampled' && !event.purpose)
      ctx.addIssue({
        code: 'custom',
        path: ['purpose'],
        message: 'Choose what the sample is for: lab or tasting',
      })
    if (event.kind !== 'sampled' && event.purpose)
      ctx.addIssue({ code: 'custom', path: ['purpose'], message: 'Only a sample has a purpose' })
    if (event.kind === 'transferred' && !event.toVesselId)
      ctx.addIssue({ code: 'custom', path: ['toVesselId'], message: 'Choose the vessel it goes to' })
    if (event.kind === 'transferred' && event.toVesselId === event.fromVesselId)
      ctx.addIssue({ code: 'custom', path: ['toVesselId'], message: 'Choose another vessel to transfer to' })
    if (event.kind !== 'transferred' && event.toVesselId)
      ctx.addIssue({ code: 'custom', path: ['toVesselId'], message: 'Only a transfer goes to a vessel' })
    if ((event.kind === 'dumped' || event.kind === 'lost') && event.reason.length === 0)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give the reason' })
    if (event.volumeBbl === 0 && !event.supersedesId)
      ctx.addIssue({ code: 'custom', path: ['volumeBbl'], message: 'Volume must be above 0' })
    if (event.emptyTank && (event.supersedesId || event.kind !== 'transferred'))
      ctx.addIssue({
        code: 'custom',
        path: ['emptyTank'],
        message: 'Empty the tank goes with a transfer or a packaging run',
      })
  })
export type LiquidEventInput = z.input<typeof LiquidEventInputSchema>

/** One packaging option of a run: how many units (kegs, cans); barrels per unit when its type's name says none. */
export const PackagingLineSchema = z.object({
  id: z.uuid(),
  packageId: z.uuid({ error: 'Choose the packaging option' }),
  units: z
    .number({ error: 'Units must be a whole number' })
    .int('Units must be a whole number')
    .min(0, 'Units cannot be negative')
    .max(10_000_000, 'Units is too large'),
  barrelsPerUnit: finite('Barrels per unit')
    .positive('Barrels per unit must be above 0')
    .max(100)
    .nullable()
    .default(null),
  supersedesId: z.uuid().nullable().default(null),
})

/** A packaging run (planProduction): beer from one vessel into the product's packaging options. */
export const PackagingRunInputSchema = z
  .object({
    id: z.uuid(),
    fromVesselId: z.uuid({ error: 'Choose the vessel it comes from' }),
    lines: z
      .array(PackagingLineSchema)
      .min(1, 'Add at least one packaging option')
      .max(20, 'At most 20 options'),
    /** Empty the tank: what the batch leaves in the vessel after the run is booked as a loss (ADR 250). */
    emptyTank: EmptyTankSchema.nullable().default(null),
    occurredAt: instant.optional(),
    priorPeriodAdjustment: z.boolean().default(false),
  })
  .superRefine((run, ctx) => {
    run.lines.forEach((line, index) => {
      if (line.units === 0 && !line.supersedesId)
        ctx.addIssue({ code: 'custom', path: ['lines', index, 'units'], message: 'Units must be above 0' })
    })
  })
export type PackagingRunInput = z.input<typeof PackagingRunInputSchema>

/** Bulk beer removed from a tank (manageStock): a tank sold to a taproom, taxpaid or without tax with its reason. */
export const BulkRemovalInputSchema = z
  .object({
    id: z.uuid(),
    fromVesselId: z.uuid({ error: 'Choose the vessel it comes from' }),
    volumeBbl: barrels('Volume').refine((value) => value > 0, 'Volume must be above 0'),
    taxpaid: z.boolean({ error: 'Say whether the tax is paid' }),
    taxFreeReason: z
      .enum(TAX_FREE_REASONS, { error: 'Choose why it leaves without tax' })
      .nullable()
      .default(null),
    customer: text(200, 'The customer').default(''),
    reason: text(500, 'The reason').default(''),
    occurredAt: instant.optional(),
    priorPeriodAdjustment: z.boolean().default(false),
  })
  .superRefine((removal, ctx) => {
    if (!removal.taxpaid && !removal.taxFreeReason)
      ctx.addIssue({ code: 'custom', path: ['taxFreeReason'], message: 'Choose why it leaves without tax' })
    if (removal.taxpaid && removal.taxFreeReason)
      ctx.addIssue({
        code: 'custom',
        path: ['taxFreeReason'],
        message: 'A taxpaid removal has no tax-free reason',
      })
  })
export type BulkRemovalInput = z.input<typeof BulkRemovalInputSchema>

/** Bulk beer received in bond from another brewery into a vessel, as part of one of the brewery's batches (manageStock). */
export const BulkReceiptInputSchema = z.object({
  id: z.uuid(),
  toVesselId: z.uuid({ error: 'Choose the vessel it goes into' }),
  batchId: z.uuid({ error: 'Choose the batch it becomes part of' }),
  volumeBbl: barrels('Volume').refine((value) => value > 0, 'Volume must be above 0'),
  fromBrewery: text(200, 'The brewery').min(1, 'Name the brewery it came from'),
  reason: text(500, 'The note').default(''),
  acceptCleaningWarning: z.boolean().default(false),
  occurredAt: instant.optional(),
  priorPeriodAdjustment: z.boolean().default(false),
})
export type BulkReceiptInput = z.input<typeof BulkReceiptInputSchema>

/** Clean, sanitise or CIP of a vessel (cellarWork). */
export const CleaningInputSchema = z.object({
  id: z.uuid(),
  vesselId: z.uuid({ error: 'Choose the vessel' }),
  kind: z.enum(keysOf(CLEANING_KINDS), { error: 'Choose clean, sanitise or CIP' }),
  chemical: text(100, 'The chemical').min(1, 'Name the chemical'),
  concentration: text(60, 'The concentration').default(''),
  temperature: z
    .object({
      value: finite('Temperature').min(-30, 'Temperature is too low').max(230, 'Temperature is too high'),
      unit: z.enum(READING_TEMPERATURE_UNITS, { error: 'Choose °F or °C' }),
    })
    .nullable()
    .default(null),
  durationMinutes: finite('Duration')
    .min(0, 'Duration cannot be negative')
    .max(1440, 'Duration is at most a day')
    .nullable()
    .default(null),
  verification: text(200, 'The verification').default(''),
  occurredAt: instant.optional(),
})
export type CleaningInput = z.input<typeof CleaningInputSchema>

export const DEVICE_KINDS = { ispindel: 'iSpindel', tilt: 'Tilt bridge', custom: 'Custom stream' } as const
export type DeviceKind = keyof typeof DEVICE_KINDS

/** A device token: 32 random bytes, base64url (43 characters), made by the server. */
export const DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/**
 * A new device (manageEquipment). The server makes its token and answers it once to the registering Admin; it
 * keeps only its SHA-256 (docs/decisions/246-device-tokens-made-by-the-server.md). A `token` sent along is ignored.
 */
export const DeviceInputSchema = z.object({
  id: z.uuid(),
  name: text(100, 'Name').min(1, 'Name is required'),
  kind: z.enum(keysOf(DEVICE_KINDS), { error: 'Choose the kind of device' }),
  vesselId: z.uuid({ error: 'Choose the vessel' }).nullable().default(null),
})
export type DeviceInput = z.input<typeof DeviceInputSchema>

/** The brewery's cellar settings (manageEquipment): the cleaning windows and who gets alerts by e-mail. */
export const CellarSettingsSchema = z.object({
  cleanWindowHours: z
    .number({ error: 'Enter a whole number of hours' })
    .int('Enter a whole number of hours')
    .min(1, 'At least 1 hour')
    .max(720, 'At most 720 hours'),
  sanitiseWindowHours: z
    .number({ error: 'Enter a whole number of hours' })
    .int('Enter a whole number of hours')
    .min(1, 'At least 1 hour')
    .max(720, 'At most 720 hours'),
  alertRoles: z
    .array(z.enum(ROLES))
    .max(3)
    .refine((roles) => new Set(roles).size === roles.length, 'Each role once'),
  /** The brewery's cold crash temperature (ADR 340); null: the standard 34 °F. */
  coldCrashTemperature: ColdCrashTemperatureSchema.nullable().default(null),
})
export type CellarSettings = z.infer<typeof CellarSettingsSchema>
export const DEFAULT_CELLAR_SETTINGS: CellarSettings = {
  cleanWindowHours: DEFAULT_CLEAN_WINDOW_HOURS,
  sanitiseWindowHours: DEFAULT_SANITISE_WINDOW_HOURS,
  alertRoles: ['Admin', 'Manager'],
  coldCrashTemperature: null,
}

/** Acknowledging an alert carries no data. */
export const AlertAcknowledgementSchema = z.object({})

/**
 * Complete Batch (planProduction, ADR 252): what the batch still holds in a vessel is written off as a loss
 * with this reason (required when there is any).
 */
export const BatchCompletionSchema = z.object({ reason: text(500, 'The reason').default('') })
export type BatchCompletion = z.input<typeof BatchCompletionSchema>

export const ReadingEnvelopeSchema = envelopeOf('reading', ReadingInputSchema)
export const LiquidEventEnvelopeSchema = envelopeOf('liquid-event', LiquidEventInputSchema)
export const PackagingRunEnvelopeSchema = envelopeOf('liquid-event', PackagingRunInputSchema)
export const BulkRemovalEnvelopeSchema = envelopeOf('liquid-event', BulkRemovalInputSchema)
export const BulkReceiptEnvelopeSchema = envelopeOf('liquid-event', BulkReceiptInputSchema)
export const CleaningEnvelopeSchema = envelopeOf('cleaning', CleaningInputSchema)
export const DeviceEnvelopeSchema = envelopeOf('device', DeviceInputSchema)
export const CellarSettingsEnvelopeSchema = envelopeOf('cellar-settings', CellarSettingsSchema)
export const AlertAcknowledgementEnvelopeSchema = envelopeOf('alert', AlertAcknowledgementSchema)
export const BatchCompletionEnvelopeSchema = envelopeOf('batch', BatchCompletionSchema)

/** `brewcommand://cellar/{part}/{id}`: what the brewery's room hears after a cellar change. */
export const cellarObjectUri = (
  part: 'vessels' | 'batches' | 'alerts' | 'devices' | 'settings',
  id: string,
) => `${OBJECT_URI_SCHEME}cellar/${part}/${id}`
export const isCellarObjectUri = (objectUri: string): boolean =>
  objectUri.startsWith(`${OBJECT_URI_SCHEME}cellar/`)

// ---- reads ----

export type Reading = {
  id: string
  vesselId: string
  batchId: string | null
  deviceId: string | null
  deviceName: string | null
  source: 'manual' | 'device'
  takenAt: string
  gravitySg: number | null
  temperatureC: number | null
  ph: number | null
  battery: number | null
  note: string
  recordedBy: string | null
}

export type LiquidEvent = {
  id: string
  batchId: string | null
  kind: string
  fromVesselId: string | null
  toVesselId: string | null
  volumeBbl: number
  reason: string
  ttbClass: string
  details: Record<string, unknown> | null
  supersedesId: string | null
  /** The id of the event that replaced this one, when one did. */
  supersededBy: string | null
  occurredAt: string
  recordedBy: string | null
  recordedAt: string
}

export type CleaningEvent = {
  id: string
  vesselId: string
  kind: keyof typeof CLEANING_KINDS
  chemical: string
  concentration: string
  temperature: { value: number; unit: 'F' | 'C' } | null
  durationMinutes: number | null
  verification: string
  occurredAt: string
  recordedBy: string | null
}

export type Device = {
  id: string
  name: string
  kind: DeviceKind
  vesselId: string | null
  vesselName: string | null
  /** The token's last four characters, to tell devices apart. */
  tokenHint: string
  lastSeenAt: string | null
  createdAt: string
  revokedAt: string | null
}

/** The answer to registering a device: the device and its token, which only this first answer holds. */
export type AddedDevice = Device & { token: string }

export type CellarAlert = {
  id: string
  kind: AlertKind
  message: string
  vesselId: string | null
  batchId: string | null
  deviceId: string | null
  raisedAt: string
  acknowledgedAt: string | null
  acknowledgedBy: string | null
  /** When its cause went away (a par-level alert's item back above par); null otherwise. */
  resolvedAt: string | null
}

export type CellarBatch = {
  id: string
  number: string
  productId: string | null
  productName: string
  status: string
  /** When it went into its first vessel (the brewed event, else brew day's end). */
  fermentationStartedAt: string | null
  day: number | null
  originalGravity: number | null
  expectedFg: number | null
  band: { minC: number; maxC: number } | null
}

export type TankCard = {
  vessel: {
    id: string
    name: string
    kind: string
    state: string
    capacityBbl: number
    workingCapacityBbl: number
  }
  contentsBbl: number
  batch: CellarBatch | null
  latest: { gravitySg: number | null; temperatureC: number | null; takenAt: string } | null
  /** The last readings, oldest first, for the card's small trend. */
  trend: { takenAt: string; gravitySg: number | null; temperatureC: number | null }[]
  attenuation: number | null
  lastCleanedAt: string | null
  lastSanitisedAt: string | null
  openAlerts: number
  devices: { id: string; name: string; kind: DeviceKind; lastSeenAt: string | null }[]
}

export type PackageOption = {
  id: string
  type: string
  sku: string
  upc: string
  /** From the type's name (barrelsPerUnitOfPackageType); null when the name says no volume. */
  barrelsPerUnit: number | null
}

export type VesselDetail = TankCard & {
  events: LiquidEvent[]
  cleaning: CleaningEvent[]
  packageOptions: PackageOption[]
}

/** How many of a batch's newest readings its fermentation lists. */
export const LATEST_BATCH_READINGS = 50

export type BatchFermentation = {
  batch: CellarBatch
  /**
   * The chart's readings, oldest first: all of them, or — for a device (or the hand-taken ones) with more than
   * the `points` asked for — its first and last and each stretch's highest and lowest gravity and temperature,
   * chosen on the server (ADR 390).
   */
  readings: Reading[]
  /** How many readings the batch has in all. */
  readingCount: number
  /** The newest readings (LATEST_BATCH_READINGS at most), newest first: the list under the chart. */
  latestReadings: Reading[]
  events: LiquidEvent[]
  yield: BatchYield
  vessels: { id: string; name: string }[]
}

export type CellarDashboard = {
  brewDaysToday: { id: string; number: string; productName: string; status: string }[]
  tanksNeedingAttention: { vesselId: string; name: string; reasons: string[] }[]
  unreadAlerts: number
  alerts: CellarAlert[]
}

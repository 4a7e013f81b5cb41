import type { Amount, HopEntry, MashStep, OtherEntry, Recipe } from '../recipes/recipe.schema.ts'
import { MASH_STEP_TYPES } from '../recipes/recipe.schema.ts'
import { capFinite, positiveOrZero } from '../brewing/units.ts'

// A brew day as a timeline (docs/production.md, "brew_step"): generated once from a batch's recipe snapshot,
// then followed by storing when each step started and ended. Time is stored, never counted: every screen
// derives its countdowns from the stored instants and the server's clock (brewDayClock below), so a reload,
// a second phone or a tablet that slept show the same figures.

export const BREW_STEP_KINDS = ['timer', 'confirm', 'reminder', 'addition', 'measurement'] as const
export type BrewStepKind = (typeof BREW_STEP_KINDS)[number]

export const MEASUREMENT_POINTS = [
  'pre-boil',
  'post-boil',
  'original-gravity',
  'into-fermenter',
  'final-gravity',
  'packaging',
  'other',
] as const
export type MeasurementPoint = (typeof MEASUREMENT_POINTS)[number]

/** What an addition step adds: the recipe line it comes from, with the planned amount. */
export type PlannedAddition = {
  source: 'hop' | 'other'
  entryId: string
  ingredientId: string
  name: string
  amount: Amount
}

/** One step of a brew day as planned from the snapshot. */
export type PlannedBrewStep = {
  /** Stable within the batch: derived from what the step is (and the recipe line's id), never from its position. */
  key: string
  /** Position in the day, 1-based; additions follow the step they belong to. */
  order: number
  kind: BrewStepKind
  title: string
  detail: string
  /** Minutes a timer runs; for other main steps a planning estimate used only to project later start times. */
  plannedMinutes: number
  /** An addition's timer step (its key); null for main steps, which run one after another. */
  parentKey: string | null
  /** An addition due this many minutes after its timer started (first wort: 0). */
  dueAfterStartMinutes: number | null
  /** An addition due this many minutes before its timer ends (a 15-minute boil hop): it moves when the timer is extended. */
  dueBeforeEndMinutes: number | null
  /** Reminders for later days (dry hops, additions in the fermenter): days after brew day. */
  laterDays: number | null
  measurementPoints: MeasurementPoint[]
  addition: PlannedAddition | null
}

/** Planning estimates (minutes) of steps a person ends by confirming. */
export const BREW_STEP_ESTIMATES = {
  heatStrikeWater: 45,
  lauter: 30,
  chill: 30,
  transfer: 20,
  pitch: 5,
} as const

const firstNumber = (text: string): number => {
  const match = /\d+(?:[.,]\d+)?/.exec(text)
  return match ? positiveOrZero(Number(match[0].replace(',', '.'))) : 0
}

const nameOf = (ingredient: { name?: unknown; id: string }): string =>
  typeof ingredient.name === 'string' && ingredient.name.trim() !== '' ? ingredient.name : ingredient.id

const amountText = (amount: Amount) => `${amount.value} ${amount.unit}`

const LAUTER_TYPES = new Set<string>(['vorlauf', 'lautering', 'fly-sparge', 'batch-sparge'])

type Draft = Omit<PlannedBrewStep, 'order'>

const main = (
  key: string,
  kind: BrewStepKind,
  title: string,
  detail: string,
  plannedMinutes: number,
): Draft => ({
  key,
  kind,
  title,
  detail,
  plannedMinutes: capFinite(plannedMinutes),
  parentKey: null,
  dueAfterStartMinutes: null,
  dueBeforeEndMinutes: null,
  laterDays: null,
  measurementPoints: [],
  addition: null,
})

function additionOf(
  entry: HopEntry | OtherEntry,
  source: 'hop' | 'other',
  parentKey: string,
  timing: { afterStart?: number; beforeEnd?: number },
): Draft {
  const name = nameOf(entry.ingredient)
  return {
    ...main(`${source}:${entry.id}`, 'addition', `Add ${name}`, amountText(entry.amount), 0),
    parentKey,
    dueAfterStartMinutes: timing.afterStart ?? null,
    dueBeforeEndMinutes: timing.beforeEnd ?? null,
    addition: { source, entryId: entry.id, ingredientId: entry.ingredient.id, name, amount: entry.amount },
  }
}

function laterReminder(
  entry: HopEntry | OtherEntry,
  source: 'hop' | 'other',
  where: string,
  days: number,
): Draft {
  const name = nameOf(entry.ingredient)
  return {
    ...main(`${source}:${entry.id}`, 'reminder', `${where}: add ${name}`, amountText(entry.amount), 0),
    laterDays: capFinite(days),
    addition: { source, entryId: entry.id, ingredientId: entry.ingredient.id, name, amount: entry.amount },
  }
}

function mashStepDraft(step: MashStep): Draft {
  const label = MASH_STEP_TYPES[step.type]
  const minutes = firstNumber(step.durationMins)
  const detail = [
    step.temperature && `at ${step.temperature}`,
    step.targetpH && `pH ${step.targetpH}`,
    step.brewersNotes,
  ]
    .filter(Boolean)
    .join(' · ')
  if (step.type === 'ramp-to-boil') return main(`mash:${step.id}`, 'confirm', label, detail, minutes)
  if (LAUTER_TYPES.has(step.type) && minutes === 0)
    return main(`mash:${step.id}`, 'confirm', label, detail, BREW_STEP_ESTIMATES.lauter)
  return main(`mash:${step.id}`, minutes > 0 ? 'timer' : 'confirm', label, detail, minutes)
}

/**
 * The brew day of a recipe snapshot: heat strike water (with the water treatment of the HLT and CLT), each mash
 * step in its order (mash additions at the first), vorlauf and sparge, the pre-boil measurement, the boil with
 * each addition at its minute (first wort when the boil starts, a boil addition of N minutes N minutes before
 * its end), whirlpool after flame-out, the post-boil measurement, chill, transfer with OG and volume into the
 * fermenter, pitch; dry hops and fermenter additions are listed as reminders for the days after.
 */
export function brewTimeline(
  recipe: Pick<Recipe, 'process' | 'hopsBill' | 'otherIngredients' | 'boilTime' | 'whirlpoolTime' | 'yeast'>,
): PlannedBrewStep[] {
  const steps: Draft[] = []
  const hops = recipe.hopsBill
  const others = recipe.otherIngredients
  const boilMinutes = positiveOrZero(recipe.boilTime)
  const whirlpoolMinutes = positiveOrZero(recipe.whirlpoolTime)

  const water = main(
    'strike-water',
    'confirm',
    'Heat strike water',
    'Heat the strike water to its temperature',
    BREW_STEP_ESTIMATES.heatStrikeWater,
  )
  steps.push(water)
  for (const other of others)
    if (other.additionType === 'HLT' || other.additionType === 'CLT')
      steps.push(additionOf(other, 'other', water.key, { afterStart: 0 }))

  const mashSteps = [...recipe.process].sort((a, b) => a.order - b.order)
  const mainMash = mashSteps.filter((step) => !LAUTER_TYPES.has(step.type) && step.type !== 'ramp-to-boil')
  const mashDrafts = mashSteps.map(mashStepDraft)
  if (mainMash.length === 0) mashDrafts.unshift(main('mash', 'confirm', 'Mash', 'Mash in and rest', 0))
  const firstMashKey = mainMash[0] ? `mash:${mainMash[0].id}` : 'mash'
  for (const draft of mashDrafts) {
    steps.push(draft)
    if (draft.key !== firstMashKey) continue
    for (const hop of hops)
      if (hop.additionType === 'Mash') steps.push(additionOf(hop, 'hop', draft.key, { afterStart: 0 }))
    for (const other of others)
      if (other.additionType === 'Mash') steps.push(additionOf(other, 'other', draft.key, { afterStart: 0 }))
  }
  if (!mashSteps.some((step) => LAUTER_TYPES.has(step.type)))
    steps.push(
      main(
        'lauter',
        'confirm',
        'Vorlauf and sparge',
        'Recirculate until clear, then sparge',
        BREW_STEP_ESTIMATES.lauter,
      ),
    )

  const preBoil = main('pre-boil', 'measurement', 'Measure pre-boil volume and gravity', '', 0)
  preBoil.measurementPoints = ['pre-boil']
  steps.push(preBoil)

  const boil = main('boil', 'timer', 'Boil', `${boilMinutes} minutes`, boilMinutes)
  steps.push(boil)
  const boilAdditions: Draft[] = []
  for (const hop of hops) {
    if (hop.additionType === 'First Wort')
      boilAdditions.push(additionOf(hop, 'hop', boil.key, { afterStart: 0 }))
    if (hop.additionType === 'Boil') {
      const before = Math.min(positiveOrZero(hop.time?.value), boilMinutes)
      boilAdditions.push(additionOf(hop, 'hop', boil.key, { beforeEnd: before }))
    }
  }
  for (const other of others)
    if (other.additionType === 'Boil') {
      const before = Math.min(positiveOrZero(other.additionTime), boilMinutes)
      boilAdditions.push(additionOf(other, 'other', boil.key, { beforeEnd: before }))
    }
  // In the order they fall due: from the start, then the longest before the end first.
  const dueAt = (draft: Draft) => draft.dueAfterStartMinutes ?? boilMinutes - (draft.dueBeforeEndMinutes ?? 0)
  // First wort goes in as the kettle fills, so it comes before a full-length boil addition.
  const fromStart = (draft: Draft) => (draft.dueAfterStartMinutes === null ? 1 : 0)
  boilAdditions.sort((a, b) => dueAt(a) - dueAt(b) || fromStart(a) - fromStart(b))
  steps.push(...boilAdditions)

  const whirlpoolHops = hops.filter(
    (hop) => hop.additionType === 'Whirlpool' || hop.additionType === 'Hop Back',
  )
  if (whirlpoolMinutes > 0 || whirlpoolHops.length > 0) {
    const whirlpool =
      whirlpoolMinutes > 0
        ? main(
            'whirlpool',
            'timer',
            'Whirlpool',
            `${whirlpoolMinutes} minutes after flame-out`,
            whirlpoolMinutes,
          )
        : main('whirlpool', 'confirm', 'Whirlpool', 'After flame-out', 0)
    steps.push(whirlpool)
    for (const hop of whirlpoolHops) steps.push(additionOf(hop, 'hop', whirlpool.key, { afterStart: 0 }))
  }

  const postBoil = main('post-boil', 'measurement', 'Measure post-boil volume', '', 0)
  postBoil.measurementPoints = ['post-boil']
  steps.push(postBoil)
  steps.push(
    main('chill', 'confirm', 'Chill', 'Chill the wort to pitching temperature', BREW_STEP_ESTIMATES.chill),
  )
  const transfer = main(
    'transfer',
    'measurement',
    'Transfer to the fermenter',
    'Measure the original gravity and the volume into the fermenter',
    BREW_STEP_ESTIMATES.transfer,
  )
  transfer.measurementPoints = ['original-gravity', 'into-fermenter']
  steps.push(transfer)
  const yeastName = recipe.yeast && recipe.yeast.name ? recipe.yeast.name : 'the yeast'
  steps.push(main('pitch', 'confirm', 'Pitch', `Pitch ${yeastName}`, BREW_STEP_ESTIMATES.pitch))

  for (const hop of hops)
    if (hop.additionType === 'Dry Hop')
      steps.push(laterReminder(hop, 'hop', 'Dry hop', positiveOrZero(hop.time?.value)))
  for (const other of others)
    if (
      other.additionType === 'Primary' ||
      other.additionType === 'Secondary' ||
      other.additionType === 'Bright'
    )
      steps.push(laterReminder(other, 'other', other.additionType, positiveOrZero(other.additionTime)))

  return steps.map((step, index) => ({ ...step, order: index + 1 }))
}

/** What is stored of a step once the brew day runs: instants as ISO strings, set by the server. */
export type BrewStepState = {
  key: string
  startedAt: string | null
  completedAt: string | null
  /** Minutes added to a running timer (negative never: ending early is a completion). */
  extendedMinutes: number
}

export type StepStatus = 'pending' | 'running' | 'due' | 'done'

/** A step's figures at one instant of the server's clock. */
export type StepClock = {
  key: string
  status: StepStatus
  /** When it started, or when it is projected to start (pending main steps: after the one before it). */
  startsAtMs: number | null
  /** When a running timer ends, or a pending one is projected to end. */
  endsAtMs: number | null
  /** Milliseconds left on a running timer (0 once it is over; never negative). */
  remainingMs: number | null
  /** When an addition falls due. */
  dueAtMs: number | null
}

const parseInstant = (iso: string | null | undefined): number | null => {
  if (!iso) return null
  const ms = Date.parse(iso)
  return Number.isFinite(ms) ? ms : null
}

const MINUTE = 60_000

/**
 * Every step's status and countdown at `nowMs` on the server's clock. Main steps run one after another: a
 * step started is running until completed; a timer whose time is up is `due` (its alarm rings) until a person
 * completes it; a pending step is projected to start when the step before it ends. An addition is due at its
 * timer's start plus its minutes, or its timer's end (extensions included, or when it was ended) less its
 * minutes, never before the timer started nor after it ended, and is `due` from then until confirmed — the same
 * instant on every device.
 */
export function brewDayClock(
  steps: readonly PlannedBrewStep[],
  states: readonly BrewStepState[],
  nowMs: number,
): StepClock[] {
  const byKey = new Map(states.map((state) => [state.key, state]))
  const clocks = new Map<string, StepClock>()
  let cursor: number | null = null
  for (const step of steps) {
    if (step.parentKey !== null || step.laterDays !== null) continue
    const state = byKey.get(step.key)
    const startedAt = parseInstant(state?.startedAt)
    const completedAt = parseInstant(state?.completedAt)
    const minutes = step.plannedMinutes + positiveOrZero(state?.extendedMinutes)
    const startsAtMs: number | null = startedAt ?? (cursor === null ? null : Math.max(cursor, nowMs))
    const endsAtMs: number | null = startsAtMs === null ? null : startsAtMs + minutes * MINUTE
    let status: StepStatus = 'pending'
    let remainingMs: number | null = null
    if (completedAt !== null) status = 'done'
    else if (startedAt !== null) {
      remainingMs = step.kind === 'timer' ? Math.max(0, (endsAtMs ?? nowMs) - nowMs) : null
      status = step.kind === 'timer' && remainingMs === 0 ? 'due' : 'running'
    }
    clocks.set(step.key, {
      key: step.key,
      status,
      startsAtMs,
      endsAtMs: completedAt ?? endsAtMs,
      remainingMs,
      dueAtMs: null,
    })
    cursor = completedAt ?? endsAtMs ?? cursor
  }
  const result: StepClock[] = []
  for (const step of steps) {
    const own = clocks.get(step.key)
    if (own) {
      result.push(own)
      continue
    }
    const state = byKey.get(step.key)
    const done = parseInstant(state?.completedAt) !== null
    const parent = step.parentKey === null ? undefined : clocks.get(step.parentKey)
    let dueAtMs: number | null = null
    if (parent && parent.startsAtMs !== null) {
      if (step.dueAfterStartMinutes !== null) dueAtMs = parent.startsAtMs + step.dueAfterStartMinutes * MINUTE
      else if (step.dueBeforeEndMinutes !== null && parent.endsAtMs !== null)
        dueAtMs = parent.endsAtMs - step.dueBeforeEndMinutes * MINUTE
      // Within the timer as it actually ran (issue 34, defect 6): a boil ended early never puts its 60-minute
      // hop before the boil started, nor a late addition after it ended.
      if (dueAtMs !== null)
        dueAtMs = Math.max(parent.startsAtMs, Math.min(dueAtMs, parent.endsAtMs ?? dueAtMs))
    }
    const parentStarted = parent !== undefined && parent.status !== 'pending'
    const status: StepStatus = done
      ? 'done'
      : parentStarted && dueAtMs !== null && dueAtMs <= nowMs
        ? 'due'
        : 'pending'
    result.push({ key: step.key, status, startsAtMs: null, endsAtMs: null, remainingMs: null, dueAtMs })
  }
  return result
}

/**
 * The offset (ms) to add to this device's clock to read the server's: the server's time against the middle of
 * the request's round trip. A device whose clock is 3 minutes fast still shows the server's countdown.
 */
export function serverClockOffsetMs(serverTimeIso: string, sentAtMs: number, receivedAtMs: number): number {
  const server = parseInstant(serverTimeIso)
  if (server === null || !Number.isFinite(sentAtMs) || !Number.isFinite(receivedAtMs)) return 0
  return server - (sentAtMs + receivedAtMs) / 2
}

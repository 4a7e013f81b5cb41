import { describe, expect, it } from 'vitest'
import type { MashStep } from '../recipes/recipe.schema.ts'
import { hop, other, recipe } from '../brewing/testing/fixtures.ts'
import { brewDayClock, brewTimeline, serverClockOffsetMs, type BrewStepState } from './brew-timeline.ts'

const mash = (order: number, type: MashStep['type'], durationMins: string, temperature = ''): MashStep => ({
  id: crypto.randomUUID(),
  order,
  type,
  temperature,
  durationMins,
  targetpH: '',
  brewersNotes: '',
})

const bittering = hop(12, 1, 'Ounces', 'Boil', { value: 60, unit: 'Minutes' }, 'Magnum')
const flavour = hop(6, 1, 'Ounces', 'Boil', { value: 15, unit: 'Minutes' }, 'Cascade')
const firstWort = hop(6, 0.5, 'Ounces', 'First Wort', null, 'Saaz')
const whirlpool = hop(10, 2, 'Ounces', 'Whirlpool', null, 'Citra')
const dryHop = hop(10, 3, 'Ounces', 'Dry Hop', { value: 4, unit: 'Days' }, 'Mosaic')
const gypsum = { ...other(false, 5, 'Grams', 'Gypsum'), additionType: 'HLT' as const, additionTime: null }
const whirlfloc = {
  ...other(false, 1, 'Grams', 'Whirlfloc'),
  additionType: 'Boil' as const,
  additionTime: 10,
}

const snapshot = recipe(5, 'GAL', 75, {
  boilTime: 60,
  whirlpoolTime: 20,
  process: [
    mash(2, 'mash-out', '10', '168 F'),
    mash(1, 'infusion-mash', '60 min', '152 F'),
    mash(3, 'fly-sparge', ''),
  ],
  hopsBill: [flavour, dryHop, bittering, whirlpool, firstWort],
  otherIngredients: [gypsum, whirlfloc],
})

describe('brewTimeline', () => {
  const steps = brewTimeline(snapshot)
  const titles = steps.map((step) => step.title)

  it('lays out the day in brewing order', () => {
    expect(titles).toEqual([
      'Heat strike water',
      'Add Gypsum',
      'Single Infusion Mash',
      'Mash Out',
      'Fly Sparge',
      'Measure pre-boil volume and gravity',
      'Boil',
      'Add Saaz',
      'Add Magnum',
      'Add Cascade',
      'Add Whirlfloc',
      'Whirlpool',
      'Add Citra',
      'Measure post-boil volume',
      'Chill',
      'Transfer to the fermenter',
      'Pitch',
      'Dry hop: add Mosaic',
    ])
    expect(steps.map((step) => step.order)).toEqual(steps.map((_, index) => index + 1))
  })

  it('times each addition from its timer: first wort at the start, a 15-minute hop 15 minutes before the end', () => {
    const byTitle = new Map(steps.map((step) => [step.title, step]))
    expect(byTitle.get('Add Saaz')).toMatchObject({ parentKey: 'boil', dueAfterStartMinutes: 0 })
    expect(byTitle.get('Add Magnum')).toMatchObject({ parentKey: 'boil', dueBeforeEndMinutes: 60 })
    expect(byTitle.get('Add Cascade')).toMatchObject({ parentKey: 'boil', dueBeforeEndMinutes: 15 })
    expect(byTitle.get('Add Citra')).toMatchObject({ parentKey: 'whirlpool', dueAfterStartMinutes: 0 })
    expect(byTitle.get('Dry hop: add Mosaic')).toMatchObject({ kind: 'reminder', laterDays: 4 })
    expect(byTitle.get('Single Infusion Mash')).toMatchObject({
      kind: 'timer',
      plannedMinutes: 60,
      detail: 'at 152 F',
    })
    expect(byTitle.get('Fly Sparge')).toMatchObject({ kind: 'confirm' })
    expect(byTitle.get('Transfer to the fermenter')?.measurementPoints).toEqual([
      'original-gravity',
      'into-fermenter',
    ])
  })

  it('keys steps by what they are, so a regenerated day keeps them', () => {
    expect(brewTimeline(snapshot).map((step) => step.key)).toEqual(steps.map((step) => step.key))
    expect(new Set(steps.map((step) => step.key)).size).toBe(steps.length)
  })

  it('gives a recipe without mash steps a mash and a lauter to confirm', () => {
    const bare = brewTimeline(recipe(5, 'GAL', 75, { boilTime: 0 }))
    expect(bare.map((step) => step.title)).toEqual([
      'Heat strike water',
      'Mash',
      'Vorlauf and sparge',
      'Measure pre-boil volume and gravity',
      'Boil',
      'Measure post-boil volume',
      'Chill',
      'Transfer to the fermenter',
      'Pitch',
    ])
  })
})

describe('brewDayClock', () => {
  const steps = brewTimeline(snapshot)
  const t0 = Date.parse('2026-11-24T08:00:00Z')
  const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString()
  const state = (
    key: string,
    startedAt: string | null,
    completedAt: string | null = null,
    extendedMinutes = 0,
  ): BrewStepState => ({
    key,
    startedAt,
    completedAt,
    extendedMinutes,
  })
  const clockOf = (states: BrewStepState[], nowMinutes: number) =>
    new Map(brewDayClock(steps, states, t0 + nowMinutes * 60_000).map((clock) => [clock.key, clock]))
  const mashKey = steps.find((step) => step.title === 'Single Infusion Mash')!.key

  it('counts a running timer down from when it started, the same on every device', () => {
    const clock = clockOf([state('strike-water', at(0), at(40)), state(mashKey, at(40))], 65)
    expect(clock.get(mashKey)).toMatchObject({ status: 'running', remainingMs: 35 * 60_000 })
    // Projected: the mash-out starts when the mash ends.
    expect(clock.get(steps[3].key)?.startsAtMs).toBe(t0 + 100 * 60_000)
  })

  it('rings when a timer is over until a person completes it, and extending it moves what follows', () => {
    expect(clockOf([state(mashKey, at(0))], 61).get(mashKey)?.status).toBe('due')
    const extended = clockOf([state(mashKey, at(0), null, 15)], 61)
    expect(extended.get(mashKey)).toMatchObject({ status: 'running', remainingMs: 14 * 60_000 })
    expect(extended.get(steps[3].key)?.startsAtMs).toBe(t0 + 75 * 60_000)
  })

  it('ending a step early starts the projection of the next at once', () => {
    const early = clockOf([state(mashKey, at(0), at(45))], 50)
    expect(early.get(mashKey)?.status).toBe('done')
    expect(early.get(steps[3].key)?.startsAtMs).toBe(t0 + 50 * 60_000)
  })

  it('makes a boil addition due at its minute, and a boil extension moves the late hops', () => {
    const boilStart = [state('boil', at(0))]
    const cascade = steps.find((step) => step.title === 'Add Cascade')!.key
    const saaz = steps.find((step) => step.title === 'Add Saaz')!.key
    expect(clockOf(boilStart, 0).get(saaz)?.status).toBe('due')
    expect(clockOf(boilStart, 44).get(cascade)).toMatchObject({
      status: 'pending',
      dueAtMs: t0 + 45 * 60_000,
    })
    expect(clockOf(boilStart, 45).get(cascade)?.status).toBe('due')
    expect(clockOf([state('boil', at(0), null, 10)], 45).get(cascade)).toMatchObject({
      status: 'pending',
      dueAtMs: t0 + 55 * 60_000,
    })
    expect(clockOf([...boilStart, state(cascade, null, at(46))], 50).get(cascade)?.status).toBe('done')
  })

  // Issue 34, defect 6: a boil ended early showed "due since 10:32 PM" for a boil started at 11:32 PM.
  it('keeps additions within the boil as it actually ran when it is ended early', () => {
    const cascade = steps.find((step) => step.title === 'Add Cascade')!.key
    const saaz = steps.find((step) => step.title === 'Add Saaz')!.key
    // A 60-minute boil ended after 10 minutes: the 15-minute hop (due at 45) is due at the boil's start, not
    // 5 minutes before it; the 60-minute hop is due at the start as planned.
    const ended = clockOf([state('boil', at(0), at(10))], 12)
    expect(ended.get(cascade)).toMatchObject({ status: 'due', dueAtMs: t0 })
    expect(ended.get(saaz)?.dueAtMs).toBe(t0)
    // Ended after 50 minutes: the 15-minute hop falls due at 35, inside the boil.
    expect(clockOf([state('boil', at(0), at(50))], 50).get(cascade)?.dueAtMs).toBe(t0 + 35 * 60_000)
  })

  it('keeps additions pending until their timer starts', () => {
    const saaz = steps.find((step) => step.title === 'Add Saaz')!.key
    expect(clockOf([], 500).get(saaz)?.status).toBe('pending')
  })

  it('ignores stored instants it cannot read', () => {
    expect(clockOf([state(mashKey, 'not a date')], 10).get(mashKey)?.status).toBe('pending')
  })
})

describe('serverClockOffsetMs', () => {
  it("reads the server's clock from the middle of the round trip", () => {
    const sent = Date.parse('2026-11-24T08:00:00.000Z')
    expect(serverClockOffsetMs('2026-11-24T08:03:00.100Z', sent, sent + 200)).toBe(180_000)
    expect(serverClockOffsetMs('garbage', sent, sent + 200)).toBe(0)
  })
})

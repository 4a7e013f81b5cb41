// The production side of the seed (ADR 370): each simulated day, batches are planned (the schedule books their
// fermenter and brite tank), brewed through the brew-day routes (steps started and completed, additions
// confirmed, measurements), sampled, transferred to the brite tank and packaged on the days the schedule booked,
// with every vessel cleaned after it empties and sanitised before it fills. What each vessel held when is kept
// for the devices' readings (seed-readings.ts).
import { DAY, scaled, type Json, type SeedContext } from './seed-kit.ts'

export type SeedProduct = {
  id: string
  name: string
  recipeId: string
  /** The product's packaging options by type ('16oz Cans', '1/6 BBL Keg', '1/2 BBL Keg'). */
  packages: Record<string, string>
}

/** What a vessel held over [from, to): a batch fermenting or conditioning, with its gravities. */
export type VesselSpell = {
  vesselId: string
  from: number
  to: number | null
  stage: 'fermentation' | 'conditioning'
  og: number
  fg: number
}

/** A packaging run's line, for the kegs it fills and the orders that sell it. */
export type PackagedLine = { eventId: string; packageId: string; packageType: string; units: number }

type Batch = {
  id: string
  /** The seed's own count of the batches brewed (the digest's name for it; the number is the server's). */
  seq: number
  number: string
  product: SeedProduct
  fermenterId: string
  briteId: string | null
  transferDay: number | null
  packageDay: number
  brewDay: number
  volumeBbl: number
  og: number
  fg: number
  spell: VesselSpell
}

const BARRELS_PER_UNIT: Record<string, number> = {
  '1/2 BBL Keg': 0.5,
  '1/6 BBL Keg': 1 / 6,
  '16oz Cans': 16 / 3968,
}

const cleaning = (ctx: SeedContext, vesselId: string, kind: 'cip' | 'sanitise') =>
  ctx.write('POST', '/api/cellar/cleaning', 'cleaning', {
    id: ctx.rnd.uuid(),
    vesselId,
    kind,
    chemical: kind === 'cip' ? 'Caustic' : 'Peracetic acid',
    concentration: kind === 'cip' ? '2%' : '150 ppm',
    temperature: kind === 'cip' ? { value: 160, unit: 'F' } : null,
    durationMinutes: kind === 'cip' ? 45 : 10,
    verification: 'Visual',
  })

export function createProduction(
  ctx: SeedContext,
  {
    products,
    brewhouseId,
    vesselNames,
  }: { products: SeedProduct[]; brewhouseId: string; vesselNames: Map<string, string> },
) {
  const { rnd } = ctx
  const total = scaled(500, ctx.weeks)
  const spells: VesselSpell[] = []
  const active: Batch[] = []
  let brewed = 0
  const dayOf = (date: string) =>
    Math.round((Date.parse(`${date.slice(0, 10)}T00:00:00Z`) - ctx.startsAt) / DAY)
  const measure = (batchId: string, data: Json) =>
    ctx.write('POST', `/api/batches/${batchId}/measurements`, 'measurement', {
      id: rnd.uuid(),
      sampleTemperature: { value: 68, unit: 'F' },
      note: '',
      ...data,
    })

  async function brew(day: number, slot: number) {
    const product = products[rnd.int(0, products.length - 1)]
    const target = rnd.int(18, 24)
    const id = rnd.uuid()
    const start = 16 + slot * 3.5
    ctx.at(day, start)
    const planned = await ctx.write('POST', '/api/batches', 'batch', {
      id,
      productId: product.id,
      recipeId: product.recipeId,
      brewhouseId,
      plannedBrewDate: ctx.date(day),
      targetVolume: { quantity: target, unit: 'BBL' },
    })
    const number = String(planned.number)
    const booking = (await ctx.read(`/api/schedule/batches/${id}`)) as {
      bookings: { stage: string; vesselId: string; start: string; end: string }[]
    }
    const fermentation = booking.bookings.find((b) => b.stage === 'fermentation')
    const conditioning = booking.bookings.find((b) => b.stage === 'conditioning')
    if (!fermentation) {
      // No fermenter free: planned and waiting for one, as the schedule shows it.
      ctx.wrote('batch planned, not booked', day, product.name, target)
      return
    }
    // Brew day: every main step started and completed in order, each addition confirmed as it falls due.
    let minute = 0
    const tick = (minutes: number) => {
      minute += minutes
      ctx.at(day, start + minute / 60)
    }
    tick(5)
    const started = (await ctx.write('POST', `/api/batches/${id}/brew-day`, 'batch', {})) as {
      steps: {
        key: string
        kind: string
        plan: {
          parentKey: string | null
          laterDays: number | null
          addition?: { amount?: { value: number; unit: string } } | null
        }
      }[]
    }
    const main = started.steps.filter((s) => s.plan.parentKey === null && s.plan.laterDays === null)
    const additions = started.steps.filter((s) => s.plan.parentKey !== null && s.plan.laterDays === null)
    const og = 1.048 + rnd.int(0, 16) / 1000
    const fg = 1.008 + rnd.int(0, 6) / 1000
    for (const step of main) {
      tick(10)
      await ctx.write('POST', `/api/batches/${id}/brew-day/steps/${step.key}/start`, 'brew-step', {})
      for (const addition of additions.filter((a) => a.plan.parentKey === step.key)) {
        tick(5)
        const amount = addition.plan.addition?.amount ?? { value: 1, unit: 'Pounds' }
        await ctx.write('POST', `/api/batches/${id}/brew-day/steps/${addition.key}/confirm`, 'brew-step', {
          actual: amount,
          note: '',
        })
      }
      if (step.key === 'boil')
        await measure(id, {
          point: 'pre-boil',
          quantity: 'gravity',
          value: Number((og - 0.008).toFixed(3)),
          unit: 'SG',
          instrument: 'hydrometer',
        })
      tick(10)
      if (step.kind !== 'addition')
        await ctx.write('POST', `/api/batches/${id}/brew-day/steps/${step.key}/complete`, 'brew-step', {})
    }
    tick(5)
    await measure(id, {
      point: 'original-gravity',
      quantity: 'gravity',
      value: Number(og.toFixed(3)),
      unit: 'SG',
      instrument: 'hydrometer',
    })
    const volumeBbl = Number((target * (0.94 + rnd.int(0, 5) / 100)).toFixed(2))
    await measure(id, {
      point: 'into-fermenter',
      quantity: 'volume',
      value: volumeBbl,
      unit: 'BBL',
      instrument: 'meter',
    })
    tick(5)
    await cleaning(ctx, fermentation.vesselId, 'sanitise')
    tick(10)
    await ctx.write('POST', `/api/batches/${id}/brew-day/finish`, 'batch', {
      fermenterId: fermentation.vesselId,
      acceptCleaningWarning: true,
    })
    const spell: VesselSpell = {
      vesselId: fermentation.vesselId,
      from: ctx.clock.now(),
      to: null,
      stage: 'fermentation',
      og,
      fg,
    }
    spells.push(spell)
    const brite = conditioning && conditioning.vesselId !== fermentation.vesselId ? conditioning : null
    active.push({
      id,
      seq: ++brewed,
      number,
      product,
      fermenterId: fermentation.vesselId,
      briteId: brite?.vesselId ?? null,
      transferDay: brite ? dayOf(brite.start) : null,
      packageDay: dayOf((conditioning ?? fermentation).end),
      brewDay: day,
      volumeBbl,
      og,
      fg,
      spell,
    })
    ctx.wrote(
      'batch brewed',
      day,
      product.name,
      target,
      volumeBbl,
      Number(og.toFixed(3)),
      vesselNames.get(fermentation.vesselId),
      brite ? vesselNames.get(brite.vesselId) : null,
      main.length,
      additions.length,
    )
  }

  /** Fermenter → brite tank, what stays in the cone booked as a loss; the fermenter is cleaned. */
  async function transfer(day: number, batch: Batch, index: number) {
    ctx.at(day, 14 + index / 6)
    await measure(batch.id, {
      point: 'final-gravity',
      quantity: 'gravity',
      value: Number(batch.fg.toFixed(3)),
      unit: 'SG',
      instrument: 'hydrometer',
    })
    const moved = Number((batch.volumeBbl * 0.97 - 0.02).toFixed(2))
    await ctx.write('POST', '/api/cellar/liquid-events', 'liquid-event', {
      id: rnd.uuid(),
      kind: 'transferred',
      fromVesselId: batch.fermenterId,
      toVesselId: batch.briteId,
      volumeBbl: moved,
      emptyTank: { lossId: rnd.uuid(), reason: 'Yeast and trub left in the cone' },
      acceptCleaningWarning: true,
    })
    const at = ctx.clock.now()
    batch.spell.to = at
    batch.spell = {
      vesselId: batch.briteId!,
      from: at,
      to: null,
      stage: 'conditioning',
      og: batch.og,
      fg: batch.fg,
    }
    spells.push(batch.spell)
    await cleaning(ctx, batch.fermenterId, 'cip')
    ctx.wrote('transfer', day, batch.seq, moved)
    batch.volumeBbl = moved
  }

  /** A lab sample a week into fermentation (leaves without tax: research and testing). */
  async function sample(day: number, batch: Batch, index: number) {
    ctx.at(day, 13 + index / 6)
    await ctx.write('POST', '/api/cellar/liquid-events', 'liquid-event', {
      id: rnd.uuid(),
      kind: 'sampled',
      fromVesselId: batch.fermenterId,
      volumeBbl: 0.01,
      purpose: 'lab',
    })
    batch.volumeBbl = Number((batch.volumeBbl - 0.01).toFixed(2))
    ctx.wrote('sample', day, batch.seq)
  }

  /** The whole tank into half and sixth barrel kegs and cans; the rest is a loss; the tank is cleaned. */
  async function packageBatch(day: number, batch: Batch, index: number): Promise<PackagedLine[]> {
    ctx.at(day, 15 + index / 6)
    const from = batch.briteId ?? batch.fermenterId
    const volume = batch.volumeBbl
    const halves = Math.floor((volume * 0.4) / 0.5)
    const sixths = Math.floor((volume * 0.2) / (1 / 6))
    const rest = volume - halves * 0.5 - sixths / 6
    const cans = Math.floor((rest * 0.97) / BARRELS_PER_UNIT['16oz Cans'])
    const units: Record<string, number> = { '1/2 BBL Keg': halves, '1/6 BBL Keg': sixths, '16oz Cans': cans }
    const lines = Object.entries(units)
      .filter(([type, count]) => count > 0 && batch.product.packages[type])
      .map(([type, count]) => ({
        id: rnd.uuid(),
        packageId: batch.product.packages[type],
        units: count,
        type,
      }))
    const events = (await ctx.write('POST', '/api/cellar/packaging-runs', 'liquid-event', {
      id: rnd.uuid(),
      fromVesselId: from,
      lines: lines.map(({ type: _type, ...line }) => line),
      emptyTank: { lossId: rnd.uuid(), reason: 'Left in the tank and the filler' },
    })) as unknown as { id: string; kind: string; details: { packageId?: string; units?: number } | null }[]
    batch.spell.to = ctx.clock.now()
    await cleaning(ctx, from, 'cip')
    ctx.wrote(
      'packaging run',
      day,
      batch.seq,
      lines.map((l) => [l.type, l.units]),
    )
    // In the run's own order of lines, not the answer's: the route lists a run's events, all of one instant, in an
    // order of its own, and what the seed draws next (the orders' picks of what is on hand) must not follow it.
    return lines.flatMap((line) =>
      events
        .filter((event) => event.kind === 'packaged' && event.details?.packageId === line.packageId)
        .map((event) => ({
          eventId: event.id,
          packageId: line.packageId,
          packageType: line.type,
          units: line.units,
        })),
    )
  }

  return {
    spells,
    /** One simulated day of the cellar and the brewhouse; answers what was packaged. */
    async day(day: number): Promise<PackagedLine[]> {
      const packaged: PackagedLine[] = []
      let index = 0
      for (const batch of active.filter((b) => b.brewDay + 7 === day && b.spell.stage === 'fermentation'))
        await sample(day, batch, index++)
      for (const batch of active.filter((b) => b.transferDay === day)) await transfer(day, batch, index++)
      for (const batch of active.filter((b) => b.packageDay === day)) {
        packaged.push(...(await packageBatch(day, batch, index++)))
        active.splice(active.indexOf(batch), 1)
      }
      const brews = Math.floor(((day + 1) * total) / ctx.days) - Math.floor((day * total) / ctx.days)
      for (let slot = 0; slot < brews; slot++) await brew(day, slot)
      if (day % 7 === 6) ctx.progress(`day ${day + 1}: ${active.length} batches in the cellar`)
      return packaged
    },
  }
}

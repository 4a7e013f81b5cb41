// The devices' readings (ADR 370): each device in a vessel sends a reading every 15 minutes over the whole
// history — a fermentation curve while a batch ferments there, cold and still while it conditions, water and
// cellar temperature while the tank stands empty — uploaded per device through the ingestion service's bulk
// path (modules/cellar/ingest-bulk.ts), which attributes each to the batch in the vessel when it was taken.
import type { BulkIngest } from '../modules/cellar/ingest-bulk.ts'
import type { Prng, SeedContext } from './seed-kit.ts'
import type { VesselSpell } from './seed-production.ts'

export const READING_EVERY_MS = 15 * 60_000
/** Readings per upload: a week of one device (672) up to the service's limit. */
const UPLOAD = 20_000

/** What a device in `vesselId` reads at `at`, by what the vessel held then. */
function readingAt(spells: VesselSpell[], at: number, rnd: Prng) {
  const spell = spells.find((s) => s.from <= at && (s.to === null || s.to > at))
  const noise = (rnd.next() - 0.5) * 0.0006
  if (!spell) return { gravity: 1 + noise, temperature: 12 + (rnd.next() - 0.5) }
  if (spell.stage === 'conditioning')
    return { gravity: spell.fg + noise, temperature: 1.5 + (rnd.next() - 0.5) * 0.4 }
  const days = (at - spell.from) / 86_400_000
  const gravity = spell.fg + (spell.og - spell.fg) * Math.exp(-days / 2.5)
  return { gravity: gravity + noise, temperature: 19 + Math.min(days, 5) * 0.3 + (rnd.next() - 0.5) * 0.3 }
}

export async function seedReadings(
  ctx: SeedContext,
  ingest: BulkIngest,
  devices: { token: string; vesselId: string; name: string }[],
  spells: VesselSpell[],
  endsAt: number,
) {
  let total = 0
  // A device's readings are drawn in turn (the PRNG's order), its uploads sent while the next device's are drawn:
  // at most `ctx.lanes` devices' uploads at once.
  const sending = new Set<Promise<void>>()
  const failure: { error?: Error } = {}
  for (const [index, device] of devices.entries()) {
    const mine = spells.filter((s) => s.vesselId === device.vesselId)
    let sum = 0
    let count = 0
    // Each device is offset by a few minutes, as real devices wake on their own clocks.
    const first = ctx.startsAt + ((index * 7) % 15) * 60_000
    const uploads: { takenAt: Date; body: unknown }[][] = [[]]
    for (let at = first; at < endsAt; at += READING_EVERY_MS) {
      const { gravity, temperature } = readingAt(mine, at, ctx.rnd)
      const body = { gravity: Number(gravity.toFixed(4)), temperature: Number(temperature.toFixed(2)) }
      sum += body.gravity + body.temperature
      count++
      if (uploads[uploads.length - 1].length >= UPLOAD) uploads.push([])
      uploads[uploads.length - 1].push({ takenAt: new Date(at), body })
    }
    total += count
    ctx.wrote('device readings', device.name, count, sum.toFixed(2))
    while (sending.size >= ctx.lanes) await Promise.race(sending)
    if (failure.error) throw failure.error
    const upload = (async () => {
      for (const batch of uploads) {
        if (batch.length === 0) continue
        const { stored } = await ingest(device.token, batch)
        if (stored !== batch.length)
          throw new Error(`${device.name}: ${stored} of ${batch.length} readings stored`)
      }
    })()
      .catch((error: unknown) => {
        failure.error ??= error instanceof Error ? error : new Error(String(error))
      })
      .finally(() => sending.delete(upload))
    sending.add(upload)
    if (index % 10 === 9)
      ctx.progress(`readings: ${index + 1} of ${devices.length} devices drawn, ${total} readings`)
  }
  await Promise.all(sending)
  if (failure.error) throw failure.error
  return total
}

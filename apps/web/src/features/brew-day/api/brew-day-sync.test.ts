import { BrewDaySchema, type BrewDay } from '@brewcommand/domain'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import fixture from '@/testing/contract-fixtures/brew-day.json'
import { brewDayQueryKey, type LoadedBrewDay } from './brew-day-api.ts'
import { applyBrewDayPush } from './brew-day-sync.tsx'

const before: BrewDay = BrewDaySchema.parse(fixture.body.data)
const key = brewDayQueryKey(before.batchId)
/** The same brew day after a +5 min on its first step (another screen's write). */
const extended: BrewDay = {
  ...before,
  steps: before.steps.map((step, i) =>
    i === 0 ? { ...step, extendedMinutes: step.extendedMinutes + 5 } : step,
  ),
}
const loaded = (brewDay: BrewDay): LoadedBrewDay => ({ brewDay, offsetMs: 120, offline: false })

describe('applyBrewDayPush', () => {
  it('keeps the pushed brew day when a read answered before the write arrives after it', async () => {
    const client = new QueryClient()
    client.setQueryData(key, loaded(before))
    // A read sent before the other screen's write committed, still in flight when the write's event comes.
    let answer!: (value: LoadedBrewDay) => void
    const read = client
      .fetchQuery({
        queryKey: key,
        queryFn: () => new Promise<LoadedBrewDay>((resolve) => (answer = resolve)),
      })
      .catch(() => 'cancelled')
    await applyBrewDayPush(client, 'subject', extended)
    answer(loaded(before))
    await read

    const shown = client.getQueryData<LoadedBrewDay>(key)
    expect(shown?.brewDay.steps[0]?.extendedMinutes).toBe(before.steps[0].extendedMinutes + 5)
    // The offset to the server's clock is the one measured on a round trip, not reset by a push.
    expect(shown?.offsetMs).toBe(120)
  })

  it('puts the pushed brew day in place of the cached one when no read is in flight', async () => {
    const client = new QueryClient()
    client.setQueryData(key, loaded(before))
    await applyBrewDayPush(client, 'subject', extended)
    expect(client.getQueryData<LoadedBrewDay>(key)?.brewDay).toEqual(extended)
  })
})

import { describe, expect, it } from 'vitest'
import { shareReads } from './tenant.ts'

// The statement's clean-up (sending the next one) runs a few microtasks after its callers are answered.
const settled = () => new Promise((resolve) => setImmediate(resolve))

describe('shared reads of callers', () => {
  it('sends the first two at once, then one statement for everyone who arrived while they were out', async () => {
    const sent: { keys: string[]; answer: (rows: Map<string, string>) => void }[] = []
    const read = shareReads<string>((keys) => new Promise((resolve) => sent.push({ keys, answer: resolve })))
    const a = read('a')
    const b = read('b')
    expect(sent.map((s) => s.keys)).toEqual([['a'], ['b']])
    const c = read('c')
    const a2 = read('a')
    const d = read('d')
    // Nobody joins a statement already sent: c, a and d wait for the next one.
    expect(sent).toHaveLength(2)
    sent[0].answer(new Map([['a', 'A1']]))
    expect(await a).toBe('A1')
    await settled()
    expect(sent.map((s) => s.keys)).toEqual([['a'], ['b'], ['c', 'a', 'd']])
    sent[2].answer(
      new Map([
        ['a', 'A2'],
        ['c', 'C'],
      ]),
    )
    expect([await c, await a2, await d]).toEqual(['C', 'A2', null])
    sent[1].answer(new Map([['b', 'B']]))
    expect(await b).toBe('B')
    await settled()
    // Idle again: the next caller goes at once.
    void read('e')
    expect(sent.at(-1)!.keys).toEqual(['e'])
  })

  it('fails every caller of a statement that failed, and keeps answering the later ones', async () => {
    let fail = true
    const read = shareReads<string>(async (keys) => {
      if (fail) throw new Error('connection lost')
      return new Map(keys.map((key) => [key, key.toUpperCase()]))
    })
    await expect(read('a')).rejects.toThrow('connection lost')
    fail = false
    expect(await read('a')).toBe('A')
  })
})

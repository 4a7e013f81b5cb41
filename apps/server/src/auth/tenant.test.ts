import { describe, expect, it } from 'vitest'
import { shareReads } from './tenant.ts'

// The statement's clean-up (sending the next one) runs a few microtasks after its callers are answered.
const settled = () => new Promise((resolve) => setImmediate(resolve))

describe('shared reads of callers', () => {
  it('sends the first at once, then one statement for everyone who arrived while it was out', async () => {
    const sent: { keys: string[]; answer: (rows: Map<string, string>) => void }[] = []
    const read = shareReads<string>((keys) => new Promise((resolve) => sent.push({ keys, answer: resolve })))
    const a = read('a')
    expect(sent.map((s) => s.keys)).toEqual([['a']])
    const b = read('b')
    const a2 = read('a')
    const c = read('c')
    // Nobody joins a statement already sent: b, a and c wait for the next one.
    expect(sent).toHaveLength(1)
    sent[0].answer(new Map([['a', 'A1']]))
    expect(await a).toBe('A1')
    await settled()
    expect(sent.map((s) => s.keys)).toEqual([['a'], ['b', 'a', 'c']])
    // Who arrives while the second is out waits for a third.
    const d = read('d')
    expect(sent).toHaveLength(2)
    sent[1].answer(
      new Map([
        ['a', 'A2'],
        ['b', 'B'],
      ]),
    )
    expect([await b, await a2, await c]).toEqual(['B', 'A2', null])
    await settled()
    expect(sent.map((s) => s.keys)).toEqual([['a'], ['b', 'a', 'c'], ['d']])
    sent[2].answer(new Map([['d', 'D']]))
    expect(await d).toBe('D')
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

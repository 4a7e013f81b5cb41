import { describe, expect, it } from 'vitest'
import { bucketsFor, downsample, minMaxIndexes, type ChartPoint } from './downsample.ts'

const point = (gravity: number | null, temperature: number | null, series = 'd1'): ChartPoint => ({
  series,
  gravity,
  temperature,
})

// Ten readings of one device; worked by hand into 3 buckets: [0,3), [3,6), [6,10).
const TEN = [
  point(1.05, 18.0), //  0  first; bucket 0: highest gravity, lowest temperature
  point(1.049, 18.5), // 1  neither extreme: dropped
  point(1.048, 19.0), // 2  bucket 0: lowest gravity, highest temperature
  point(1.045, 19.0), // 3  bucket 1: highest gravity, lowest temperature (19.0, the earliest)
  point(1.04, 19.5), //  4  bucket 1: lowest gravity, highest temperature
  point(1.043, 19.2), // 5  neither: dropped
  point(1.03, 20.0), //  6  bucket 2: highest gravity, highest temperature
  point(null, 18.0), //  7  a thermometer's reading: bucket 2's lowest temperature
  point(1.02, 19.0), //  8  bucket 2: lowest gravity
  point(1.021, 19.5), // 9  last
]

describe('downsampling a fermentation chart', () => {
  it('keeps the first, the last and each bucket’s extremes: 10 readings into 3 buckets keep 8', () => {
    expect(minMaxIndexes(TEN, 3)).toEqual([0, 2, 3, 4, 6, 7, 8, 9])
  })

  it('keeps a missing value out of the extremes, and a reading with neither value only as first or last', () => {
    const readings = [
      point(null, null),
      point(1.01, null),
      point(null, null),
      point(1.02, null),
      point(null, null),
    ]
    // One bucket of five: gravity's low is 1, its high 3; no temperature at all.
    expect(minMaxIndexes(readings, 1)).toEqual([0, 1, 3, 4])
  })

  it('cuts a series into (points − 2) / 4 buckets, so it never holds more than `points` readings', () => {
    expect(bucketsFor(10)).toBe(2)
    expect(bucketsFor(14)).toBe(3)
    expect(bucketsFor(400)).toBe(99)
    expect(bucketsFor(1000)).toBe(249)
    // A year of one device every 15 minutes.
    const year = Array.from({ length: 35_040 }, (_, i) =>
      point(1.012 + 0.04 * Math.exp(-i / 240) + Math.sin(i) * 0.0003, 19 + Math.sin(i / 96) * 1.5),
    )
    for (const points of [10, 400, 1000, 5000]) {
      const kept = downsample(year, points)
      expect(kept.length).toBeLessThanOrEqual(points)
      expect(kept.length).toBeGreaterThan(points / 2)
      expect(kept[0] === year[0] && kept.at(-1) === year.at(-1)).toBe(true)
    }
    // The year's extremes survive any downsampling.
    const kept = downsample(year, 400)
    const range = (rows: ChartPoint[], pick: (row: ChartPoint) => number | null) => {
      const values = rows.map(pick) as number[]
      return [Math.min(...values), Math.max(...values)]
    }
    expect(range(kept, (r) => r.gravity)).toEqual(range(year, (r) => r.gravity))
    expect(range(kept, (r) => r.temperature)).toEqual(range(year, (r) => r.temperature))
  })

  it('downsamples each series (device) on its own and keeps a short one whole, in the readings’ order', () => {
    // Two devices interleaved: d1's ten readings as above, d2's three (a series shorter than `points`).
    const d2 = [point(1.05, 20, 'd2'), point(1.04, 20, 'd2'), point(1.03, 20, 'd2')]
    const readings = [...TEN.slice(0, 5), ...d2, ...TEN.slice(5)]
    // At 10 points per series both are kept whole.
    const kept = downsample(readings, 10)
    expect(kept).toEqual(readings)
    // With 2 buckets ([0,5), [5,10)) d1 keeps: first 0; bucket 0: gravity high 0, low 4; temperature low 0,
    // high 4; bucket 1: gravity high 5 (1.043), low 8; temperature high 6, low 7; last 9.
    expect(minMaxIndexes(TEN, 2)).toEqual([0, 4, 5, 6, 7, 8, 9])
    // An eleventh reading: 2 buckets [0,5), [5,11); bucket 1's gravity high is now 5 (1.043), its low 8
    // (1.020, earlier than 10's), temperature high 6, low 7; the last is 10.
    const eleven = [...TEN, point(1.02, 19.4)]
    expect(minMaxIndexes(eleven, 2)).toEqual([0, 4, 5, 6, 7, 8, 10])
    const fewer = downsample([...d2, ...eleven], 10)
    expect(fewer.slice(0, 3)).toEqual(d2)
    expect(fewer.slice(3)).toEqual(minMaxIndexes(eleven, 2).map((i) => eleven[i]))
  })
})

// Downsampling a batch's readings for its fermentation chart on the server (issue 40, ADR 390): a year of one
// device is 35,040 readings, more than a chart can draw or a phone should download, and a chart a few hundred
// pixels wide shows no more than a high and a low per pixel column anyway.

/** What the downsampling reads of a reading: its series (the device, or the hand-taken ones), time, values. */
export type ChartPoint = {
  series: string
  gravity: number | null
  temperature: number | null
}

/** The fewest and most readings a chart may ask for per series (`points`). */
export const MIN_POINTS = 10
export const MAX_POINTS = 5000
/** What a client that does not ask gets per series. */
export const DEFAULT_POINTS = 1000

/**
 * The buckets a series is cut into for `points` readings at most: each bucket keeps up to four readings (the
 * lowest and highest gravity, the lowest and highest temperature) and the series keeps its first and last.
 */
export const bucketsFor = (points: number) => Math.max(1, Math.floor((points - 2) / 4))

/**
 * The indexes (into `series`, in time order) a min/max downsampling into `buckets` keeps: the first and the
 * last reading, and in each bucket — consecutive readings, bucket k holding [⌊k·n/b⌋, ⌊(k+1)·n/b⌋) — the reading
 * with the lowest and the one with the highest gravity, and the same for temperature (the earliest on a tie; a
 * missing value is never an extreme). Every extreme of the series is therefore kept.
 */
export function minMaxIndexes(series: readonly ChartPoint[], buckets: number): number[] {
  const n = series.length
  if (n === 0) return []
  const kept = new Set<number>([0, n - 1])
  for (let k = 0; k < buckets; k++) {
    const from = Math.floor((k * n) / buckets)
    const to = Math.floor(((k + 1) * n) / buckets)
    for (const value of [(p: ChartPoint) => p.gravity, (p: ChartPoint) => p.temperature]) {
      let low = -1
      let high = -1
      for (let i = from; i < to; i++) {
        const v = value(series[i])
        if (v === null) continue
        if (low < 0 || v < value(series[low])!) low = i
        if (high < 0 || v > value(series[high])!) high = i
      }
      if (low >= 0) kept.add(low)
      if (high >= 0) kept.add(high)
    }
  }
  return [...kept].sort((a, b) => a - b)
}

/**
 * The readings of a chart of at most `points` readings per series, in their order (time): a series of no more
 * than `points` readings is kept whole; a longer one is cut into `bucketsFor(points)` buckets (minMaxIndexes).
 */
export function downsample<T extends ChartPoint>(readings: readonly T[], points: number): T[] {
  const bySeries = new Map<string, number[]>()
  readings.forEach((reading, index) => {
    const indexes = bySeries.get(reading.series)
    if (indexes) indexes.push(index)
    else bySeries.set(reading.series, [index])
  })
  const kept = new Set<number>()
  for (const indexes of bySeries.values()) {
    if (indexes.length <= points) {
      for (const index of indexes) kept.add(index)
      continue
    }
    const series = indexes.map((index) => readings[index])
    for (const at of minMaxIndexes(series, bucketsFor(points))) kept.add(indexes[at])
  }
  return readings.filter((_, index) => kept.has(index))
}

// Times calculateRecipeStats on a 40-ingredient recipe (15 malts, 15 hops, 10 other ingredients) built from
// the seed catalogue. Target: median under 20 µs. Writes results/calc-stats.json.
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Bench } from 'tinybench'
import {
  calculateRecipeStats,
  FERMENTABLES,
  HOP_ADDITION_TYPES,
  HOPS,
  newRecipe,
  OTHER_INGREDIENTS,
  silentLogger,
  toRecipeYeast,
  WEIGHT_UNITS,
  YEASTS,
  type Recipe,
} from '@brewcommand/domain'

const TARGET_MEDIAN_US = 20
const productId = '00000000-0000-4000-8000-000000000001'
const pick = <T>(items: readonly T[], i: number): T => items[(i * 7) % items.length]
const PER_POUND = { Pounds: 1, Ounces: 16, Grams: 453.592, Kilograms: 1 / 2.20462 } as const
// A weight of about `pounds`, written in each of the four units in turn so every conversion is exercised.
const weight = (pounds: number, i: number) => {
  const unit = WEIGHT_UNITS[i % WEIGHT_UNITS.length]
  return { value: Math.round(pounds * PER_POUND[unit] * 100) / 100, unit }
}

const BASE_MALTS = FERMENTABLES.filter((f) => f.grainGroup === 'base')

const recipe: Recipe = {
  ...newRecipe(productId, '00000000-0000-4000-8000-000000000002'),
  yield: { quantity: 7, unit: 'BBL' },
  yeast: toRecipeYeast(pick(YEASTS, 3)),
  boilTime: 60,
  whirlpoolTime: 20,
  grainBill: Array.from({ length: 15 }, (_, i) => ({
    id: crypto.randomUUID(),
    ingredient: i < 3 ? pick(BASE_MALTS, i) : pick(FERMENTABLES, i),
    amount: weight(i < 3 ? 140 : 1.5, i),
  })),
  hopsBill: Array.from({ length: 15 }, (_, i) => {
    const additionType = HOP_ADDITION_TYPES[i % HOP_ADDITION_TYPES.length]
    return {
      id: crypto.randomUUID(),
      ingredient: pick(HOPS, i),
      amount: weight(0.25, i + 1),
      additionType,
      time: {
        value: additionType === 'Dry Hop' ? 4 : 5 + 4 * i,
        unit: additionType === 'Dry Hop' ? 'Days' : 'Minutes',
      },
    } as const
  }),
  otherIngredients: Array.from({ length: 10 }, (_, i) => ({
    id: crypto.randomUUID(),
    ingredient: pick(OTHER_INGREDIENTS, i),
    amount: weight(0.5, i + 2),
    additionType: 'Boil' as const,
    additionTime: 10,
    brewersNotes: '',
  })),
}
const ingredients = recipe.grainBill.length + recipe.hopsBill.length + recipe.otherIngredients.length

let sink = 0
const bench = new Bench({ name: 'calc-stats', time: 2000, warmupTime: 500 })
bench.add('calculateRecipeStats (40 ingredients)', () => {
  sink += calculateRecipeStats(recipe, { logger: silentLogger }).ibu
})
await bench.run()

const result = bench.tasks[0].result
if (result.state !== 'completed') throw new Error(`benchmark did not complete: ${result.state}`)
const us = (ms: number) => Math.round(ms * 1000 * 100) / 100
const figures = {
  name: 'calc-stats',
  target: `median < ${TARGET_MEDIAN_US} µs`,
  ingredients,
  median_us: us(result.latency.p50),
  p99_us: us(result.latency.p99),
  mean_us: us(result.latency.mean),
  samples: result.latency.samplesCount,
  measuredAt: new Date().toISOString(),
  machine: `${os.cpus()[0]?.model ?? 'unknown CPU'} ×${os.cpus().length}, Node ${process.version}`,
}
writeFileSync(
  path.join(import.meta.dirname, 'results', 'calc-stats.json'),
  `${JSON.stringify(figures, null, 2)}\n`,
)
console.log(
  `calculateRecipeStats, ${ingredients} ingredients: median ${figures.median_us} µs, p99 ${figures.p99_us} µs, ` +
    `mean ${figures.mean_us} µs over ${figures.samples} samples (stats sink ${sink > 0 ? 'ok' : 'empty'})`,
)
if (figures.median_us >= TARGET_MEDIAN_US) {
  console.error(`Median ${figures.median_us} µs misses the target of ${TARGET_MEDIAN_US} µs`)
  process.exit(1)
}

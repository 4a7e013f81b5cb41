import {
  findStyleChoice,
  formatRecipeStats,
  MASH_STEP_TYPES,
  VOLUME_UNIT_LABELS,
  type Recipe,
} from '@brewcommand/domain'
import type { ReactNode } from 'react'
import { formatNumber } from '@/lib/production/units.ts'

const nameOf = (ingredient: { id: string; name?: unknown }) =>
  typeof ingredient.name === 'string' && ingredient.name ? ingredient.name : ingredient.id

const amount = (a: { value: number; unit: string }) => `${formatNumber(a.value, 3)} ${a.unit.toLowerCase()}`

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  if (rows.length === 0) return null
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="mb-1 text-left font-medium">{caption}</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="py-1 pr-3 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-t">
              {row.map((cell, i) => (
                <td key={i} className="py-1.5 pr-3 align-top wrap-anywhere">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * A recipe as frozen in a batch, read-only: its size and figures (at the product's fixed 70 %), grain, hops,
 * other ingredients, mash steps and yeast.
 */
export function RecipeSnapshot({ recipe }: { recipe: Recipe }) {
  const figures = formatRecipeStats(recipe)
  const style = findStyleChoice(recipe.style)
  const facts: [string, string][] = [
    ['Batch size', `${formatNumber(recipe.yield.quantity, 2)} ${VOLUME_UNIT_LABELS[recipe.yield.unit]}`],
    ...(style ? ([['Style', style.name]] as [string, string][]) : []),
    ['Original Gravity', figures.originalGravity],
    ['Final Gravity', figures.finalGravity],
    ['ABV', `${figures.abv} %`],
    ['IBUs', figures.ibu],
    ['SRM', figures.srm],
    ['Boil time', `${formatNumber(recipe.boilTime)} min`],
    ['Whirlpool', `${formatNumber(recipe.whirlpoolTime)} min`],
    ['Mash thickness', `${formatNumber(recipe.mashThickness)} qt/lb`],
    ...(recipe.yeast?.name
      ? ([['Yeast', `${recipe.yeast.name} (${formatNumber(recipe.yeast.attenuation, 1)} % attenuation)`]] as [
          string,
          string,
        ][])
      : []),
  ]
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="grid">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <Table
        caption="Grain Bill"
        head={['Grain', 'Amount']}
        rows={recipe.grainBill.map((g) => [nameOf(g.ingredient), amount(g.amount)])}
      />
      <Table
        caption="Hops Bill"
        head={['Hop', 'Amount', 'Use', 'Time']}
        rows={recipe.hopsBill.map((h) => [
          nameOf(h.ingredient),
          amount(h.amount),
          h.additionType,
          h.time ? `${formatNumber(h.time.value)} ${h.time.unit.toLowerCase()}` : '—',
        ])}
      />
      <Table
        caption="Other Ingredients"
        head={['Ingredient', 'Amount', 'Use', 'Time']}
        rows={recipe.otherIngredients.map((o) => [
          nameOf(o.ingredient),
          amount(o.amount),
          o.additionType,
          o.additionTime == null ? '—' : formatNumber(o.additionTime),
        ])}
      />
      <Table
        caption="Mash Steps"
        head={['Step', 'Temperature', 'Minutes', 'pH']}
        rows={[...recipe.process]
          .sort((a, b) => a.order - b.order)
          .map((step) => [MASH_STEP_TYPES[step.type], step.temperature, step.durationMins, step.targetpH])}
      />
    </div>
  )
}

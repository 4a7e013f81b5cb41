import {
  explainRecipeStats,
  formatRecipeStats,
  moreyUnclamped,
  silentLogger,
  type RecipeExplanation,
  type RecipeStats,
  type RecipeStatsInput,
} from '@brewcommand/domain'
import { Info } from 'lucide-react'
import { Popover } from 'radix-ui'
import type { ReactNode } from 'react'

export type Figure = keyof RecipeStats

const FIGURE_LABELS: Record<Figure, string> = {
  originalGravity: 'Original Gravity',
  finalGravity: 'Final Gravity',
  abv: 'ABV',
  ibu: 'IBUs',
  srm: 'SRM',
}

const n = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: digits }) : '0'

function Table({ head, rows, total }: { head: string[]; rows: ReactNode[][]; total?: ReactNode[] }) {
  return (
    <table className="w-full text-xs tabular-nums">
      <thead>
        <tr className="text-left text-muted-foreground">
          {head.map((h, i) => (
            <th
              key={i}
              scope="col"
              className={i === 0 ? 'py-1 pr-2 font-medium' : 'py-1 pl-2 text-right font-medium'}
            >
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r} className="border-t">
            {row.map((cell, i) => (
              <td key={i} className={i === 0 ? 'py-1 pr-2 wrap-anywhere' : 'py-1 pl-2 text-right'}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
        {total && (
          <tr className="border-t font-medium">
            {total.map((cell, i) => (
              <td key={i} className={i === 0 ? 'py-1 pr-2' : 'py-1 pl-2 text-right'}>
                {cell}
              </td>
            ))}
          </tr>
        )}
      </tbody>
    </table>
  )
}

const Formula = ({ children }: { children: ReactNode }) => (
  <p className="rounded-md bg-muted px-2 py-1.5 font-mono text-[11px] leading-relaxed wrap-anywhere">
    {children}
  </p>
)

/** The explanation of one figure: formula, constants and per-ingredient contributions. */
export function FigureExplanation({ figure, explained }: { figure: Figure; explained: RecipeExplanation }) {
  const { stats, gallons, efficiency } = explained
  const shown = formatRecipeStats(stats)
  const volume = `${n(gallons, 4)} gal`
  const missing = explained.missing && (
    <p className="text-xs text-muted-foreground">
      {explained.missing}: original gravity 1, final gravity 1, ABV 0.
    </p>
  )

  if (figure === 'originalGravity') {
    const { contributions, totalPoints, pointsPerPound } = explained.gravity
    return (
      <div className="grid gap-2">
        <Formula>
          OG = 1 + (Σ points ÷ gallons × efficiency ÷ 100) ÷ 1000; points = {pointsPerPound} × extract ×
          pounds
        </Formula>
        <p className="text-xs">
          Constants: {pointsPerPound} points per pound per gallon, efficiency {n(efficiency, 2)} %; batch{' '}
          {volume}.
        </p>
        {missing}
        {contributions.length > 0 && (
          <Table
            head={['Ingredient', 'lb', 'Extract', 'Points', '+ OG']}
            rows={contributions.map((c) => [
              c.name,
              n(c.pounds, 3),
              `${n(c.extract * 100, 1)} %`,
              n(c.points, 2),
              n(c.gravity, 4),
            ])}
            total={['Total', '', '', n(totalPoints, 2), shown.originalGravity]}
          />
        )}
      </div>
    )
  }
  if (figure === 'finalGravity') {
    return (
      <div className="grid gap-2">
        <Formula>FG = 1 + (OG − 1) × (1 − attenuation ÷ 100)</Formula>
        <p className="text-xs">
          1 + ({n(stats.originalGravity - 1, 5)}) × (1 − {n(explained.finalGravity.attenuation, 2)} ÷ 100) ={' '}
          {shown.finalGravity}
        </p>
        <p className="text-xs text-muted-foreground">Attenuation is the yeast&apos;s apparent attenuation.</p>
        {missing}
      </div>
    )
  }
  if (figure === 'abv') {
    return (
      <div className="grid gap-2">
        <Formula>ABV = (OG − FG) × {explained.abv.factor}</Formula>
        <p className="text-xs">
          ({n(stats.originalGravity, 5)} − {n(stats.finalGravity, 5)}) × {explained.abv.factor} = {shown.abv}{' '}
          %
        </p>
        {missing}
      </div>
    )
  }
  if (figure === 'ibu') {
    const { contributions, boilGravity, boilTime, whirlpoolTime } = explained.ibu
    return (
      <div className="grid gap-2">
        <Formula>
          Tinseth: IBU = alpha % ÷ 100 × ounces × utilisation × 7490 ÷ gallons; utilisation = 1.65 ×
          0.000125^(G − 1) × (1 − e^(−0.04 × minutes)) ÷ 4.15
        </Formula>
        <p className="text-xs">
          Boil gravity G = {n(boilGravity, 4)}; batch {volume}; First Wort hops count the boil time (
          {n(boilTime, 1)} min), Whirlpool hops the whirlpool time ({n(whirlpoolTime, 1)} min); Dry Hop, Mash
          and Hop Back add none.
        </p>
        {contributions.length > 0 && (
          <Table
            head={['Hop', 'Use', 'α %', 'oz', 'min', 'Util.', 'IBU']}
            rows={contributions.map((c) => [
              c.name,
              c.additionType,
              n(c.alphaAcids, 2),
              n(c.ounces, 3),
              n(c.minutes, 1),
              n(c.utilisation, 4),
              n(c.ibu, 2),
            ])}
            total={['Total', '', '', '', '', '', shown.ibu]}
          />
        )}
      </div>
    )
  }
  const { contributions, mcu, clamp } = explained.srm
  return (
    <div className="grid gap-2">
      <Formula>
        Morey: SRM = 1.4922 × MCU^0.6859, kept within {clamp[0]}–{clamp[1]}; MCU = Σ (pounds × °L) ÷ gallons
      </Formula>
      <p className="text-xs">
        MCU {n(mcu, 3)} → 1.4922 × {n(mcu, 3)}^0.6859 = {n(moreyUnclamped(mcu), 2)} → SRM {shown.srm}; batch{' '}
        {volume}.
      </p>
      {contributions.length > 0 && (
        <Table
          head={['Malt', 'lb', '°L', 'MCU']}
          rows={contributions.map((c) => [c.name, n(c.pounds, 3), n(c.lovibond, 1), n(c.mcu, 3)])}
          total={['Total', '', '', n(mcu, 3)]}
        />
      )}
    </div>
  )
}

/**
 * A small button beside a calculated figure that opens how it was computed. The explanation comes from
 * explainRecipeStats, the same computation calculateRecipeStats returns, so it always matches the figure.
 */
export function ExplainFigure({
  figure,
  recipe,
  efficiency,
}: {
  figure: Figure
  recipe: RecipeStatsInput
  efficiency?: number
}) {
  const label = FIGURE_LABELS[figure]
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={`Explain ${label}`}
          className="inline-flex size-6 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <Info aria-hidden="true" className="size-4" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={12}
          aria-label={`How ${label} is calculated`}
          className="bg-popover text-popover-foreground z-50 grid w-[min(28rem,calc(100vw-1.5rem))] gap-2 rounded-xl border p-4 shadow-lg outline-none"
        >
          <p className="text-sm font-semibold">How {label} is calculated</p>
          <FigureExplanation
            figure={figure}
            explained={explainRecipeStats(recipe, {
              logger: silentLogger,
              ...(efficiency === undefined ? {} : { efficiency }),
            })}
          />
          <Popover.Arrow className="fill-border" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}

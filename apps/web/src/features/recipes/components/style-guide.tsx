import {
  compareToStyle,
  formatRecipeStats,
  srmColor,
  type RangePosition,
  type RecipeStats,
  type RecipeStatsInput,
  type Style,
} from '@brewcommand/domain'
import { useId } from 'react'
import { ExplainFigure } from './explain-figure.tsx'
import { cn } from '@/lib/utils.ts'

/** The calculated figures in the order and with the labels of the screen (docs/product/02-products.md §2). */
export const STAT_FIELDS = [
  { key: 'ibu', label: 'IBUs', range: 'ibu' },
  { key: 'originalGravity', label: 'Original Gravity', range: 'og' },
  { key: 'finalGravity', label: 'Final Gravity', range: 'fg' },
  { key: 'abv', label: 'ABV', range: 'abv' },
  { key: 'srm', label: 'SRM', range: 'srm' },
] as const satisfies readonly { key: keyof RecipeStats; label: string; range: keyof Style }[]

const POSITION_TEXT: Record<RangePosition, string> = {
  below: 'Below style',
  within: 'Within style',
  above: 'Above style',
}
const POSITION_CLASS: Record<RangePosition, string> = {
  below: 'bg-sky-100 text-sky-900',
  within: 'bg-emerald-100 text-emerald-900',
  above: 'bg-rose-100 text-rose-900',
}
const RANGE_DECIMALS: Record<(typeof STAT_FIELDS)[number]['key'], number> = {
  ibu: 0,
  originalGravity: 3,
  finalGravity: 3,
  abv: 1,
  srm: 0,
}

/**
 * A style range bar: the style's range shaded on a scale that also holds the value, and a marker at the
 * value. The scale reaches half the range's width beyond each end, and further when the value is outside.
 */
export function RangeBar({
  value,
  range,
  position,
  isSrm,
}: {
  value: number
  range: readonly [number, number]
  position: RangePosition
  isSrm?: boolean
}) {
  const [min, max] = range
  const pad = Math.max((max - min) / 2, max === 0 ? 1 : Math.abs(max) * 0.02)
  const low = Math.min(min - pad, value)
  const high = Math.max(max + pad, value)
  const at = (x: number) => `${(((x - low) / (high - low)) * 100).toFixed(2)}%`
  return (
    <div className="grid gap-1" aria-hidden="true">
      <div className="relative h-2.5 rounded-full bg-muted">
        <div
          className={cn('absolute inset-y-0 rounded-full', isSrm ? '' : 'bg-emerald-300/80')}
          style={{
            left: at(min),
            width: `calc(${at(max)} - ${at(min)})`,
            ...(isSrm
              ? { background: `linear-gradient(to right, ${srmColor(min).hex}, ${srmColor(max).hex})` }
              : {}),
          }}
        />
        <div
          className={cn(
            'absolute -top-1 h-4.5 w-1.5 -translate-x-1/2 rounded-full border-2 border-card shadow',
            position === 'within' ? 'bg-emerald-700' : position === 'below' ? 'bg-sky-700' : 'bg-rose-700',
          )}
          style={{ left: at(value) }}
        />
      </div>
    </div>
  )
}

/**
 * The calculated, read-only figures with the display rounding, each beside the chosen style's range
 * with a clear below/within/above mark; SRM on its colour swatch.
 */
export function CalculatedStats({
  stats,
  style,
  hideStyleHint = false,
  recipe,
}: {
  stats: RecipeStats
  style: Style | undefined
  /** A specialty style is chosen: it has no ranges, and the heading already says so. */
  hideStyleHint?: boolean
  /** The recipe these figures were calculated from; each figure then explains itself (ADR 070). */
  recipe?: RecipeStatsInput
}) {
  const shown = formatRecipeStats(stats)
  const positions = style ? compareToStyle(stats, style) : undefined
  const baseId = useId()
  return (
    <div className="grid gap-3">
      {STAT_FIELDS.map(({ key, label, range }) => {
        const id = `${baseId}-${key}`
        const position = positions?.[key]
        const styleRange = style?.[range] as readonly [number, number] | undefined
        return (
          <div key={key} className="grid gap-1.5 rounded-lg border bg-background/60 px-3 py-2.5">
            <div className="flex items-center gap-3">
              <label htmlFor={id} className="min-w-0 flex-1 text-sm font-medium text-muted-foreground">
                {label}
              </label>
              {key === 'srm' && (
                <span
                  data-testid="srm-swatch"
                  title={srmColor(stats.srm).name}
                  className="size-6 shrink-0 rounded-md border shadow-inner"
                  style={{ backgroundColor: srmColor(stats.srm).hex }}
                />
              )}
              <input
                id={id}
                readOnly
                value={shown[key]}
                aria-describedby={position ? `${id}-position` : undefined}
                className="w-24 bg-transparent text-right text-lg font-semibold tabular-nums outline-none"
              />
              {recipe && <ExplainFigure figure={key} recipe={recipe} />}
            </div>
            {style && position && styleRange && (
              <div className="grid gap-1.5">
                <RangeBar
                  value={Number(shown[key])}
                  range={styleRange}
                  position={position}
                  isSrm={key === 'srm'}
                />
                <p id={`${id}-position`} className="flex items-center justify-between gap-2 text-[11px]">
                  <span className="text-muted-foreground tabular-nums">
                    Style {styleRange[0].toFixed(RANGE_DECIMALS[key])}–
                    {styleRange[1].toFixed(RANGE_DECIMALS[key])}
                  </span>
                  <span className={cn('rounded px-1.5 py-0.5 font-medium', POSITION_CLASS[position])}>
                    {POSITION_TEXT[position]}
                  </span>
                </p>
              </div>
            )}
          </div>
        )
      })}
      {!style && !hideStyleHint && (
        <p className="text-xs text-muted-foreground">Choose a style to see its ranges beside each figure.</p>
      )}
    </div>
  )
}

import {
  findStyleChoice,
  formatRecipeStats,
  srmColor,
  VOLUME_UNIT_LABELS,
  type Recipe,
} from '@brewcommand/domain'
import { Link } from 'react-router'
import { formatNumber } from '@/lib/production/units.ts'
import { recipeViewPath } from '../lib/navigation.ts'

/** A recipe on the product page: its batch size (a link to the read-only recipe) and its key figures. */
export function RecipeSummary({ productId, recipe }: { productId: string; recipe: Recipe }) {
  const shown = formatRecipeStats(recipe)
  const style = findStyleChoice(recipe.style)
  return (
    <div className="grid gap-1">
      <p className="font-medium">
        <Link to={recipeViewPath(productId, recipe.id)} className="hover:underline">
          {formatNumber(recipe.yield.quantity, 2)} {VOLUME_UNIT_LABELS[recipe.yield.unit]}
        </Link>
      </p>
      {style && <p className="text-sm text-muted-foreground">{style.name}</p>}
      <p className="flex items-center gap-2 text-xs text-muted-foreground tabular-nums">
        <span
          aria-hidden="true"
          className="inline-block size-3 rounded-sm border"
          style={{ backgroundColor: srmColor(recipe.srm).hex }}
        />
        OG {shown.originalGravity} · ABV {shown.abv}% · IBU {shown.ibu}
      </p>
    </div>
  )
}

import { useId } from 'react'

// Issue 26: an imported line keeps what the brewer measured (alpha acids, attenuation, yield, colour) while
// linked to the catalogue item it matched. Where the measured value differs from the catalogue's, the row
// says so and lets the brewer choose which one the recipe uses; the measured value stays on the line either
// way, so the choice can be changed back.

type MeasuredField = 'alphaAcids' | 'attenuation' | 'extractFgMin' | 'lovibond'

const FIELDS: { key: MeasuredField; label: string; format: (value: number) => string }[] = [
  { key: 'alphaAcids', label: 'Alpha acids', format: (v) => `${v} %` },
  { key: 'attenuation', label: 'Attenuation', format: (v) => `${v} %` },
  { key: 'extractFgMin', label: 'Yield', format: (v) => `${Math.round(v * 1000) / 10} %` },
  { key: 'lovibond', label: 'Colour', format: (v) => `${v} °L` },
]

/** A line's ingredient as far as this needs it: its values in use and the measured ones it carries. */
export type MeasuredIngredient = {
  name?: unknown
  measured?: Partial<Record<MeasuredField, number>>
} & Partial<Record<MeasuredField, unknown>>

export type CatalogueDifferenceItem = Partial<Record<MeasuredField, unknown>>

export type Difference = {
  key: MeasuredField
  label: string
  measured: number
  catalogue: number
  usesMeasured: boolean
  format: (value: number) => string
}

/** The fields whose measured value differs from the catalogue item's; [] for a custom line or no measurements. */
export function catalogueDifferences(
  ingredient: MeasuredIngredient,
  item: CatalogueDifferenceItem | undefined,
): Difference[] {
  if (!item || !ingredient.measured) return []
  return FIELDS.flatMap(({ key, label, format }) => {
    const measured = ingredient.measured?.[key]
    const catalogue = item[key]
    if (typeof measured !== 'number' || typeof catalogue !== 'number' || measured === catalogue) return []
    return [{ key, label, measured, catalogue, usesMeasured: ingredient[key] === measured, format }]
  })
}

/**
 * Under a row's name: each value where the brewer's measurement and the catalogue disagree, with a choice
 * of which one the recipe uses (read-only: which one it uses).
 */
export function CatalogueDifference<T extends MeasuredIngredient>({
  ingredient,
  item,
  readOnly,
  onChange,
}: {
  ingredient: T
  item: CatalogueDifferenceItem | undefined
  readOnly?: boolean
  onChange: (ingredient: T) => void
}) {
  const id = useId()
  const differences = catalogueDifferences(ingredient, item)
  if (differences.length === 0) return null
  const name = typeof ingredient.name === 'string' ? ingredient.name : 'this ingredient'
  return (
    <div className="mt-1 grid min-w-0 gap-1 text-xs font-normal text-muted-foreground">
      {differences.map((d) =>
        readOnly ? (
          <p key={d.key} className="break-words">
            {d.label} {d.format(d.usesMeasured ? d.measured : d.catalogue)} (
            {d.usesMeasured
              ? `measured; the catalogue says ${d.format(d.catalogue)}`
              : `the catalogue's; measured ${d.format(d.measured)}`}
            )
          </p>
        ) : (
          <fieldset key={d.key} className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            <legend className="sr-only">{`${d.label} of ${name}`}</legend>
            <span aria-hidden="true">{d.label} differs from the catalogue:</span>
            <label className="inline-flex items-center gap-1">
              <input
                type="radio"
                name={`${id}-${d.key}`}
                checked={d.usesMeasured}
                onChange={() => onChange({ ...ingredient, [d.key]: d.measured })}
              />
              Measured {d.format(d.measured)}
            </label>
            <label className="inline-flex items-center gap-1">
              <input
                type="radio"
                name={`${id}-${d.key}`}
                checked={!d.usesMeasured}
                onChange={() => onChange({ ...ingredient, [d.key]: d.catalogue })}
              />
              Catalogue {d.format(d.catalogue)}
            </label>
          </fieldset>
        ),
      )}
    </div>
  )
}

import {
  findStyleChoice,
  formatRecipeStats,
  VOLUME_UNIT_LABELS,
  type ImportedRecipe,
  type ImportReport,
  type InterchangeProblem,
} from '@brewcommand/domain'
import { AlertTriangle, FileUp } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx'
import { Label } from '@/components/ui/label.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { readBytes } from '../lib/download.ts'
import {
  cannotBeImported,
  confirmImportLabel,
  FILE_UNREADABLE,
  IMPORT,
  NOTHING_CREATED,
  plural,
  previewOutcome,
  styleNotInList,
  UNMATCHED_KIND_LABEL,
} from '../messages.ts'

export type ImportTarget = 'products' | 'product'

function ProblemList({ problems }: { problems: InterchangeProblem[] }) {
  return (
    <ul className="grid gap-1 text-xs">
      {problems.map((problem, i) => (
        <li key={i}>
          <code className="rounded bg-muted px-1 py-0.5 break-all">{problem.path}</code> — {problem.reason}
        </li>
      ))}
    </ul>
  )
}

function RecipePreview({ imported }: { imported: ImportedRecipe }) {
  const { recipe } = imported
  const shown = formatRecipeStats(imported.stats)
  const ingredientsUnmatched = imported.unmatched.filter((u) => u.kind !== 'style')
  const style = findStyleChoice(recipe.style)
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3" aria-label={imported.name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p dir="auto" className="min-w-0 font-medium wrap-anywhere">
          {imported.name}
        </p>
        <p className="text-xs text-muted-foreground">
          {recipe.yield.quantity} {VOLUME_UNIT_LABELS[recipe.yield.unit]}
          {style ? ` · ${style.name}` : ''}
        </p>
      </div>
      <p className="text-xs text-muted-foreground tabular-nums" data-testid="import-figures">
        OG {shown.originalGravity} · FG {shown.finalGravity} · ABV {shown.abv}% · IBU {shown.ibu} · SRM{' '}
        {shown.srm}
      </p>
      <p className="text-xs text-muted-foreground">
        {plural(recipe.grainBill.length, 'fermentable')}, {plural(recipe.hopsBill.length, 'hop')},{' '}
        {plural(recipe.otherIngredients.length, 'other ingredient')},{' '}
        {plural(recipe.process.length, 'mash step')}
        {recipe.yeast?.name ? `, yeast ${recipe.yeast.name}` : ', no yeast'}
      </p>
      {imported.unmatched
        .filter((u) => u.kind === 'style')
        .map((u, i) => (
          <p
            key={i}
            className="rounded-md bg-amber-50 p-2 text-xs break-words text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            {u.reason ?? styleNotInList(u.name)}
          </p>
        ))}
      {ingredientsUnmatched.length > 0 && (
        <div className="grid gap-1 rounded-md bg-amber-50 p-2 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-medium">Not in the catalogue — kept with the file&apos;s own values:</p>
          <ul className="list-disc pl-4">
            {ingredientsUnmatched.map((u, i) => (
              <li key={i}>
                {UNMATCHED_KIND_LABEL[u.kind]}: <bdi>{u.name}</bdi>
              </li>
            ))}
          </ul>
        </div>
      )}
      {imported.skipped.length > 0 && (
        <div className="grid gap-1 rounded-md bg-destructive/10 p-2 text-xs">
          <p className="font-medium">Skipped:</p>
          <ProblemList problems={imported.skipped} />
        </div>
      )}
      {imported.notices.length > 0 && (
        <details className="text-xs text-muted-foreground">
          <summary className="cursor-pointer">
            {plural(imported.notices.length, 'note')} on how it was read
          </summary>
          <ProblemList problems={imported.notices} />
        </details>
      )}
    </li>
  )
}

/**
 * Import Recipe (ADR 070): choose a BeerXML or BeerJSON file, see what will be created, what is not in
 * the catalogue and what was skipped; nothing is created until Import is pressed.
 */
export function ImportRecipeDialog({
  open,
  onOpenChange,
  product,
  onConfirm,
  mashThicknessQuartsPerPound,
}: {
  /** The brewhouse's mash thickness (qt/lb), for a recipe whose file gives none. */
  mashThicknessQuartsPerPound?: number
  open: boolean
  onOpenChange: (open: boolean) => void
  /** On a product page: the product that "Add to this product" puts the recipes on. */
  product?: { id: string; name: string }
  onConfirm: (recipes: ImportedRecipe[], target: ImportTarget) => void
}) {
  const inputId = useId()
  const [report, setReport] = useState<ImportReport | null>(null)
  const [formatLabel, setFormatLabel] = useState('')
  const [reading, setReading] = useState(false)
  const [readError, setReadError] = useState<string | null>(null)
  const [target, setTarget] = useState<ImportTarget>(product ? 'product' : 'products')

  const reset = () => {
    setReport(null)
    setReadError(null)
    setReading(false)
    setTarget(product ? 'product' : 'products')
  }
  const close = (next: boolean) => {
    if (!next) reset()
    onOpenChange(next)
  }
  const choose = async (file: File | undefined) => {
    setReport(null)
    setReadError(null)
    if (!file) return
    setReading(true)
    try {
      // The BeerXML/BeerJSON readers (with their XML parser) load on first use, not with the page.
      const reader = await import('@brewcommand/domain/interchange/import.ts')
      // Refused unread when above the limit, so a huge file never fills memory.
      const read =
        file.size > reader.INTERCHANGE_MAX_BYTES
          ? reader.oversizedFileReport(file.name, file.size)
          : reader.readRecipeFile(file.name, await readBytes(file), { mashThicknessQuartsPerPound })
      setFormatLabel(read.format ? reader.INTERCHANGE_FORMAT_LABELS[read.format] : '')
      setReport(read)
    } catch (error) {
      setReadError(error instanceof Error ? error.message : FILE_UNREADABLE)
    } finally {
      setReading(false)
    }
  }
  const count = report?.recipes.length ?? 0
  const confirmLabel = confirmImportLabel(count, target === 'product')

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import Recipe</DialogTitle>
          <DialogDescription>
            Choose a BeerXML 1.0 (.xml) or BeerJSON 1.0 (.json) file from BeerSmith, Brewfather, Brewer&apos;s
            Friend, Brewtarget or Grainfather. Nothing is created until you confirm.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Recipe file</Label>
          <input
            id={inputId}
            type="file"
            accept=".xml,.json,application/xml,text/xml,application/json"
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-accent"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <p className="text-xs text-muted-foreground">Up to 5 MB and 200 recipes per file.</p>
        </div>

        {reading && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> Reading the file…
          </p>
        )}
        {readError && (
          <p role="alert" className="text-sm text-destructive">
            {readError}
          </p>
        )}

        {report && count === 0 && (
          <div
            role="alert"
            className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
          >
            <p className="flex items-center gap-2 font-medium text-destructive">
              <AlertTriangle aria-hidden="true" className="size-4" />
              {cannotBeImported(report.fileName)}
            </p>
            <ProblemList problems={report.problems} />
            <p className="text-xs text-muted-foreground">{NOTHING_CREATED}</p>
          </div>
        )}

        {report && count > 0 && (
          <section aria-label="Import preview" className="grid gap-3">
            <p className="text-sm">
              <FileUp aria-hidden="true" className="mr-1 inline size-4 align-text-bottom" />
              {formatLabel} file {report.fileName}: {plural(count, 'recipe')}{' '}
              {previewOutcome(count, target === 'product' ? product?.name : undefined)}
            </p>
            {product && (
              <fieldset className="grid gap-1.5 text-sm">
                <legend className="mb-1 font-medium">Create</legend>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${inputId}-target`}
                    checked={target === 'product'}
                    onChange={() => setTarget('product')}
                  />
                  <span className="min-w-0">
                    New recipes on <bdi>{product.name}</bdi>
                  </span>
                </label>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${inputId}-target`}
                    checked={target === 'products'}
                    onChange={() => setTarget('products')}
                  />
                  A new product for each recipe
                </label>
              </fieldset>
            )}
            {report.problems.length > 0 && (
              <div className="grid gap-1 rounded-md bg-destructive/10 p-2 text-xs">
                <p className="font-medium">Not imported:</p>
                <ProblemList problems={report.problems} />
              </div>
            )}
            <ul className="grid max-h-[45dvh] gap-2 overflow-y-auto pr-1">
              {report.recipes.map((imported, i) => (
                <RecipePreview key={i} imported={imported} />
              ))}
            </ul>
          </section>
        )}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            disabled={!report || count === 0}
            onClick={() => {
              if (!report || count === 0) return
              onConfirm(report.recipes, target)
              close(false)
            }}
          >
            {report && count > 0 ? confirmLabel : IMPORT}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

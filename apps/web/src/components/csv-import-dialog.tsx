import { useState, type ReactNode } from 'react'
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
import { Textarea } from '@/components/ui/textarea.tsx'
import { ApiError } from '@/lib/api-client.ts'

/** A bad line of a CSV file, as every import's preview names it (line, column, what is wrong). */
export type CsvLineError = { line: number; field: string; message: string }

/** What an import's preview answers: the rows it would import and an error per bad line. */
export type CsvImportPreview<Row> = { rows: Row[]; errors: CsvLineError[] }

/** "3 kegs ready" / "1 customer ready" — the noun for one row and for several. */
export type CsvNoun = { one: string; many: string }

const countOf = (count: number, noun: CsvNoun) => `${count} ${count === 1 ? noun.one : noun.many}`

/**
 * The one CSV import of the app (customers, opening stock, kegs): a file or pasted text, a preview from the
 * server naming each bad line and column, then one import of the whole file (nothing before it). The import is
 * the caller's queued write; the preview its read.
 */
export function CsvImportDialog<Preview extends CsvImportPreview<unknown>>({
  open,
  onOpenChange,
  title,
  description,
  idPrefix,
  example,
  noun,
  preview: previewOf,
  ready,
  describeRow,
  onImport,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  /** Prefix of the file and text fields' ids, unique on the page. */
  idPrefix: string
  /** The placeholder of the pasted text: a small example file. */
  example: string
  noun: CsvNoun
  preview: (csv: string) => Promise<Preview>
  /** The sentence when every line is good (default "3 kegs ready."). */
  ready?: (preview: Preview) => string
  /** A row of the preview as a person reads it; when given, the rows are listed under the summary. */
  describeRow?: (row: Preview['rows'][number]) => { key: string | number; text: string }
  onImport: (csv: string) => void
}) {
  const [csv, setCsv] = useState('')
  const [preview, setPreview] = useState<Preview | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const close = (next: boolean) => {
    if (!next) {
      setCsv('')
      setPreview(null)
      setProblem(null)
    }
    onOpenChange(next)
  }
  const change = (text: string) => {
    setCsv(text)
    setPreview(null)
  }
  const runPreview = async () => {
    setBusy(true)
    setProblem(null)
    try {
      setPreview(await previewOf(csv))
    } catch (error) {
      setPreview(null)
      setProblem(error instanceof ApiError ? error.message : 'The preview failed. Try again.')
    } finally {
      setBusy(false)
    }
  }
  const errors = preview?.errors ?? []
  const badLines = new Set(errors.map((error) => error.line)).size
  const canImport = preview !== null && errors.length === 0 && preview.rows.length > 0
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description} Nothing is imported until you confirm.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={`${idPrefix}-file`}>File</Label>
          <input
            id={`${idPrefix}-file`}
            type="file"
            accept=".csv,text/csv"
            className="min-h-11 text-sm"
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (file) void file.text().then(change)
            }}
          />
          <Label htmlFor={`${idPrefix}-text`}>Or paste the file</Label>
          <Textarea
            id={`${idPrefix}-text`}
            value={csv}
            placeholder={example}
            rows={5}
            className="font-mono text-xs"
            onChange={(event) => change(event.target.value)}
          />
        </div>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        {preview && (
          <section
            aria-label="Import preview"
            aria-live="polite"
            className="grid max-h-64 gap-2 overflow-y-auto text-sm"
          >
            <p className="font-medium">
              {errors.length > 0
                ? `${countOf(preview.rows.length, noun)} ready; ${badLines} bad ${badLines === 1 ? 'line' : 'lines'}: fix the file and preview again.`
                : (ready?.(preview) ?? `${countOf(preview.rows.length, noun)} ready.`)}
            </p>
            {errors.length > 0 && (
              <ul role="alert" className="grid gap-1 text-destructive">
                {errors.map((error) => (
                  <li key={`${error.line}-${error.field}`}>
                    Line {error.line}, {error.field}: {error.message}
                  </li>
                ))}
              </ul>
            )}
            {describeRow && (
              <ul className="grid gap-1 text-muted-foreground">
                {preview.rows.map((row) => {
                  const { key, text } = describeRow(row)
                  return <li key={key}>{text}</li>
                })}
              </ul>
            )}
          </section>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" className="min-h-11" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="outline"
            className="min-h-11"
            disabled={!csv.trim() || busy}
            onClick={() => void runPreview()}
          >
            Preview
          </Button>
          <Button
            type="button"
            className="min-h-11"
            disabled={!canImport}
            onClick={() => {
              onImport(csv)
              close(false)
            }}
          >
            {canImport ? `Import ${countOf(preview.rows.length, noun)}` : 'Import'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

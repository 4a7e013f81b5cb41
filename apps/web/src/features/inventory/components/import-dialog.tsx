import { OPENING_STOCK_EXAMPLE } from '@brewcommand/domain'
import { useState } from 'react'
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
import { useWrite } from '@/lib/writes/use-write.ts'
import { usePreviewImport, type ImportPreview } from '../api/inventory-api.ts'
import { INVENTORY_TEXTS as T } from '../messages.ts'

/** Opening stock from CSV: a preview with an error per bad line, then one import (nothing before it). */
export function ImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const write = useWrite()
  const previewImport = usePreviewImport()
  const [csv, setCsv] = useState('')
  const [preview, setPreview] = useState<ImportPreview | null>(null)
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
  const runPreview = async () => {
    setBusy(true)
    setProblem(null)
    try {
      setPreview(await previewImport(csv))
    } catch (error) {
      setPreview(null)
      setProblem(error instanceof ApiError ? error.message : T.previewFailed)
    } finally {
      setBusy(false)
    }
  }
  const confirm = () => {
    write({
      kind: 'production',
      action: 'inventory:import',
      uri: '/api/inventory/import',
      data: { csv },
      name: 'Opening stock',
    })
    close(false)
  }
  const canImport = preview !== null && preview.errors.length === 0 && preview.rows.length > 0
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{T.importCsv}</DialogTitle>
          <DialogDescription>
            {T.importHelp} {T.importNothing}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="stock-csv-file">File</Label>
          <input
            id="stock-csv-file"
            type="file"
            accept=".csv,text/csv"
            className="min-h-11 text-sm"
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (file) void file.text().then((text) => (setCsv(text), setPreview(null)))
            }}
          />
          <Label htmlFor="stock-csv">CSV</Label>
          <Textarea
            id="stock-csv"
            rows={6}
            value={csv}
            placeholder={OPENING_STOCK_EXAMPLE}
            className="font-mono text-xs"
            onChange={(event) => {
              setCsv(event.target.value)
              setPreview(null)
            }}
          />
        </div>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        {preview && (
          <div className="grid max-h-64 gap-2 overflow-y-auto text-sm" aria-live="polite">
            {preview.errors.length > 0 ? (
              <>
                <p role="alert" className="font-medium text-destructive">
                  {T.importErrors(new Set(preview.errors.map((error) => error.line)).size)}
                </p>
                <ul className="grid gap-1">
                  {preview.errors.map((error) => (
                    <li key={`${error.line}-${error.field}`}>
                      Line {error.line}, {error.field}: {error.message}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="font-medium">{T.importReady(preview.rows.length, preview.newItems)}</p>
            )}
            <ul className="grid gap-1 text-muted-foreground">
              {preview.rows.map((row) => (
                <li key={row.line}>
                  Line {row.line}: {row.name}, {row.quantity} {row.unit}, received {row.receivedOn}
                  {row.itemId ? '' : ' (new item)'}
                </li>
              ))}
            </ul>
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={!csv.trim() || busy}
            onClick={() => void runPreview()}
          >
            {T.importPreview}
          </Button>
          <Button type="button" disabled={!canImport} onClick={confirm}>
            {T.importConfirm(preview?.rows.length ?? 0)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

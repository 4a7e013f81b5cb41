import { OPENING_STOCK_EXAMPLE } from '@brewcommand/domain'
import { CsvImportDialog } from '@/components/csv-import-dialog.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { usePreviewImport } from '../api/inventory-api.ts'
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
  return (
    <CsvImportDialog
      open={open}
      onOpenChange={onOpenChange}
      title={T.importCsv}
      description={T.importHelp}
      idPrefix="stock-csv"
      example={OPENING_STOCK_EXAMPLE}
      noun={{ one: 'lot', many: 'lots' }}
      preview={previewImport}
      ready={(preview) => T.importReady(preview.rows.length, preview.newItems)}
      describeRow={(row) => ({
        key: row.line,
        text: `Line ${row.line}: ${row.name}, ${row.quantity} ${row.unit}, received ${row.receivedOn}${row.itemId ? '' : ' (new item)'}`,
      })}
      onImport={(csv) =>
        write({
          kind: 'production',
          action: 'inventory:import',
          uri: '/api/inventory/import',
          data: { csv },
          name: 'Opening stock',
        })
      }
    />
  )
}

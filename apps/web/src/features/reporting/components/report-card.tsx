import type { UseQueryResult } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { downloadFile } from '../api/reports-api.ts'
import { DOWNLOAD_FAILED, LOAD_FAILED, RETRY } from '../messages.ts'

/** A button that downloads a file of the API with the bearer token. */
export function DownloadButton({ path, label }: { path: string; label: string }) {
  const { getAccessToken } = useAuth()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      type="button"
      variant="outline"
      className="min-h-11"
      disabled={busy}
      onClick={async () => {
        setBusy(true)
        try {
          await downloadFile(path, await getAccessToken())
        } catch (error) {
          toast.error(DOWNLOAD_FAILED(error instanceof Error ? error.message : String(error)))
        } finally {
          setBusy(false)
        }
      }}
    >
      {busy ? (
        <Spinner className="size-4" aria-hidden="true" />
      ) : (
        <Download aria-hidden="true" className="size-4" />
      )}
      {label}
    </Button>
  )
}

/** Loading, error (with a retry) and empty states around a report's content. */
export function QueryState<T>({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>
  what: string
  isEmpty: (data: T) => boolean
  empty: string
  children: (data: T) => ReactNode
}) {
  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner className="size-4" aria-hidden="true" /> Loading {what}…
      </p>
    )
  }
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
        <p>{LOAD_FAILED(what, query.error.message)}</p>
        <Button type="button" variant="outline" className="min-h-11" onClick={() => void query.refetch()}>
          {RETRY}
        </Button>
      </div>
    )
  }
  if (isEmpty(query.data)) return <p className="text-sm text-muted-foreground">{empty}</p>
  return <>{children(query.data)}</>
}

/** A report section: its title, a download, then a chart beside its table (stacked on a phone). */
export function ReportCard({
  title,
  actions,
  chart,
  children,
}: {
  title: string
  actions?: ReactNode
  chart?: ReactNode
  children: ReactNode
}) {
  const id = `report-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section
      aria-labelledby={id}
      className="grid min-w-0 gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
      <div className={chart ? 'grid min-w-0 gap-4 lg:grid-cols-2' : 'grid min-w-0'}>
        {chart && <div className="h-64 min-w-0">{chart}</div>}
        <div className="min-w-0 overflow-x-auto">{children}</div>
      </div>
    </section>
  )
}

/** A plain, accessible table of figures. */
export function FigureTable({
  caption,
  head,
  rows,
  foot,
}: {
  caption: string
  head: string[]
  rows: ReactNode[][]
  foot?: ReactNode[]
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          {head.map((cell, index) => (
            <th
              key={cell}
              scope="col"
              className={index === 0 ? 'py-2 pr-3 font-medium' : 'py-2 pr-3 text-right font-medium'}
            >
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr key={rowIndex} className="border-b last:border-0">
            {row.map((cell, index) => (
              <td key={index} className={index === 0 ? 'py-2 pr-3' : 'py-2 pr-3 text-right tabular-nums'}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {foot && (
        <tfoot>
          <tr className="font-medium">
            {foot.map((cell, index) => (
              <td key={index} className={index === 0 ? 'py-2 pr-3' : 'py-2 pr-3 text-right tabular-nums'}>
                {cell}
              </td>
            ))}
          </tr>
        </tfoot>
      )}
    </table>
  )
}

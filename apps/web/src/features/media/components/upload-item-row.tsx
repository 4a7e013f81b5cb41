import { formatBytes } from '@brewcommand/domain'
import { CheckCircle2, Trash2, X, XCircle } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import type { UploadItem } from '../api/upload-manager.ts'
import { FileIcon, isImage } from './file-icon.tsx'
import { CANCELLED, countdownText } from '../messages.ts'

function Preview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!isImage(file.type) || typeof URL.createObjectURL !== 'function') return
    const objectUrl = URL.createObjectURL(file)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [file])
  if (url) return <img src={url} alt="" className="size-12 shrink-0 rounded-md border object-cover" />
  return (
    <span className="flex size-12 shrink-0 items-center justify-center rounded-md border bg-muted">
      <FileIcon type={file.type} className="size-6 text-muted-foreground" />
    </span>
  )
}

function StatusLine({ item }: { item: UploadItem }) {
  switch (item.status) {
    case 'timing':
      return <p className="text-sm text-muted-foreground">{countdownText(item.countdown)}</p>
    case 'uploading':
      return (
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label={`Uploading ${item.file.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.progress}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${item.progress}%` }} />
          </div>
          <p className="text-xs text-muted-foreground">Uploading… {item.progress}%</p>
        </div>
      )
    case 'completed':
      return (
        <p className="flex items-center gap-1 text-sm text-emerald-700">
          <CheckCircle2 aria-hidden="true" className="size-4" /> Uploaded
        </p>
      )
    case 'cancelled':
      return <p className="text-sm text-muted-foreground">{item.message ?? CANCELLED}</p>
    case 'error':
      return (
        <p role="alert" className="flex items-start gap-1 text-sm text-destructive">
          <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> {item.errorMessage}
        </p>
      )
  }
}

/** One upload item: its file, countdown or progress, outcome, and Cancel or Delete. */
export function UploadItemRow({
  item,
  onCancel,
  onDelete,
}: {
  item: UploadItem
  onCancel: () => void
  onDelete: () => void
}) {
  const canCancel = item.status === 'timing' || item.status === 'uploading'
  return (
    <li className="flex items-center gap-3 rounded-lg border p-3" aria-label={item.file.name}>
      <Preview file={item.file} />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="truncate text-sm font-medium" title={item.file.name}>
          <bdi>{item.file.name}</bdi>{' '}
          <span className="font-normal text-muted-foreground">· {formatBytes(item.file.size)}</span>
        </p>
        <div aria-live="polite">
          <StatusLine item={item} />
        </div>
      </div>
      {canCancel ? (
        <Button
          variant="outline"
          size="sm"
          onClick={onCancel}
          aria-label={`Cancel upload of ${item.file.name}`}
        >
          <X aria-hidden="true" /> Cancel
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          onClick={onDelete}
          aria-label={`Delete ${item.file.name}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </li>
  )
}

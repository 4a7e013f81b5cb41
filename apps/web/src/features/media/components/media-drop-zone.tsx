import { ACCEPTED_MEDIA_TYPES } from '@brewcommand/domain'
import { UploadCloud } from 'lucide-react'
import { useDropzone, type FileRejection } from 'react-dropzone'
import { toast } from 'sonner'
import { cn } from '@/lib/utils.ts'
import { cannotUpload, DROP_ZONE, REJECTION_REASONS, UNKNOWN_REJECTION_REASON } from '../messages.ts'

/** docs/product/02-products.md §9: a rejected-file toast stays 3000 ms, one per file. */
export const REJECTED_TOAST_MS = 3000

export function rejectionMessage({ file, errors }: FileRejection): string {
  const reason = REJECTION_REASONS[errors[0]?.code ?? ''] ?? UNKNOWN_REJECTION_REASON
  return cannotUpload(file.name, reason)
}

const ACCEPT = Object.fromEntries(
  Object.entries(ACCEPTED_MEDIA_TYPES).map(([type, extensions]) => [type, [...extensions]]),
)

/** The drop zone (docs/product/02-products.md §5 "File drop"): the accepted types, no size or count limit. */
export function MediaDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPT,
    onDrop: (accepted, rejected) => {
      for (const rejection of rejected)
        toast.error(rejectionMessage(rejection), { duration: REJECTED_TOAST_MS })
      if (accepted.length > 0) onFiles(accepted)
    },
  })
  return (
    <div
      {...getRootProps({
        className: cn(
          'flex min-h-36 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-6 text-center text-sm text-muted-foreground transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
          isDragActive && 'border-primary bg-accent text-foreground',
        ),
        'aria-label': DROP_ZONE.label,
      })}
    >
      <input {...getInputProps({ 'aria-label': DROP_ZONE.inputLabel })} />
      <UploadCloud aria-hidden="true" className="size-8" />
      <p className="font-medium text-foreground">{isDragActive ? DROP_ZONE.active : DROP_ZONE.idle}</p>
      <p className="text-xs">
        Images (JPEG, PNG, GIF, WebP, SVG), PDF, Word, Excel, CSV, text, video (MP4, WebM, MOV) and audio
        (MP3, WAV, OGG)
      </p>
    </div>
  )
}

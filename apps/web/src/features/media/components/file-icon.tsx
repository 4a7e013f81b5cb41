import {
  FileAudio,
  FileSpreadsheet,
  FileText,
  FileVideo,
  File as FileGeneric,
  type LucideIcon,
} from 'lucide-react'

/** An icon for files that get no thumbnail. */
export function FileIcon({ type, className }: { type: string; className?: string }) {
  let Icon: LucideIcon = FileGeneric
  if (type.startsWith('video/')) Icon = FileVideo
  else if (type.startsWith('audio/')) Icon = FileAudio
  else if (type.includes('spreadsheet') || type === 'text/csv') Icon = FileSpreadsheet
  else if (type === 'application/pdf' || type.startsWith('text/') || type.includes('word')) Icon = FileText
  return <Icon aria-hidden="true" className={className} />
}

export const isImage = (type: string | undefined) => Boolean(type?.startsWith('image/'))

import path from 'node:path'
import { ACCEPTED_MEDIA_TYPES } from '@brewcommand/domain'

/** The type a stored object is served with, from its key's extension (the server chose it from the type). */
const TYPE_OF_EXTENSION = new Map<string, string>()
for (const [type, extensions] of Object.entries(ACCEPTED_MEDIA_TYPES)) {
  for (const extension of extensions)
    if (!TYPE_OF_EXTENSION.has(extension)) TYPE_OF_EXTENSION.set(extension, type)
}

export function typeOfKey(key: string): string {
  return TYPE_OF_EXTENSION.get(path.extname(key).toLowerCase()) ?? 'application/octet-stream'
}

/** Types a browser would run script in when opened as a page (SVG, HTML, XML, PDF viewers). */
const CAN_RUN_SCRIPT = new Set([
  'image/svg+xml',
  'text/html',
  'application/xhtml+xml',
  'text/xml',
  'application/xml',
  'application/pdf',
  'text/javascript',
  'application/javascript',
])

export function canRunScript(contentType: string): boolean {
  return CAN_RUN_SCRIPT.has(contentType.split(';')[0].trim().toLowerCase())
}

/**
 * How a signed read is served: images, video and audio inline (an `<img>` or a player shows them), and
 * anything else, SVG included, as a download, so that nothing uploaded runs as a page.
 */
export function dispositionOf(contentType: string): 'inline' | 'attachment' {
  if (canRunScript(contentType)) return 'attachment'
  return /^(image|video|audio)\//i.test(contentType) ? 'inline' : 'attachment'
}

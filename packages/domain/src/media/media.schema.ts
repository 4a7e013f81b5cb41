import { z } from 'zod'
import { envelopeOf } from '../envelope.ts'

/**
 * The file types the drop zone accepts (docs/product/02-products.md §5 "File drop"), as MIME type → extensions. The server
 * accepts exactly these types for uploads; the storage key's extension comes from the type, never from
 * the file name.
 */
export const ACCEPTED_MEDIA_TYPES = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/svg+xml': ['.svg'],
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'text/csv': ['.csv'],
  'text/plain': ['.txt'],
  'video/mp4': ['.mp4'],
  'video/webm': ['.webm'],
  'video/quicktime': ['.mov'],
  'audio/mpeg': ['.mp3'],
  'audio/wav': ['.wav'],
  'audio/x-wav': ['.wav'],
  'audio/ogg': ['.ogg'],
} as const satisfies Record<string, readonly string[]>
export type MediaType = keyof typeof ACCEPTED_MEDIA_TYPES
const MEDIA_TYPES = Object.keys(ACCEPTED_MEDIA_TYPES) as [MediaType, ...MediaType[]]

/** True for the accepted types; parameters such as `; charset=utf-8` are ignored. */
export function isAcceptedMediaType(type: string): type is MediaType {
  return Object.hasOwn(ACCEPTED_MEDIA_TYPES, type.split(';')[0].trim().toLowerCase())
}

/** The extension a stored object of this type gets (the first one listed). */
export function extensionOf(type: MediaType): string {
  return ACCEPTED_MEDIA_TYPES[type][0]
}

export const MediaTypeSchema = z.enum(MEDIA_TYPES, 'It is not a supported type.')

/**
 * A file's display name: printable, at most 255 characters. It is only ever shown; no path from it
 * reaches a storage key.
 */
export const MediaFileNameSchema = z
  .string()
  .trim()
  .min(1, 'A file name is required')
  .max(255, 'The file name is at most 255 characters')
  // eslint-disable-next-line no-control-regex
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'The file name contains control characters')

/**
 * A storage key as the server makes it: `{entityId}/{productId}/{uuid}{.ext}`, lower-case. Anything
 * else (a `..`, a slash too many, another shape) is refused before storage is touched.
 */
export const S3_KEY_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/
export const S3KeySchema = z.string().regex(S3_KEY_PATTERN, 'Not a storage key of this application')

/** `POST /api/media/upload` (docs/product/02-products.md §7): where may this file be put? */
export const MediaUploadRequestSchema = z.object({
  fileName: MediaFileNameSchema,
  fileType: MediaTypeSchema,
  entityId: z.uuid('The entity id must be a UUID'),
  productId: z.uuid('The product id must be a UUID'),
})
export type MediaUploadRequest = z.infer<typeof MediaUploadRequestSchema>

export const MediaUploadResponseSchema = z.object({ uploadUrl: z.string(), s3Key: S3KeySchema })
export type MediaUploadResponse = z.infer<typeof MediaUploadResponseSchema>

/** `POST /api/delete-file` (docs/product/02-products.md §7). */
export const DeleteFileRequestSchema = z.object({ s3Key: z.string().max(512) })

export const MediaDescriptionSchema = z
  .string()
  .trim()
  .max(2000, 'The description is at most 2000 characters')

/** `POST /api/products/{productId}/files` data: attach an uploaded object to the product. */
export const NewProductFileSchema = z.object({
  id: z.uuid(),
  name: MediaFileNameSchema,
  description: MediaDescriptionSchema.default(''),
  s3Key: S3KeySchema,
  fileType: MediaTypeSchema,
  size: z.number().int().min(0),
})
export type NewProductFile = z.input<typeof NewProductFileSchema>

/** `PUT /api/products/{productId}/files/{id}` data: a new name and description. */
export const ProductFileChangeSchema = z.object({
  id: z.uuid(),
  name: MediaFileNameSchema,
  description: MediaDescriptionSchema,
})
export type ProductFileChange = z.infer<typeof ProductFileChangeSchema>

export const ProductFileEnvelopeSchema = envelopeOf('product:file', NewProductFileSchema)
export const ProductFileChangeEnvelopeSchema = envelopeOf('product:file', ProductFileChangeSchema)

/** A short, readable size: 0 B, 12.3 KB, 4.5 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`
}

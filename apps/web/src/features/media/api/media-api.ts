import { ApiErrorSchema, MediaUploadResponseSchema, type MediaUploadResponse } from '@brewcommand/domain'
import {
  backendError,
  DELETION_FAILED,
  deletionBackendError,
  httpError,
  NO_UPLOAD_LOCATION,
  SERVER_UNREACHABLE,
  UPLOAD_ABORTED,
  UPLOAD_NETWORK_ERROR,
  uploadFailed,
} from '../messages.ts'

async function errorMessage(response: Response): Promise<string> {
  const parsed = ApiErrorSchema.safeParse(await response.json().catch(() => null))
  return parsed.success ? parsed.data.error.message : httpError(response.status)
}

/**
 * `POST /api/media/upload` (docs/product/02-products.md §7): where to PUT the file. A failure throws an Error whose message is
 * the spec's "Backend error: {error}".
 */
export async function requestUploadLocation(
  token: string,
  body: { fileName: string; fileType: string; entityId: string; productId: string; fileSize: number },
): Promise<MediaUploadResponse> {
  let response: Response
  try {
    response = await fetch('/api/media/upload', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
    })
  } catch {
    throw new Error(backendError(SERVER_UNREACHABLE))
  }
  if (!response.ok) throw new Error(backendError(await errorMessage(response)))
  const parsed = MediaUploadResponseSchema.safeParse(await response.json().catch(() => null))
  if (!parsed.success) throw new Error(backendError(NO_UPLOAD_LOCATION))
  return parsed.data
}

/**
 * `POST /api/delete-file` (docs/product/02-products.md §7), with the bearer token (docs/decisions/007). Throws "Deletion backend
 * error: {error}" when the server refuses, "Deletion failed." when it cannot be reached.
 */
export async function deleteUploadedFile(token: string, s3Key: string): Promise<void> {
  let response: Response
  try {
    response = await fetch('/api/delete-file', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ s3Key }),
    })
  } catch {
    throw new Error(DELETION_FAILED)
  }
  if (!response.ok) throw new Error(deletionBackendError(await errorMessage(response)))
}

export type UploadHandle = { done: Promise<void>; abort: () => void }

/**
 * PUTs the raw file to its upload URL with its Content-Type, reporting progress (0–100). XMLHttpRequest,
 * because fetch reports no upload progress. Rejects with the spec's messages (§8).
 */
export function putFile(url: string, file: File, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest()
  const done = new Promise<void>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100))
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100)
        resolve()
        return
      }
      let text = xhr.statusText
      try {
        const parsed = ApiErrorSchema.safeParse(JSON.parse(xhr.responseText))
        if (parsed.success) text = parsed.data.error.message
      } catch {
        // An S3 error is XML: keep the status text.
      }
      reject(new Error(uploadFailed(xhr.status, text)))
    }
    xhr.onerror = () => reject(new Error(UPLOAD_NETWORK_ERROR))
    xhr.onabort = () => reject(new UploadAbortedError())
    xhr.open('PUT', url)
    xhr.setRequestHeader('Content-Type', file.type)
    xhr.send(file)
  })
  return { done, abort: () => xhr.abort() }
}

/** The upload was stopped with abort(). */
export class UploadAbortedError extends Error {
  override name = 'UploadAbortedError'
  constructor() {
    super(UPLOAD_ABORTED)
  }
}

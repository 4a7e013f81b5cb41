import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { Readable } from 'node:stream'
import { canRunScript, dispositionOf, typeOfKey } from './content-types.ts'
import type { ObjectRead, ObjectStorage, StoredObject } from './object-storage.ts'

export type S3Settings = {
  bucket: string
  endpoint: string | undefined
  region: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
}

/** The origin the browser uploads to and reads from (for the Content-Security-Policy). */
export function s3BrowserOrigin(
  settings: Pick<S3Settings, 'bucket' | 'endpoint' | 'region' | 'forcePathStyle'>,
) {
  if (settings.endpoint) return new URL(settings.endpoint).origin
  return settings.forcePathStyle
    ? `https://s3.${settings.region}.amazonaws.com`
    : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`
}

/** How long a redirect to the store stays good: the browser follows it at once. */
const READ_REDIRECT_SECONDS = 60

function isNotFound(error: unknown) {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  )
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, …): the browser PUTs to a presigned URL (the Content-Type,
 * and the length when known, are part of the signature); signed reads at /uploads/{key} redirect to a
 * presigned GET that lives a minute, with the type and disposition forced (ADR 131), except types that can
 * run script (SVG, …), which the app streams itself with nosniff, as a download, in a sandbox.
 *
 * Presigned upload URLs cannot be made single-use by S3: they hold for UPLOAD_URL_SECONDS (15 minutes)
 * and only for this key, type (and length when declared); a second PUT within that time replaces the
 * object, still under the brewery's own unattached key, and an unattached key is swept after a day.
 */
export function createS3Storage(settings: S3Settings): ObjectStorage & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Only the checksums S3 requires: a presigned browser PUT cannot compute one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = settings.bucket
  const browserOrigin = s3BrowserOrigin(settings)

  return {
    kind: 's3',
    browserOrigin,
    client,

    presignUpload(key, contentType, { expiresInSeconds, size }) {
      const command = new PutObjectCommand({
        Bucket,
        Key: key,
        ContentType: contentType,
        ...(size === undefined ? {} : { ContentLength: size }),
      })
      return getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(['content-type', ...(size === undefined ? [] : ['content-length'])]),
      })
    },

    async stat(key): Promise<StoredObject | null> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' }
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },

    async read(key): Promise<ObjectRead | null> {
      const stored = await this.stat(key)
      if (!stored) return null
      // The type the server chose from the key, not whatever the bucket holds.
      const contentType = typeOfKey(key)
      if (canRunScript(contentType)) {
        // Through the app, so that it carries nosniff and the sandbox (a bucket cannot send them).
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        const body = object.Body
        if (!(body instanceof Readable)) throw new Error('The bucket answered without a body stream')
        return { kind: 'stream', stream: body, size: object.ContentLength ?? stored.size, contentType }
      }
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: contentType,
        ResponseContentDisposition: dispositionOf(contentType),
      })
      const url = await getSignedUrl(client, command, { expiresIn: READ_REDIRECT_SECONDS })
      return { kind: 'redirect', url }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
  }
}

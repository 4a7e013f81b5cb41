import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { S3_KEY_PATTERN } from '@brewcommand/domain'
import { typeOfKey } from './content-types.ts'
import type { ObjectRead, ObjectStorage, StoredObject } from './object-storage.ts'
import type { UrlSigner } from './url-signer.ts'

/** Thrown when an upload's body grows past the limit; the partial file is removed. */
export class UploadTooLargeError extends Error {
  override name = 'UploadTooLargeError'
}

/**
 * Objects as files under `root` (DATA_DIR/uploads), one folder per brewery and product. Upload URLs
 * point at this app's own `PUT /uploads/{key}`, signed with an expiring HMAC.
 */
export function createLocalDiskStorage({
  root,
  publicUrl,
  signer,
}: {
  root: string
  publicUrl: string
  signer: UrlSigner
}) {
  function fileOf(key: string): string {
    // Keys are checked by every caller; this is the last guard before the file system.
    if (!S3_KEY_PATTERN.test(key)) throw new Error('Refusing a malformed storage key')
    const file = path.resolve(root, key)
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error('Refusing a key outside the root')
    return file
  }

  async function statObject(key: string): Promise<StoredObject | null> {
    const info = await stat(fileOf(key)).catch(() => null)
    if (!info?.isFile()) return null
    return {
      size: info.size,
      contentType: typeOfKey(key),
    }
  }

  return {
    kind: 'local' as const,
    browserOrigin: null,

    async presignUpload(
      key: string,
      contentType: string,
      { expiresInSeconds }: { expiresInSeconds: number },
    ) {
      fileOf(key)
      const expires = Math.floor(signer.now() / 1000) + expiresInSeconds
      const signature = signer.sign({ method: 'PUT', key, contentType, expires })
      const query = new URLSearchParams({ expires: String(expires), type: contentType, signature })
      return `${publicUrl}/uploads/${key}?${query.toString()}`
    },

    stat: statObject,

    async read(key: string): Promise<ObjectRead | null> {
      const object = await statObject(key)
      if (!object) return null
      return { kind: 'stream', stream: createReadStream(fileOf(key)), ...object }
    },

    async delete(key: string) {
      await rm(fileOf(key), { force: true })
    },

    /**
     * Streams an upload's body to disk without holding it in memory: into a temporary file first, renamed
     * into place only when complete, so a broken or too-large upload never looks stored. `beforeCommit`
     * runs once the whole body is on disk, before it is put in place; when it throws, nothing is stored.
     */
    async receive(
      key: string,
      body: Readable,
      maxBytes: number,
      beforeCommit?: () => Promise<void>,
    ): Promise<StoredObject> {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      const partial = `${file}.${randomUUID()}.part`
      let received = 0
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length
          if (received > maxBytes) done(new UploadTooLargeError(`More than ${maxBytes} bytes`))
          else done(null, chunk)
        },
      })
      // The request itself stays out of the pipeline: cut off at the limit, it must live on to carry the 413.
      const cut = (error: Error) => limit.destroy(error)
      const interrupted = () => {
        if (!body.readableEnded) cut(new Error('The upload was interrupted'))
      }
      body.once('error', cut)
      body.once('close', interrupted)
      body.pipe(limit)
      const out = createWriteStream(partial, { flags: 'wx' })
      try {
        await pipeline(limit, out)
        await beforeCommit?.()
        await rename(partial, file)
      } catch (error) {
        body.unpipe(limit)
        // A stream cut before its file was open still opens it afterwards: remove it only once closed.
        if (!out.closed) await new Promise<void>((closed) => out.once('close', () => closed()))
        await rm(partial, { force: true })
        throw error
      } finally {
        body.off('error', cut)
        body.off('close', interrupted)
      }
      return (await statObject(key))!
    },
  } satisfies ObjectStorage & Record<string, unknown>
}
export type LocalDiskStorage = ReturnType<typeof createLocalDiskStorage>

import path from 'node:path'
import type { AppConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { createLocalDiskStorage, type LocalDiskStorage } from './local-disk-storage.ts'
import type { ObjectStorage } from './object-storage.ts'
import { createS3Storage } from './s3-storage.ts'
import { loadOrCreateMediaSigningKey } from './signing-key.ts'
import { createUrlSigner, type UrlSigner } from './url-signer.ts'

/** How long an upload URL may be started after it was handed out. */
export const UPLOAD_URL_SECONDS = 15 * 60
/**
 * Read links live between 60 and 75 minutes: the expiry is rounded up to a quarter hour, so the links
 * of one product stay the same for a while and browsers can cache the images.
 */
const READ_LINK_MIN_SECONDS = 60 * 60
const READ_LINK_STEP_SECONDS = 15 * 60

export type MediaStorage = {
  storage: ObjectStorage
  /** The local-disk store, which also receives uploads at PUT /uploads/{key}; null with S3. */
  local: LocalDiskStorage | null
  signer: UrlSigner
  /** A signed, short-lived read link `{host}/uploads/{s3Key}?expires=…&signature=…`. */
  fileUrl: (s3Key: string) => string
  /** The expiry `fileUrl` signs into links now: links made in one such period are the same. */
  readLinkExpires: () => number
  maxBytes: number
}

/** Local disk under DATA_DIR/uploads, or the S3 bucket when S3_* is configured. */
export async function createMediaStorage(
  config: Pick<AppConfig, 'dataDir' | 'publicUrl' | 's3' | 'uploadMaxBytes'>,
  db: Db,
  now: () => number = Date.now,
): Promise<MediaStorage> {
  const readLinkExpires = () => {
    const seconds = Math.floor(now() / 1000) + READ_LINK_MIN_SECONDS
    return Math.ceil(seconds / READ_LINK_STEP_SECONDS) * READ_LINK_STEP_SECONDS
  }
  const signer = createUrlSigner(await loadOrCreateMediaSigningKey(db), now)
  const local = config.s3
    ? null
    : createLocalDiskStorage({
        root: path.join(config.dataDir, 'uploads'),
        publicUrl: config.publicUrl,
        signer,
      })
  const storage: ObjectStorage = config.s3
    ? createS3Storage({
        bucket: config.s3.bucket,
        region: config.s3.region,
        endpoint: config.s3.endpoint,
        accessKeyId: config.s3.accessKeyId,
        secretAccessKey: config.s3.secretAccessKey,
        forcePathStyle: config.s3.forcePathStyle,
      })
    : local!
  return {
    storage,
    local,
    signer,
    maxBytes: config.uploadMaxBytes,
    readLinkExpires,
    fileUrl(s3Key) {
      const expires = readLinkExpires()
      const signature = signer.sign({ method: 'GET', key: s3Key, contentType: '', expires })
      return `${config.publicUrl}/uploads/${s3Key}?expires=${expires}&signature=${signature}`
    },
  }
}

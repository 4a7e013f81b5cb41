import { UploadAbortedError, type UploadHandle } from './media-api.ts'
import {
  ABORTED_DURING_COUNTDOWN,
  BACKEND_ERROR_PREFIX,
  backendError,
  CANCELLED_BY_USER,
} from '../messages.ts'

/** docs/product/02-products.md §4 "Upload item status": timing, then uploading, then completed; or cancelled, or error. */
export type UploadStatus = 'timing' | 'uploading' | 'completed' | 'cancelled' | 'error'

/** An upload item (docs/product/02-products.md §3, client-side only). */
export type UploadItem = {
  id: string
  file: File
  status: UploadStatus
  /** Seconds left of the countdown while timing. */
  countdown: number
  /** 0–100 while uploading. */
  progress: number
  errorMessage?: string
  /** A passing note ("Upload aborted during countdown."), cleared after a while. */
  message?: string
  uploadUrl?: string
  s3Key?: string
}

export type UploadTransport = {
  requestLocation: (
    token: string,
    body: { fileName: string; fileType: string; entityId: string; productId: string; fileSize: number },
  ) => Promise<{ uploadUrl: string; s3Key: string }>
  putFile: (url: string, file: File, onProgress: (percent: number) => void) => UploadHandle
  deleteFile: (token: string, s3Key: string) => Promise<void>
}

export type UploadManagerOptions = {
  entityId: string
  productId: string
  getAccessToken: () => Promise<string>
  transport: UploadTransport
  /** The file is stored: attach it to the product (queued). */
  onUploaded: (item: UploadItem & { s3Key: string }) => void
  /** A completed item is deleted: detach the product's file (queued; the server deletes the object). */
  onCompletedRemoved: (item: UploadItem) => void
}

/** docs/product/02-products.md §9: the upload countdown, and how long passing messages stay. */
export const UPLOAD_COUNTDOWN_SECONDS = 5
export const MESSAGE_CLEAR_MS = 5000

/**
 * The upload items of one product page and their timers and requests, outside React so the timing is
 * plain and testable. Components read it with useSyncExternalStore.
 */
export class UploadManager {
  private items: UploadItem[] = []
  private readonly listeners = new Set<() => void>()
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>()
  private readonly messageTimers = new Map<string, ReturnType<typeof setTimeout>>()
  private readonly uploads = new Map<string, UploadHandle>()
  private disposed = false

  constructor(private readonly options: UploadManagerOptions) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = () => this.items

  private update(id: string, change: Partial<UploadItem>) {
    this.items = this.items.map((item) => (item.id === id ? { ...item, ...change } : item))
    for (const listener of this.listeners) listener()
  }

  private find(id: string) {
    return this.items.find((item) => item.id === id)
  }

  private flash(id: string, message: string) {
    this.update(id, { message })
    clearTimeout(this.messageTimers.get(id))
    this.messageTimers.set(
      id,
      setTimeout(() => {
        this.messageTimers.delete(id)
        if (this.find(id)?.message === message) this.update(id, { message: undefined })
      }, MESSAGE_CLEAR_MS),
    )
  }

  /** Accepted files start their countdown at once, each on its own. */
  add(files: File[]) {
    const added = files.map<UploadItem>((file) => ({
      id: crypto.randomUUID(),
      file,
      status: 'timing',
      countdown: UPLOAD_COUNTDOWN_SECONDS,
      progress: 0,
    }))
    this.items = [...this.items, ...added]
    for (const listener of this.listeners) listener()
    for (const item of added) this.tick(item.id)
  }

  private tick(id: string) {
    this.timers.set(
      id,
      setTimeout(() => {
        this.timers.delete(id)
        const item = this.find(id)
        if (!item || item.status !== 'timing') return
        if (item.countdown > 1) {
          this.update(id, { countdown: item.countdown - 1 })
          this.tick(id)
        } else {
          this.update(id, { countdown: 0 })
          void this.start(id)
        }
      }, 1000),
    )
  }

  private async start(id: string) {
    const item = this.find(id)
    if (!item || this.disposed) return
    this.update(id, { status: 'uploading', progress: 0 })
    const { entityId, productId, transport } = this.options
    let location: { uploadUrl: string; s3Key: string }
    try {
      const token = await this.options.getAccessToken()
      location = await transport.requestLocation(token, {
        fileName: item.file.name,
        fileType: item.file.type,
        entityId,
        productId,
        fileSize: item.file.size,
      })
    } catch (error) {
      if (this.find(id)?.status !== 'uploading') return
      const message = error instanceof Error ? error.message : String(error)
      this.update(id, {
        status: 'error',
        errorMessage: message.startsWith(BACKEND_ERROR_PREFIX) ? message : backendError(message),
      })
      return
    }
    // Cancelled while the location was on its way.
    if (this.find(id)?.status !== 'uploading' || this.disposed) return
    this.update(id, { uploadUrl: location.uploadUrl, s3Key: location.s3Key })
    const handle = transport.putFile(location.uploadUrl, item.file, (progress) => {
      if (this.find(id)?.status === 'uploading') this.update(id, { progress })
    })
    this.uploads.set(id, handle)
    try {
      await handle.done
      this.uploads.delete(id)
      if (this.find(id)?.status !== 'uploading') return
      this.update(id, { status: 'completed', progress: 100 })
      this.options.onUploaded({ ...this.find(id)!, s3Key: location.s3Key })
    } catch (error) {
      this.uploads.delete(id)
      if (error instanceof UploadAbortedError || this.find(id)?.status !== 'uploading') return
      this.update(id, {
        status: 'error',
        errorMessage: error instanceof Error ? error.message : String(error),
      })
    }
  }

  /** Cancel during the countdown or the upload (docs/product/02-products.md §4). */
  cancel(id: string) {
    const item = this.find(id)
    if (item?.status === 'timing') {
      clearTimeout(this.timers.get(id))
      this.timers.delete(id)
      this.update(id, { status: 'cancelled' })
      this.flash(id, ABORTED_DURING_COUNTDOWN)
    } else if (item?.status === 'uploading') {
      this.update(id, { status: 'cancelled' })
      this.uploads.get(id)?.abort()
      this.uploads.delete(id)
      this.flash(id, CANCELLED_BY_USER)
    }
  }

  /**
   * Deletes an item once completed, errored or cancelled (after the person confirmed): a completed file is
   * detached from the product, a stray object of a cancelled or failed upload deleted. Rejects with the
   * spec's deletion messages; the item then stays.
   */
  async remove(id: string) {
    const item = this.find(id)
    if (!item || item.status === 'timing' || item.status === 'uploading') return
    if (item.status === 'completed') {
      this.options.onCompletedRemoved(item)
    } else if (item.s3Key) {
      await this.options.transport.deleteFile(await this.options.getAccessToken(), item.s3Key)
    }
    clearTimeout(this.messageTimers.get(id))
    this.items = this.items.filter((i) => i.id !== id)
    for (const listener of this.listeners) listener()
  }

  /** Stops every timer and upload (the page is left). */
  dispose() {
    this.disposed = true
    for (const timer of [...this.timers.values(), ...this.messageTimers.values()]) clearTimeout(timer)
    for (const upload of this.uploads.values()) upload.abort()
    this.timers.clear()
    this.messageTimers.clear()
    this.uploads.clear()
  }
}

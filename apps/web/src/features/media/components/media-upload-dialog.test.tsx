import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const toastError = vi.hoisted(() => vi.fn())
vi.mock('sonner', () => ({ toast: { error: toastError } }))
import { UploadManager, type UploadTransport } from '../api/upload-manager.ts'
import { UploadAbortedError } from '../api/media-api.ts'
import { MediaUploadDialog } from './media-upload-dialog.tsx'

const ENTITY = crypto.randomUUID()
const PRODUCT = crypto.randomUUID()
const S3_KEY = `${ENTITY}/${PRODUCT}/${crypto.randomUUID()}.png`

/** A transport whose calls the test settles by hand. */
function fakeTransport() {
  let resolveLocation!: (value: { uploadUrl: string; s3Key: string }) => void
  let rejectLocation!: (error: Error) => void
  let progress!: (percent: number) => void
  let finishPut!: () => void
  let failPut!: (error: Error) => void
  const abort = vi.fn(() => failPut(new UploadAbortedError()))
  const transport: UploadTransport = {
    requestLocation: vi.fn(
      () =>
        new Promise<{ uploadUrl: string; s3Key: string }>((resolve, reject) => {
          resolveLocation = resolve
          rejectLocation = reject
        }),
    ),
    putFile: vi.fn((_url: string, _file: File, onProgress: (percent: number) => void) => {
      progress = onProgress
      return {
        done: new Promise<void>((resolve, reject) => {
          finishPut = resolve
          failPut = reject
        }),
        abort,
      }
    }),
    deleteFile: vi.fn(() => Promise.resolve()),
  }
  return {
    transport,
    abort,
    location: async (value = { uploadUrl: '/uploads/x?signature=y', s3Key: S3_KEY }) =>
      act(async () => resolveLocation(value)),
    failLocation: async (message: string) => act(async () => rejectLocation(new Error(message))),
    progress: (percent: number) => act(() => progress(percent)),
    finish: async () => act(async () => finishPut()),
    fail: async (message: string) => act(async () => failPut(new Error(message))),
  }
}

function setup() {
  const fake = fakeTransport()
  const onUploaded = vi.fn()
  const onCompletedRemoved = vi.fn()
  const manager = new UploadManager({
    entityId: ENTITY,
    productId: PRODUCT,
    getAccessToken: () => Promise.resolve('token-1'),
    transport: fake.transport,
    onUploaded,
    onCompletedRemoved,
  })
  render(<MediaUploadDialog open onOpenChange={vi.fn()} manager={manager} />)
  const png = new File([new Uint8Array([137, 80, 78, 71])], 'label.png', { type: 'image/png' })
  return { ...fake, manager, onUploaded, onCompletedRemoved, png }
}

const seconds = async (n: number) => act(async () => vi.advanceTimersByTime(n * 1000))
const row = (name = 'label.png') => within(screen.getByRole('listitem', { name }))

// Generous timeouts: the shared CI machine is often busy; fake timers keep the tests themselves exact.
describe(
  'Add Media: countdown, upload, cancel and errors (docs/product/02-products.md §4)',
  { timeout: 20_000 },
  () => {
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }))
    afterEach(() => vi.useRealTimers())

    it('counts down from 5 each second, then uploads with a progress bar and completes', async () => {
      const t = setup()
      act(() => t.manager.add([t.png]))
      expect(row().getByText('Uploading in 5 seconds...')).toBeInTheDocument()
      await seconds(1)
      expect(row().getByText('Uploading in 4 seconds...')).toBeInTheDocument()
      await seconds(3)
      expect(row().getByText('Uploading in 1 seconds...')).toBeInTheDocument()
      expect(t.transport.requestLocation).not.toHaveBeenCalled()
      await seconds(1)
      expect(t.transport.requestLocation).toHaveBeenCalledWith('token-1', {
        fileName: 'label.png',
        fileType: 'image/png',
        entityId: ENTITY,
        productId: PRODUCT,
        fileSize: 4,
      })
      await t.location()
      expect(t.transport.putFile).toHaveBeenCalledWith('/uploads/x?signature=y', t.png, expect.any(Function))
      t.progress(40)
      expect(row().getByRole('progressbar', { name: 'Uploading label.png' })).toHaveAttribute(
        'aria-valuenow',
        '40',
      )
      expect(row().getByText('Uploading… 40%')).toBeInTheDocument()
      await t.finish()
      expect(row().getByText('Uploaded')).toBeInTheDocument()
      expect(t.onUploaded).toHaveBeenCalledWith(
        expect.objectContaining({ s3Key: S3_KEY, status: 'completed' }),
      )
      // Cancel gives way to Delete once completed.
      expect(row().queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument()
      expect(row().getByRole('button', { name: 'Delete label.png' })).toBeInTheDocument()
    })

    it('cancels during the countdown: "Upload aborted during countdown.", nothing is sent, the message clears after 5 s', async () => {
      const t = setup()
      act(() => t.manager.add([t.png]))
      await seconds(2)
      fireEvent.click(row().getByRole('button', { name: 'Cancel upload of label.png' }))
      expect(row().getByText('Upload aborted during countdown.')).toBeInTheDocument()
      await seconds(4.9)
      expect(row().getByText('Upload aborted during countdown.')).toBeInTheDocument()
      await seconds(0.2)
      expect(row().queryByText('Upload aborted during countdown.')).not.toBeInTheDocument()
      expect(row().getByText('Cancelled')).toBeInTheDocument()
      await seconds(10)
      expect(t.transport.requestLocation).not.toHaveBeenCalled()
    })

    it('cancels during the upload: the request is aborted and "Upload cancelled by user." shows', async () => {
      const t = setup()
      act(() => t.manager.add([t.png]))
      await seconds(5)
      await t.location()
      t.progress(10)
      fireEvent.click(row().getByRole('button', { name: 'Cancel upload of label.png' }))
      await act(async () => {})
      expect(t.abort).toHaveBeenCalled()
      expect(row().getByText('Upload cancelled by user.')).toBeInTheDocument()
      expect(t.onUploaded).not.toHaveBeenCalled()
    })

    it('shows "Backend error: …" when no upload location is given', async () => {
      const t = setup()
      act(() => t.manager.add([t.png]))
      await seconds(5)
      await t.failLocation('Backend error: The file is too large: the limit is 209715200 bytes.')
      expect(row().getByRole('alert')).toHaveTextContent(
        'Backend error: The file is too large: the limit is 209715200 bytes.',
      )
      expect(t.transport.putFile).not.toHaveBeenCalled()
    })

    it.each([['Upload failed with status 403: This link has expired.'], ['Network error during upload.']])(
      'shows the upload failure %j and offers Delete, which asks first',
      async (message) => {
        const t = setup()
        act(() => t.manager.add([t.png]))
        await seconds(5)
        await t.location()
        await t.fail(message)
        expect(row().getByRole('alert')).toHaveTextContent(message)
        fireEvent.click(row().getByRole('button', { name: 'Delete label.png' }))
        const confirm = screen.getByRole('alertdialog', { name: 'Delete label.png?' })
        expect(t.transport.deleteFile).not.toHaveBeenCalled()
        fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
        await act(async () => {})
        expect(t.transport.deleteFile).toHaveBeenCalledWith('token-1', S3_KEY)
        expect(screen.queryByRole('listitem', { name: 'label.png' })).not.toBeInTheDocument()
      },
    )

    it('keeps the item and says why when the deletion fails', async () => {
      const t = setup()
      vi.mocked(t.transport.deleteFile).mockRejectedValueOnce(
        new Error('Deletion backend error: File not found.'),
      )
      act(() => t.manager.add([t.png]))
      await seconds(5)
      await t.location()
      await t.fail('Network error during upload.')
      fireEvent.click(row().getByRole('button', { name: 'Delete label.png' }))
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
      await act(async () => {})
      expect(toastError).toHaveBeenCalledWith('Deletion backend error: File not found.')
      expect(screen.getByRole('listitem', { name: 'label.png' })).toBeInTheDocument()
    })

    it('detaches a completed file through the product (queued) when it is deleted', async () => {
      const t = setup()
      act(() => t.manager.add([t.png]))
      await seconds(5)
      await t.location()
      await t.finish()
      fireEvent.click(row().getByRole('button', { name: 'Delete label.png' }))
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
      await act(async () => {})
      expect(t.onCompletedRemoved).toHaveBeenCalledWith(expect.objectContaining({ s3Key: S3_KEY }))
      expect(t.transport.deleteFile).not.toHaveBeenCalled()
    })

    it('runs each file on its own countdown', async () => {
      const t = setup()
      act(() => t.manager.add([t.png]))
      await seconds(2)
      const doc = new File(['x'], 'sell-sheet.pdf', { type: 'application/pdf' })
      act(() => t.manager.add([doc]))
      expect(row().getByText('Uploading in 3 seconds...')).toBeInTheDocument()
      expect(row('sell-sheet.pdf').getByText('Uploading in 5 seconds...')).toBeInTheDocument()
    })
  },
)

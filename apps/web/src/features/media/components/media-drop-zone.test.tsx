import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

const toastError = vi.hoisted(() => vi.fn())
vi.mock('sonner', () => ({ toast: { error: toastError } }))

const { MediaDropZone, rejectionMessage } = await import('./media-drop-zone.tsx')

describe('the drop zone (docs/product/02-products.md §5 "File drop", §8)', () => {
  it('toasts each rejected file for 3000 ms with its reason and passes on the accepted ones', async () => {
    const onFiles = vi.fn()
    render(<MediaDropZone onFiles={onFiles} />)
    const png = new File(['png'], 'label.png', { type: 'image/png' })
    const exe = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' })
    const html = new File(['<p>'], 'page.html', { type: 'text/html' })
    fireEvent.change(screen.getByLabelText('Choose files to upload'), { target: { files: [exe, png, html] } })
    await waitFor(() => expect(onFiles).toHaveBeenCalledWith([png]))
    expect(toastError.mock.calls).toEqual([
      ['setup.exe cannot be uploaded because it is not a supported type.', { duration: 3000 }],
      ['page.html cannot be uploaded because it is not a supported type.', { duration: 3000 }],
    ])
  })

  it('accepts every type of the spec: images, pdf, office files, csv, txt, video and audio', async () => {
    const onFiles = vi.fn()
    render(<MediaDropZone onFiles={onFiles} />)
    const files = [
      ['a.jpg', 'image/jpeg'],
      ['a.svg', 'image/svg+xml'],
      ['a.webp', 'image/webp'],
      ['a.gif', 'image/gif'],
      ['a.pdf', 'application/pdf'],
      ['a.doc', 'application/msword'],
      ['a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['a.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['a.csv', 'text/csv'],
      ['a.txt', 'text/plain'],
      ['a.mp4', 'video/mp4'],
      ['a.webm', 'video/webm'],
      ['a.mov', 'video/quicktime'],
      ['a.mp3', 'audio/mpeg'],
      ['a.wav', 'audio/wav'],
      ['a.ogg', 'audio/ogg'],
    ].map(([name, type]) => new File(['x'], name, { type }))
    fireEvent.change(screen.getByLabelText('Choose files to upload'), { target: { files } })
    await waitFor(() => expect(onFiles).toHaveBeenCalledWith(files))
  })

  it.each([
    ['file-too-large', 'it is too large.'],
    ['file-too-small', 'it is too small.'],
    ['too-many-files', 'there are too many files.'],
    ['something-else', 'of an unknown error.'],
  ])('words the reason %s as "%s"', (code, reason) => {
    const file = new File(['x'], 'x.png', { type: 'image/png' })
    expect(
      rejectionMessage({
        file: Object.assign(file, { path: 'x.png', relativePath: 'x.png' }),
        errors: [{ code, message: '' }],
      }),
    ).toBe(`x.png cannot be uploaded because ${reason}`)
  })
})

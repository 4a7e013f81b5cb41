import { afterEach, describe, expect, it, vi } from 'vitest'
import { deleteUploadedFile, putFile, requestUploadLocation, UploadAbortedError } from './media-api.ts'

/** A stand-in XMLHttpRequest the test drives by hand. */
class FakeXhr {
  static last: FakeXhr
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null
  } = {
    onprogress: null,
  }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  status = 0
  statusText = ''
  responseText = ''
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: unknown
  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: unknown) {
    this.body = body
  }
  abort() {
    this.onabort?.()
  }
  respond(status: number, statusText: string, responseText = '') {
    Object.assign(this, { status, statusText, responseText })
    this.onload?.()
  }
}

const png = new File([new Uint8Array(10)], 'label.png', { type: 'image/png' })
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('the media calls (docs/product/02-products.md §7, §8)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('PUTs the raw file with its Content-Type and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const progress = vi.fn()
    const { done } = putFile('/uploads/k?signature=s', png, progress)
    const xhr = FakeXhr.last
    expect([xhr.method, xhr.url, xhr.headers['Content-Type'], xhr.body]).toEqual([
      'PUT',
      '/uploads/k?signature=s',
      'image/png',
      png,
    ])
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 10 })
    expect(progress).toHaveBeenLastCalledWith(40)
    xhr.respond(200, 'OK')
    await expect(done).resolves.toBeUndefined()
    expect(progress).toHaveBeenLastCalledWith(100)
  })

  it.each([
    [
      413,
      'Payload Too Large',
      JSON.stringify({
        error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large: the limit is 5 bytes.' },
      }),
      'Upload failed with status 413: The file is too large: the limit is 5 bytes.',
    ],
    [
      403,
      'Forbidden',
      '<Error><Code>SignatureDoesNotMatch</Code></Error>',
      'Upload failed with status 403: Forbidden',
    ],
  ])('words an HTTP failure %i as the spec does', async (status, statusText, body, message) => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const { done } = putFile('/u', png, vi.fn())
    FakeXhr.last.respond(status, statusText, body)
    await expect(done).rejects.toThrow(message)
  })

  it('words a network failure and an abort as the spec does', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const failed = putFile('/u', png, vi.fn())
    FakeXhr.last.onerror?.()
    await expect(failed.done).rejects.toThrow('Network error during upload.')
    const aborted = putFile('/u', png, vi.fn())
    aborted.abort()
    await expect(aborted.done).rejects.toBeInstanceOf(UploadAbortedError)
    await expect(aborted.done).rejects.toThrow('Upload aborted by user.')
  })

  it('asks for an upload location with the token, and says "Backend error: …" when refused', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(
      json(200, {
        uploadUrl: '/uploads/x',
        s3Key: `${crypto.randomUUID()}/${crypto.randomUUID()}/${crypto.randomUUID()}.png`,
      }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const body = { fileName: 'label.png', fileType: 'image/png', entityId: 'e', productId: 'p', fileSize: 10 }
    await expect(requestUploadLocation('token-1', body)).resolves.toMatchObject({ uploadUrl: '/uploads/x' })
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/media/upload')
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer token-1')
    expect(JSON.parse(init.body as string)).toEqual(body)
    fetchMock.mockResolvedValueOnce(
      json(404, { error: { code: 'NOT_FOUND', message: 'Product not found!' } }),
    )
    await expect(requestUploadLocation('token-1', body)).rejects.toThrow('Backend error: Product not found!')
  })

  it('deletes a file with the token, saying "Deletion backend error: …" or "Deletion failed."', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(new Response(null, { status: 204 }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(deleteUploadedFile('token-1', 'k')).resolves.toBeUndefined()
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer token-1')
    fetchMock.mockResolvedValueOnce(json(404, { error: { code: 'NOT_FOUND', message: 'File not found.' } }))
    await expect(deleteUploadedFile('token-1', 'k')).rejects.toThrow(
      'Deletion backend error: File not found.',
    )
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(deleteUploadedFile('token-1', 'k')).rejects.toThrow('Deletion failed.')
  })
})

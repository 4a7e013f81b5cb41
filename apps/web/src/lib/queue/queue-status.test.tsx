import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { describeRequest } from './describe-request.ts'
import { QueueProvider, useQueue } from './queue-provider.tsx'
import { queueStatus, QueueStatus } from './queue-status.tsx'
import type { QueuedRequest } from './request-queue.ts'

const request = (overrides: Partial<QueuedRequest> = {}): QueuedRequest => ({
  requestId: crypto.randomUUID(),
  seq: 1,
  method: 'PUT',
  uri: '/api/products/p',
  idempotencyKey: 'k',
  status: 'pending',
  retryCount: 0,
  ...overrides,
})

/** The save status in a queue of its own (with `after` beside it), and a write enqueued as a screen would. */
function renderStatus(after?: ReactNode) {
  let enqueue: ((r: Pick<QueuedRequest, 'method' | 'uri'>) => void) | undefined
  function Grab() {
    enqueue = useQueue().enqueue
    return null
  }
  render(
    <QueueProvider getAccessToken={() => Promise.resolve('t')}>
      <Grab />
      <QueueStatus />
      {after}
    </QueueProvider>,
  )
  return { enqueue: (request: Pick<QueuedRequest, 'method' | 'uri'>) => act(() => enqueue!(request)) }
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('queueStatus', () => {
  it('says what the queue is doing', () => {
    const empty = { pending: [], refused: [], isProcessing: false }
    expect(queueStatus(empty, true).label).toBe('All changes saved')
    expect(queueStatus({ ...empty, pending: [request()] }, true).label).toBe('Saving 1 change…')
    expect(queueStatus({ ...empty, pending: [request(), request()] }, true).label).toBe('Saving 2 changes…')
    expect(queueStatus({ ...empty, pending: [request(), request(), request()] }, false).label).toBe(
      'Offline — 3 changes pending',
    )
    // A refused write is out of the queue (undone and told at once): it is never counted as failed.
    expect(queueStatus({ ...empty, refused: [request(), request()] }, true).label).toBe('All changes saved')
  })

  it('names each write for a person', () => {
    expect(
      describeRequest({
        method: 'POST',
        uri: '/api/products',
        data: { metadata: { correlationIdentifier: 'k' }, data: { name: ' Hazy ' } },
      }),
    ).toBe('New product “Hazy”')
    expect(describeRequest({ method: 'PUT', uri: '/api/products/p/recipes/r' })).toBe('Change to recipe')
    expect(describeRequest({ method: 'DELETE', uri: '/api/products/p/tastingNotes/n' })).toBe(
      'Delete tasting note',
    )
    expect(describeRequest({ method: 'POST', uri: '/api/products/p/packages' })).toBe('New packaging')
  })
})

describe('QueueStatus', () => {
  it('is named by the words it shows, then by what it is (WCAG 2.5.3 label in name)', () => {
    vi.stubGlobal('fetch', vi.fn())
    render(
      <QueueProvider getAccessToken={() => Promise.resolve('t')}>
        <QueueStatus />
      </QueueProvider>,
    )
    const button = screen.getByRole('button', { name: /sync status$/ })
    expect(button).toHaveTextContent('All changes saved')
    expect(button).toHaveAccessibleName(`${button.textContent} — sync status`)
  })

  // Issue 34, defect 3: a refusal showed "1 change failed" with a Retry that could never succeed.
  it("tells a refused write in the server's words and keeps nothing failed or stored", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response('{"error":{"code":"CONFLICT","message":"FV1 holds 0.14 bbl."}}', { status: 409 }),
        ),
      ),
    )
    const onRefused = vi.fn()
    let enqueue: ((r: Pick<QueuedRequest, 'method' | 'uri'>) => void) | undefined
    const { useQueue } = await import('./queue-provider.tsx')
    function Grab() {
      enqueue = useQueue().enqueue
      return null
    }
    render(
      <QueueProvider subject="ada" getAccessToken={() => Promise.resolve('t')} onRefused={onRefused}>
        <Grab />
        <QueueStatus />
      </QueueProvider>,
    )
    act(() => enqueue!({ method: 'DELETE', uri: '/api/products/p' }))
    await vi.waitFor(() =>
      expect(onRefused).toHaveBeenCalledWith(
        expect.objectContaining({ uri: '/api/products/p', error: 'FV1 holds 0.14 bbl.' }),
      ),
    )
    const status = await screen.findByRole('button', { name: 'All changes saved — sync status' })
    expect(localStorage.length).toBe(0)
    await userEvent.setup().click(status)
    expect(await screen.findByRole('heading', { name: 'All changes saved' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
  })

  it('restores what an earlier page left behind, reports it, and asks before leaving while it is unsent', async () => {
    localStorage.setItem(
      'brewcommand:queue:ada:r1',
      JSON.stringify({
        requestId: 'r1',
        seq: 1,
        method: 'PUT',
        uri: '/api/products/p',
        data: { metadata: { correlationIdentifier: 'k1' }, data: { name: 'Later' } },
        idempotencyKey: 'k1',
        status: 'pending',
        retryCount: 2,
      }),
    )
    let answer: (r: Response) => void = () => undefined
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)))
    vi.stubGlobal('fetch', fetchMock)
    const onRestored = vi.fn()
    render(
      <QueueProvider subject="ada" getAccessToken={() => Promise.resolve('t')} onRestored={onRestored}>
        <QueueStatus />
      </QueueProvider>,
    )
    expect(await screen.findByRole('button', { name: 'Saving 1 change… — sync status' })).toBeInTheDocument()
    expect(onRestored).toHaveBeenCalledWith([
      expect.objectContaining({ requestId: 'r1', idempotencyKey: 'k1' }),
    ])
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      'idempotency-key': 'k1',
    })

    const leaving = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(leaving)
    expect(leaving.defaultPrevented).toBe(true)

    answer(new Response('{}', { status: 200 }))
    expect(await screen.findByRole('button', { name: 'All changes saved — sync status' })).toBeInTheDocument()
    expect(localStorage.length).toBe(0)
    const later = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(later)
    expect(later.defaultPrevented).toBe(false)
  })

  it('shows Offline while the browser is offline, and sends at once when it comes back', async () => {
    let online = false
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
    const fetchMock = vi.fn(() =>
      online
        ? Promise.resolve(new Response('{}', { status: 200 }))
        : Promise.reject(new TypeError('offline')),
    )
    vi.stubGlobal('fetch', fetchMock)
    renderStatus().enqueue({ method: 'DELETE', uri: '/api/products/p' })
    expect(
      await screen.findByRole('button', { name: 'Offline — 1 change pending — sync status' }),
    ).toBeInTheDocument()
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    online = true
    act(() => void window.dispatchEvent(new Event('online')))
    // The first backoff is at least a quarter of a second; the wake-up does not wait for it.
    expect(
      await screen.findByRole('button', { name: 'All changes saved — sync status' }, { timeout: 200 }),
    ).toBeInTheDocument()
    vi.restoreAllMocks()
  })

  it('lists the unsaved changes offline, and closes on Escape or a press outside', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => false)
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('offline')))
    vi.stubGlobal('fetch', fetchMock)
    renderStatus(<p>Elsewhere on the page</p>).enqueue({ method: 'DELETE', uri: '/api/products/p' })
    const status = await screen.findByRole('button', { name: 'Offline — 1 change pending — sync status' })
    expect(status).toHaveAttribute('aria-expanded', 'false')
    const user = userEvent.setup()
    await user.click(status)
    const list = screen.getByRole('dialog', { name: 'Unsaved changes' })
    expect(status).toHaveAttribute('aria-expanded', 'true')
    expect(list).toHaveFocus()
    expect(list).toHaveTextContent('Waiting for the connection')

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull()
    expect(status).toHaveFocus()

    await user.click(status)
    expect(screen.getByRole('dialog', { name: 'Unsaved changes' })).toBeVisible()
    await user.click(screen.getByText('Elsewhere on the page'))
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull()
    vi.restoreAllMocks()
  })
})

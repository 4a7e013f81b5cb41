import { afterEach, describe, expect, it, vi } from 'vitest'
import { registerServiceWorker } from './register-service-worker.ts'

const container = () =>
  ({ register: vi.fn(async () => ({})) }) as unknown as ServiceWorkerContainer & {
    register: ReturnType<typeof vi.fn>
  }

describe('registerServiceWorker', () => {
  afterEach(() => vi.restoreAllMocks())

  it('registers nothing outside a production build (the dev server, Vitest)', () => {
    const worker = container()
    registerServiceWorker(worker)
    registerServiceWorker(worker, false)
    expect(worker.register).not.toHaveBeenCalled()
  })

  it('registers /sw.js for the whole origin in a production build once the page has loaded', () => {
    const worker = container()
    registerServiceWorker(worker, true)
    // jsdom has finished loading the test document.
    expect(document.readyState).toBe('complete')
    expect(worker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
  })

  it('waits for the load event while the page is still loading', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive')
    const worker = container()
    registerServiceWorker(worker, true)
    expect(worker.register).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('load'))
    expect(worker.register).toHaveBeenCalledTimes(1)
  })

  it('does nothing in a browser without service workers', () => {
    expect(() => registerServiceWorker(undefined, true)).not.toThrow()
  })
})

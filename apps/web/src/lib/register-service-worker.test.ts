import { afterEach, describe, expect, it, vi } from 'vitest'
import { registerServiceWorker } from './register-service-worker.ts'

/** A stand-in container and its register spy. */
function fakeContainer() {
  const register = vi.fn(async () => ({}))
  return { worker: { register } as unknown as ServiceWorkerContainer, register }
}

describe('registerServiceWorker', () => {
  afterEach(() => vi.restoreAllMocks())

  it('registers nothing outside a production build (the dev server, Vitest)', () => {
    const { worker, register } = fakeContainer()
    registerServiceWorker(worker)
    registerServiceWorker(worker, false)
    expect(register).not.toHaveBeenCalled()
  })

  it('registers /sw.js for the whole origin in a production build once the page has loaded', () => {
    const { worker, register } = fakeContainer()
    // jsdom has finished loading the test document.
    expect(document.readyState).toBe('complete')
    registerServiceWorker(worker, true)
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
  })

  it('waits for the load event while the page is still loading', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive')
    const { worker, register } = fakeContainer()
    registerServiceWorker(worker, true)
    expect(register).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('load'))
    expect(register).toHaveBeenCalledTimes(1)
  })

  it('does nothing in a browser without service workers', () => {
    expect(() => registerServiceWorker(undefined, true)).not.toThrow()
  })
})

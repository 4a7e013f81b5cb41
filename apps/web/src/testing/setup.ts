import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: on a loaded 2-core CI machine a lazily
// imported module (Stripe.js's loader in embedded-checkout.test.tsx) took longer than a second to arrive. A test
// that checks something does not happen within a short time passes its own timeout.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

// jsdom has no canvas; JsBarcode measures text with one even for SVG output (STACK-NOTES).
HTMLCanvasElement.prototype.getContext = function getContext() {
  return { font: '', measureText: (text: string) => ({ width: text.length * 6 }) }
} as unknown as HTMLCanvasElement['getContext']

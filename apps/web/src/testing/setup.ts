import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

// jsdom has no canvas; JsBarcode measures text with one even for SVG output (STACK-NOTES).
HTMLCanvasElement.prototype.getContext = function getContext() {
  return { font: '', measureText: (text: string) => ({ width: text.length * 6 }) }
} as unknown as HTMLCanvasElement['getContext']

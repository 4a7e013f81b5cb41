// jsdom lacks what Radix popovers, menus and tooltips measure with; enough of it for tests.
export function installDomPolyfills() {
  const proto = Element.prototype as unknown as Record<string, unknown>
  proto.scrollIntoView ??= () => {}
  proto.hasPointerCapture ??= () => false
  proto.setPointerCapture ??= () => {}
  proto.releasePointerCapture ??= () => {}
  const global = globalThis as unknown as Record<string, unknown>
  global.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

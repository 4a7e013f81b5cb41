/** Where the brewing calculations report a problem they survived (an unknown unit, an empty bill). */
export type BrewingLogger = { warn: (message: string) => void }

/** The default logger: a console warning, as the spec asks (docs/product/02-products.md §8). */
export const consoleLogger: BrewingLogger = {
  warn: (message) => console.warn(`[brewing] ${message}`),
}

/** A logger that drops every message (for the server, benches and tests that expect warnings). */
export const silentLogger: BrewingLogger = { warn: () => {} }

import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Pure functions and no module mocks: the files of a worker share one module graph (ADR 403).
    isolate: false,
    maxWorkers: 2,
  },
})

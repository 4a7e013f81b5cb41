import { defineConfig } from 'vitest/config'
import { LongestFirst } from './src/testing/longest-first.ts'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/testing/global-setup.ts'],
    // PGlite is WebAssembly and the machine has two cores: a few files at a time is fastest.
    maxWorkers: 2,
    // Every file imports the whole app (Fastify, oidc-provider, Drizzle, socket.io); sharing the module
    // cache between the files of a worker halves the run. Files keep their own database and app, and
    // none mocks modules; a file that needs vi.mock must opt back in with its own isolated project.
    isolate: false,
    // The longest files first, so the short ones fill in beside them at the end (ADR 412).
    sequence: { sequencer: LongestFirst },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})

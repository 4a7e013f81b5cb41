import { defineConfig } from 'vitest/config'

// `npm run test:load`: the load and fault tests, one file at a time (each starts its own PostgreSQL,
// Redis and server processes). Not part of `npm test`.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.load.ts'],
    environment: 'node',
    globalSetup: ['global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
})

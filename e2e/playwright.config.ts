import { defineConfig, devices } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { FAKES_ENTRY, fakesPorts } from './support/accounting-fakes.ts'
import { ensureServerBundle } from '../apps/server/scripts/build-server.mjs'
import { chromiumLaunchOptions, freePort, serverEnv, SERVER_ENTRY } from './support/server.ts'

// The config is evaluated in the runner and again in every worker; the runner picks the port and the
// data folder once and the workers inherit them through the environment.
process.env.E2E_PORT ??= String(await freePort())
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'brewcommand-e2e-'))
// The local fakes of QuickBooks Online and Xero (the Accounting journey): three ports, picked once.
process.env.E2E_FAKES_PORTS ??= (await Promise.all([freePort(), freePort(), freePort()])).join(',')
const fakes = fakesPorts()!
const port = Number(process.env.E2E_PORT)
// The journeys drive the server as it ships (ADR 417); built in the runner, before the workers read this file.
await ensureServerBundle()
const baseURL = `http://localhost:${port}`

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
    : 'list',
  use: {
    baseURL,
    // Recording a trace snapshots every step (a third of the journeys' CPU): only a retried test records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
    // The app's service worker precaches the whole app shell (191 files, 2.5 MB of code) in every new context, a
    // quarter of a journey's CPU for nothing it checks. Journeys that go offline opt back in with
    // `test.use(WITH_SERVICE_WORKER)` (support/offline.ts: offline, queue, brew day, the keg camera); ADR 425.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } },
  ],
  webServer: [
    {
      command: `node --import tsx ${FAKES_ENTRY} ${fakes.quickbooks} ${fakes.xero} ${fakes.control}`,
      url: `http://127.0.0.1:${fakes.control}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: `node ${SERVER_ENTRY}`,
      url: `${baseURL}/api/health`,
      env: serverEnv({ port, dataDir: process.env.E2E_DATA_DIR }),
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
})

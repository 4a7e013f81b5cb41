import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import type { LaunchOptions } from '@playwright/test'
import { accountingEnv } from './accounting-fakes.ts'

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..')
/**
 * What `npm start` runs: the server's bundle with plain Node (ADR 417). playwright.config.ts builds it when it is
 * older than its sources, before any journey starts.
 */
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/server.mjs')
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/**
 * Debian's headless shell of Chromium (package chromium-headless-shell: the same Chromium build without the desktop
 * browser's window and tabs, what Playwright itself runs headless), a quarter less CPU per journey than the desktop
 * browser (ADR 423); Debian's `/usr/bin/chromium` where it is not installed. Never a downloaded browser
 * (`playwright install` cannot work here). `--headed` needs the desktop one: `CHROMIUM_PATH=/usr/bin/chromium`.
 */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
}

/** A TCP port that was free a moment ago on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/**
 * The environment of a server under test: the embedded database in a fresh folder, a matching PUBLIC_URL,
 * and none of the developer's DATABASE_URL/REDIS_URL (each e2e run owns its data).
 */
export function serverEnv({
  port,
  dataDir,
}: {
  port: number
  dataDir: string | undefined
}): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== 'DATABASE_URL' && key !== 'REDIS_URL') env[key] = value
  }
  return {
    ...env,
    // Playwright merges process.env into the web server's environment: empty values keep a developer's
    // or CI's DATABASE_URL/REDIS_URL out (empty counts as unset), so each run owns its embedded database.
    DATABASE_URL: '',
    REDIS_URL: '',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir ?? '',
    LOG_LEVEL: 'warn',
    // Every e2e request comes from 127.0.0.1; the limit itself is proven by the integration tests.
    CONTACTS_RATE_LIMIT_PER_MINUTE: '1000',
    SIGN_UP_MAX_PER_ADDRESS: '1000',
    // The webhooks journey's receiver listens on 127.0.0.1 over plain http (ADR 282).
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    WEBHOOKS_ALLOW_HTTP: 'true',
    // Background work (accounting sends, webhooks, alerts) is picked up within a second, not the default five.
    JOB_POLL_SECONDS: '1',
    // QuickBooks Online and Xero against the local fakes (the Accounting journey; support/accounting-fakes.ts).
    ...accountingEnv(`http://localhost:${port}`),
  }
}

/** Starts a server process of our own (for journeys that restart it) and resolves once it is healthy. */
export async function startServer(options: { port: number; dataDir: string }): Promise<RunningServer> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: serverEnv(options),
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const url = `http://localhost:${options.port}`
  // A fresh PGlite folder migrates on its first start: 6 s on a quiet machine, over a minute on a loaded one.
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`)
    try {
      if ((await fetch(`${url}/api/health`)).ok) return new RunningServer(child, url)
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  child.kill('SIGKILL')
  throw new Error(`server did not become healthy within 120 s: ${stderr}`)
}

export class RunningServer {
  constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  /** A crash: SIGKILL, no chance to finish requests or close the database. */
  kill(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve()
      this.child.once('exit', () => resolve())
      this.child.kill('SIGKILL')
    })
  }

  /** Graceful stop (SIGTERM), as an operator would do it. */
  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) return resolve()
      this.child.once('exit', () => resolve())
      this.child.kill('SIGTERM')
    })
  }
}

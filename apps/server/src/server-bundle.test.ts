// What `npm start` runs (ADR 417): the server bundled into one file by scripts/build-server.mjs, started with
// plain Node on a PGlite data folder. It must open and migrate the database from the migrations copied beside it,
// answer its health check, and serve the sign-in pages' assets from the folder copied beside it.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { buildServer, serverBundleIsStale } from '../scripts/build-server.mjs'
import { SERVER_NODE_OPTIONS } from '../scripts/server-node-options.mjs'
import { freePort } from './testing/free-port.ts'

// Inside the package, so the bundle finds node_modules as dist/server.mjs does.
const cache = path.join(import.meta.dirname, '../node_modules/.cache')
mkdirSync(cache, { recursive: true })
const folder = mkdtempSync(path.join(cache, 'bundle-test-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('the server bundle', () => {
  it('is one file with the migrations and assets beside it, and is stale only when older than a source', async () => {
    const bundle = await buildServer({ outdir: path.join(folder, 'dist') })
    expect(existsSync(bundle)).toBe(true)
    expect(existsSync(path.join(folder, 'dist/migrations/meta/_journal.json'))).toBe(true)
    expect(existsSync(path.join(folder, 'dist/assets/idp.css'))).toBe(true)
    const text = readFileSync(bundle, 'utf8')
    // The workspace's TypeScript is inside, not imported: plain Node cannot load a .ts file.
    expect(text).not.toMatch(/from ["']@brewcommand\//)
    expect(text).not.toMatch(/from ["'][^"']+\.ts["']/)
    expect(serverBundleIsStale(bundle)).toBe(false)
    expect(serverBundleIsStale(path.join(folder, 'missing.mjs'))).toBe(true)
  })

  it('starts with plain Node, migrates, answers its health check and serves the sign-in assets', async () => {
    const bundle = path.join(folder, 'dist/server.mjs')
    const dataDir = path.join(folder, 'data')
    // A migrated database (the tests' template) in the folder the server opens, as a second start finds it.
    const template = readFileSync(inject('pgliteTemplate'))
    mkdirSync(dataDir, { recursive: true })
    const seeded = await PGlite.create(path.join(dataDir, 'pglite'), {
      loadDataDir: new Blob([template]),
    })
    await seeded.close()
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, bundle], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    try {
      let health: Response | undefined
      for (let tries = 0; tries < 240 && child.exitCode === null; tries++) {
        health = await fetch(`${url}/api/health`).catch(() => undefined)
        if (health?.ok) break
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      expect(health?.status, stderr).toBe(200)
      const css = await fetch(`${url}/idp/assets/idp.css`)
      expect(css.status).toBe(200)
      expect(await css.text()).toBe(
        readFileSync(path.join(import.meta.dirname, 'idp/assets/idp.css'), 'utf8'),
      )
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
    }
  }, 90_000)
})

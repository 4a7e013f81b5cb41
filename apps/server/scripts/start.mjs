// `npm start`: build the SPA and the server's bundle (ADR 417) when missing or older than their sources, then run
// the server.
// `npm run demo` (this script with `--demo`): the same on a month of a seeded brewery in its own data folder
// (DEMO_DATA_DIR, default ./data-demo), seeded on the first start only (ADR 370).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ensureServerBundle } from './build-server.mjs'
import { SERVER_NODE_OPTIONS } from './server-node-options.mjs'

const root = path.resolve(import.meta.dirname, '../../..')
const web = path.join(root, 'apps/web')
const builtIndex = path.join(web, 'dist/index.html')

/** Newest modification time of any file below `dir` (0 when it does not exist). */
function newest(dir) {
  if (!existsSync(dir)) return 0
  const stat = statSync(dir)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(
    0,
    ...readdirSync(dir)
      .filter((name) => name !== 'node_modules' && name !== 'dist')
      .map((name) => newest(path.join(dir, name))),
  )
}

const sources = [
  path.join(web, 'src'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'public'),
  path.join(root, 'packages/domain/src'),
]
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0
if (builtAt < Math.max(...sources.map(newest))) {
  console.log(builtAt === 0 ? 'Building the web app (first start)…' : 'Web sources changed: rebuilding…')
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const env = { ...process.env }
if (process.argv.includes('--demo')) {
  // The demo is its own embedded database: never the configured PostgreSQL, never ./data.
  delete env.DATABASE_URL
  env.DATA_DIR = path.resolve(root, process.env.DEMO_DATA_DIR ?? 'data-demo')
  const seeded = path.join(env.DATA_DIR, 'demo-seeded.txt')
  if (!existsSync(seeded)) {
    console.log(`Seeding the demo brewery (a month of history) into ${env.DATA_DIR} — first start only…`)
    const seed = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'apps/server/scripts/seed.ts'), '--scale', 'month'],
      { cwd: root, stdio: 'inherit', env },
    )
    if (seed.status !== 0) {
      console.error(`The demo seed failed; remove ${env.DATA_DIR} and start again.`)
      process.exit(seed.status ?? 1)
    }
    writeFileSync(seeded, `Seeded ${new Date().toISOString()} (a month, seed 40)\n`)
  } else console.log(`Demo brewery in ${env.DATA_DIR} (seeded before; remove the folder to seed again).`)
  console.log('Sign in as admin@seed.brewcommand.example with the password Seeded-brewery-2026!')
}

const bundle = await ensureServerBundle()
const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, bundle], { cwd: root, stdio: 'inherit', env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))

// `npm start`: build the SPA when its build is missing or older than its sources, then run the server.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

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

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))

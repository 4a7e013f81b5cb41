// The server as one JavaScript file (ADR 417): `npm start` and the benchmarks run `dist/server.mjs` with plain
// Node instead of the TypeScript sources through tsx, whose loader keeps a thread of its own and every module's
// compiled text (about 70 MB resident on an idle server). Our sources and the workspace's packages are bundled;
// every npm package stays an import resolved from node_modules as before. The two folders the server reads beside
// its code (the migrations, the sign-in pages' assets) are copied next to the bundle, where `import.meta.dirname`
// now points.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const serverRoot = path.resolve(import.meta.dirname, '..')
const repoRoot = path.resolve(serverRoot, '../..')
export const SERVER_DIST = path.join(serverRoot, 'dist')
export const SERVER_BUNDLE = path.join(SERVER_DIST, 'server.mjs')

/** What the bundle is made of: a change below any of them makes it stale. */
const SOURCES = [path.join(serverRoot, 'src'), path.join(repoRoot, 'packages/domain/src')]

/** Newest modification time of any file below `dir` that is not a test (0 when it does not exist). */
function newest(dir) {
  if (!existsSync(dir)) return 0
  const stat = statSync(dir)
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(dir) ? 0 : stat.mtimeMs
  return Math.max(
    0,
    ...readdirSync(dir)
      .filter((name) => name !== 'node_modules' && name !== 'dist')
      .map((name) => newest(path.join(dir, name))),
  )
}

/** True when the bundle is missing or older than a source it is made of. */
export function serverBundleIsStale(bundle = SERVER_BUNDLE) {
  const builtAt = existsSync(bundle) ? statSync(bundle).mtimeMs : 0
  return builtAt < Math.max(...SOURCES.map(newest))
}

/** The npm packages the server imports, left to node_modules (a workspace package is bundled: it is TypeScript). */
function externalPackages() {
  const manifest = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8'))
  return Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }).filter(
    (name) => !name.startsWith('@brewcommand/'),
  )
}

/** Builds `dist/server.mjs` (or into `outdir`) with the migrations and assets beside it. */
export async function buildServer({ outdir = SERVER_DIST } = {}) {
  rmSync(outdir, { recursive: true, force: true })
  await build({
    entryPoints: [path.join(serverRoot, 'src/server.ts')],
    outfile: path.join(outdir, 'server.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: externalPackages(),
    sourcemap: 'linked',
    logLevel: 'warning',
  })
  cpSync(path.join(serverRoot, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true })
  cpSync(path.join(serverRoot, 'src/idp/assets'), path.join(outdir, 'assets'), { recursive: true })
  return path.join(outdir, 'server.mjs')
}

/** Builds the bundle when it is stale; returns its path. */
export async function ensureServerBundle() {
  if (serverBundleIsStale()) {
    console.log('Building the server…')
    await buildServer()
  }
  return SERVER_BUNDLE
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer()
}

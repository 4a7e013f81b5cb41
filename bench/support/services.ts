// Throw-away PostgreSQL and Redis servers for the benchmarks and the load/fault tests: each lives in a
// temporary folder, listens on a free loopback port and is removed afterwards, so stopping or killing
// it never disturbs the machine's shared services.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { freePort } from '../../apps/server/src/testing/free-port.ts'

export class MissingBinaryError extends Error {}

/** The PostgreSQL server binaries (initdb, pg_ctl, postgres), newest version first. */
export function findPostgresBin(): string {
  const candidates = [
    process.env.PG_BIN,
    ...(existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
    '/usr/local/pgsql/bin',
    '/opt/homebrew/bin',
    '/usr/local/bin',
    '/usr/bin',
  ].filter((dir): dir is string => Boolean(dir))
  const found = candidates.find((dir) =>
    ['initdb', 'pg_ctl', 'postgres'].every((b) => existsSync(path.join(dir, b))),
  )
  if (!found)
    throw new MissingBinaryError(
      'PostgreSQL server binaries (initdb, pg_ctl, postgres) were not found under /usr/lib/postgresql/*/bin ' +
        'or on PATH. Install PostgreSQL (e.g. `apt-get install postgresql`) or set PG_BIN to their folder.',
    )
  return found
}

export function findRedisServer(): string {
  for (const candidate of [
    process.env.REDIS_SERVER,
    '/usr/bin/redis-server',
    '/usr/local/bin/redis-server',
    '/opt/homebrew/bin/redis-server',
  ]) {
    if (candidate && existsSync(candidate)) return candidate
  }
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' })
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim()
  throw new MissingBinaryError(
    'redis-server was not found. Install Redis (e.g. `apt-get install redis-server`) or set REDIS_SERVER to its path.',
  )
}

// initdb refuses to run as root: as root, the cluster belongs to the `postgres` (or `nobody`) user.
function runAs(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' })
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' })
    if (id.status === 0) return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) }
  }
  throw new Error('Running as root and neither a `postgres` nor a `nobody` user exists to own PostgreSQL.')
}

function run(bin: string, args: string[], owner: { uid: number; gid: number } | undefined) {
  const result = spawnSync(bin, args, { encoding: 'utf8', ...(owner ?? {}), cwd: tmpdir() })
  if (result.status !== 0)
    throw new Error(`${path.basename(bin)} ${args.join(' ')} failed: ${result.stderr || result.stdout}`)
  return result.stdout
}

export type TempPostgres = {
  /** postgres://… of a database named `brewcommand` */
  url: string
  port: number
  /** Fast shutdown (`pg_ctl stop -m fast`): every connection is cut. */
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops and removes the folder. */
  destroy(): Promise<void>
}

/** A PostgreSQL cluster of its own in a temporary folder (initdb + pg_ctl), on a free loopback port. */
export async function startPostgres(): Promise<TempPostgres> {
  const bin = findPostgresBin()
  const owner = runAs()
  const dir = mkdtempSync(path.join(tmpdir(), 'brewcommand-pg-'))
  if (owner) chownSync(dir, owner.uid, owner.gid)
  const data = path.join(dir, 'data')
  const port = await freePort()
  run(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-instructions'],
    owner,
  )
  // BENCH_PG_STATEMENTS loads pg_stat_statements (api.bench.ts prints its top statements); BENCH_PG_OPTIONS
  // adds the caller's own `-c name=value` settings.
  const statements = process.env.BENCH_PG_STATEMENTS
    ? '-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_planning=on'
    : ''
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c max_connections=200 ${statements} ${process.env.BENCH_PG_OPTIONS ?? ''}`
  const start = async () => {
    run(
      path.join(bin, 'pg_ctl'),
      ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '30', 'start'],
      owner,
    )
  }
  const stop = async () => {
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop'], owner)
  }
  await start()
  run(
    path.join(bin, 'createdb'),
    ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'brewcommand'],
    owner,
  )
  let running = true
  return {
    url: `postgres://postgres@127.0.0.1:${port}/brewcommand`,
    port,
    stop: async () => {
      await stop()
      running = false
    },
    start: async () => {
      await start()
      running = true
    },
    destroy: async () => {
      if (running) await stop().catch(() => {})
      running = false
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export type TempRedis = {
  url: string
  port: number
  stop(): Promise<void>
  start(): Promise<void>
  destroy(): Promise<void>
}

/** A redis-server of its own on a free loopback port, without persistence. */
export async function startRedis(): Promise<TempRedis> {
  const bin = findRedisServer()
  const port = await freePort()
  const dir = mkdtempSync(path.join(tmpdir(), 'brewcommand-redis-'))
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn(
      bin,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      {
        stdio: 'ignore',
      },
    )
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`)
      if (await ping(port)) return
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error('redis-server did not answer within 10 s')
  }
  const stop = async () => {
    const proc = child
    child = undefined
    if (!proc || proc.exitCode !== null) return
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve())
      proc.kill('SIGKILL')
    })
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    destroy: async () => {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function ping(port: number): Promise<boolean> {
  const { connect } = await import('node:net')
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.setTimeout(500)
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (data) => {
      socket.destroy()
      resolve(data.toString().startsWith('+PONG'))
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })
}

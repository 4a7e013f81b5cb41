import PgBoss from 'pg-boss'
import type { Database } from '../db/client.ts'

/** Where the queue keeps its tables (its own schema, created and migrated by pg-boss at start). */
export const JOB_SCHEMA = 'pgboss'
const UNIQUE_VIOLATION = '23505'

type Logger = {
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** One kind of background work: a name (also its queue's name) and what to do with a job's data. */
export type JobDefinition<T extends object> = {
  readonly name: string
  readonly run: (data: T, job: { id: string }) => Promise<void>
  /** Tries after a failure (default 2), each after a growing delay. */
  readonly retryLimit?: number
}

/** A kind of job. `T` is its data, stored as JSON; a name is letters, digits and `.`, `-`, `_`. */
export function defineJob<T extends object = Record<string, never>>(
  name: string,
  run: JobDefinition<T>['run'],
  options: { retryLimit?: number } = {},
): JobDefinition<T> {
  if (!/^[a-z][a-z0-9._-]{0,62}$/i.test(name)) throw new Error(`Invalid job name: ${name}`)
  return { name, run, ...options }
}

export type JobQueueOptions = {
  logger?: Logger
  /** How often an idle worker asks for work (seconds, ≥ 0.5; default 5). */
  pollingIntervalSeconds?: number
}

/**
 * Background work stored in the database (pg-boss, docs/decisions/130-job-queue-in-the-database.md):
 * jobs and schedules are rows, so whichever server instance fetches a job runs it and no other does
 * (`FOR UPDATE SKIP LOCKED`), a schedule fires once per tick across all instances, and nothing is lost
 * when a process stops. Runs on PGlite and PostgreSQL alike through `Database.executeSql`.
 *
 * Define jobs and schedules before `start()` (a schedule stays in the database until unscheduled, so a
 * job that is retired needs `unschedule` in the release that removes it); `stop()` waits for running jobs (and is safe to call
 * when never started), so it goes before the database closes.
 */
export function createJobQueue(
  database: Database,
  { logger, pollingIntervalSeconds = 5 }: JobQueueOptions = {},
) {
  const jobs = new Map<string, JobDefinition<object>>()
  const schedules = new Map<string, { cron: string; data: object }>()
  let boss: PgBoss | null = null
  let starting: Promise<void> | null = null

  const started = () => {
    if (!boss) throw new Error('The job queue is not started')
    return boss
  }

  async function createQueue(instance: PgBoss, job: JobDefinition<object>) {
    // Instances starting together may race to create a queue (a deadlock in PostgreSQL): try again.
    for (let attempt = 1; !(await instance.getQueue(job.name)); attempt++) {
      try {
        await instance.createQueue(job.name, {
          name: job.name,
          retryLimit: job.retryLimit ?? 2,
          retryBackoff: true,
        })
      } catch (error) {
        if (attempt >= 5) throw error
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200))
      }
    }
  }

  async function work(instance: PgBoss, job: JobDefinition<object>) {
    await instance.work<object>(job.name, { pollingIntervalSeconds, batchSize: 1 }, async ([next]) => {
      if (!next) return
      try {
        await job.run(next.data, { id: next.id })
      } catch (error) {
        logger?.error({ err: error, job: job.name, jobId: next.id }, 'background job failed')
        throw error
      }
    })
  }

  return {
    /** Registers a kind of job; its worker runs on every started instance. */
    define<T extends object>(job: JobDefinition<T>) {
      if (jobs.has(job.name)) throw new Error(`Job ${job.name} is defined twice`)
      if (boss) throw new Error('Define jobs before the queue starts')
      jobs.set(job.name, job as unknown as JobDefinition<object>)
      return job
    },

    /**
     * Runs `job` on a cron schedule (UTC, minute precision, e.g. `17 * * * *` hourly). Stored in the
     * database at start, so every instance agrees and each tick makes one job.
     */
    schedule<T extends object>(job: JobDefinition<T>, cron: string, data: T = {} as T) {
      if (!jobs.has(job.name)) throw new Error(`Job ${job.name} is not defined`)
      if (boss) throw new Error('Schedule jobs before the queue starts')
      schedules.set(job.name, { cron, data })
    },

    /** Adds a job to run as soon as a worker is free (or after `startAfterSeconds`); returns its id. */
    async enqueue<T extends object>(
      job: JobDefinition<T>,
      data: T,
      options: { startAfterSeconds?: number; singletonKey?: string } = {},
    ): Promise<string | null> {
      if (!jobs.has(job.name)) throw new Error(`Job ${job.name} is not defined`)
      return started().send(job.name, data, {
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      })
    },

    /**
     * Creates or migrates the queue's tables and its queues, stores the schedules and starts the workers. With
     * `workers: false` it only takes jobs (the seed, ADR 380): what is queued waits in the database for a server's
     * workers, and no schedule, worker or maintenance runs in this process.
     */
    start({ workers = true }: { workers?: boolean } = {}): Promise<void> {
      starting ??= (async () => {
        const newInstance = () => {
          const instance = new PgBoss({
            ...(workers ? {} : { supervise: false, schedule: false }),
            db: { executeSql: (text, values) => database.executeSql(text, values) },
            schema: JOB_SCHEMA,
            // Instances take turns to check schedules (one per interval, six polls and at most 30 s); a
            // tick's job is made once (a singleton per minute).
            cronMonitorIntervalSeconds: Math.max(1, Math.min(30, Math.round(pollingIntervalSeconds * 6))),
            cronWorkerIntervalSeconds: Math.max(1, Math.min(45, pollingIntervalSeconds)),
          })
          instance.on('error', (error) => logger?.error({ err: error }, 'job queue error'))
          return instance
        }
        let instance = newInstance()
        try {
          await instance.start()
        } catch (error) {
          // Two instances starting at once on a new database both install the queue's schema. pg-boss does it
          // under an advisory lock, but the second's look for the schema can miss the first's, just committed,
          // and its CREATE SCHEMA IF NOT EXISTS fails on the catalogue's unique index. The schema is there now: a
          // new instance (a failed one cannot start again) finds it installed (ADR 424).
          if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error
          logger?.info(
            { schema: JOB_SCHEMA },
            'job queue schema installed by another instance; starting again',
          )
          instance = newInstance()
          await instance.start()
        }
        for (const job of jobs.values()) await createQueue(instance, job)
        boss = instance
        if (!workers) return
        for (const job of jobs.values()) await work(instance, job)
        for (const [name, { cron, data }] of schedules)
          await instance.schedule(name, cron, data, { tz: 'UTC' })
        logger?.info({ jobs: [...jobs.keys()] }, 'job queue started')
      })()
      return starting
    },

    /** Stops fetching, waits for running jobs (up to `timeoutMs`), and leaves the database open. */
    async stop(timeoutMs = 10_000) {
      if (!starting) return
      await starting.catch(() => {})
      const instance = boss
      boss = null
      starting = null
      if (instance) await instance.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false })
    },

    /** A defined job by its name. */
    definition<T extends object>(name: string): JobDefinition<T> {
      const job = jobs.get(name)
      if (!job) throw new Error(`Job ${name} is not defined`)
      return job
    },

    /** The names of the defined jobs. */
    get names() {
      return [...jobs.keys()]
    },
  }
}
export type JobQueue = ReturnType<typeof createJobQueue>

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's background job queue (started by server.ts, stopped when the app closes). */
    jobs: JobQueue
  }
}

import { sql } from 'drizzle-orm'
import { namedStatement, type Db } from '../../db/client.ts'

/** One device post as the statement takes it (its token's SHA-256, the reading's id and values). */
export type PostRow = {
  token_hash: string
  id: string
  gravity_sg: number | null
  temperature_c: number | null
  ph: number | null
  battery: number | null
  note: string
  entered: Record<string, unknown>
}

/** What an accepted post answers: its device, and its reading when an occupancy named the batch. */
export type Accepted = {
  token_hash: string
  device_id: string
  entity_id: string
  vessel_id: string
  name: string
  batch_id: string | null
  reading_id: string | null
  taken_at: Date | string | null
}

/**
 * The posts waiting at one moment in one statement (ADR 395; one post's was ADR 375): each device found by its
 * token's SHA-256 (the unique index) and not revoked, its slot of one post per `seconds` taken (a row update, so
 * every instance agrees and a revoke committed anywhere refuses the next post at once), and — when an occupancy
 * names the batch in its vessel now — its reading inserted with that batch. A device unknown, revoked, in no
 * vessel or posting too soon answers no row; an accepted post whose vessel no occupancy names answers its device
 * with null reading columns (the caller works the batch out from the ledger and inserts it). The posts come as
 * one JSON array, the same on PostgreSQL and PGlite; their tokens are distinct (the batcher sees to it).
 */
const acceptPosts = namedStatement(
  'ingest.accept_posts',
  () => sql`
    with p as (
      select * from json_to_recordset(${sql.placeholder('posts')}::json) as p(token_hash text, id uuid,
        gravity_sg double precision, temperature_c double precision, ph double precision,
        battery double precision, note text, entered jsonb)
    ),
    d as (
      update devices dv set last_ingest_at = now(), last_seen_at = now()
      from p
      where dv.token_hash = p.token_hash and dv.revoked_at is null and dv.vessel_id is not null
        and (dv.last_ingest_at is null
          or dv.last_ingest_at <= now() - make_interval(secs => ${sql.placeholder('seconds')}::double precision))
      returning dv.id, dv.entity_id, dv.vessel_id, dv.name, dv.token_hash
    ),
    o as (
      select d.id as device_id, (
        select vo.batch_id from vessel_occupancies vo
        where vo.entity_id = d.entity_id and vo.vessel_id = d.vessel_id
          and vo.actual_start <= now() and (vo.actual_end is null or vo.actual_end > now())
        order by vo.actual_start desc limit 1
      ) as batch_id
      from d
    ),
    r as (
      insert into readings (id, entity_id, vessel_id, batch_id, device_id, source, taken_at, gravity_sg,
        temperature_c, ph, battery, note, entered)
      select p.id, d.entity_id, d.vessel_id, o.batch_id, d.id, 'device', now(), p.gravity_sg, p.temperature_c,
        p.ph, p.battery, coalesce(p.note, ''), p.entered
      from d join p on p.token_hash = d.token_hash join o on o.device_id = d.id
      where o.batch_id is not null
      returning id, taken_at
    )
    select d.token_hash, d.id as device_id, d.entity_id, d.vessel_id, d.name, o.batch_id,
      r.id as reading_id, r.taken_at
    from d join p on p.token_hash = d.token_hash join o on o.device_id = d.id left join r on r.id = p.id`,
)

type Waiting = { post: PostRow; resolve: (row: Accepted | null) => void; reject: (error: unknown) => void }

/**
 * Device posts gathered into one statement (ADR 395): a post waits up to `windowMs` for the others arriving
 * meanwhile (and, with `parallel` statements running, for one to end); the next statement takes every post
 * waiting then (up to `maxPosts`, one per token: a device's second post waits for the
 * statement after, where its slot refuses it). Each post is answered with its own row, or null when it was not
 * accepted; a statement that fails fails each of its posts, none of them stored (one statement, one commit).
 */
export function createPostBatcher(
  db: Db,
  seconds: number,
  {
    maxPosts = 200,
    parallel = 1,
    windowMs = 5,
  }: { maxPosts?: number; parallel?: number; windowMs?: number } = {},
) {
  const waiting: Waiting[] = []
  /** The tokens of the posts in statements running now: a token in two at once could lock two rows crosswise. */
  const running = new Set<string>()
  let statements = 0
  let timer: NodeJS.Timeout | undefined

  /**
   * The next statement `windowMs` after the first post waiting for it: the event loop meanwhile takes the other
   * devices' connections and requests (a device opens a connection per post, and PGlite runs a statement
   * without yielding: begun at once, each statement would take one post).
   */
  function schedule() {
    if (timer || waiting.length === 0 || statements >= parallel) return
    timer = setTimeout(() => {
      timer = undefined
      flush()
    }, windowMs)
  }

  function flush() {
    while (statements < parallel && waiting.length > 0) {
      const batch: Waiting[] = []
      const tokens = new Set<string>()
      for (let i = 0; i < waiting.length && batch.length < maxPosts;) {
        const hash = waiting[i].post.token_hash
        if (tokens.has(hash) || running.has(hash)) i++
        else {
          tokens.add(hash)
          batch.push(waiting.splice(i, 1)[0])
        }
      }
      if (batch.length === 0) break
      statements++
      for (const hash of tokens) running.add(hash)
      void run(batch).finally(() => {
        statements--
        for (const hash of tokens) running.delete(hash)
        schedule()
      })
    }
  }

  async function run(batch: Waiting[]) {
    try {
      const { rows } = (await acceptPosts(db, {
        posts: JSON.stringify(batch.map((w) => w.post)),
        seconds,
      })) as { rows: Accepted[] }
      const byToken = new Map(rows.map((row) => [row.token_hash, row]))
      for (const w of batch) w.resolve(byToken.get(w.post.token_hash) ?? null)
    } catch (error) {
      for (const w of batch) w.reject(error)
    }
  }

  /** Accepts one post with the others waiting now: its row, or null when it was not accepted. */
  return (post: PostRow) =>
    new Promise<Accepted | null>((resolve, reject) => {
      waiting.push({ post, resolve, reject })
      schedule()
    })
}

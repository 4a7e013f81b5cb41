import { replayFlow, shareOf, type Mix } from '@brewcommand/domain'
import type { Ids } from './trace.sql.ts'
import {
  goodsLotKey,
  type FlowRow,
  type GoodsLot,
  type KegTraceRow,
  type PackagedRow,
  type ShipmentRow,
  type TraceRepository,
} from './trace.repository.ts'

// The walk of the trace (docs/decisions/300–301) in a fixed handful of set-based reads. Forward: batches → the
// vessels they touched → every event of the vessels joined to those by transfers (one recursive query), replayed
// so a blend passes each batch on in proportion → the package runs that carried them → the finished-goods lots
// those runs made → the orders that hold or shipped those lots → customers. Backward: finished-goods lots → the
// runs that made them → the same replay → the batches in each run, in proportion.
// Kegs: a keg is filled from a package run and shipped on an order; `forward` reads the kegs of the runs found
// (one query) that are still full or out at a customer, and the tree puts each under the run's finished-goods lot.

export type Run = {
  id: string
  vesselId: string | null
  occurredAt: Date
  volumeBbl: number
  /** The batches the run carried (barrels), from the replay. */
  mix: Mix
}

export type Flow = {
  runs: Map<string, Run>
  contents: Map<string, Mix>
  vesselsCarrying: Map<string, Set<string>>
}

/** Replays the joined vessels' events: what each run carried and what each vessel holds now. */
export function flowOf(events: FlowRow[]): Flow {
  const { carried, contents } = replayFlow(events)
  const runs = new Map<string, Run>()
  // Which batches passed through each vessel (the vessels a batch went through, blends included).
  const vesselsCarrying = new Map<string, Set<string>>()
  const markOne = (vesselId: string, batchId: string) => {
    const set = vesselsCarrying.get(batchId)
    if (set) set.add(vesselId)
    else vesselsCarrying.set(batchId, new Set([vesselId]))
  }
  const mark = (vesselId: string | null, mix: Mix | undefined) => {
    if (!vesselId || !mix) return
    for (const batchId of mix.keys()) if (batchId) markOne(vesselId, batchId)
  }
  for (const event of events) {
    const mix = carried.get(event.id)
    if (event.kind === 'brewed' && event.batchId && event.toVesselId) markOne(event.toVesselId, event.batchId)
    mark(event.fromVesselId, mix)
    if (event.kind === 'transferred') mark(event.toVesselId, mix)
    if (event.kind === 'packaged' && mix)
      runs.set(event.id, {
        id: event.id,
        vesselId: event.fromVesselId,
        occurredAt: new Date(event.at),
        volumeBbl: event.volumeBbl,
        mix,
      })
  }
  return { runs, contents, vesselsCarrying }
}

type Touched = Awaited<ReturnType<TraceRepository['vesselsOfBatches']>>

/** The vessels each batch's own events went into or out of, from the flow's rows (they hold all of them). */
export function touchedOf(rows: FlowRow[], batchIds: Iterable<string>): Touched {
  const wanted = new Set(batchIds)
  const spans = new Map<string, { batch_id: string; vessel_id: string; first: number; last: number }>()
  const touch = (batchId: string, vesselId: string | null, at: number) => {
    if (!vesselId) return
    const key = `${batchId}|${vesselId}`
    const span = spans.get(key)
    if (!span) spans.set(key, { batch_id: batchId, vessel_id: vesselId, first: at, last: at })
    else {
      if (at < span.first) span.first = at
      if (at > span.last) span.last = at
    }
  }
  for (const row of rows) {
    if (!row.batchId || !wanted.has(row.batchId)) continue
    touch(row.batchId, row.fromVesselId, row.at)
    touch(row.batchId, row.toVesselId, row.at)
  }
  return [...spans.values()].map(({ batch_id, vessel_id, first, last }) => ({
    batch_id,
    vessel_id,
    first_at: new Date(first),
    last_at: new Date(last),
  }))
}

export type { PackagedRow, ShipmentRow }

export type Forward = {
  flow: Flow
  /** Runs that carried any of the batches. */
  runs: Run[]
  /** Finished goods each run put on hand. */
  packaged: PackagedRow[]
  /** The finished-goods lots reached, with the share of the batches in them (0–1, by units). */
  goods: Map<string, GoodsLot & { share: number; onHand: number; label: string }>
  shipments: ShipmentRow[]
  /** Kegs filled from the runs, still full in the brewery or out at a customer. */
  kegs: KegTraceRow[]
  /** The vessels the seed batches' own events touched. */
  touched: Touched
}

/** What a forward walk knows once the joined vessels' events are replayed: enough to name every record. */
export type ForwardFlow = Pick<Forward, 'flow' | 'runs' | 'touched'>

/** Forward, first step: the joined vessels' events replayed, and the runs that carried any of the batches. */
export async function forwardFlow(
  repo: TraceRepository,
  entityId: string,
  batchIds: string[],
  /** The joined vessels' events when the caller read them already (beside the lot, ADR 408). */
  read?: FlowRow[],
): Promise<ForwardFlow> {
  const seeds = new Set(batchIds)
  const rows = read ?? (await repo.flowEvents(entityId, batchIds))
  const flow = flowOf(rows)
  const touched = touchedOf(rows, batchIds)
  const runs = [...flow.runs.values()].filter((run) => shareOf(run.mix, seeds) > 0)
  return { flow, runs, touched }
}

/** Forward, second step: the runs' finished-goods lots, their units on hand, the orders and kegs of them. */
export async function forwardGoods(
  repo: TraceRepository,
  entityId: string,
  batchIds: string[],
  { flow, runs, touched }: ForwardFlow,
): Promise<Forward> {
  const seeds = new Set(batchIds)
  const runIds = runs.map((run) => run.id)
  // The runs' goods, their stock and the orders of them in one round of statements (ADR 400).
  const [packaged, kegs, stock, shipped] = await Promise.all([
    repo.packaged(entityId, { runIds }),
    repo.kegs(entityId, { runIds }),
    repo.onHandOfRuns(entityId, runIds),
    repo.shipments(entityId, { runIds }),
  ])
  const runOf = new Map(runs.map((run) => [run.id, run]))
  const weights = new Map<string, { lot: GoodsLot; units: number; ours: number; label: string }>()
  for (const row of packaged) {
    if (!row.batchId || !row.runId) continue
    const key = goodsLotKey(row)
    const entry = weights.get(key) ?? {
      lot: { packageId: row.packageId, batchId: row.batchId },
      units: 0,
      ours: 0,
      label: `${row.productName} ${row.packageType}`.trim(),
    }
    entry.units += row.units
    entry.ours += row.units * shareOf(runOf.get(row.runId)?.mix, seeds)
    weights.set(key, entry)
  }
  const onHand = new Map(stock.map((row) => [goodsLotKey(row), row.units]))
  const shipments = shipped.filter((row) => weights.has(goodsLotKey(row)))
  const goods = new Map(
    [...weights].map(([key, entry]) => [
      key,
      {
        ...entry.lot,
        share: entry.units ? entry.ours / entry.units : 0,
        onHand: onHand.get(key) ?? 0,
        label: entry.label,
      },
    ]),
  )
  return { flow, runs, packaged, goods, shipments, kegs, touched }
}

/** Forward from batches: vessels, blends, runs, finished-goods lots, orders, customers. */
export async function forward(repo: TraceRepository, entityId: string, batchIds: string[]): Promise<Forward> {
  return forwardGoods(repo, entityId, batchIds, await forwardFlow(repo, entityId, batchIds))
}

export type Backward = {
  flow: Flow
  /** The runs that made the finished-goods lots, with the units each put on hand. */
  packaged: PackagedRow[]
  runs: Map<string, Run>
  /** Barrels of each batch in the lots, summed over their runs. */
  batchIds: string[]
  /** The vessels each of `batchIds` touched. */
  touched: Touched
}

/** Backward from finished-goods lots: the runs that made them and the batches in those runs, in proportion. */
export async function backward(
  repo: TraceRepository,
  entityId: string,
  lots: GoodsLot[],
  /** The lots' packagings when the caller read them already (beside the orders, ADR 400). */
  read?: PackagedRow[],
  /** The joined vessels' events of the lots' batches, when read beside the orders (ADR 408). */
  readRows?: FlowRow[],
): Promise<Backward> {
  const keys = new Set(lots.map(goodsLotKey))
  const packaged = (
    read ??
    (await repo.packaged(entityId, {
      packageIds: [...new Set(lots.map((lot) => lot.packageId))],
      batchIds: [...new Set(lots.map((lot) => lot.batchId))],
    }))
  ).filter((row) => keys.has(goodsLotKey(row)))
  const tagged = [...new Set(packaged.map((row) => row.batchId).filter((id): id is string => !!id))]
  const rows = readRows ?? (await repo.flowEvents(entityId, tagged))
  const flow = flowOf(rows)
  const runs = new Map<string, Run>()
  for (const row of packaged) {
    const run = row.runId ? flow.runs.get(row.runId) : undefined
    if (run) runs.set(run.id, run)
  }
  const batchIds = new Set<string>()
  for (const run of runs.values()) for (const id of run.mix.keys()) if (id) batchIds.add(id)
  for (const id of tagged) batchIds.add(id)
  // Every batch of the runs reached the joined vessels, so their own events are among the rows.
  return { flow, packaged, runs, batchIds: [...batchIds], touched: touchedOf(rows, batchIds) }
}

/** The reads of batches' records: each a single read, all sent in one statement with the round's others. */
export function readBatchRecords(
  repo: TraceRepository,
  entityId: string,
  of: { batchIds: Ids; vesselIds: Ids; namedBatches: Ids; namedVessels: Ids },
) {
  return Promise.all([
    repo.batches(entityId, of.namedBatches),
    repo.consumption(entityId, { batchIds: of.batchIds }),
    repo.vessels(entityId, of.namedVessels),
    repo.cleanings(entityId, of.vesselIds),
    repo.readingSummary(entityId, of.batchIds),
    repo.measurements(entityId, of.batchIds),
  ])
}
type RecordReads = Awaited<ReturnType<typeof readBatchRecords>>

/** The records as the tree takes them, with the batches' own vessels and the names of batches and vessels. */
function recordsOf(
  [batches, consumption, vessels, cleanings, readings, measurements]: RecordReads,
  touched: Touched,
) {
  /** Batch numbers and vessel names by id, for the tree. */
  const names = {
    batch: new Map(batches.map((b) => [b.id, b.number])),
    vessel: new Map(vessels.map((v) => [v.id, v.name])),
  }
  return { batches, consumption, touched, vessels, cleanings, readings, measurements, names }
}

/** The vessels whose records (cleaning) a batch's subtree shows: those it touched and those its beer passed. */
function recordVessels(batchIds: Iterable<string>, touched: Touched, flow?: Flow) {
  const vesselIds = new Set(touched.map((row) => row.vessel_id))
  for (const id of batchIds)
    for (const vesselId of flow?.vesselsCarrying.get(id) ?? []) vesselIds.add(vesselId)
  return vesselIds
}

/**
 * The ingredient lots, vessels (with cleaning) and quality readings of batches: each a single read. `touched` is
 * the batches' own vessels when the walk already read them; `names` asks for more batches and vessels to be read
 * in the same statements (the tree names every batch of a blend and every vessel a run came from).
 */
export async function batchRecords(
  repo: TraceRepository,
  entityId: string,
  batchIds: string[],
  flow?: Flow,
  more: { touched?: Touched; names?: { batchIds: Iterable<string>; vesselIds: Iterable<string> } } = {},
) {
  const touched = more.touched ?? (await repo.vesselsOfBatches(entityId, batchIds))
  const vesselIds = recordVessels(batchIds, touched, flow)
  const namedBatches = new Set([...batchIds, ...(more.names?.batchIds ?? [])])
  const namedVessels = new Set([...vesselIds, ...(more.names?.vesselIds ?? [])])
  const reads = await readBatchRecords(repo, entityId, {
    batchIds,
    vesselIds: [...vesselIds],
    namedBatches: [...namedBatches],
    namedVessels: [...namedVessels],
  })
  return recordsOf(reads, touched)
}
export type BatchRecords = Awaited<ReturnType<typeof batchRecords>>

/**
 * Records read before the walk knew its batches (ADR 418): those of the batches `batchIds` and the vessels
 * `vesselIds` that SQL found beside the walk's first read, with those ids.
 */
export type GuessedRecords = Promise<{ batchIds: string[]; vesselIds: string[]; reads: RecordReads }>

const sameSet = (a: Set<string>, b: readonly string[]) =>
  a.size === new Set(b).size && b.every((id) => a.has(id))

/**
 * The batches' records for a backward walk: the guessed ones when they were read for exactly the batches and
 * vessels the walk arrived at (the common case: no blend brought other batches into the runs), so the reads are
 * the same ones; else read now, as `batchRecords`.
 */
export async function backwardRecords(
  repo: TraceRepository,
  entityId: string,
  back: Backward,
  guessed?: GuessedRecords,
): Promise<BatchRecords> {
  const guess = await guessed
  if (guess) {
    const vesselIds = recordVessels(back.batchIds, back.touched, back.flow)
    if (sameSet(new Set(back.batchIds), guess.batchIds) && sameSet(vesselIds, guess.vesselIds))
      return recordsOf(guess.reads, back.touched)
  }
  return batchRecords(repo, entityId, back.batchIds, back.flow, { touched: back.touched })
}

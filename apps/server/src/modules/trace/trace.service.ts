import {
  formatOrderNumber,
  shareOf,
  shareText,
  type RecallKeg,
  type RecallStock,
  type Trace,
  type TraceMatch,
  type TraceOriginKind,
} from '@brewcommand/domain'
import { sql } from 'drizzle-orm'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import {
  backward,
  backwardRecords,
  batchRecords,
  forward,
  forwardFlow,
  forwardGoods,
  readBatchRecords,
  type Backward,
  type Forward,
  type GuessedRecords,
  type PackagedRow,
  type Run,
} from './trace.graph.ts'
import {
  batchesOfOrders,
  createTraceRepository,
  goodsLotKey,
  vesselsOfBatchesSql,
  type FlowRow,
  type GoodsLot,
  type TraceRepository,
} from './trace.repository.ts'
import {
  amount,
  batchNode,
  batchRecordChildren,
  bbl,
  contactText,
  customerNode,
  day,
  daysBetween,
  forwardChildren,
  groupBy,
  kegNode,
  node,
  orderNode,
  runNode,
  units,
  withKeys,
  type Draft,
  type Names,
} from './trace.tree.ts'

// Trace (docs/decisions/300): one search over lot codes, batch numbers, order and invoice numbers, SKUs and UPCs
// and customers; then the genealogy of the chosen record, forward toward customers or backward toward the malt.

const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type LotRow = Awaited<ReturnType<TraceRepository['lots']>>[number]
function lotOrigin(id: string, lot: LotRow | undefined): TraceMatch {
  if (!lot) throw notFound('Lot')
  return { kind: 'lot', id, label: `${lot.itemName} lot ${lot.lotCode || '(no code)'}`, detail: lot.supplier }
}

/** A finished-goods lot's id on the wire: `packageId:batchId`. */
export function parseGoodsLot(id: string): GoodsLot | null {
  const [packageId, batchId] = id.split(':')
  return packageId && batchId && UUID.test(packageId) && UUID.test(batchId) ? { packageId, batchId } : null
}

async function namesOf(
  repo: TraceRepository,
  entityId: string,
  batchIds: Iterable<string>,
  vesselIds: Iterable<string>,
): Promise<Names> {
  const [batches, vessels] = await Promise.all([
    repo.batches(entityId, [...new Set(batchIds)]),
    repo.vessels(entityId, [...new Set(vesselIds)]),
  ])
  return {
    batch: new Map(batches.map((b) => [b.id, b.number])),
    vessel: new Map(vessels.map((v) => [v.id, v.name])),
  }
}

const vesselIdsOf = (fwd: { flow: Forward['flow'] }) => {
  const ids = new Set<string>()
  for (const set of fwd.flow.vesselsCarrying.values()) for (const id of set) ids.add(id)
  for (const id of fwd.flow.contents.keys()) ids.add(id)
  return ids
}
const batchIdsOfRuns = (runs: readonly Run[]) => {
  const ids = new Set<string>()
  for (const run of runs) for (const id of run.mix.keys()) if (id) ids.add(id)
  return ids
}
const batchIdsOfForward = (fwd: Forward) => {
  const ids = batchIdsOfRuns(fwd.runs)
  for (const lot of fwd.goods.values()) ids.add(lot.batchId)
  return ids
}

export function createTraceService({ db }: { db: Db }) {
  const reads = createTraceRepository(db)
  const repo = reads

  /** The origin's label, or 404 for a record not of this brewery. */
  async function originOf(
    entityId: string,
    kind: TraceOriginKind,
    id: string,
    repo: TraceRepository = reads,
  ): Promise<TraceMatch> {
    const uuid = (value: string) => (UUID.test(value) ? [value] : [])
    switch (kind) {
      case 'lot':
        return lotOrigin(id, (await repo.lots(entityId, uuid(id)))[0])
      case 'batch': {
        const [batch] = await repo.batches(entityId, uuid(id))
        if (!batch) throw notFound('Batch')
        return { kind, id, label: `Batch ${batch.number}`, detail: batch.productName }
      }
      case 'order': {
        const [order] = await repo.orders(entityId, uuid(id))
        if (!order) throw notFound('Order')
        return { kind, id, label: formatOrderNumber(order.sequence), detail: order.customerName ?? '' }
      }
      case 'invoice': {
        const invoice = UUID.test(id) ? await repo.invoice(entityId, id) : null
        if (!invoice) throw notFound('Invoice')
        return { kind, id, label: `Invoice ${invoice.number}`, detail: '' }
      }
      case 'customer': {
        const [customer] = await repo.customers(entityId, uuid(id))
        if (!customer) throw notFound('Customer')
        return { kind, id, label: customer.name, detail: contactText(customer.contacts) }
      }
      case 'package': {
        const [option] = await repo.packages(entityId, uuid(id))
        if (!option) throw notFound('Packaging option')
        return { kind, id, label: `${option.productName} ${option.type}`, detail: option.sku || option.upc }
      }
      case 'keg': {
        const [keg] = await repo.kegs(entityId, { ids: uuid(id) })
        if (!keg) throw notFound('Keg')
        return { kind, id, label: `Keg ${keg.asset_number}`, detail: kegNode(keg, new Date()).detail }
      }
      case 'finished-goods': {
        const lot = parseGoodsLot(id)
        const [option] = lot ? await repo.packages(entityId, [lot.packageId]) : []
        const [batch] = lot ? await repo.batches(entityId, [lot.batchId]) : []
        if (!option || !batch) throw notFound('Finished-goods lot')
        return {
          kind,
          id,
          label: `${option.productName} ${option.type} lot ${batch.number}`,
          detail: option.sku,
        }
      }
    }
  }

  /** The finished-goods lots an order, invoice or customer received or holds. */
  async function lotsOfOrders(entityId: string, by: { orderIds?: string[]; customerIds?: string[] }) {
    const rows = await repo.shipments(entityId, by)
    const lots = new Map<string, GoodsLot>()
    for (const row of rows)
      if (row.batchId) lots.set(goodsLotKey(row), { packageId: row.packageId, batchId: row.batchId })
    return { rows, lots: [...lots.values()] }
  }

  async function orderIdsOf(
    entityId: string,
    origin: TraceMatch,
    repo: TraceRepository = reads,
  ): Promise<string[]> {
    if (origin.kind === 'order') return [origin.id]
    const invoice = await repo.invoice(entityId, origin.id)
    return invoice?.orderIds ?? []
  }

  /** Backward from finished-goods lots: the runs and batches in them, with each batch's records as a subtree. */
  async function backwardFrom(
    entityId: string,
    lots: GoodsLot[],
    packaged?: PackagedRow[],
    flowRows?: FlowRow[],
    guessed?: GuessedRecords,
  ) {
    const back: Backward = await backward(repo, entityId, lots, packaged, flowRows)
    const records = await backwardRecords(repo, entityId, back, guessed)
    const names = records.names
    const batchById = new Map(records.batches.map((b) => [b.id, b]))
    const batchTree = (batchId: string, quantity: string) => {
      const batch = batchById.get(batchId)
      if (!batch) return null
      const vesselIds = new Set([
        ...records.touched.filter((t) => t.batch_id === batchId).map((t) => t.vessel_id),
        ...(back.flow.vesselsCarrying.get(batchId) ?? []),
      ])
      return batchNode(batch, { quantity, children: batchRecordChildren(batchId, records, names, vesselIds) })
    }
    /** The batches a run carried, each with its barrels and share of the run. */
    const batchesOfRun = (run: Run) =>
      [...run.mix]
        .filter(([id]) => id)
        .map(([id, volume]) =>
          batchTree(id!, `${bbl(volume)} (${shareText(shareOf(run.mix, new Set([id!])))})`),
        )
        .filter((b): b is Draft => !!b)
    return { back, names, batchTree, batchesOfRun }
  }

  /** Backward from a keg: the run its (last) fill came from → the batches in that run → their records. */
  async function kegTree(entityId: string, kegId: string): Promise<Draft> {
    const [keg] = await repo.kegs(entityId, { ids: [kegId] })
    const runId = keg.fill_run_id
    const packaged = runId ? await repo.packaged(entityId, { runIds: [runId] }) : []
    const lots = packaged
      .filter((p) => p.batchId)
      .map((p) => ({ packageId: p.packageId, batchId: p.batchId! }))
    if (!runId || lots.length === 0) return kegNode(keg, new Date(), [])
    const { back, names, batchTree, batchesOfRun } = await backwardFrom(entityId, lots)
    const run = back.runs.get(runId)
    const [first] = packaged
    const runChild = run
      ? runNode(run, 'Filled from package run', units(first.units), names, batchesOfRun(run))
      : node('package-run', runId, `Filled from package run ${day(first.occurredAt)}`, {
          quantity: units(first.units),
          children: [batchTree(first.batchId ?? '', '')].filter((b): b is Draft => !!b),
        })
    const lot = node(
      'finished-goods',
      goodsLotKey(first),
      `${first.productName} ${first.packageType}`.trim(),
      {
        detail: `lot ${names.batch.get(first.batchId ?? '') ?? ''}`,
        children: [runChild],
      },
    )
    return kegNode(keg, new Date(), [lot])
  }

  /** Backward from orders (of an order, an invoice or a customer): each order → its lots → runs → batches → records. */
  async function backwardTree(entityId: string, by: { orderIds?: string[]; customerIds?: string[] }) {
    // The orders' lots and how those lots were packaged, in one round (ADR 400).
    // The orders' lots, how those lots were packaged, and the joined vessels' events of the batches they were
    // tagged with, in one statement (ADR 400, 408).
    // With them, the records of the batches the lots were tagged with and of the vessels those batches' own
    // events touched: in the common case the walk arrives at exactly those, and a backward trace is one statement
    // (ADR 418); else they are read again for the batches and vessels it arrived at.
    const taggedCte = { name: 'trace_tagged', sql: sql`select ${batchesOfOrders(entityId, by)} as ids` }
    const tagged = { ids: sql`(select ids from trace_tagged)::uuid[]`, with: [taggedCte] }
    const touched = {
      ids: sql`(select ids from trace_touched)::uuid[]`,
      with: [
        taggedCte,
        { name: 'trace_touched', sql: sql`select ${vesselsOfBatchesSql(entityId, tagged.ids)} as ids` },
      ],
    }
    const guessed: GuessedRecords = Promise.all([
      repo.idsOf(tagged),
      repo.idsOf(touched),
      readBatchRecords(repo, entityId, {
        batchIds: tagged,
        vesselIds: touched,
        namedBatches: tagged,
        namedVessels: touched,
      }),
    ]).then(([batchIds, vesselIds, reads]) => ({ batchIds, vesselIds, reads }))
    guessed.catch(() => {})
    const [{ rows, lots }, packaged, flowRows] = await Promise.all([
      lotsOfOrders(entityId, by),
      repo.packaged(entityId, { ordersOf: by }),
      repo.flowEvents(entityId, { ordersOf: by }),
    ])
    const { back, names, batchTree, batchesOfRun } = await backwardFrom(
      entityId,
      lots,
      packaged,
      flowRows,
      guessed,
    )
    const lotTree = (lotRows: typeof rows) => {
      const first = lotRows[0]
      const lotKey = goodsLotKey(first)
      const runs = back.packaged
        .filter((p) => goodsLotKey(p) === lotKey && p.runId && back.runs.has(p.runId))
        .map((p) => {
          const run = back.runs.get(p.runId!)!
          return runNode(run, 'Package run', units(p.units), names, batchesOfRun(run))
        })
      return node('finished-goods', lotKey, `${first.productName} ${first.packageType}`.trim(), {
        detail: `lot ${first.batchId ? (names.batch.get(first.batchId) ?? '') : 'without batch'}`,
        quantity: units(lotRows.reduce((sum, r) => sum + r.units, 0)),
        children: runs.length ? runs : [batchTree(first.batchId ?? '', '')].filter((b): b is Draft => !!b),
      })
    }
    const orders = [...groupBy(rows, (r) => r.orderId).values()].map((orderRows) =>
      orderNode(orderRows, [
        customerNode(orderRows[0]),
        ...[...groupBy(orderRows, goodsLotKey).values()].map(lotTree),
      ]),
    )
    return { orders, rows }
  }

  /** Forward from batches, each batch with its records and where it went. */
  async function forwardTree(
    entityId: string,
    batchIds: string[],
    quantities: Map<string, string>,
    flowRows?: FlowRow[],
  ) {
    const replayed = await forwardFlow(repo, entityId, batchIds, flowRows)
    // The records and the names are read beside the finished goods and orders (ADR 400): the replay already
    // names every batch and vessel the runs carried and came from; one read of the batches and vessels serves
    // the records and the names (ADR 355).
    const [fwd, records] = await Promise.all([
      forwardGoods(repo, entityId, batchIds, replayed),
      batchRecords(repo, entityId, batchIds, replayed.flow, {
        touched: replayed.touched,
        names: { batchIds: batchIdsOfRuns(replayed.runs), vesselIds: vesselIdsOf(replayed) },
      }),
    ])
    // A finished-goods lot is named after the batch it was tagged with, nearly always one of its run's.
    const unnamed = [...batchIdsOfForward(fwd)].filter((id) => !records.names.batch.has(id))
    if (unnamed.length > 0)
      for (const batch of await repo.batches(entityId, unnamed))
        records.names.batch.set(batch.id, batch.number)
    const names = records.names
    const byId = new Map(records.batches.map((b) => [b.id, b]))
    const batches = batchIds
      .map((id) => byId.get(id))
      .filter((b) => !!b)
      .map((batch) => {
        const vesselIds = new Set([
          ...records.touched.filter((t) => t.batch_id === batch.id).map((t) => t.vessel_id),
          ...(fwd.flow.vesselsCarrying.get(batch.id) ?? []),
        ])
        return batchNode(batch, {
          quantity: quantities.get(batch.id),
          children: [
            ...batchRecordChildren(batch.id, records, names, vesselIds),
            ...forwardChildren(batch.id, fwd, names),
          ],
        })
      })
    return { fwd, batches, names }
  }

  return {
    async search(tenant: Tenant, q: string): Promise<TraceMatch[]> {
      assertCan(tenant, 'viewReports')
      const entityId = tenant.entityId
      const orderSequence = /^(?:SO-?)?0*(\d{1,9})$/i.exec(q)
      const [lots, batches, orders, invoices, packages, customers, kegs] = await Promise.all([
        repo.searchLots(entityId, q),
        repo.searchBatches(entityId, q),
        orderSequence ? repo.searchOrders(entityId, Number(orderSequence[1])) : Promise.resolve([]),
        repo.searchInvoices(entityId, q),
        repo.searchPackages(entityId, q),
        repo.searchCustomers(entityId, q),
        repo.searchKegs(entityId, q),
      ])
      return [
        ...lots.map((l) => ({
          kind: 'lot' as const,
          id: l.id,
          label: `${l.itemName} lot ${l.lotCode}`,
          detail: `${l.supplier} · received ${l.receivedOn}`,
        })),
        ...batches.map((b) => ({
          kind: 'batch' as const,
          id: b.id,
          label: `Batch ${b.number}`,
          detail: b.productName,
        })),
        ...orders.map((o) => ({
          kind: 'order' as const,
          id: o.id,
          label: formatOrderNumber(o.sequence),
          detail: o.customerName,
        })),
        ...invoices.map((i) => ({
          kind: 'invoice' as const,
          id: i.id,
          label: `Invoice ${i.number}`,
          detail: i.customerName,
        })),
        ...packages.map((p) => ({
          kind: 'package' as const,
          id: p.id,
          label: `${p.productName} ${p.type}`,
          detail: [p.sku, p.upc].filter(Boolean).join(' · '),
        })),
        ...customers.map((c) => ({ kind: 'customer' as const, id: c.id, label: c.name, detail: c.kind })),
        ...kegs.map((k) => ({
          kind: 'keg' as const,
          id: k.id,
          // The page puts the kind's word ("Keg") before it.
          label: k.assetNumber,
          detail: `${k.size} · ${k.status}`,
        })),
      ]
    },

    async trace(tenant: Tenant, kind: TraceOriginKind, id: string): Promise<Trace> {
      assertCan(tenant, 'viewReports')
      const started = performance.now()
      const entityId = tenant.entityId
      // A lot's row serves its label and its detail: read once. A lot, what was brewed with it and the joined
      // vessels' events of those batches are one statement (ADR 408).
      const [lotRow, used, flowRows] =
        kind === 'lot' && UUID.test(id)
          ? await Promise.all([
              repo.lots(entityId, [id]).then((rows) => rows[0]),
              repo.consumption(entityId, { lotIds: [id] }),
              repo.flowEvents(entityId, { lotIds: [id] }),
            ])
          : [undefined, [], undefined]
      // Backward from an order or a customer the walk needs only the id: it starts beside the origin's label, so
      // their reads share statements (ADR 408). A record of another brewery is a 404 from `originOf` all the same.
      const early =
        (kind === 'order' || kind === 'customer') && UUID.test(id)
          ? backwardTree(entityId, kind === 'customer' ? { customerIds: [id] } : { orderIds: [id] })
          : undefined
      early?.catch(() => {})
      const origin = kind === 'lot' ? lotOrigin(id, lotRow) : await originOf(entityId, kind, id)
      let tree: Draft
      let direction: Trace['direction'] = 'forward'
      if (kind === 'lot') {
        const lot = lotRow!
        const quantities = new Map(used.map((u) => [u.batchId!, `${amount(u.used, u.unit)} used`]))
        const { batches } = await forwardTree(entityId, [...quantities.keys()], quantities, flowRows)
        tree = node('lot', id, origin.label, {
          detail: `${lot.supplier || 'supplier not recorded'} · received ${lot.receivedOn} · ${amount(lot.remaining, lot.unit)} left`,
          children: batches,
        })
      } else if (kind === 'batch') {
        direction = 'both'
        const { batches } = await forwardTree(entityId, [id], new Map())
        tree = batches[0]
      } else if (kind === 'package' || kind === 'finished-goods') {
        const lot = kind === 'finished-goods' ? parseGoodsLot(id) : null
        const packaged = await repo.packaged(entityId, {
          packageIds: [lot?.packageId ?? id],
          ...(lot ? { batchIds: [lot.batchId] } : {}),
        })
        const batchIds = [...new Set(packaged.map((p) => p.batchId).filter((b): b is string => !!b))]
        const { batches } = await forwardTree(entityId, batchIds, new Map())
        direction = 'both'
        tree = node(kind, id, origin.label, { detail: origin.detail, children: batches })
      } else if (kind === 'keg') {
        direction = 'backward'
        tree = await kegTree(entityId, id)
      } else {
        direction = 'backward'
        const by =
          kind === 'customer' ? { customerIds: [id] } : { orderIds: await orderIdsOf(entityId, origin) }
        const { orders } = await (early ?? backwardTree(entityId, by))
        if (kind === 'order')
          tree = orders[0] ?? node('order', id, origin.label, { detail: 'holds no finished goods yet' })
        else tree = node(kind, id, origin.label, { detail: origin.detail, children: orders })
      }
      return { origin, direction, tree: withKeys(tree), tookMs: Math.round(performance.now() - started) }
    },

    /**
     * What a recall from this origin reaches (docs/decisions/302): the shipments of every finished-goods lot it
     * touches, and the stock still in the brewery (the ingredient lot's remainder, beer in bulk, goods on hand).
     */
    async affected(tenant: Tenant, kind: TraceOriginKind, id: string, tx: Db = db) {
      const tr = createTraceRepository(tx)
      const entityId = tenant.entityId
      const origin = await originOf(entityId, kind, id, tr)
      const stock: RecallStock[] = []
      let goods: { lots: GoodsLot[]; fwd: Forward | null } = { lots: [], fwd: null }
      if (kind === 'lot' || kind === 'batch') {
        let batchIds = [id]
        if (kind === 'lot') {
          const [lot] = await tr.lots(entityId, [id])
          if (Number(lot.remaining) > 0)
            stock.push({
              kind: 'ingredient-lot',
              lotId: id,
              batchId: null,
              packageId: null,
              label: origin.label,
              quantity: amount(lot.remaining, lot.unit),
            })
          batchIds = [...new Set((await tr.consumption(entityId, { lotIds: [id] })).map((u) => u.batchId!))]
        }
        const fwd = await forward(tr, entityId, batchIds)
        goods = { lots: [...fwd.goods.values()], fwd }
        const seeds = new Set(batchIds)
        const bulkBatches = new Map<string, number>()
        for (const mix of fwd.flow.contents.values())
          if (shareOf(mix, seeds) > 0)
            for (const [batchId, volume] of mix)
              if (batchId) bulkBatches.set(batchId, (bulkBatches.get(batchId) ?? 0) + volume)
        const names = await namesOf(tr, entityId, [...bulkBatches.keys()], [])
        for (const [batchId, volume] of bulkBatches)
          stock.push({
            kind: 'bulk',
            lotId: null,
            batchId,
            packageId: null,
            label: `Batch ${names.batch.get(batchId) ?? ''} in bulk`,
            quantity: bbl(volume),
          })
      } else if (kind === 'package' || kind === 'finished-goods' || kind === 'keg') {
        const lot = kind === 'finished-goods' ? parseGoodsLot(id) : null
        const runId = kind === 'keg' ? (await tr.kegs(entityId, { ids: [id] }))[0]?.fill_run_id : null
        const packaged =
          kind === 'keg'
            ? runId
              ? await tr.packaged(entityId, { runIds: [runId] })
              : []
            : await tr.packaged(entityId, {
                packageIds: [lot?.packageId ?? id],
                ...(lot ? { batchIds: [lot.batchId] } : {}),
              })
        const lots = new Map<string, GoodsLot>()
        for (const p of packaged)
          if (p.batchId) lots.set(goodsLotKey(p), { packageId: p.packageId, batchId: p.batchId })
        goods.lots = [...lots.values()]
      } else {
        const by =
          kind === 'customer' ? { customerIds: [id] } : { orderIds: await orderIdsOf(entityId, origin, tr) }
        const rows = await tr.shipments(entityId, by)
        const lots = new Map<string, GoodsLot>()
        for (const r of rows)
          if (r.batchId && r.releasedAt)
            lots.set(goodsLotKey(r), { packageId: r.packageId, batchId: r.batchId })
        goods.lots = [...lots.values()]
      }
      const keys = new Set(goods.lots.map(goodsLotKey))
      const packageIds = [...new Set(goods.lots.map((l) => l.packageId))]
      const lotBatchIds = [...new Set(goods.lots.map((l) => l.batchId))]
      const [onHand, shipments, options, lotRuns] = await Promise.all([
        tr.onHand(entityId, packageIds, lotBatchIds),
        tr.shipments(entityId, { packageIds, batchIds: lotBatchIds }),
        tr.packages(entityId, packageIds),
        tr.packaged(entityId, { packageIds, batchIds: lotBatchIds }),
      ])
      // The kegs the lots' runs filled that are still out at a customer (ADR 300): one more read.
      const runIds = lotRuns.filter((p) => p.runId && keys.has(goodsLotKey(p))).map((p) => p.runId!)
      const kegRows = (await tr.kegs(entityId, { runIds })).filter(
        (k) => k.status === 'at-customer' && k.customer_id,
      )
      const names = await namesOf(
        tr,
        entityId,
        [...goods.lots.map((l) => l.batchId), ...kegRows.map((k) => k.batch_id ?? '').filter(Boolean)],
        [],
      )
      const optionName = new Map(options.map((o) => [o.id, `${o.productName} ${o.type}`]))
      for (const row of onHand)
        if (keys.has(goodsLotKey(row)) && row.units > 0)
          stock.push({
            kind: 'finished-goods',
            lotId: null,
            batchId: row.batchId,
            packageId: row.packageId,
            label: `${optionName.get(row.packageId) ?? 'Finished goods'} lot ${names.batch.get(row.batchId ?? '') ?? ''}`,
            quantity: units(row.units),
          })
      const shipped = shipments
        .filter((s) => keys.has(goodsLotKey(s)) && s.releasedAt && s.dispatchedAt)
        .map((s) => ({
          customerId: s.customerId,
          customerName: s.customerName,
          contacts: s.contacts,
          orderId: s.orderId,
          orderNumber: formatOrderNumber(s.sequence),
          invoiceNumber: s.invoiceNumber ?? '',
          dispatchedOn: day(s.dispatchedAt),
          product: s.productName,
          packageType: s.packageType,
          batchNumber: names.batch.get(s.batchId ?? '') ?? '',
          units: s.units,
        }))
      const now = new Date()
      const kegs = kegRows.map((k) => ({
        customerId: k.customer_id!,
        customerName: k.customer_name ?? '',
        contacts: k.contacts ?? [],
        keg: {
          kegId: k.id,
          assetNumber: k.asset_number,
          size: k.size,
          batchNumber: names.batch.get(k.batch_id ?? '') ?? '',
          orderNumber: k.order_sequence !== null ? formatOrderNumber(k.order_sequence) : '',
          since: k.since ? new Date(k.since).toISOString() : '',
          daysOut: k.since ? daysBetween(k.since, now) : 0,
        } satisfies RecallKeg,
      }))
      return { origin, shipments: shipped, stock, kegs }
    },
  }
}

export type TraceService = ReturnType<typeof createTraceService>

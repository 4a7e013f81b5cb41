import {
  applyKegScan,
  barrelsPerUnitOfPackageType,
  formatOrderNumber,
  KEG_SIZE_LABELS,
  kegSizeOfBarrels,
  type KegEvent,
  type KegScan,
  type KegScanInput,
  type KegScanManyInput,
  type KegSize,
  type Keg,
} from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import { lockForTransaction, type Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { FinishedGoodsWrite } from '../inventory/finished-goods.service.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'
import type { KegDepositCredits } from '../sales/keg-deposit-credit.ts'
import { assertNotHeld } from '../trace/holds.ts'
import {
  createKegsRepository,
  type KegEventRow,
  type KegPlace,
  type KegRow,
  type KegsRepository,
  type NewKegEventRow,
} from './kegs.repository.ts'
import { eventView, kegView, namesOf, stateOf, type Names } from './kegs.views.ts'

// A scan (docs/decisions/290-kegs.md): the keg by its number, what happened, who and when. The state machine
// (packages/domain/src/kegs/keg-machine.ts) decides; a scan that does not fit is a 409 whose sentence says where
// the keg is. Filled takes the lot of a package run; Shipped the customer and the deposit of an order's keg line
// (what its invoice charges per keg); Returned credits that deposit back; Lost writes the keg's cost off.

/** Clock skew a scan may be dated ahead of now. */
const SKEW_MS = 5 * 60_000

const conflict = (message: string, path = 'data.assetNumber') =>
  new AppError('CONFLICT', message, [{ path, message }])

/** The keg size of an order line or a packaging option, read from its package type's name. */
export const sizeOfPackageType = (packageType: string): KegSize | null =>
  kegSizeOfBarrels(barrelsPerUnitOfPackageType(packageType))

/** A package run's finished-goods row as read (none when it is not one). */
type PackageRun = Awaited<ReturnType<KegsRepository['packageRun']>> | null | undefined

/**
 * What the kegs of one scan share, read once for all of them (a scan of several kegs, ADR 416): the brewery's time
 * zone, the package runs and their holds, how many kegs each run has filled and each order has shipped (counted on
 * as the scan goes), the orders with their lines and customers, and the names read so far.
 */
type Shared = {
  timeZone: string | null
  runs: Map<string, PackageRun>
  notHeld: Set<string>
  fills: Map<string, number>
  orders: Map<
    string,
    {
      order: NonNullable<Awaited<ReturnType<KegsRepository['order']>>>
      lines: Awaited<ReturnType<KegsRepository['orderLines']>>
      shipped: Map<string, number>
      customer: Awaited<ReturnType<KegsRepository['customer']>>
    }
  >
  known: Names
  /** Kegs scanned back: each keg's last shipment, and their deposits' credits (ADR 422). */
  lastShipments: Map<string, KegEventRow>
  credits: Awaited<ReturnType<KegDepositCredits>> | null
}

/** Filled: the package run's batch, a keg option of the keg's size, and a keg left of its units. */
async function fillOf(
  repo: KegsRepository,
  tenant: Tenant,
  keg: KegRow,
  packageRunId: string,
  run: PackageRun,
  shared: Shared,
) {
  if (!run || !run.batchId)
    throw new AppError('NOT_FOUND', 'Package run not found.', [
      { path: 'data.packageRunId', message: 'Not a package run of this brewery' },
    ])
  const size = sizeOfPackageType(run.packageType)
  if (size !== keg.size)
    throw conflict(
      `Keg ${keg.assetNumber} is a ${KEG_SIZE_LABELS[keg.size as KegSize]} keg; this run filled ${run.packageType}.`,
      'data.packageRunId',
    )
  if (!shared.fills.has(packageRunId))
    shared.fills.set(
      packageRunId,
      (await repo.fillsOfRuns(tenant.entityId, [packageRunId])).get(packageRunId) ?? 0,
    )
  const filled = shared.fills.get(packageRunId)!
  if (filled >= run.units)
    throw conflict(
      `This run filled ${run.units} × ${run.packageType} and all ${run.units} are already scanned.`,
      'data.packageRunId',
    )
  shared.fills.set(packageRunId, filled + 1)
  if (!shared.known.batches.has(run.batchId)) {
    const read = (await repo.batchNumbers(tenant.entityId, [run.batchId])).get(run.batchId)
    if (read) shared.known.batches.set(run.batchId, read)
  }
  const batch = shared.known.batches.get(run.batchId)
  return {
    batchId: run.batchId,
    batchNumber: batch?.number ?? '',
    productName: batch?.productName || run.productName,
    packageRunId,
  }
}

/** Shipped: an order (confirmed to delivered) with a keg line of the keg's size not yet fully scanned. */
async function shipmentOf(
  repo: KegsRepository,
  tenant: Tenant,
  keg: KegRow,
  orderId: string,
  shared: Shared,
) {
  let read = shared.orders.get(orderId)
  if (!read) {
    const order = await repo.order(tenant.entityId, orderId)
    if (!order)
      throw new AppError('NOT_FOUND', 'Order not found.', [
        { path: 'data.orderId', message: 'Not an order of this brewery' },
      ])
    const number = formatOrderNumber(order.sequence)
    if (!['confirmed', 'picked', 'dispatched', 'delivered'].includes(order.status))
      throw conflict(`Order ${number} is ${order.status}: kegs ship on a confirmed order.`, 'data.orderId')
    const lines = await repo.orderLines(tenant.entityId, [orderId])
    const shipped = new Map(
      (await repo.shippedOnOrders(tenant.entityId, [orderId])).map((s) => [s.size, s.count]),
    )
    const customer = await repo.customer(tenant.entityId, order.customerId)
    read = { order, lines, shipped, customer }
    shared.orders.set(orderId, read)
    shared.known.orders.set(orderId, order.sequence)
    if (customer) shared.known.customers.set(order.customerId, customer.name)
  }
  const { order, customer } = read
  const number = formatOrderNumber(order.sequence)
  const size = keg.size as KegSize
  const lines = read.lines.filter((line) => sizeOfPackageType(line.packageType) === size)
  const ordered = lines.reduce((sum, line) => sum + line.quantity, 0)
  if (ordered === 0)
    throw conflict(`Order ${number} has no ${KEG_SIZE_LABELS[size]} kegs on it.`, 'data.orderId')
  const shipped = read.shipped.get(size) ?? 0
  if (shipped >= ordered)
    throw conflict(
      `Order ${number} has ${ordered} × ${KEG_SIZE_LABELS[size]} and all ${ordered} are already scanned onto it.`,
      'data.orderId',
    )
  read.shipped.set(size, shipped + 1)
  return {
    orderId,
    customerId: order.customerId,
    customerName: customer?.name ?? 'the customer',
    // The deposit the order's invoice charges per keg of this size (the line's, from the price list's deposits).
    depositCents: lines[0].depositCents,
  }
}

/** Packaged beer lost to breakage (inventory's finished goods on the ledger): `kind: 'lost'`, class `losses`. */
export type LoseKegBeer = (
  tx: Db,
  tenant: Tenant,
  input: { packageId: string; batchId: string; units: number; occurredAt: Date; reason: string },
) => Promise<FinishedGoodsWrite>

export function createKegScans({
  now = () => new Date(),
  kegDepositCredits,
  loseKegBeer,
}: {
  db?: Db
  now?: () => Date
  kegDepositCredits: KegDepositCredits
  loseKegBeer: LoseKegBeer
}) {
  /**
   * One keg's scan, after the keg's row is locked and read: where the keg is decides first, then what the kind
   * needs (the run, the order); answers the keg's new place and its event, which the scan writes with its other
   * kegs' (ADR 422). `path` names the keg in a refusal.
   */
  async function scanKeg(
    tx: Db,
    repo: KegsRepository,
    tenant: Tenant,
    input: KegScanInput,
    keg: KegRow,
    path: string,
    shared: Shared,
  ) {
    const at = input.occurredAt ? new Date(input.occurredAt) : now()
    if (at.getTime() > now().getTime() + SKEW_MS)
      throw new AppError('VALIDATION_FAILED', 'A scan cannot be dated in the future.', [
        { path: 'data.occurredAt', message: 'A scan cannot be dated in the future.' },
      ])
    if (keg.since && at.getTime() < keg.since.getTime())
      throw new AppError(
        'VALIDATION_FAILED',
        `Keg ${keg.assetNumber} has a later scan; date this one after it.`,
        [{ path: 'data.occurredAt', message: 'Before the keg’s last scan' }],
      )
    const state = stateOf(keg, shared.known)
    shared.timeZone ??= await breweryTimeZone(tx, tenant.entityId)
    const timeZone = shared.timeZone
    const when = at.toISOString()
    // Where the keg is decides first: a keg at a customer is refused a fill before the run is even looked at.
    const probe = applyKegScan(keg.assetNumber, state, probeOf(input.kind, when), timeZone)
    if (!probe.ok) throw conflict(probe.refusal, path)
    // A keg is a unit of its finished-goods lot: a lot on hold (a recall, ADR 303) fills no keg and ships none.
    let run: PackageRun = null
    if (input.kind === 'filled' || input.kind === 'shipped') {
      const runId = input.kind === 'filled' ? input.packageRunId : keg.packageRunId
      if (runId && !shared.runs.has(runId))
        shared.runs.set(runId, await repo.packageRun(tenant.entityId, runId))
      run = runId ? shared.runs.get(runId) : null
      const lot = run?.batchId ? `${run.packageId}:${run.batchId}` : null
      if (run?.batchId && lot && !shared.notHeld.has(lot)) {
        await assertNotHeld(
          tx,
          tenant.entityId,
          [{ kind: 'finished-goods', packageId: run.packageId, batchId: run.batchId }],
          input.kind === 'filled' ? 'data.packageRunId' : path,
        )
        shared.notHeld.add(lot)
      }
    }
    let scan: KegScan
    let orderId: string | null = null
    if (input.kind === 'filled') {
      const fill = await fillOf(repo, tenant, keg, input.packageRunId, run, shared)
      scan = { kind: 'filled', at: when, fill }
    } else if (input.kind === 'shipped') {
      const shipment = await shipmentOf(repo, tenant, keg, input.orderId, shared)
      orderId = shipment.orderId
      scan = { kind: 'shipped', at: when, ...shipment }
    } else scan = { kind: input.kind, at: when }
    const step = applyKegScan(keg.assetNumber, state, scan, timeZone)
    if (!step.ok) throw conflict(step.refusal, path)
    const next = step.state
    let writeOffCents = 0
    let chargedCents = 0
    if (input.kind === 'lost') {
      writeOffCents = keg.costCents ?? 0
      if (input.chargeCustomer) {
        if (state.status !== 'at-customer')
          throw new AppError(
            'VALIDATION_FAILED',
            `Keg ${keg.assetNumber} was not at a customer: there is no one to charge.`,
            [{ path: 'data.chargeCustomer', message: 'Not at a customer' }],
          )
        chargedCents = Math.max(0, writeOffCents - state.depositCents)
      }
    }
    let creditNoteId: string | null = null
    if (input.kind === 'returned' && state.status === 'at-customer') {
      const shipment = shared.lastShipments.get(keg.id)
      if (shipment?.orderId && shared.credits)
        creditNoteId = await shared.credits.credit(
          {
            orderId: shipment.orderId,
            isKegLine: (packageType) => sizeOfPackageType(packageType) === keg.size,
            batchId: state.fill?.batchId ?? null,
            depositCents: state.depositCents,
            assetNumber: keg.assetNumber,
            returnedAt: at,
          },
          path,
          timeZone,
        )
    }
    let liquidEventId: string | null = null
    if ((input.kind === 'damaged' || input.kind === 'lost') && state.status === 'full') {
      const run = await repo.packageRun(tenant.entityId, state.fill.packageRunId)
      if (!run)
        throw conflict(
          `Keg ${keg.assetNumber}'s package run is not on the ledger: its beer cannot be booked.`,
          path,
        )
      const loss = await loseKegBeer(tx, tenant, {
        packageId: run.packageId,
        batchId: state.fill.batchId,
        units: 1,
        occurredAt: at,
        reason: `Keg ${keg.assetNumber} ${input.kind} full at the brewery`,
      })
      liquidEventId = loss.liquidEventIds[0] ?? null
    }
    const fill = next.status === 'full' || next.status === 'at-customer' ? next.fill : null
    const customerId =
      next.status === 'at-customer' ? next.customerId : next.status === 'lost' ? next.customerId : null
    const place: KegPlace = {
      status: next.status,
      since: at,
      customerId,
      depositCents: next.status === 'at-customer' ? next.depositCents : 0,
      batchId: fill?.batchId ?? null,
      packageRunId: fill?.packageRunId ?? null,
    }
    const event: NewKegEventRow = {
      entityId: tenant.entityId,
      kegId: keg.id,
      kind: input.kind,
      occurredAt: at,
      recordedBy: tenant.userId,
      batchId: fill?.batchId ?? (state.status === 'at-customer' ? (state.fill?.batchId ?? null) : null),
      packageRunId: input.kind === 'filled' ? input.packageRunId : null,
      customerId: step.deposit?.customerId ?? (state.status === 'at-customer' ? state.customerId : null),
      orderId,
      depositCents: step.deposit?.cents ?? 0,
      writeOffCents,
      chargedCents,
      status: next.status,
      creditNoteId,
      liquidEventId,
    }
    return { place, event }
  }

  /**
   * Records the scans of `numbers` with one kind, in that order, in the caller's transaction (all or none): the
   * brewery's scan lock and the kegs' rows are taken once, and what the kegs share is read once (ADR 416).
   */
  async function scanKegs(
    tx: Db,
    tenant: Tenant,
    kind: KegScanInput,
    numbers: { assetNumber: string; path: string }[],
  ): Promise<{ keg: Keg; event: KegEvent }[]> {
    const repo = createKegsRepository(tx)
    await lockForTransaction(tx, `kegs.scan:${tenant.entityId}`)
    const rows =
      numbers.length === 1
        ? [await repo.kegNumbered(tenant.entityId, numbers[0].assetNumber, { lock: true })].filter(
            (row): row is KegRow => !!row,
          )
        : await repo.kegsNumbered(
            tenant.entityId,
            numbers.map((n) => n.assetNumber),
            { lock: true },
          )
    const byNumber = new Map(rows.map((row) => [row.assetNumber, row]))
    const missing = numbers.filter((n) => !byNumber.has(n.assetNumber))
    if (missing.length > 0)
      throw new AppError(
        'NOT_FOUND',
        missing.length === 1
          ? `No keg numbered ${missing[0].assetNumber} in this brewery.`
          : `No kegs numbered ${missing
              .slice(0, 5)
              .map((n) => n.assetNumber)
              .join(', ')}${missing.length > 5 ? ` (and ${missing.length - 5} more)` : ''} in this brewery.`,
        missing.map((n) => ({ path: n.path, message: 'Unknown keg number' })),
      )
    assertCan(tenant, 'scanKegs')
    const names = await namesOf(repo, tenant.entityId, rows)
    const shared: Shared = {
      timeZone: null,
      runs: new Map(),
      notHeld: new Set(),
      fills: new Map(),
      orders: new Map(),
      known: {
        ...names,
        batches: new Map(names.batches),
        customers: new Map(names.customers),
        orders: new Map(names.orders),
      },
      lastShipments: new Map(),
      credits: null,
    }
    // Kegs back from customers: the orders that charged their deposits, read once for the scan (ADR 422).
    if (kind.kind === 'returned') {
      const out = rows.filter((row) => row.status === 'at-customer')
      shared.lastShipments = await repo.lastShipments(
        tenant.entityId,
        out.map((row) => row.id),
      )
      const orderIds = [...shared.lastShipments.values()].flatMap((e) => (e.orderId ? [e.orderId] : []))
      if (orderIds.length > 0) shared.credits = await kegDepositCredits(tx, tenant, orderIds)
    }
    const scanned: { id: string; place: KegPlace; event: NewKegEventRow; assetNumber: string }[] = []
    for (const { assetNumber, path } of numbers) {
      const keg = byNumber.get(assetNumber)!
      const { place, event } = await scanKeg(tx, repo, tenant, { ...kind, assetNumber }, keg, path, shared)
      scanned.push({ id: keg.id, place, event, assetNumber })
    }
    // Written together, each keg once (ADR 422): the credit notes first, which the events name.
    await shared.credits?.write()
    const updated = new Map(
      (
        await repo.updateKegs(
          tenant.entityId,
          scanned.map(({ id, place }) => ({ id, values: place })),
        )
      ).map((row) => [row.id, row]),
    )
    const events = new Map(
      (await repo.insertEvents(scanned.map(({ event }) => event))).map((row) => [row.kegId, row]),
    )
    const written = scanned.map(({ id, assetNumber }) => ({
      updated: updated.get(id)!,
      event: events.get(id)!,
      assetNumber,
    }))
    const after = await namesOf(
      repo,
      tenant.entityId,
      written.flatMap((w) => [w.updated, w.event]),
      shared.known,
    )
    const at = now()
    return written.map(({ updated, event, assetNumber }) => ({
      keg: kegView(updated, after, tenant, at),
      event: eventView(event, assetNumber, after, tenant),
    }))
  }

  return {
    /** Records one scan; answers the keg where it now is and the event. */
    async scan(tx: Db, tenant: Tenant, input: KegScanInput): Promise<{ keg: Keg; event: KegEvent }> {
      const [scanned] = await scanKegs(tx, tenant, input, [
        { assetNumber: input.assetNumber, path: 'data.assetNumber' },
      ])
      return scanned
    },
    /**
     * Records one kind of scan of several kegs (a pallet onto a van, a rack back), each as `scan` would, in the
     * order listed, all or none: the first refusal names its keg (`data.assetNumbers.<index>`) and nothing is kept.
     */
    async scanMany(
      tx: Db,
      tenant: Tenant,
      input: KegScanManyInput,
    ): Promise<{ keg: Keg; event: KegEvent }[]> {
      const { assetNumbers, ...kind } = input
      return scanKegs(
        tx,
        tenant,
        { ...kind, assetNumber: '' },
        assetNumbers.map((assetNumber, index) => ({ assetNumber, path: `data.assetNumbers.${index}` })),
      )
    },
  }
}

/** A stand-in of the scan's kind, to ask the machine whether the keg's place allows it at all. */
function probeOf(kind: KegScanInput['kind'], at: string): KegScan {
  if (kind === 'filled')
    return {
      kind,
      at,
      fill: {
        batchId: '00000000-0000-4000-8000-000000000000',
        batchNumber: '',
        productName: '',
        packageRunId: '00000000-0000-4000-8000-000000000000',
      },
    }
  if (kind === 'shipped')
    return { kind, at, customerId: '00000000-0000-4000-8000-000000000000', customerName: '', depositCents: 0 }
  return { kind, at }
}
export type KegScans = ReturnType<typeof createKegScans>

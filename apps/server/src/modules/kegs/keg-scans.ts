import {
  applyKegScan,
  barrelsPerUnitOfPackageType,
  formatOrderNumber,
  KEG_SIZE_LABELS,
  kegSizeOfBarrels,
  type KegEvent,
  type KegScan,
  type KegScanInput,
  type KegSize,
  type Keg,
} from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import { lockForTransaction, type Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { FinishedGoodsWrite } from '../inventory/finished-goods.service.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'
import type { CreditKegDeposit } from '../sales/keg-deposit-credit.ts'
import { assertNotHeld } from '../trace/holds.ts'
import { createKegsRepository, type KegRow, type KegsRepository } from './kegs.repository.ts'
import { eventView, kegView, namesOf, stateOf } from './kegs.views.ts'

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

/** Filled: the package run's batch, a keg option of the keg's size, and a keg left of its units. */
async function fillOf(
  repo: KegsRepository,
  tenant: Tenant,
  keg: KegRow,
  packageRunId: string,
  run: PackageRun,
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
  const filled = (await repo.fillsOfRuns(tenant.entityId, [packageRunId])).get(packageRunId) ?? 0
  if (filled >= run.units)
    throw conflict(
      `This run filled ${run.units} × ${run.packageType} and all ${run.units} are already scanned.`,
      'data.packageRunId',
    )
  const batch = (await repo.batchNumbers(tenant.entityId, [run.batchId])).get(run.batchId)
  return {
    fill: {
      batchId: run.batchId,
      batchNumber: batch?.number ?? '',
      productName: batch?.productName || run.productName,
      packageRunId,
    },
    /** The batch's names as read (the answer names the keg's batch with them). */
    batch,
  }
}

/** Shipped: an order (confirmed to delivered) with a keg line of the keg's size not yet fully scanned. */
async function shipmentOf(repo: KegsRepository, tenant: Tenant, keg: KegRow, orderId: string) {
  const order = await repo.order(tenant.entityId, orderId)
  if (!order)
    throw new AppError('NOT_FOUND', 'Order not found.', [
      { path: 'data.orderId', message: 'Not an order of this brewery' },
    ])
  const number = formatOrderNumber(order.sequence)
  if (!['confirmed', 'picked', 'dispatched', 'delivered'].includes(order.status))
    throw conflict(`Order ${number} is ${order.status}: kegs ship on a confirmed order.`, 'data.orderId')
  const size = keg.size as KegSize
  const lines = (await repo.orderLines(tenant.entityId, [orderId])).filter(
    (line) => sizeOfPackageType(line.packageType) === size,
  )
  const ordered = lines.reduce((sum, line) => sum + line.quantity, 0)
  if (ordered === 0)
    throw conflict(`Order ${number} has no ${KEG_SIZE_LABELS[size]} kegs on it.`, 'data.orderId')
  const shipped =
    (await repo.shippedOnOrders(tenant.entityId, [orderId])).find((s) => s.size === size)?.count ?? 0
  if (shipped >= ordered)
    throw conflict(
      `Order ${number} has ${ordered} × ${KEG_SIZE_LABELS[size]} and all ${ordered} are already scanned onto it.`,
      'data.orderId',
    )
  const customer = await repo.customer(tenant.entityId, order.customerId)
  return {
    shipment: {
      orderId,
      customerId: order.customerId,
      customerName: customer?.name ?? 'the customer',
      // The deposit the order's invoice charges per keg of this size (the line's, from the price list's deposits).
      depositCents: lines[0].depositCents,
    },
    /** The order's number and the customer's name as read (the answer names them). */
    sequence: order.sequence,
    customer,
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
  creditKegDeposit,
  loseKegBeer,
}: {
  db?: Db
  now?: () => Date
  creditKegDeposit: CreditKegDeposit
  loseKegBeer: LoseKegBeer
}) {
  return {
    /** Records one scan; answers the keg where it now is and the event. */
    async scan(tx: Db, tenant: Tenant, input: KegScanInput): Promise<{ keg: Keg; event: KegEvent }> {
      const repo = createKegsRepository(tx)
      await lockForTransaction(tx, `kegs.scan:${tenant.entityId}`)
      const keg = await repo.kegNumbered(tenant.entityId, input.assetNumber, { lock: true })
      if (!keg)
        throw new AppError('NOT_FOUND', `No keg numbered ${input.assetNumber} in this brewery.`, [
          { path: 'data.assetNumber', message: 'Unknown keg number' },
        ])
      assertCan(tenant, 'scanKegs')
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
      const names = await namesOf(repo, tenant.entityId, [keg])
      const state = stateOf(keg, names)
      const timeZone = await breweryTimeZone(tx, tenant.entityId)
      const when = at.toISOString()
      // Where the keg is decides first: a keg at a customer is refused a fill before the run is even looked at.
      const probe = applyKegScan(keg.assetNumber, state, probeOf(input.kind, when), timeZone)
      if (!probe.ok) throw conflict(probe.refusal)
      // A keg is a unit of its finished-goods lot: a lot on hold (a recall, ADR 303) fills no keg and ships none.
      let run: PackageRun = null
      if (input.kind === 'filled' || input.kind === 'shipped') {
        const runId = input.kind === 'filled' ? input.packageRunId : keg.packageRunId
        run = runId ? await repo.packageRun(tenant.entityId, runId) : null
        if (run?.batchId)
          await assertNotHeld(
            tx,
            tenant.entityId,
            [{ kind: 'finished-goods', packageId: run.packageId, batchId: run.batchId }],
            input.kind === 'filled' ? 'data.packageRunId' : 'data.assetNumber',
          )
      }
      let scan: KegScan
      let orderId: string | null = null
      // What this scan has read already, so the answer's names are not read again (ADR 401).
      const known = {
        ...names,
        batches: new Map(names.batches),
        customers: new Map(names.customers),
        orders: new Map(names.orders),
      }
      if (input.kind === 'filled') {
        const { fill, batch } = await fillOf(repo, tenant, keg, input.packageRunId, run)
        if (batch) known.batches.set(fill.batchId, batch)
        scan = { kind: 'filled', at: when, fill }
      } else if (input.kind === 'shipped') {
        const { shipment, sequence, customer } = await shipmentOf(repo, tenant, keg, input.orderId)
        orderId = shipment.orderId
        known.orders.set(shipment.orderId, sequence)
        if (customer) known.customers.set(shipment.customerId, customer.name)
        scan = { kind: 'shipped', at: when, ...shipment }
      } else scan = { kind: input.kind, at: when }
      const step = applyKegScan(keg.assetNumber, state, scan, timeZone)
      if (!step.ok) throw conflict(step.refusal)
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
        const shipment = await repo.lastShipment(tenant.entityId, keg.id)
        if (shipment?.orderId) {
          const credit = await creditKegDeposit(tx, tenant, {
            orderId: shipment.orderId,
            isKegLine: (packageType) => sizeOfPackageType(packageType) === keg.size,
            batchId: state.fill?.batchId ?? null,
            depositCents: state.depositCents,
            assetNumber: keg.assetNumber,
            returnedAt: at,
          })
          creditNoteId = credit?.creditNoteId ?? null
        }
      }
      let liquidEventId: string | null = null
      if ((input.kind === 'damaged' || input.kind === 'lost') && state.status === 'full') {
        const run = await repo.packageRun(tenant.entityId, state.fill.packageRunId)
        if (!run)
          throw conflict(
            `Keg ${keg.assetNumber}'s package run is not on the ledger: its beer cannot be booked.`,
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
      const updated = await repo.updateKeg(tenant.entityId, keg.id, {
        status: next.status,
        since: at,
        customerId,
        depositCents: next.status === 'at-customer' ? next.depositCents : 0,
        batchId: fill?.batchId ?? null,
        packageRunId: fill?.packageRunId ?? null,
      })
      const event = await repo.insertEvent({
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
      })
      const after = await namesOf(repo, tenant.entityId, [updated, event], known)
      return {
        keg: kegView(updated, after, tenant, now()),
        event: eventView(event, keg.assetNumber, after, tenant),
      }
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

import {
  daysOut,
  DEFAULT_KEG_DAYS_OUT_LIMIT,
  formatOrderNumber,
  type KegBoard,
  type KegCustomerHolding,
  type KegOrder,
  type KegPackageRun,
  type KegSize,
  type KegTrace,
} from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { groupBy } from '../sales/sales.views.ts'
import { sizeOfPackageType } from './keg-scans.ts'
import { createKegsRepository, type KegRow } from './kegs.repository.ts'
import { namesOf, type Names } from './kegs.views.ts'

// Where the kegs are (docs/decisions/290-kegs.md): the board (at the brewery clean, dirty, full by product; at
// customers; lost), each customer's kegs with days out and those past the brewery's limit flagged, a keg's trace
// (fill → batch → customer), and the package runs and orders the scan screen offers.

function holdingsOf(rows: KegRow[], names: Names, limit: number, now: Date): KegCustomerHolding[] {
  const byCustomer = new Map<string, KegRow[]>()
  for (const row of rows)
    if (row.status === 'at-customer' && row.customerId)
      byCustomer.set(row.customerId, [...(byCustomer.get(row.customerId) ?? []), row])
  return [...byCustomer.entries()]
    .map(([customerId, held]) => ({
      customerId,
      customerName: names.customers.get(customerId) ?? '',
      kegs: held
        .map((row) => {
          const days = row.since ? daysOut(row.since.toISOString(), now) : 0
          const batch = row.batchId ? names.batches.get(row.batchId) : undefined
          return {
            kegId: row.id,
            assetNumber: row.assetNumber,
            size: row.size as KegSize,
            since: (row.since ?? now).toISOString(),
            daysOut: days,
            isOverdue: days > limit,
            batchNumber: batch?.number ?? null,
            productName: batch?.productName ?? null,
          }
        })
        .sort((a, b) => b.daysOut - a.daysOut || a.assetNumber.localeCompare(b.assetNumber)),
      depositBalanceCents: held.reduce((sum, row) => sum + row.depositCents, 0),
    }))
    .sort((a, b) => a.customerName.localeCompare(b.customerName))
}

export function createKegBoard({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const reads = createKegsRepository(db)
  const limitOf = async (entityId: string) =>
    (await reads.settings(entityId))?.daysOutLimit ?? DEFAULT_KEG_DAYS_OUT_LIMIT

  return {
    async board(tenant: Tenant): Promise<KegBoard> {
      const [rows, limit] = await Promise.all([reads.kegs(tenant.entityId), limitOf(tenant.entityId)])
      const names = await namesOf(reads, tenant.entityId, rows)
      const count = (status: string) => rows.filter((row) => row.status === status).length
      const full = new Map<string, { productName: string; batchNumber: string; count: number }>()
      for (const row of rows.filter((r) => r.status === 'full' && r.batchId)) {
        const batch = names.batches.get(row.batchId!)
        const entry = full.get(row.batchId!) ?? {
          productName: batch?.productName ?? '',
          batchNumber: batch?.number ?? '',
          count: 0,
        }
        entry.count++
        full.set(row.batchId!, entry)
      }
      const customers = holdingsOf(rows, names, limit, now())
      return {
        daysOutLimit: limit,
        atBrewery: {
          clean: count('clean'),
          dirty: count('dirty'),
          damaged: count('damaged'),
          full: [...full.values()].sort((a, b) => a.productName.localeCompare(b.productName)),
        },
        atCustomers: count('at-customer'),
        lost: count('lost'),
        retired: count('retired'),
        overdue: customers.reduce((sum, c) => sum + c.kegs.filter((k) => k.isOverdue).length, 0),
        customers,
      }
    },

    /** A customer's kegs and deposit balance (an empty holding for a customer with none). */
    async customer(tenant: Tenant, customerId: string): Promise<KegCustomerHolding> {
      const customer = await reads.customer(tenant.entityId, customerId)
      if (!customer) throw new AppError('NOT_FOUND', 'Customer not found.')
      const [rows, limit] = await Promise.all([reads.kegs(tenant.entityId), limitOf(tenant.entityId)])
      const held = rows.filter((row) => row.customerId === customerId && row.status === 'at-customer')
      const names = await namesOf(reads, tenant.entityId, held)
      return (
        holdingsOf(held, names, limit, now())[0] ?? {
          customerId,
          customerName: customer.name,
          kegs: [],
          depositBalanceCents: 0,
        }
      )
    },

    /** From a keg number to each batch it held and the customer that batch went to. */
    async trace(tenant: Tenant, kegId: string): Promise<KegTrace> {
      const keg = await reads.keg(tenant.entityId, kegId)
      if (!keg) throw new AppError('NOT_FOUND', 'Keg not found.')
      const events = await reads.events(tenant.entityId, kegId)
      const names = await namesOf(reads, tenant.entityId, events)
      const fills: KegTrace['fills'] = []
      for (const event of events) {
        const current = fills.at(-1)
        if (event.kind === 'filled' && event.batchId) {
          const batch = names.batches.get(event.batchId)
          fills.push({
            filledAt: event.occurredAt.toISOString(),
            batchId: event.batchId,
            batchNumber: batch?.number ?? '',
            productName: batch?.productName ?? '',
            shippedAt: null,
            customerId: null,
            customerName: null,
            orderNumber: null,
            returnedAt: null,
          })
        } else if (event.kind === 'shipped' && current && !current.shippedAt) {
          current.shippedAt = event.occurredAt.toISOString()
          current.customerId = event.customerId
          current.customerName = event.customerId ? (names.customers.get(event.customerId) ?? null) : null
          const sequence = event.orderId ? names.orders.get(event.orderId) : undefined
          current.orderNumber = sequence !== undefined ? formatOrderNumber(sequence) : null
        } else if (event.kind === 'returned' && current?.shippedAt && !current.returnedAt)
          current.returnedAt = event.occurredAt.toISOString()
      }
      return { assetNumber: keg.assetNumber, fills: fills.reverse() }
    },

    /** Package runs into keg options, newest first, with how many kegs are scanned as filled from each. */
    async packageRuns(tenant: Tenant): Promise<KegPackageRun[]> {
      const runs = (await reads.packageRuns(tenant.entityId)).flatMap((run) => {
        const size = sizeOfPackageType(run.packageType)
        return size && run.batchId && run.liquidEventId ? [{ run, size }] : []
      })
      const ids = runs.map(({ run }) => run.liquidEventId!)
      const [filled, batches] = await Promise.all([
        reads.fillsOfRuns(tenant.entityId, ids),
        reads.batchNumbers(
          tenant.entityId,
          runs.map(({ run }) => run.batchId!),
        ),
      ])
      return runs.map(({ run, size }) => ({
        id: run.liquidEventId!,
        batchId: run.batchId!,
        batchNumber: batches.get(run.batchId!)?.number ?? '',
        productName: batches.get(run.batchId!)?.productName || run.productName,
        packageType: run.packageType,
        size,
        units: run.units,
        filled: filled.get(run.liquidEventId!) ?? 0,
        occurredAt: run.occurredAt.toISOString(),
      }))
    },

    /** Orders kegs can ship on: confirmed to delivered, with their keg lines by size and the kegs scanned. */
    async orders(tenant: Tenant): Promise<KegOrder[]> {
      const orders = await reads.openOrders(tenant.entityId)
      const ids = orders.map((o) => o.id)
      const [lines, shipped, customers] = await Promise.all([
        reads.orderLines(tenant.entityId, ids),
        reads.shippedOnOrders(tenant.entityId, ids),
        reads.customerNames(tenant.entityId, [...new Set(orders.map((o) => o.customerId))]),
      ])
      const linesOf = groupBy(lines, (line) => line.orderId)
      const shippedOf = new Map(shipped.map((s) => [`${s.orderId} ${s.size}`, s.count]))
      return orders.flatMap((order) => {
        const sizes = new Map<KegSize, { ordered: number; depositCents: number }>()
        for (const line of linesOf.get(order.id) ?? []) {
          const size = sizeOfPackageType(line.packageType)
          if (!size) continue
          const entry = sizes.get(size) ?? { ordered: 0, depositCents: line.depositCents }
          entry.ordered += line.quantity
          sizes.set(size, entry)
        }
        if (sizes.size === 0) return []
        return [
          {
            id: order.id,
            number: formatOrderNumber(order.sequence),
            customerId: order.customerId,
            customerName: customers.get(order.customerId) ?? '',
            status: order.status,
            sizes: [...sizes.entries()].map(([size, entry]) => ({
              size,
              ordered: entry.ordered,
              shipped: shippedOf.get(`${order.id} ${size}`) ?? 0,
              depositCents: entry.depositCents,
            })),
          },
        ]
      })
    },
  }
}
export type KegBoardService = ReturnType<typeof createKegBoard>

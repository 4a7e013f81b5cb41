import {
  allocateLots,
  can,
  finishedLots,
  formatOrderNumber,
  priceFor,
  shortLinesMessage,
  type Availability,
  type NewOrder,
  type Order,
  type OrderChange,
  type OrderStatus,
} from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import { lockForTransaction, type Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { assertNotHeld, heldGoods } from '../trace/holds.ts'
import { settingsOf } from './price-lists.service.ts'
import {
  createSalesRepository,
  type OrderLineRow,
  type OrderRow,
  type ReservationRow,
  type SalesRepository,
} from './sales.repository.ts'
import { groupBy, orderView } from './sales.views.ts'

// Orders (docs/production.md "Sales"): a draft → Confirm Order (reserves finished goods, first-expiring lot first,
// or is refused naming each short line) → Pick (the lots stay on each line) → Dispatch → delivered; Cancel before
// dispatch releases what the order held. Available to promise = on hand − reserved, per packaging option.

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message }])
const STATUS_WORDS: Record<OrderStatus, string> = {
  draft: 'a draft',
  confirmed: 'confirmed',
  picked: 'picked',
  dispatched: 'dispatched',
  delivered: 'delivered',
  cancelled: 'cancelled',
}
const notNow = (action: string, status: string, needs: string) =>
  new AppError(
    'CONFLICT',
    `${action} needs ${needs}; this order is ${STATUS_WORDS[status as OrderStatus] ?? status}.`,
  )

/** The key every write that moves finished goods of a brewery takes, so two confirmations cannot both have the last keg. */
export const finishedGoodsLock = (entityId: string) => `finished-goods:${entityId}`

/** Available to promise per option and lot: on hand (the ledger) less what confirmed orders hold. */
async function lotsAvailable(repo: SalesRepository, entityId: string, packageIds: string[]) {
  // One after the other: Confirm Order reads them in its transaction, one connection (ADR 380).
  // Each lot's movements summed (ADR 407): one row a lot, however long its history.
  const movements = await repo.finishedLotTotals(entityId, packageIds)
  const held = await repo.activeReservations(entityId, packageIds)
  const lots = finishedLots(
    movements.map((m) => ({
      packageId: m.packageId,
      batchId: m.batchId,
      units: m.units,
      kind: 'total',
      occurredAt: m.occurredAt.toISOString(),
    })),
  )
  const reservedOf = new Map<string, number>()
  for (const r of held) {
    const key = `${r.packageId}:${r.batchId ?? ''}`
    reservedOf.set(key, (reservedOf.get(key) ?? 0) + r.units)
  }
  return lots.map((lot) => ({
    ...lot,
    reserved: reservedOf.get(`${lot.packageId}:${lot.batchId ?? ''}`) ?? 0,
    available: lot.onHand - (reservedOf.get(`${lot.packageId}:${lot.batchId ?? ''}`) ?? 0),
  }))
}

export function createOrderService({ db }: { db: Db }) {
  const reads = createSalesRepository(db)

  /**
   * The views of orders whose lines and reservations (released ones too) are in hand: the lots' batch numbers and
   * the dispatched orders' invoices are read unless given.
   */
  async function assemble(
    repo: SalesRepository,
    tenant: Tenant,
    rows: { order: OrderRow; customerName: string }[],
    lines: OrderLineRow[],
    reservations: ReservationRow[],
    known: { batchNumbers?: Map<string, string>; invoiceId?: string | null } = {},
  ) {
    // A line shows what it holds now, or what it held when dispatched (the lots it sent out).
    const shown = reservations.filter((r) => r.releasedAt === null || r.releaseReason === 'dispatched')
    const batchIds = [...new Set(shown.filter((r) => r.batchId).map((r) => r.batchId!))]
    const numbers = known.batchNumbers ?? (await repo.batchNumbers(tenant.entityId, batchIds))
    const linesOf = groupBy(lines, (l) => l.orderId)
    // The live invoice holding the order's lines: Dispatch's own, or one Create Invoice made of several orders.
    const invoiced =
      known.invoiceId !== undefined
        ? new Map(rows.map((row) => [row.order.id, known.invoiceId ? { id: known.invoiceId } : undefined]))
        : await repo.invoicesOfOrders(
            tenant.entityId,
            rows.filter((row) => row.order.dispatchedAt).map((row) => row.order.id),
          )
    const seesMoney = can(tenant.role, 'sell')
    return rows.map((row) =>
      orderView(row, linesOf.get(row.order.id) ?? [], shown, numbers, {
        seesMoney,
        invoiceId: invoiced.get(row.order.id)?.id ?? null,
      }),
    )
  }

  async function views(
    repo: SalesRepository,
    tenant: Tenant,
    rows: { order: OrderRow; customerName: string }[],
  ) {
    const lines = await repo.lines(
      tenant.entityId,
      rows.map((r) => r.order.id),
    )
    const reservations = await repo.reservationsOfLines(
      tenant.entityId,
      lines.map((l) => l.id),
      { active: false },
    )
    return assemble(repo, tenant, rows, lines, reservations)
  }

  async function one(repo: SalesRepository, tenant: Tenant, id: string) {
    const row = await repo.order(tenant.entityId, id)
    if (!row) throw new AppError('NOT_FOUND', 'Order not found.')
    return (await views(repo, tenant, [row]))[0]
  }

  /**
   * One order's view as its write left it, from the rows the write holds (ADR 401): its row as changed, its lines
   * and every reservation of them (by when reserved, as a read gives them).
   */
  async function asWritten(
    repo: SalesRepository,
    tenant: Tenant,
    row: { order: OrderRow; customerName: string },
    lines: OrderLineRow[],
    reservations: ReservationRow[],
    known: { batchNumbers?: Map<string, string>; invoiceId?: string | null } = {},
  ) {
    const byReserved = reservations.toSorted((a, b) => a.reservedAt.getTime() - b.reservedAt.getTime())
    return (await assemble(repo, tenant, [row], lines, byReserved, known))[0]
  }

  /** The order, locked for the write; 404 before the role is checked (ADR 160). */
  async function mustLock(repo: SalesRepository, tenant: Tenant, id: string) {
    const row = await repo.order(tenant.entityId, id, { lock: true })
    if (!row) throw new AppError('NOT_FOUND', 'Order not found.')
    return row
  }

  /**
   * The rows to store of orders (new, or a draft changed): each option the brewery's, each price from the customer's
   * list unless given. What the orders share is read once (ADR 422): their customers, options, price lists, the
   * sales settings and the line ids already taken. `at` says where a refusal points: the one order's `data`, or
   * `data.orders.<i>` of several (which then name it in `issues`).
   */
  async function ordersToStore(
    repo: SalesRepository,
    tenant: Tenant,
    orders: { orderId: string; input: OrderChange; at: string }[],
    many: boolean,
  ) {
    const refusal = (code: 'NOT_FOUND' | 'CONFLICT', message: string, path: string) =>
      new AppError(code, message, many ? [{ path, message }] : undefined)
    const customerIds = [...new Set(orders.map(({ input }) => input.customerId))]
    const customers = new Map(
      (orders.length === 1
        ? [await repo.customer(tenant.entityId, customerIds[0])].filter((row) => row !== null)
        : await repo.customersOf(tenant.entityId, customerIds)
      ).map((row) => [row.id, row]),
    )
    orders.forEach(({ input, at }) => {
      if (!customers.has(input.customerId))
        throw refusal('NOT_FOUND', 'Customer not found.', `${at}.customerId`)
    })
    const packageIds = [...new Set(orders.flatMap(({ input }) => input.lines.map((l) => l.packageId)))]
    const options = new Map(
      (await repo.options(tenant.entityId, packageIds)).map((row) => [row.option.id, row]),
    )
    // Each customer's list, else the default, with its prices of these options (ADR 407).
    const lists = await repo.priceListsFor(
      tenant.entityId,
      [...new Set([...customers.values()].flatMap((c) => (c.priceListId ? [c.priceListId] : [])))],
      packageIds,
    )
    const settings = await settingsOf(repo, tenant.entityId)
    const deposits = new Map(settings.deposits.map((d) => [d.packageTypeId, d.depositCents]))
    const taken = await repo.lineIdsTaken(orders.flatMap(({ input }) => input.lines.map((l) => l.id)))
    return orders.map(({ orderId, input, at }) => {
      const customer = customers.get(input.customerId)!
      const { list, prices } = lists.chooseList(customer.priceListId)
      const lines = input.lines.map((line, index) => {
        const found = options.get(line.packageId)
        if (!found)
          throw refusal('NOT_FOUND', 'Packaging option not found.', `${at}.lines.${index}.packageId`)
        if (taken.some((t) => t.id === line.id && t.orderId !== orderId))
          throw refusal(
            'CONFLICT',
            `An order line with id ${line.id} already exists.`,
            `${at}.lines.${index}.id`,
          )
        const name = `${found.productName} ${found.option.type}`
        const unitPriceCents = line.unitPriceCents ?? priceFor(prices, line.packageId, line.quantity)
        if (unitPriceCents === null)
          throw invalid(
            `${at}.lines.${index}.unitPriceCents`,
            list
              ? `${name} has no price on the ${list.name} list for ${line.quantity}; enter a price.`
              : `${name} has no price: the customer has no price list; enter a price.`,
          )
        return {
          id: line.id,
          entityId: tenant.entityId,
          orderId,
          position: index,
          packageId: line.packageId,
          productName: found.productName,
          packageType: found.option.type,
          packageTypeId: found.option.typeId,
          sku: found.option.sku,
          upc: found.option.upc,
          quantity: line.quantity,
          unitPriceCents,
          depositCents: deposits.get(found.option.typeId) ?? 0,
        }
      })
      return {
        lines,
        customerName: customer.name,
        order: {
          customerId: customer.id,
          requestedDeliveryOn: input.requestedDeliveryOn,
          deliveryAddress: input.deliveryAddress ?? customer.deliveryAddress,
          notes: input.notes,
          taxRateBasisPoints: customer.taxExempt ? 0 : settings.taxRateBasisPoints,
          taxExempt: customer.taxExempt,
        },
      }
    })
  }

  /**
   * What confirming orders holds (Confirm Order, or orders placed confirmed): each line's units of finished goods,
   * first-expiring lot first, the orders one after the other (a later order takes what an earlier one left). All or
   * nothing: when any line is short, nothing is held and the refusal names every short line of the first order short
   * (`many`: naming the order, `data.orders.<i>`).
   */
  async function holdsFor(
    repo: SalesRepository,
    tx: Db,
    tenant: Tenant,
    orders: {
      lines: { id: string; packageId: string; quantity: number; productName: string; packageType: string }[]
      number: string
      at: string
    }[],
    many: boolean,
  ) {
    const packageIds = [...new Set(orders.flatMap((o) => o.lines.map((l) => l.packageId)))]
    // Lots on hold (a recall, ADR 303) are not available to promise.
    const held = await heldGoods(tx, tenant.entityId, packageIds)
    const lots = (await lotsAvailable(repo, tenant.entityId, packageIds)).filter(
      (lot) => !held.has(`${lot.packageId}:${lot.batchId ?? ''}`),
    )
    const holds: { orderLineId: string; packageId: string; batchId: string | null; units: number }[] = []
    for (const { lines, number, at } of orders) {
      const short: { index: number; name: string; ordered: number; available: number }[] = []
      lines.forEach((line, index) => {
        const ofOption = lots.filter((lot) => lot.packageId === line.packageId)
        const { allocations, short: missing } = allocateLots(ofOption, line.quantity)
        if (missing > 0) {
          short.push({
            index,
            name: `${line.productName} ${line.packageType}`,
            ordered: line.quantity,
            available: ofOption.reduce((sum, lot) => sum + Math.max(0, lot.available), 0),
          })
          return
        }
        for (const allocation of allocations) {
          const lot = ofOption.find((l) => l.batchId === allocation.batchId)!
          lot.available -= allocation.units
          holds.push({ orderLineId: line.id, packageId: line.packageId, ...allocation })
        }
      })
      if (short.length > 0) {
        const message = shortLinesMessage(short)
        throw new AppError(
          'CONFLICT',
          many ? message.replace('this order', `order ${number}`) : message,
          short.map((s) => ({
            path: `${many ? `${at}.` : ''}lines.${s.index}.quantity`,
            message: `${s.ordered} ordered, ${Math.max(0, s.available)} available`,
          })),
        )
      }
    }
    return holds.map((hold) => ({ entityId: tenant.entityId, ...hold }))
  }

  /**
   * New orders, each a draft or placed confirmed (`confirm`), in the order given, all or none. Placing confirmed takes
   * the finished-goods lock first, before the orders' numbers: Dispatch takes that lock before the invoice's number on
   * the same settings row, so taking them the other way round would deadlock against it (ADR 416). An order placed
   * confirmed is stored confirmed with what it holds, as Confirm Order would have left the draft (ADR 422).
   */
  async function addAll(tx: Db, tenant: Tenant, inputs: NewOrder[], many: boolean): Promise<Order[]> {
    assertCan(tenant, 'sell')
    const repo = createSalesRepository(tx)
    const confirming = inputs.some((input) => input.confirm)
    if (confirming) await lockForTransaction(tx, finishedGoodsLock(tenant.entityId))
    const at = (index: number) => (many ? `data.orders.${index}` : 'data')
    const stored = await ordersToStore(
      repo,
      tenant,
      inputs.map((input, index) => ({ orderId: input.id, input, at: at(index) })),
      many,
    )
    const { sequence: first } = await repo.takeNumber(tenant.entityId, 'order', inputs.length)
    const now = new Date()
    const rows = new Map(
      (
        await repo.insertOrders(
          inputs.map((input, index) => ({
            id: input.id,
            entityId: tenant.entityId,
            sequence: first + index,
            createdBy: tenant.userId,
            ...stored[index].order,
            ...(input.confirm ? { status: 'confirmed', confirmedAt: now } : { status: 'draft' }),
          })),
        )
      ).map((row) => [row.id, row]),
    )
    const clash = inputs.findIndex((input) => !rows.has(input.id))
    if (clash >= 0) {
      const message = `An order with id ${inputs[clash].id} already exists.`
      throw new AppError('CONFLICT', message, many ? [{ path: `${at(clash)}.id`, message }] : undefined)
    }
    // What the orders placed confirmed hold, one after the other; a short one refuses them all (rolled back).
    const reservations = confirming
      ? await holdsFor(
          repo,
          tx,
          tenant,
          inputs.flatMap((input, index) =>
            input.confirm
              ? [{ lines: stored[index].lines, number: formatOrderNumber(first + index), at: at(index) }]
              : [],
          ),
          many,
        )
      : []
    const lines = groupBy(
      await repo.insertLines(stored.flatMap((order) => order.lines)),
      (line) => line.orderId,
    )
    const reserved = groupBy(await repo.insertReservations(reservations), (r) => r.orderLineId)
    const batchIds = [...new Set(reservations.flatMap((r) => (r.batchId ? [r.batchId] : [])))]
    const batchNumbers = await repo.batchNumbers(tenant.entityId, batchIds)
    const views: Order[] = []
    for (const [index, input] of inputs.entries()) {
      const ofOrder = (lines.get(input.id) ?? []).toSorted((a, b) => a.position - b.position)
      views.push(
        await asWritten(
          repo,
          tenant,
          { order: rows.get(input.id)!, customerName: stored[index].customerName },
          ofOrder,
          // A draft holds nothing; an order placed confirmed what was just reserved.
          ofOrder.flatMap((line) => reserved.get(line.id) ?? []),
          { batchNumbers, invoiceId: null },
        ),
      )
    }
    return views
  }

  const service = {
    /** Every order (a customer's when named), newest first; without prices for a role that may not sell. */
    async list(tenant: Tenant, { customerId }: { customerId?: string } = {}): Promise<Order[]> {
      return views(reads, tenant, await reads.orders(tenant.entityId, customerId))
    },

    get: (tenant: Tenant, id: string) => one(reads, tenant, id),

    /** The order as a write's transaction sees it. */
    getIn: (tx: Db, tenant: Tenant, id: string) => one(createSalesRepository(tx), tenant, id),

    /**
     * The order as a write left it, from the rows the write holds (Dispatch's): its row as changed, its lines, every
     * reservation of them, and the batch numbers and the invoice when the write has them.
     */
    asWrittenIn: (
      tx: Db,
      tenant: Tenant,
      row: { order: OrderRow; customerName: string },
      lines: OrderLineRow[],
      reservations: ReservationRow[],
      known: { batchNumbers?: Map<string, string>; invoiceId?: string | null } = {},
    ) => asWritten(createSalesRepository(tx), tenant, row, lines, reservations, known),

    /** Available to promise per packaging option: on hand − reserved, from the ledger. */
    async availability(tenant: Tenant): Promise<Availability[]> {
      const options = await reads.options(tenant.entityId)
      const lots = await lotsAvailable(
        reads,
        tenant.entityId,
        options.map((o) => o.option.id),
      )
      const per = groupBy(lots, (lot) => lot.packageId)
      return options.map(({ option, productName }) => {
        const ofOption = per.get(option.id) ?? []
        const onHand = ofOption.reduce((sum, lot) => sum + lot.onHand, 0)
        const reserved = ofOption.reduce((sum, lot) => sum + lot.reserved, 0)
        return {
          packageId: option.id,
          productName,
          packageType: option.type,
          packageTypeId: option.typeId,
          sku: option.sku,
          upc: option.upc,
          onHand,
          reserved,
          available: onHand - reserved,
        }
      })
    },

    /** New Order: a draft, or placed confirmed with `confirm` (ADR 416). */
    add: async (tx: Db, tenant: Tenant, input: NewOrder): Promise<Order> =>
      (await addAll(tx, tenant, [input], false))[0],

    /**
     * Several new orders at once (an ordering portal's or a distributor's day of orders, ADR 422), each as New
     * Order would place it, in the order listed, all or none; a refusal names its order (`data.orders.<i>`).
     */
    addMany: (tx: Db, tenant: Tenant, inputs: NewOrder[]): Promise<Order[]> =>
      addAll(tx, tenant, inputs, true),

    async change(tx: Db, tenant: Tenant, id: string, input: OrderChange): Promise<Order> {
      const repo = createSalesRepository(tx)
      const { order: current } = await mustLock(repo, tenant, id)
      assertCan(tenant, 'sell')
      if (current.status !== 'draft')
        throw new AppError(
          'CONFLICT',
          current.status === 'dispatched' || current.status === 'delivered'
            ? 'A dispatched order cannot be edited; record a return instead.'
            : `Only a draft order can be edited; this order is ${STATUS_WORDS[current.status as OrderStatus]}.`,
        )
      const [{ lines, order, customerName }] = await ordersToStore(
        repo,
        tenant,
        [{ orderId: id, input, at: 'data' }],
        false,
      )
      const row = await repo.updateOrder(tenant.entityId, id, order)
      const stored = await repo.replaceLines(tenant.entityId, id, lines)
      // A draft holds nothing.
      return asWritten(repo, tenant, { order: row, customerName }, stored, [])
    },

    /**
     * Confirm Order: holds each line's units of finished goods, first-expiring lot first. All or nothing: when any
     * line is short, nothing is held and the refusal names every short line with what is available.
     */
    async confirm(tx: Db, tenant: Tenant, id: string): Promise<Order> {
      const repo = createSalesRepository(tx)
      const { order, customerName } = await mustLock(repo, tenant, id)
      assertCan(tenant, 'sell')
      if (order.status !== 'draft') throw notNow('Confirm Order', order.status, 'a draft')
      await lockForTransaction(tx, finishedGoodsLock(tenant.entityId))
      const lines = await repo.lines(tenant.entityId, [id])
      const holds = await holdsFor(repo, tx, tenant, [{ lines, number: '', at: 'data' }], false)
      const reserved = await repo.insertReservations(holds)
      const row = await repo.updateOrder(tenant.entityId, id, {
        status: 'confirmed',
        confirmedAt: new Date(),
      })
      // A draft held nothing: what it holds now is what was just reserved.
      return asWritten(repo, tenant, { order: row, customerName }, lines, reserved)
    },

    /** Pick: the lots held are on the van; each line keeps its lot (batch) numbers. */
    async pick(tx: Db, tenant: Tenant, id: string): Promise<Order> {
      const repo = createSalesRepository(tx)
      const { order, customerName } = await mustLock(repo, tenant, id)
      assertCan(tenant, 'fulfilOrders')
      if (order.status !== 'confirmed') throw notNow('Pick', order.status, 'a confirmed order')
      const now = new Date()
      const lines = await repo.lines(tenant.entityId, [id])
      const holding = await repo.reservationsOfLines(
        tenant.entityId,
        lines.map((l) => l.id),
      )
      await assertNotHeld(
        tx,
        tenant.entityId,
        holding.map((r) => ({ kind: 'finished-goods' as const, packageId: r.packageId, batchId: r.batchId })),
        'status',
      )
      const picked = await repo.markPicked(
        tenant.entityId,
        lines.map((l) => l.id),
        now,
      )
      const row = await repo.updateOrder(tenant.entityId, id, { status: 'picked', pickedAt: now })
      // A confirmed order's lines hold what was reserved, and released none as dispatched: the view shows those.
      return asWritten(repo, tenant, { order: row, customerName }, lines, picked)
    },

    /** Cancel before dispatch: what the order held is released. */
    async cancel(tx: Db, tenant: Tenant, id: string): Promise<Order> {
      const repo = createSalesRepository(tx)
      const { order } = await mustLock(repo, tenant, id)
      assertCan(tenant, 'sell')
      if (order.status === 'dispatched' || order.status === 'delivered')
        throw new AppError('CONFLICT', 'A dispatched order cannot be cancelled; record a return instead.')
      if (order.status === 'cancelled') throw new AppError('CONFLICT', 'This order is already cancelled.')
      const now = new Date()
      const lines = await repo.lines(tenant.entityId, [id])
      await repo.releaseReservations(
        tenant.entityId,
        lines.map((l) => l.id),
        'cancelled',
        now,
      )
      await repo.updateOrder(tenant.entityId, id, { status: 'cancelled', cancelledAt: now })
      return one(repo, tenant, id)
    },

    /** Delivered: the customer has it. */
    async deliver(tx: Db, tenant: Tenant, id: string): Promise<Order> {
      const repo = createSalesRepository(tx)
      const { order } = await mustLock(repo, tenant, id)
      assertCan(tenant, 'fulfilOrders')
      if (order.status !== 'dispatched') throw notNow('Delivered', order.status, 'a dispatched order')
      await repo.updateOrder(tenant.entityId, id, { status: 'delivered', deliveredAt: new Date() })
      return one(repo, tenant, id)
    },
  }
  return service
}

export type OrderService = ReturnType<typeof createOrderService>

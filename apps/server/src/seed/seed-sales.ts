// The sales side of the seed (ADR 370): customers, the keg fleet, and each simulated day the orders of the day
// — created, confirmed, picked and dispatched (the dispatch is the removal and issues the invoice), paid some
// days later — with every keg scanned as it is filled from a packaging run, shipped on an order, returned and
// cleaned (several kegs in one scan where a brewery scans them together, ADR 416).
import { KEG_SCAN_MANY_MAX, ORDERS_MANY_MAX, PAYMENTS_MANY_MAX } from '@brewcommand/domain'
import type { PackagedLine } from './seed-production.ts'
import { inParallel, scaled, type SeedContext } from './seed-kit.ts'

const WORDS = ['Cascade', 'Summit', 'Rimrock', 'Juniper', 'Basalt', 'Ponderosa', 'Deschutes', 'Tumalo']
const PLACES = ['Bend', 'Redmond', 'Sisters', 'Prineville', 'Madras', 'La Pine', 'Sunriver', 'Tumalo']
const KINDS = ['bar', 'restaurant', 'bottle-shop', 'taproom', 'distributor'] as const
const PRICES: Record<string, [number, number]> = {
  '1/2 BBL Keg': [15000, 19000],
  '1/6 BBL Keg': [6500, 8500],
  '16oz Cans': [140, 190],
}
const KEG_SIZE: Record<string, string> = { '1/2 BBL Keg': '1/2 BBL', '1/6 BBL Keg': '1/6 BBL' }

/** Orders on one van (a route of a regional brewery's day); a day's orders fill several. */
const VAN_ORDERS = 15

type Keg = { assetNumber: string; size: string; packageId: string | null; returnDay: number | null }
type Payment = { day: number; share: 1 | 0.5; order: number }

export function createSales(ctx: SeedContext, packageTypes: Map<string, string>) {
  const { rnd } = ctx
  const customerIds: string[] = []
  const kegs: Keg[] = []
  /** Finished goods on hand by the seed's own count, per packaging option. */
  const onHand = new Map<string, number>()
  const payments: Payment[] = []
  /** Each dispatched order's invoice, by the order's index (its payments come days later). */
  const invoiced = new Map<number, { invoiceId: string; totalCents: number }>()
  const totalOrders = scaled(25_000, ctx.weeks)
  let orderIndex = 0

  async function setup() {
    const customerCount = scaled(3_000, ctx.weeks, 5)
    const customers = Array.from({ length: customerCount }, (_, i) => {
      const id = rnd.uuid()
      const name = `${rnd.pick(WORDS)} ${rnd.pick(['Taproom', 'Grill', 'Market', 'Pub', 'Bottle Shop'])} ${i + 1}`
      const place = rnd.pick(PLACES)
      return { id, name, place, kind: rnd.pick(KINDS), i }
    })
    await inParallel(
      customers.map(
        ({ id, name, place, kind, i }) =>
          () =>
            ctx.write('POST', '/api/sales/customers', 'sales', {
              id,
              name,
              kind,
              contacts: [
                {
                  name: 'Buyer',
                  email: `buyer${i + 1}@${place.toLowerCase().replace(/ /g, '')}.example`,
                  phone: '',
                },
              ],
              priceListId: null,
            }),
      ),
      ctx.lanes,
    )
    for (const { id, name, place } of customers) {
      customerIds.push(id)
      ctx.wrote('customer', name, place)
    }
    // The keg fleet: 60 % half barrels, 40 % sixths, added 500 at a time (the route's limit).
    const fleet = scaled(2_000, ctx.weeks, 10)
    for (const [size, count, prefix] of [
      ['1/2 BBL', Math.round(fleet * 0.6), 'H-'],
      ['1/6 BBL', fleet - Math.round(fleet * 0.6), 'S-'],
    ] as const) {
      for (let done = 0; done < count; done += 500) {
        const added = (await ctx.write('POST', '/api/kegs', 'keg', {
          count: Math.min(500, count - done),
          size,
          owner: 'ours',
          purchasedOn: ctx.date(0),
          costCents: size === '1/2 BBL' ? 16000 : 11000,
          prefix,
        })) as unknown as { assetNumber: string }[]
        for (const keg of added)
          kegs.push({ assetNumber: keg.assetNumber, size, packageId: null, returnDay: null })
      }
      ctx.wrote('kegs', size, count)
    }
  }

  /**
   * Kegs scanned together with one kind, as a brewery does (ADR 416): a van's load onto an order, a run's kegs off
   * the filler, the day's returns and then the washer's rack; up to the route's limit a request.
   */
  async function scan(data: Record<string, unknown>, assetNumbers: string[]) {
    for (let at = 0; at < assetNumbers.length; at += KEG_SCAN_MANY_MAX)
      await ctx.write('POST', '/api/kegs/scans/many', 'keg', {
        ...data,
        assetNumbers: assetNumbers.slice(at, at + KEG_SCAN_MANY_MAX),
        occurredAt: new Date(ctx.clock.now()).toISOString(),
      })
  }

  /** Kegs back from customers today: returned together, then cleaned together. */
  async function returns(day: number) {
    ctx.at(day, 14.5)
    const back = kegs.filter((k) => k.returnDay === day)
    const numbers = back.map((keg) => keg.assetNumber)
    await scan({ kind: 'returned' }, numbers)
    await scan({ kind: 'cleaned' }, numbers)
    for (const keg of back) {
      keg.returnDay = null
      keg.packageId = null
      ctx.wrote('keg returned', day, keg.assetNumber)
    }
  }

  /** Today's packaging runs: finished goods on hand, and clean kegs of the size scanned as filled from the run. */
  async function packaged(day: number, lines: PackagedLine[]) {
    ctx.at(day, 16)
    const fills: (() => Promise<unknown>)[] = []
    for (const line of lines) {
      onHand.set(line.packageId, (onHand.get(line.packageId) ?? 0) + line.units)
      const size = KEG_SIZE[line.packageType]
      if (!size) continue
      const clean = kegs.filter((k) => k.size === size && k.packageId === null && k.returnDay === null)
      const filled = clean.slice(0, line.units)
      for (const keg of filled) keg.packageId = line.packageId
      if (filled.length > 0)
        fills.push(() =>
          scan(
            { kind: 'filled', packageRunId: line.eventId },
            filled.map((keg) => keg.assetNumber),
          ),
        )
      ctx.wrote('kegs filled', day, line.packageType, filled.length)
    }
    await inParallel(fills, ctx.lanes)
  }

  type PlannedOrder = {
    index: number
    id: string
    customerId: string
    lines: { id: string; packageId: string; quantity: number; unitPriceCents: number }[]
    kegs: string[]
    /** What share of the invoice is paid, and when (none: not yet). */
    pays: { day: number; share: 1 | 0.5 } | null
  }

  /** One order's draws, in the order the seed always made them; the seed's own stock and kegs move here. */
  function plan(
    day: number,
  ): PlannedOrder | { draft: true; id: string; customerId: string; lineId: string; packageId: string } {
    const index = orderIndex++
    const customerId = rnd.pick(customerIds)
    const available = [...onHand.entries()].filter(([, units]) => units > 0)
    const lines: PlannedOrder['lines'] = []
    for (let n = rnd.int(1, 3); n > 0 && available.length > 0; n--) {
      const [packageId, units] = available.splice(rnd.int(0, available.length - 1), 1)[0]
      const type = packageTypes.get(packageId) ?? ''
      const wanted = type === '16oz Cans' ? 24 * rnd.int(1, 4) : rnd.int(1, 3)
      const quantity = Math.min(wanted, units)
      const [low, high] = PRICES[type] ?? [1000, 2000]
      lines.push({ id: rnd.uuid(), packageId, quantity, unitPriceCents: rnd.int(low, high) })
    }
    const id = rnd.uuid()
    if (lines.length === 0)
      // Nothing on hand yet (a brewery's first weeks): the order waits as a draft.
      return {
        draft: true,
        id,
        customerId,
        lineId: rnd.uuid(),
        packageId: rnd.pick([...packageTypes.keys()]),
      }
    for (const line of lines) onHand.set(line.packageId, (onHand.get(line.packageId) ?? 0) - line.quantity)
    // The kegs on the order: filled kegs of the same packaging option, scanned onto it once it is dispatched.
    const shipped: string[] = []
    for (const line of lines) {
      const size = KEG_SIZE[packageTypes.get(line.packageId) ?? '']
      if (!size) continue
      const full = kegs
        .filter((k) => k.packageId === line.packageId && k.returnDay === null)
        .slice(0, line.quantity)
      for (const keg of full) {
        keg.returnDay = Math.min(day + rnd.int(10, 35), ctx.days + 1000)
        shipped.push(keg.assetNumber)
      }
    }
    // Most pay in full within terms, some pay part, a few not yet.
    const roll = rnd.next()
    const payDay = day + rnd.int(5, 40)
    const pays =
      roll < 0.9
        ? { day: payDay, share: 1 as const }
        : roll < 0.95
          ? { day: payDay, share: 0.5 as const }
          : null
    return { index, id, customerId, lines, kegs: shipped, pays }
  }

  /** The order as New Order takes it: placed confirmed, or a draft while nothing is on hand. */
  function newOrder(day: number, planned: ReturnType<typeof plan>) {
    const requestedDeliveryOn = ctx.date(Math.min(day + 2, ctx.days - 1))
    if ('draft' in planned)
      return {
        id: planned.id,
        customerId: planned.customerId,
        requestedDeliveryOn,
        notes: 'Waiting for the first beer',
        lines: [{ id: planned.lineId, packageId: planned.packageId, quantity: 1, unitPriceCents: 9000 }],
      }
    return {
      id: planned.id,
      customerId: planned.customerId,
      requestedDeliveryOn,
      notes: '',
      lines: planned.lines,
      // Placed confirmed, then picked and dispatched as the van is loaded (ADR 416).
      confirm: true,
    }
  }

  /** A van's load: its orders picked and dispatched in one write (ADR 422), then each order's kegs scanned onto it. */
  async function load(van: PlannedOrder[]): Promise<void> {
    const dispatched = (await ctx.write('POST', '/api/sales/orders/dispatch', 'sales', {
      orderIds: van.map((order) => order.id),
      dispatchedAt: new Date(ctx.clock.now()).toISOString(),
      pick: true,
    })) as unknown as { invoiceId: string; totalCents: number }[]
    van.forEach((order, index) =>
      invoiced.set(order.index, {
        invoiceId: String(dispatched[index].invoiceId),
        totalCents: Number(dispatched[index].totalCents),
      }),
    )
    for (const order of van)
      if (order.kegs.length > 0) await scan({ kind: 'shipped', orderId: order.id }, order.kegs)
  }

  return {
    setup,
    async day(day: number, packagedToday: PackagedLine[]) {
      await returns(day)
      await packaged(day, packagedToday)
      ctx.at(day, 23.5)
      const due = payments.filter((p) => p.day === day)
      const paying = due.map((payment) => ({
        payment,
        id: rnd.uuid(),
        method: rnd.pick(['check', 'ach', 'card'] as const),
      }))
      // The day's checks and transfers deposited together, up to the route's limit a write (ADR 422).
      for (let at = 0; at < paying.length; at += PAYMENTS_MANY_MAX)
        await ctx.write('POST', '/api/sales/invoices/payments', 'sales', {
          payments: paying.slice(at, at + PAYMENTS_MANY_MAX).map(({ payment, id, method }) => {
            const { invoiceId, totalCents } = invoiced.get(payment.order)!
            return {
              invoiceId,
              id,
              method,
              amountCents: payment.share === 1 ? totalCents : Math.floor(totalCents / 2),
              receivedOn: ctx.date(day),
              reference: `REF-${payment.order + 1}`,
            }
          }),
        })
      for (const { payment } of paying) {
        const { totalCents } = invoiced.get(payment.order)!
        ctx.wrote(
          'payment',
          day,
          payment.order,
          payment.share === 1 ? totalCents : Math.floor(totalCents / 2),
        )
      }
      // The day's orders, all drawn first; written at one instant (the ledgers see them as simultaneous).
      const count =
        Math.floor(((day + 1) * totalOrders) / ctx.days) - Math.floor((day * totalOrders) / ctx.days)
      ctx.at(day, 23.6)
      const planned = Array.from({ length: count }, () => plan(day))
      // The day's orders arrive together (the ordering portal's day), placed up to the route's limit a write (ADR 422).
      const placing = Array.from({ length: Math.ceil(planned.length / ORDERS_MANY_MAX) }, (_, n) =>
        planned.slice(n * ORDERS_MANY_MAX, (n + 1) * ORDERS_MANY_MAX),
      )
      for (const orders of placing)
        await ctx.write('POST', '/api/sales/orders/many', 'sales', {
          orders: orders.map((order) => newOrder(day, order)),
        })
      // The day's vans, loaded in the plan's order.
      const shipping = planned.filter((order): order is PlannedOrder => !('draft' in order))
      const vans = Array.from({ length: Math.ceil(shipping.length / VAN_ORDERS) }, (_, n) =>
        shipping.slice(n * VAN_ORDERS, (n + 1) * VAN_ORDERS),
      )
      await inParallel(
        vans.map((van) => () => load(van)),
        ctx.lanes,
      )
      for (const order of planned) {
        if ('draft' in order) {
          ctx.wrote('draft order', day, customerIds.indexOf(order.customerId))
          continue
        }
        ctx.wrote(
          'order dispatched',
          day,
          customerIds.indexOf(order.customerId),
          order.lines.map((l) => [packageTypes.get(l.packageId), l.quantity, l.unitPriceCents]),
          invoiced.get(order.index)!.totalCents,
        )
        if (order.pays) payments.push({ day: order.pays.day, share: order.pays.share, order: order.index })
      }
    },
  }
}

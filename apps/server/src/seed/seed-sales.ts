// The sales side of the seed (ADR 370): customers, the keg fleet, and each simulated day the orders of the day
// — created, confirmed, picked and dispatched (the dispatch is the removal and issues the invoice), paid some
// days later — with every keg scanned as it is filled from a packaging run, shipped on an order, returned and
// cleaned.
import type { PackagedLine } from './seed-production.ts'
import { scaled, type SeedContext } from './seed-kit.ts'

const WORDS = ['Cascade', 'Summit', 'Rimrock', 'Juniper', 'Basalt', 'Ponderosa', 'Deschutes', 'Tumalo']
const PLACES = ['Bend', 'Redmond', 'Sisters', 'Prineville', 'Madras', 'La Pine', 'Sunriver', 'Tumalo']
const KINDS = ['bar', 'restaurant', 'bottle-shop', 'taproom', 'distributor'] as const
const PRICES: Record<string, [number, number]> = {
  '1/2 BBL Keg': [15000, 19000],
  '1/6 BBL Keg': [6500, 8500],
  '16oz Cans': [140, 190],
}
const KEG_SIZE: Record<string, string> = { '1/2 BBL Keg': '1/2 BBL', '1/6 BBL Keg': '1/6 BBL' }

type Keg = { assetNumber: string; size: string; packageId: string | null; returnDay: number | null }
type Payment = { day: number; invoiceId: string; amountCents: number; order: number }

export function createSales(ctx: SeedContext, packageTypes: Map<string, string>) {
  const { rnd } = ctx
  const customerIds: string[] = []
  const kegs: Keg[] = []
  /** Finished goods on hand by the seed's own count, per packaging option. */
  const onHand = new Map<string, number>()
  const payments: Payment[] = []
  const totalOrders = scaled(25_000, ctx.weeks)
  let orderIndex = 0

  async function setup() {
    const customerCount = scaled(3_000, ctx.weeks, 5)
    for (let i = 0; i < customerCount; i++) {
      const id = rnd.uuid()
      const name = `${rnd.pick(WORDS)} ${rnd.pick(['Taproom', 'Grill', 'Market', 'Pub', 'Bottle Shop'])} ${i + 1}`
      const place = rnd.pick(PLACES)
      await ctx.write('POST', '/api/sales/customers', 'sales', {
        id,
        name,
        kind: rnd.pick(KINDS),
        contacts: [
          {
            name: 'Buyer',
            email: `buyer${i + 1}@${place.toLowerCase().replace(/ /g, '')}.example`,
            phone: '',
          },
        ],
        priceListId: null,
      })
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

  const scan = (data: Record<string, unknown>) =>
    ctx.write('POST', '/api/kegs/scans', 'keg', {
      ...data,
      occurredAt: new Date(ctx.clock.now()).toISOString(),
    })

  /** Kegs back from customers today: returned, then cleaned. */
  async function returns(day: number) {
    ctx.at(day, 14.5)
    for (const keg of kegs.filter((k) => k.returnDay === day)) {
      await scan({ kind: 'returned', assetNumber: keg.assetNumber })
      await scan({ kind: 'cleaned', assetNumber: keg.assetNumber })
      keg.returnDay = null
      keg.packageId = null
      ctx.wrote('keg returned', day, keg.assetNumber)
    }
  }

  /** Today's packaging runs: finished goods on hand, and clean kegs of the size scanned as filled from the run. */
  async function packaged(day: number, lines: PackagedLine[]) {
    ctx.at(day, 16)
    for (const line of lines) {
      onHand.set(line.packageId, (onHand.get(line.packageId) ?? 0) + line.units)
      const size = KEG_SIZE[line.packageType]
      if (!size) continue
      const clean = kegs.filter((k) => k.size === size && k.packageId === null && k.returnDay === null)
      const filled = clean.slice(0, line.units)
      for (const keg of filled) {
        await scan({ kind: 'filled', assetNumber: keg.assetNumber, packageRunId: line.eventId })
        keg.packageId = line.packageId
      }
      ctx.wrote('kegs filled', day, line.packageType, filled.length)
    }
  }

  async function order(day: number) {
    const i = orderIndex++
    const customerId = rnd.pick(customerIds)
    const available = [...onHand.entries()].filter(([, units]) => units > 0)
    const lines: { id: string; packageId: string; quantity: number; unitPriceCents: number }[] = []
    for (let n = rnd.int(1, 3); n > 0 && available.length > 0; n--) {
      const [packageId, units] = available.splice(rnd.int(0, available.length - 1), 1)[0]
      const type = packageTypes.get(packageId) ?? ''
      const wanted = type === '16oz Cans' ? 24 * rnd.int(1, 4) : rnd.int(1, 3)
      const quantity = Math.min(wanted, units)
      const [low, high] = PRICES[type] ?? [1000, 2000]
      lines.push({ id: rnd.uuid(), packageId, quantity, unitPriceCents: rnd.int(low, high) })
    }
    const id = rnd.uuid()
    const requestedDeliveryOn = ctx.date(Math.min(day + 2, ctx.days - 1))
    if (lines.length === 0) {
      // Nothing on hand yet (a brewery's first weeks): the order waits as a draft.
      await ctx.write('POST', '/api/sales/orders', 'sales', {
        id,
        customerId,
        requestedDeliveryOn,
        notes: 'Waiting for the first beer',
        lines: [
          {
            id: rnd.uuid(),
            packageId: rnd.pick([...packageTypes.keys()]),
            quantity: 1,
            unitPriceCents: 9000,
          },
        ],
      })
      ctx.wrote('draft order', day, customerIds.indexOf(customerId))
      return
    }
    await ctx.write('POST', '/api/sales/orders', 'sales', {
      id,
      customerId,
      requestedDeliveryOn,
      notes: '',
      lines,
    })
    for (const line of lines) onHand.set(line.packageId, (onHand.get(line.packageId) ?? 0) - line.quantity)
    await ctx.write('POST', `/api/sales/orders/${id}/confirm`, 'sales', { note: '' })
    await ctx.write('POST', `/api/sales/orders/${id}/pick`, 'sales', { note: '' })
    const dispatched = await ctx.write('POST', `/api/sales/orders/${id}/dispatch`, 'sales', {
      dispatchedAt: new Date(ctx.clock.now()).toISOString(),
    })
    // The kegs on the order: filled kegs of the same packaging option, scanned onto it.
    for (const line of lines) {
      const size = KEG_SIZE[packageTypes.get(line.packageId) ?? '']
      if (!size) continue
      const full = kegs
        .filter((k) => k.packageId === line.packageId && k.returnDay === null)
        .slice(0, line.quantity)
      for (const keg of full) {
        await scan({ kind: 'shipped', assetNumber: keg.assetNumber, orderId: id })
        keg.returnDay = Math.min(day + rnd.int(10, 35), ctx.days + 1000)
      }
    }
    const invoiceId = String(dispatched.invoiceId)
    const totalCents = Number(dispatched.totalCents)
    // Most pay in full within terms, some pay part, a few not yet.
    const roll = rnd.next()
    const payDay = day + rnd.int(5, 40)
    if (roll < 0.9) payments.push({ day: payDay, invoiceId, amountCents: totalCents, order: i })
    else if (roll < 0.95)
      payments.push({ day: payDay, invoiceId, amountCents: Math.floor(totalCents / 2), order: i })
    ctx.wrote(
      'order dispatched',
      day,
      customerIds.indexOf(customerId),
      lines.map((l) => [packageTypes.get(l.packageId), l.quantity, l.unitPriceCents]),
      totalCents,
    )
  }

  return {
    setup,
    async day(day: number, packagedToday: PackagedLine[]) {
      await returns(day)
      await packaged(day, packagedToday)
      ctx.at(day, 23.5)
      for (const payment of payments.filter((p) => p.day === day)) {
        await ctx.write('POST', `/api/sales/invoices/${payment.invoiceId}/payments`, 'sales', {
          id: rnd.uuid(),
          method: rnd.pick(['check', 'ach', 'card'] as const),
          amountCents: payment.amountCents,
          receivedOn: ctx.date(day),
          reference: `REF-${payment.order + 1}`,
        })
        ctx.wrote('payment', day, payment.order, payment.amountCents)
      }
      const count =
        Math.floor(((day + 1) * totalOrders) / ctx.days) - Math.floor((day * totalOrders) / ctx.days)
      for (let n = 0; n < count; n++) {
        ctx.at(day, 23.6 + (0.35 * n) / Math.max(1, count))
        await order(day)
      }
    },
  }
}

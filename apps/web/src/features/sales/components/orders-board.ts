import type { Order } from '@brewcommand/domain'

// The orders board's arithmetic (a pure function, tested): this week's deliveries by day (Monday to Sunday of the
// week of `today`), what is to pick (confirmed), what is to load (picked), and the overdue orders (a requested
// delivery day before today, not yet dispatched). Cancelled orders are on none of them.

export type Board = {
  days: { day: string; orders: Order[] }[]
  toPick: Order[]
  toLoad: Order[]
  overdue: Order[]
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** The Monday of the week of `day` (YYYY-MM-DD). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() // 0 = Sunday
  return addDays(day, weekday === 0 ? -6 : 1 - weekday)
}

const NOT_YET_OUT = new Set(['draft', 'confirmed', 'picked'])

export function boardOf(orders: readonly Order[], today: string): Board {
  const live = orders.filter((o) => o.status !== 'cancelled')
  const monday = mondayOf(today)
  const byDelivery = (a: Order, b: Order) =>
    (a.requestedDeliveryOn ?? '9999').localeCompare(b.requestedDeliveryOn ?? '9999') ||
    a.number.localeCompare(b.number)
  return {
    days: Array.from({ length: 7 }, (_, i) => {
      const day = addDays(monday, i)
      return { day, orders: live.filter((o) => o.requestedDeliveryOn === day).sort(byDelivery) }
    }),
    toPick: live.filter((o) => o.status === 'confirmed').sort(byDelivery),
    toLoad: live.filter((o) => o.status === 'picked').sort(byDelivery),
    overdue: live
      .filter(
        (o) => NOT_YET_OUT.has(o.status) && o.requestedDeliveryOn !== null && o.requestedDeliveryOn < today,
      )
      .sort(byDelivery),
  }
}

import {
  formatOrderNumber,
  shareOf,
  shareText,
  type TraceContact,
  type TraceNode,
  type TraceNodeKind,
} from '@brewcommand/domain'
import type { BatchRecords, Forward, PackagedRow, Run, ShipmentRow } from './trace.graph.ts'
import { goodsLotKey, type KegTraceRow } from './trace.repository.ts'

// The trace as a tree a person reads and walks (docs/decisions/300). Nodes are built without keys; `withKeys`
// gives each a path-unique key at the end (one record can sit under several parents).

type Draft = Omit<TraceNode, 'key' | 'children'> & { children: Draft[] }

export const node = (
  kind: TraceNodeKind,
  id: string,
  label: string,
  fields: { detail?: string; quantity?: string; href?: string | null; children?: Draft[] } = {},
): Draft => ({
  kind,
  id,
  label,
  detail: fields.detail ?? '',
  quantity: fields.quantity ?? '',
  href: fields.href ?? null,
  children: fields.children ?? [],
})

export function withKeys(draft: Draft, prefix = ''): TraceNode {
  const key = `${prefix}/${draft.kind}:${draft.id}`
  return { ...draft, key, children: draft.children.map((child) => withKeys(child, key)) }
}
export type { Draft }

const day = (value: Date | string | null | undefined) =>
  value ? (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10) : ''
const bbl = (value: number) => `${(Math.round(value * 100) / 100).toFixed(2)} bbl`
const units = (count: number) => `${count} unit${count === 1 ? '' : 's'}`
const amount = (value: string | number, unit: string) =>
  `${Number(Number(value).toFixed(4)).toString()} ${unit}`

export const batchHref = (id: string) => `/secure/operations/batches/${id}`
const ORDERS_HREF = '/secure/sales/orders'
export const kegHref = (id: string) => `/secure/inventory/kegs/${id}`
const DAY_MS = 86_400_000
const CUSTOMERS_HREF = '/secure/sales/customers'

export const contactText = (contacts: TraceContact[]) =>
  contacts
    .map((c) => [c.name, c.phone, c.email].filter(Boolean).join(' · '))
    .filter(Boolean)
    .join('; ')

/** The names the tree shows: batch numbers and vessel names by id. */
export type Names = { batch: Map<string, string>; vessel: Map<string, string> }
const batchName = (names: Names, id: string | null) => (id ? (names.batch.get(id) ?? 'a batch') : 'no batch')
const vesselName = (names: Names, id: string | null) => (id ? (names.vessel.get(id) ?? 'a vessel') : '')

export function customerNode(row: { customerId: string; customerName: string; contacts: TraceContact[] }) {
  return node('customer', row.customerId, row.customerName, {
    detail: contactText(row.contacts) || 'No contact on file',
    href: CUSTOMERS_HREF,
  })
}

/** An order's part of a finished-goods lot: held (confirmed, picked) or shipped, with its invoice and customer. */
export function orderNode(rows: ShipmentRow[], children?: Draft[]): Draft {
  const first = rows[0]
  const total = rows.reduce((sum, row) => sum + row.units, 0)
  const shipped = first.dispatchedAt
    ? `dispatched ${day(first.dispatchedAt)}`
    : `${first.status}, not shipped`
  const invoice = first.invoiceNumber ? ` · invoice ${first.invoiceNumber}` : ''
  return node('order', first.orderId, formatOrderNumber(first.sequence), {
    detail: `${shipped}${invoice}`,
    quantity: units(total),
    href: ORDERS_HREF,
    children: children ?? [customerNode(first)],
  })
}

/** Whole days from `since` to `now` (0 on the day it went out). */
export const daysBetween = (since: Date | string, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / DAY_MS))

/** A keg by its asset number: out at a customer (since when, days out) or full in the brewery. */
export function kegNode(keg: KegTraceRow, now: Date, children: Draft[] = []): Draft {
  const since = keg.since ? day(keg.since) : ''
  const where =
    keg.status === 'at-customer'
      ? `at ${keg.customer_name ?? 'a customer'}${since ? ` since ${since} · ${daysBetween(keg.since!, now)} days out` : ''}`
      : keg.status === 'full'
        ? `full, in the brewery${since ? ` since ${since}` : ''}`
        : `${keg.status}${since ? ` since ${since}` : ''}`
  return node('keg', keg.id, keg.asset_number, {
    detail: where,
    quantity: `${keg.size} keg`,
    href: kegHref(keg.id),
    children,
  })
}

const groupBy = <T>(rows: readonly T[], keyOf: (row: T) => string) => {
  const map = new Map<string, T[]>()
  for (const row of rows) {
    const key = keyOf(row)
    const group = map.get(key)
    if (group) group.push(row)
    else map.set(key, [row])
  }
  return map
}

/**
 * A forward walk's rows grouped once for the tree: the orders of each finished-goods lot, the kegs of each run and
 * batch, the packagings of each run (a year's trace has thousands of each; filtering them per node was quadratic).
 */
const indexes = new WeakMap<
  Forward,
  {
    shipments: Map<string, Forward['shipments']>
    kegs: Map<string, Forward['kegs']>
    packaged: Map<string, PackagedRow[]>
  }
>()
function indexOf(fwd: Forward) {
  let index = indexes.get(fwd)
  if (!index) {
    index = {
      shipments: groupBy(fwd.shipments, goodsLotKey),
      kegs: groupBy(fwd.kegs, (k) => `${k.fill_run_id}|${k.batch_id}`),
      packaged: groupBy(fwd.packaged, (row) => row.runId ?? ''),
    }
    indexes.set(fwd, index)
  }
  return index
}

/**
 * A finished-goods lot, the orders that hold or shipped it, and the kegs the run filled that are still full or
 * out: a keg at a customer sits under the customer of the order that shipped it (or under its customer alone when
 * that order is not one of the lot's), a full keg under the lot.
 */
function goodsNode(fwd: Forward, row: PackagedRow, names: Names, now: Date): Draft {
  const key = goodsLotKey(row)
  const lot = fwd.goods.get(key)
  const index = indexOf(fwd)
  const orders = groupBy(index.shipments.get(key) ?? [], (s) => s.orderId)
  const kegs = index.kegs.get(`${row.runId}|${row.batchId}`) ?? []
  const placed = new Set<string>()
  const orderNodes = [...orders.values()].map((rows) => {
    const held = kegs.filter((k) => k.status === 'at-customer' && k.order_id === rows[0].orderId)
    for (const k of held) placed.add(k.id)
    const customer = customerNode(rows[0])
    customer.children = held.map((k) => kegNode(k, now))
    return orderNode(rows, [customer])
  })
  const elsewhere = groupBy(
    kegs.filter((k) => k.status === 'at-customer' && !placed.has(k.id)),
    (k) => k.customer_id ?? '',
  )
  const customers = [...elsewhere.values()].map((held) => {
    const customer = customerNode({
      customerId: held[0].customer_id ?? '',
      customerName: held[0].customer_name ?? 'A customer',
      contacts: held[0].contacts ?? [],
    })
    customer.quantity = `${held.length} keg${held.length === 1 ? '' : 's'} out`
    customer.children = held.map((k) => kegNode(k, now))
    return customer
  })
  const full = kegs.filter((k) => k.status === 'full').map((k) => kegNode(k, now))
  return node('finished-goods', key, `${row.productName} ${row.packageType}`.trim(), {
    detail: `lot ${batchName(names, row.batchId)} · ${lot?.onHand ?? 0} on hand`,
    quantity: units(row.units),
    children: [...orderNodes, ...customers, ...full],
  })
}

function runNode(run: Run, label: string, quantity: string, names: Names, children: Draft[]): Draft {
  const blend = [...run.mix.keys()].filter(Boolean).length > 1
  return node('package-run', run.id, `${label} ${day(run.occurredAt)}`, {
    detail: `from ${vesselName(names, run.vesselId)}${blend ? ` · a blend of ${[...run.mix.keys()].map((id) => batchName(names, id)).join(' + ')}` : ''}`,
    quantity,
    children,
  })
}

/** Forward from one batch: the runs that carried it (its share), their lots and orders, and what is left in bulk. */
export function forwardChildren(batchId: string, fwd: Forward, names: Names, now = new Date()): Draft[] {
  const only = new Set([batchId])
  const runs = fwd.runs
    .filter((run) => shareOf(run.mix, only) > 0)
    .map((run) => {
      const share = shareOf(run.mix, only)
      return runNode(
        run,
        'Package run',
        `${bbl(run.volumeBbl * share)} of ${bbl(run.volumeBbl)} (${shareText(share)})`,
        names,
        (indexOf(fwd).packaged.get(run.id) ?? []).map((row) => goodsNode(fwd, row, names, now)),
      )
    })
  const bulk = [...fwd.flow.contents]
    .filter(([, mix]) => (mix.get(batchId) ?? 0) > 0.005)
    .map(([vesselId, mix]) =>
      node('stock', `bulk:${vesselId}:${batchId}`, `In ${vesselName(names, vesselId)}`, {
        detail: 'still in the brewery, in bulk',
        quantity: bbl(mix.get(batchId)!),
      }),
    )
  return [...runs, ...bulk]
}

/** Backward from one batch: its ingredient lots, the vessels it passed through with their cleaning, its readings. */
export function batchRecordChildren(
  batchId: string,
  records: BatchRecords,
  names: Names,
  vesselIds: Set<string>,
): Draft[] {
  const lots = records.consumption
    .filter((row) => row.batchId === batchId)
    .map((row) =>
      node('lot', row.lotId!, `${row.itemName} lot ${row.lotCode || '(no code)'}`, {
        detail: `${row.supplier || 'supplier not recorded'} · received ${day(row.receivedOn)}`,
        quantity: amount(row.used, row.unit),
      }),
    )
  const touched = records.touched.filter((row) => row.batch_id === batchId)
  const vessels = [...vesselIds].map((vesselId) => {
    const at = touched.find((row) => row.vessel_id === vesselId)
    const first = at ? new Date(at.first_at).getTime() : Number.POSITIVE_INFINITY
    const last = at ? new Date(at.last_at).getTime() : Number.NEGATIVE_INFINITY
    const ofVessel = records.cleanings.filter((c) => c.vesselId === vesselId)
    // The last cleaning before the batch went in, and any while it was there.
    const before = ofVessel.filter((c) => c.occurredAt.getTime() <= first).at(-1)
    const during = ofVessel.filter((c) => c.occurredAt.getTime() > first && c.occurredAt.getTime() <= last)
    const cleanings = [...(before ? [before] : []), ...during].map((c) =>
      node('cleaning', `${vesselId}:${c.occurredAt.toISOString()}`, `${c.kind} ${day(c.occurredAt)}`, {
        detail: [c.chemical, c.concentration, c.verification].filter(Boolean).join(' · '),
      }),
    )
    return node('vessel', vesselId, vesselName(names, vesselId), {
      detail: cleanings.length
        ? `cleaned ${day(before?.occurredAt ?? during[0]?.occurredAt)}`
        : 'no cleaning recorded before it',
      children: cleanings,
    })
  })
  const measured = records.measurements
    .filter((m) => m.batchId === batchId)
    .map((m) =>
      node('quality', `${batchId}:${m.point}:${m.takenAt.toISOString()}`, `${m.point} ${m.quantity}`, {
        detail: day(m.takenAt),
        quantity: m.gravity !== null ? `SG ${m.gravity.toFixed(3)}` : `${m.value} ${m.unit}`,
      }),
    )
  const summary = records.readings.find((r) => r.batchId === batchId)
  const read = summary
    ? [
        node('quality', `${batchId}:readings`, `${summary.count} cellar readings`, {
          detail: `${day(summary.firstAt)} to ${day(summary.lastAt)}${summary.minTemperature !== null ? ` · ${summary.minTemperature}–${summary.maxTemperature} °C` : ''}`,
          quantity:
            summary.firstGravity !== null && summary.lastGravity !== null
              ? `SG ${Number(summary.firstGravity).toFixed(3)} → ${Number(summary.lastGravity).toFixed(3)}`
              : '',
        }),
      ]
    : []
  return [
    node('ingredients', `${batchId}:ingredients`, 'Ingredient lots', {
      detail: lots.length ? '' : 'none recorded',
      children: lots,
    }),
    node('vessel', `${batchId}:vessels`, 'Vessels', { children: vessels }),
    node('quality', `${batchId}:quality`, 'Gravity and QA', {
      detail: measured.length + read.length ? '' : 'none recorded',
      children: [...measured, ...read],
    }),
  ]
}

export function batchNode(
  batch: {
    id: string
    number: string
    productName: string
    plannedBrewDate: string
    brewDayStartedAt: Date | null
  },
  fields: { quantity?: string; children: Draft[] },
): Draft {
  return node('batch', batch.id, batch.number, {
    detail: `${batch.productName} · brewed ${day(batch.brewDayStartedAt) || `(planned ${batch.plannedBrewDate})`}`,
    quantity: fields.quantity ?? '',
    href: batchHref(batch.id),
    children: fields.children,
  })
}

export { bbl, day, amount, units, groupBy, runNode }

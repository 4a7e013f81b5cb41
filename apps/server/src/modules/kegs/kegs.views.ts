import {
  can,
  daysOut,
  formatOrderNumber,
  type Keg,
  type KegEvent,
  type KegEventKind,
  type KegOwner,
  type KegSize,
  type KegState,
  type KegStatus,
} from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { KegEventRow, KegRow, KegsRepository } from './kegs.repository.ts'

// Rows → what the API answers, and a keg row → the state machine's state.

export type Names = {
  batches: Map<string, { number: string; productName: string }>
  customers: Map<string, string>
  orders: Map<string, number>
  /** Credit notes by id: their numbers (a return's deposit credit). */
  creditNotes: Map<string, string>
  /** Liquid events by id: their barrels (a full keg's beer lost). */
  losses: Map<string, number>
}

/** The names the rows refer to, read once; those in `known` (read earlier by the same write) are not read again. */
export async function namesOf(
  repo: KegsRepository,
  entityId: string,
  rows: {
    batchId: string | null
    customerId: string | null
    orderId?: string | null
    creditNoteId?: string | null
    liquidEventId?: string | null
  }[],
  known?: Names,
): Promise<Names> {
  const ids = (
    pick: (r: (typeof rows)[number]) => string | null | undefined,
    have?: Map<string, unknown>,
  ) => [...new Set(rows.map(pick).filter((id): id is string => !!id && !have?.has(id)))]
  const merged = <V>(have: Map<string, V> | undefined, read: Map<string, V>) =>
    have ? new Map([...have, ...read]) : read
  // One after the other: a scan reads them in its transaction, one connection (ADR 380).
  const batches = await repo.batchNumbers(
    entityId,
    ids((r) => r.batchId, known?.batches),
  )
  const customers = await repo.customerNames(
    entityId,
    ids((r) => r.customerId, known?.customers),
  )
  const orders = await repo.ordersByIds(
    entityId,
    ids((r) => r.orderId, known?.orders),
  )
  const creditNotes = await repo.creditNoteNumbers(
    entityId,
    ids((r) => r.creditNoteId, known?.creditNotes),
  )
  const losses = await repo.lossBarrels(
    entityId,
    ids((r) => r.liquidEventId, known?.losses),
  )
  return {
    batches: merged(known?.batches, batches),
    customers: merged(known?.customers, customers),
    orders: merged(known?.orders, orders),
    creditNotes: merged(known?.creditNotes, creditNotes),
    losses: merged(known?.losses, losses),
  }
}

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** The state machine's state of a keg row. */
export function stateOf(row: KegRow, names: Names): KegState {
  const since = iso(row.since)
  const batch = row.batchId ? names.batches.get(row.batchId) : undefined
  const fill =
    row.batchId && row.packageRunId
      ? {
          batchId: row.batchId,
          batchNumber: batch?.number ?? '',
          productName: batch?.productName ?? '',
          packageRunId: row.packageRunId,
        }
      : null
  const status = row.status as KegStatus
  if (status === 'full' && fill) return { status, since: since ?? '', fill }
  if (status === 'at-customer' && row.customerId)
    return {
      status,
      since: since ?? '',
      customerId: row.customerId,
      customerName: names.customers.get(row.customerId) ?? 'a customer',
      depositCents: row.depositCents,
      fill,
    }
  if (status === 'lost') return { status, since: since ?? '', customerId: row.customerId }
  return { status: status === 'full' || status === 'at-customer' ? 'clean' : status, since }
}

/** A keg as the API answers it; the cost only for a role that sees costs. */
export function kegView(row: KegRow, names: Names, tenant: Tenant, now: Date): Keg {
  const batch = row.batchId ? names.batches.get(row.batchId) : undefined
  return {
    id: row.id,
    assetNumber: row.assetNumber,
    size: row.size as KegSize,
    owner: row.owner as KegOwner,
    ownerName: row.ownerName,
    purchasedOn: row.purchasedOn,
    costCents: can(tenant.role, 'viewCosts') ? row.costCents : null,
    status: row.status as KegStatus,
    since: iso(row.since),
    customerId: row.customerId,
    customerName: row.customerId ? (names.customers.get(row.customerId) ?? null) : null,
    fill:
      row.batchId && row.packageRunId && (row.status === 'full' || row.status === 'at-customer')
        ? {
            batchId: row.batchId,
            batchNumber: batch?.number ?? '',
            productName: batch?.productName ?? '',
            packageRunId: row.packageRunId,
          }
        : null,
    daysOut: row.status === 'at-customer' && row.since ? daysOut(row.since.toISOString(), now) : null,
  }
}

export function eventView(row: KegEventRow, assetNumber: string, names: Names, tenant: Tenant): KegEvent {
  const batch = row.batchId ? names.batches.get(row.batchId) : undefined
  const sequence = row.orderId ? names.orders.get(row.orderId) : undefined
  const money = can(tenant.role, 'viewCosts')
  return {
    id: row.id,
    kegId: row.kegId,
    assetNumber,
    kind: row.kind as KegEventKind,
    occurredAt: row.occurredAt.toISOString(),
    recordedBy: row.recordedBy,
    batchId: row.batchId,
    batchNumber: batch?.number ?? null,
    productName: batch?.productName ?? null,
    customerId: row.customerId,
    customerName: row.customerId ? (names.customers.get(row.customerId) ?? null) : null,
    orderId: row.orderId,
    orderNumber: sequence !== undefined ? formatOrderNumber(sequence) : null,
    depositCents: row.depositCents,
    writeOffCents: money ? row.writeOffCents : 0,
    chargedCents: row.chargedCents,
    status: row.status as KegStatus,
    creditNoteNumber: row.creditNoteId ? (names.creditNotes.get(row.creditNoteId) ?? null) : null,
    lossBarrels: row.liquidEventId ? (names.losses.get(row.liquidEventId) ?? null) : null,
  }
}

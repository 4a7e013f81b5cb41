import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { holds, recalls } from '../../db/schema/trace.ts'
import { AppError } from '../../errors.ts'
import { formatRecallNumber } from '@brewcommand/domain'

// Holds (docs/decisions/303): a held lot cannot be picked, sold, dispatched, packaged or removed until released
// with a reason. Every path where stock moves asks here, in its own transaction, with the one call that fits it:
// `assertNotHeld` (refuse, 409, naming the hold) or `heldGoods` (leave held lots out of an allocation).
// Kegs need no hold of their own: a full keg is a unit of its finished-goods lot (package option × batch), so the
// lot's hold refuses its fill and its shipping (modules/kegs/keg-scans.ts).

export type HeldThing =
  | { kind: 'ingredient-lot'; lotId: string }
  | { kind: 'bulk'; batchId: string }
  | { kind: 'finished-goods'; packageId: string; batchId: string | null }

function matchOf(thing: HeldThing): SQL | undefined {
  if (thing.kind === 'ingredient-lot')
    return and(eq(holds.kind, 'ingredient-lot'), eq(holds.lotId, thing.lotId))
  if (thing.kind === 'bulk') return and(eq(holds.kind, 'bulk'), eq(holds.batchId, thing.batchId))
  if (!thing.batchId) return undefined
  return and(
    eq(holds.kind, 'finished-goods'),
    eq(holds.packageId, thing.packageId),
    eq(holds.batchId, thing.batchId),
  )
}

/** The active holds on any of `things`, with their recall's number. */
async function activeHolds(tx: Db, entityId: string, things: HeldThing[]) {
  const matches = things.map(matchOf).filter((m): m is SQL => !!m)
  if (matches.length === 0) return []
  return tx
    .select({
      label: holds.label,
      reason: holds.reason,
      recallKind: recalls.kind,
      recallSequence: recalls.sequence,
    })
    .from(holds)
    .leftJoin(recalls, eq(recalls.id, holds.recallId))
    .where(and(eq(holds.entityId, entityId), isNull(holds.releasedAt), or(...matches)))
}

/** Refuses (409) when any of `things` is on hold: "… is on hold (recall RC-0001: reason); release it first." */
export async function assertNotHeld(tx: Db, entityId: string, things: HeldThing[], path = 'data') {
  const [held] = await activeHolds(tx, entityId, things)
  if (!held) return
  const recall = held.recallKind
    ? `recall ${formatRecallNumber(held.recallKind as 'recall' | 'drill', held.recallSequence!)}: `
    : ''
  throw new AppError(
    'CONFLICT',
    `${held.label} is on hold (${recall}${held.reason}). Release the hold before moving it.`,
    [{ path, message: 'On hold' }],
  )
}

/** The finished-goods lots on hold among the options (`packageId:batchId`), to leave out of an allocation. */
export async function heldGoods(tx: Db, entityId: string, packageIds: string[]): Promise<Set<string>> {
  if (packageIds.length === 0) return new Set()
  const rows = await tx
    .select({ packageId: holds.packageId, batchId: holds.batchId })
    .from(holds)
    .where(
      and(
        eq(holds.entityId, entityId),
        eq(holds.kind, 'finished-goods'),
        isNull(holds.releasedAt),
        inArray(holds.packageId, packageIds),
      ),
    )
  return new Set(rows.map((row) => `${row.packageId}:${row.batchId ?? ''}`))
}

/** The ingredient lots on hold among `lotIds`, to leave out of a first-expiring allocation. */
export async function heldLots(tx: Db, entityId: string, lotIds: string[]): Promise<Set<string>> {
  if (lotIds.length === 0) return new Set()
  const rows = await tx
    .select({ lotId: holds.lotId })
    .from(holds)
    .where(
      and(
        eq(holds.entityId, entityId),
        eq(holds.kind, 'ingredient-lot'),
        isNull(holds.releasedAt),
        inArray(holds.lotId, lotIds),
      ),
    )
  return new Set(rows.map((row) => row.lotId!))
}

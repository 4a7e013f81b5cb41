import { packagedAvailableAt, roundBarrels, type TaxFreeReason } from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { assertEventsHold, datedWith, datingContext } from '../ledger/ledger-guard.ts'
import {
  createLedgerRepository,
  ledgerEventOf,
  type LedgerRepository,
  type LiquidEventRow,
} from '../ledger/ledger.repository.ts'
import { assertNotHeld, heldGoods } from '../trace/holds.ts'
import {
  KIND_OF_REMOVAL,
  nameOf,
  namesOfLast,
  namesOfOption,
  packagedRows,
  view,
  type FinishedGoodsInsert,
  type FinishedGoodsWrite,
  type LiquidEventInsert,
  type OptionNames,
  type RemovalClass,
  type TakeKind,
} from './finished-goods-rows.ts'

// Packaged beer taken off hand (finished-goods-ledger.ts): removals, breakage and destruction, one take or several
// as if one after the other (a dispatch's lots, ADR 401).

/**
 * What a caller that reads the same in its transaction shares with the takes (a dispatch and its invoice, ADR 407):
 * the brewery's time zone when it has it; the takes set it, and the numbers of the batches they name.
 */
export type SharedReads = { timeZone?: string; batchNumbers?: Map<string, string> }

/** One take of packaged beer (`takeFinishedGoods`). */
export type TakeInput = {
  movementId?: string
  kind: TakeKind
  packageId: string
  units: number
  batchId?: string | null
  taxFreeReason?: TaxFreeReason | null
  occurredAt: Date
  priorPeriodAdjustment?: boolean
  customer?: string
  orderLineId?: string | null
  reason?: string
  now?: Date
}

/** The options' names, their rows locked; an option gone from the catalogue by its last names on the ledger. */
async function optionsNames(repo: LedgerRepository, tenant: Tenant, packageIds: string[]) {
  const names = new Map<string, OptionNames | null>()
  for (const row of await repo.lockedPackageOptions(tenant.entityId, packageIds))
    names.set(row.option.id, namesOfOption(row))
  for (const packageId of packageIds) {
    if (names.has(packageId)) continue
    const last = await repo.lastNamesOf(tenant.entityId, packageId)
    names.set(packageId, last && namesOfLast(packageId, last))
  }
  return names
}

const isGuarded = (kind: TakeKind) => kind === 'sold' || kind === 'removed' || kind === 'consumed'

/**
 * Takes packaged beer off hand — a removal (taxpaid sale, without tax with its reason, consumed on premises),
 * breakage or destruction — from the named batch, or the oldest-packaged batches first, one finished-goods row
 * and one liquid event per batch. Refuses with a sentence when fewer units are there at `occurredAt` (or at any
 * later instant). The first row takes `movementId`.
 */
export async function takeFinishedGoods(
  tx: Db,
  tenant: Tenant,
  input: TakeInput,
): Promise<FinishedGoodsWrite> {
  return (await takeFinishedGoodsLots(tx, tenant, [input]))[0]
}

/**
 * Several takes in one transaction (a dispatch's lots), as if made one after the other — each sees the ones before
 * it, and a refusal is the one the first failing take would give — with the reads made once for all of them and
 * the rows written in two statements (ADR 401). Answers one write per take.
 */
export async function takeFinishedGoodsLots(
  tx: Db,
  tenant: Tenant,
  inputs: TakeInput[],
  shared: SharedReads = {},
): Promise<FinishedGoodsWrite[]> {
  if (inputs.length === 0) return []
  const repo = createLedgerRepository(tx)
  const packageIds = [...new Set(inputs.map((input) => input.packageId))]
  // One after the other: a write's transaction is one connection (ADR 380).
  const namesOf = await optionsNames(repo, tenant, packageIds)
  const dating = await datingContext(
    tx,
    tenant,
    inputs.map((input) => input.batchId ?? null),
    shared,
  )
  shared.timeZone = dating.timeZone
  shared.batchNumbers = new Map([...dating.batches].map(([id, batch]) => [id, batch.number]))
  // Each take's instant, or the refusal it gives in its turn (the checks below keep their order).
  const datings = inputs.map((input) => {
    try {
      return {
        dated: datedWith(dating, {
          requested: input.occurredAt,
          priorPeriodAdjustment: input.priorPeriodAdjustment ?? false,
          batchId: input.batchId ?? null,
          now: input.now ?? new Date(),
          field: 'data.occurredAt',
        }),
      }
    } catch (error) {
      return { error }
    }
  })
  // The options' history before the earliest take as one opening per batch, and every event from it on: what is
  // on hand at each take's instant and every instant after (ADR 407), not the whole ledger.
  const from = new Date(
    Math.min(...datings.map((d) => (d.dated ? d.dated.occurredAt.getTime() : Infinity)).concat(Date.now())),
  )
  const events = await repo.packagedFrom(tenant.entityId, packageIds, from)
  // A lot on hold (a recall, ADR 303) is not sold, removed or consumed; it may still be broken or destroyed.
  const held = await heldGoods(tx, tenant.entityId, [
    ...new Set(inputs.filter((input) => isGuarded(input.kind)).map((input) => input.packageId)),
  ])
  const booked: { event: LiquidEventInsert; movement: FinishedGoodsInsert; ttbClass: string | null }[][] = []
  const packageNames = new Map<string, string>()
  for (const [index, input] of inputs.entries()) {
    const names = namesOf.get(input.packageId)
    if (!names)
      throw new AppError('NOT_FOUND', 'Packaging option not found.', [
        { path: 'data.packageId', message: 'No such packaging option' },
      ])
    packageNames.set(input.packageId, nameOf(names))
    const { dated, error } = datings[index]
    if (!dated) throw error
    const guarded = isGuarded(input.kind)
    const isHeld = (batchId: string | null) => guarded && held.has(`${input.packageId}:${batchId ?? ''}`)
    if (guarded && input.batchId && isHeld(input.batchId))
      // Refuses naming the hold and its recall.
      await assertNotHeld(
        tx,
        tenant.entityId,
        [{ kind: 'finished-goods', packageId: input.packageId, batchId: input.batchId }],
        'data.batchId',
      )
    const available = packagedAvailableAt(events, input.packageId, dated.occurredAt.toISOString()).filter(
      (part) => (!input.batchId || part.batchId === input.batchId) && !isHeld(part.batchId),
    )
    const there = available.reduce((sum, part) => sum + part.units, 0)
    if (there < input.units) {
      const numbers = input.batchId ? await repo.batchNumbers(tenant.entityId, [input.batchId]) : null
      const ofBatch = input.batchId ? ` of batch ${numbers?.get(input.batchId) ?? 'that batch'}` : ''
      throw new AppError(
        'CONFLICT',
        `Only ${there} × ${nameOf(names)}${ofBatch} on hand at that date; ${input.units} cannot leave.`,
        [{ path: 'data.units', message: `Only ${there} on hand` }],
      )
    }
    const rows: (typeof booked)[number] = []
    let left = input.units
    for (const part of available) {
      if (left === 0) break
      const units = Math.min(left, part.units)
      left -= units
      // Each unit carries the barrels its batch's units hold on average; the last units take the rest exactly.
      const volumeBbl =
        units === part.onHandUnits
          ? part.onHandBbl
          : roundBarrels((units * part.onHandBbl) / part.onHandUnits)
      const row = packagedRows(tenant, {
        movementId: rows.length === 0 && input.movementId ? input.movementId : crypto.randomUUID(),
        kind: input.kind,
        names,
        batchId: part.batchId,
        units,
        volumeBbl,
        dated,
        customer: input.customer ?? '',
        reason: input.reason ?? '',
        details: {
          ...(input.customer ? { customer: input.customer } : {}),
          ...(input.orderLineId ? { orderLineId: input.orderLineId } : {}),
          ...(input.taxFreeReason ? { taxFreeReason: input.taxFreeReason } : {}),
          ...(input.kind === 'broken' ? { cause: 'breakage' } : {}),
        },
      })
      rows.push(row)
      // The next take sees this one, as it would have read it back.
      events.push(
        ledgerEventOf({ ...row.event, supersedesId: null, recordedAt: new Date() } as LiquidEventRow),
      )
    }
    booked.push(rows)
    // No instant of the option's timeline goes below nothing (assertTimelineHolds, on the events so far).
    await assertEventsHold(
      tx,
      tenant,
      events,
      { packageIds: [input.packageId] },
      { packages: new Map([[input.packageId, nameOf(names)]]) },
      'data.occurredAt',
    )
  }
  const all = booked.flat()
  const written = new Set((await repo.insertEvents(all.map((row) => row.event))).map((row) => row.id))
  if (all.some((row) => !written.has(row.event.id)))
    throw new AppError('CONFLICT', 'A liquid event with this id exists.')
  const movements = new Map(
    (await repo.insertFinishedGoodsRows(all.map((row) => row.movement))).map((row) => [row.id, row]),
  )
  const taken = all.find((row) => !movements.has(row.movement.id))
  if (taken)
    throw new AppError('CONFLICT', `A finished goods record with id ${taken.movement.id} already exists.`, [
      { path: 'data.id', message: 'Taken' },
    ])
  // Read back once (from the same instant): a write of another transaction committed meanwhile counts too.
  await assertEventsHold(
    tx,
    tenant,
    await repo.packagedFrom(tenant.entityId, packageIds, from),
    { packageIds },
    { packages: packageNames },
    'data.occurredAt',
  )
  return booked.map((rows) => {
    const views = rows.map((row) => view(movements.get(row.movement.id)!, row.ttbClass))
    return { movements: views, liquidEventIds: views.map((movement) => movement.liquidEventId!) }
  })
}

/**
 * For the Sales dispatch (and any other removal of packaged beer): removes `units` of a packaging option for
 * consumption or sale (`removed-taxpaid`), without payment of tax (`removed-without-tax`, with its
 * `taxFreeReason`), or consumed on premises, in the caller's transaction. Takes the named batch, else the
 * oldest-packaged batch first; refuses with a sentence (409) when fewer units are on hand at `occurredAt`.
 * Dates are checked as on every ledger write (not in the future, not in a closed period unless
 * `priorPeriodAdjustment`). The caller checks its own permission.
 *
 * @returns the finished-goods rows written (one per batch) and the ids of their liquid events.
 */
export async function removeFinishedGoods(
  tx: Db,
  tenant: Tenant,
  input: RemovalInput,
): Promise<FinishedGoodsWrite> {
  return (await removeFinishedGoodsLots(tx, tenant, [input]))[0]
}

/** One removal (`removeFinishedGoods`). */
export type RemovalInput = {
  packageId: string
  units: number
  batchId?: string | null
  ttbClass: RemovalClass
  taxFreeReason?: TaxFreeReason | null
  occurredAt: Date
  customer?: string
  orderLineId?: string | null
  priorPeriodAdjustment?: boolean
  reason?: string
  movementId?: string
}

/** Several removals as if one after the other (a dispatch's lots; `takeFinishedGoodsLots`): one write each. */
export function removeFinishedGoodsLots(
  tx: Db,
  tenant: Tenant,
  inputs: RemovalInput[],
  shared: SharedReads = {},
): Promise<FinishedGoodsWrite[]> {
  for (const input of inputs)
    if (input.ttbClass === 'removed-without-tax' && !input.taxFreeReason)
      throw new AppError('VALIDATION_FAILED', 'Choose why the beer leaves without tax.', [
        { path: 'data.taxFreeReason', message: 'Required for a tax-free removal' },
      ])
  return takeFinishedGoodsLots(
    tx,
    tenant,
    inputs.map((input) => ({ ...input, kind: KIND_OF_REMOVAL[input.ttbClass] })),
    shared,
  )
}

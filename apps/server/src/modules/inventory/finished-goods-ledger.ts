import {
  containerOfPackageType,
  LEDGER_OF_FINISHED_GOODS,
  packagedAvailableAt,
  roundBarrels,
  barrelsPerUnitOfPackageType,
  type FinishedGoodsMovementView,
  type ManualFinishedGoodsKind,
  type ReturnableRemoval,
  type TaxFreeReason,
} from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { finishedGoodsMovements } from '../../db/schema/inventory.ts'
import type { liquidEvents } from '../../db/schema/production.ts'
import {
  adjustmentDetails,
  assertEventsHold,
  assertTimelineHolds,
  dateLiquidEvent,
  datedWith,
  datingContext,
  type DatedEvent,
} from '../ledger/ledger-guard.ts'
import {
  createLedgerRepository,
  ledgerEventOf,
  type LedgerRepository,
  type LiquidEventRow,
} from '../ledger/ledger.repository.ts'
import { assertNotHeld, heldGoods } from '../trace/holds.ts'

// Finished goods on the one ledger (docs/production.md "Removals on the ledger"; the ledger contract): every
// removal, breakage, destruction, return and receipt of packaged beer writes its liquid event in the caller's
// transaction, and the finished-goods row names it (`liquid_event_id`). The caller checks the permission
// (manageStock on the Inventory route; the Sales dispatch and credit note check their own).

/** The finished-goods kinds that take packaged beer off hand. */
export type TakeKind = Extract<
  ManualFinishedGoodsKind,
  'sold' | 'removed' | 'consumed' | 'broken' | 'destroyed'
>

/** The TTB class of a removal for consumption or sale, without tax, or on premises. */
export type RemovalClass = 'removed-taxpaid' | 'removed-without-tax' | 'consumed-on-premises'

const KIND_OF_REMOVAL: Record<RemovalClass, TakeKind> = {
  'removed-taxpaid': 'sold',
  'removed-without-tax': 'removed',
  'consumed-on-premises': 'consumed',
}

/** What a finished-goods write answers: one row per batch it touched, and the liquid events it wrote. */
export type FinishedGoodsWrite = { movements: FinishedGoodsMovementView[]; liquidEventIds: string[] }

type OptionNames = {
  packageId: string
  productId: string | null
  productName: string
  packageType: string
  sku: string
  upc: string
}

/** The option's names, its row locked (removals of one option queue behind each other). */
async function optionNames(repo: LedgerRepository, tenant: Tenant, packageId: string): Promise<OptionNames> {
  const option = await repo.lockedPackageOption(tenant.entityId, packageId)
  if (option)
    return {
      packageId,
      productId: option.option.productId,
      productName: option.productName,
      packageType: option.option.type,
      sku: option.option.sku,
      upc: option.option.upc,
    }
  const last = await repo.lastNamesOf(tenant.entityId, packageId)
  if (!last)
    throw new AppError('NOT_FOUND', 'Packaging option not found.', [
      { path: 'data.packageId', message: 'No such packaging option' },
    ])
  return {
    packageId,
    productId: last.productId,
    productName: last.productName,
    packageType: last.packageType,
    sku: last.sku,
    upc: last.upc,
  }
}

const nameOf = (names: OptionNames) => `${names.productName} ${names.packageType}`.trim()

function view(
  row: {
    id: string
    packageId: string
    kind: string
    units: number
    batchId: string | null
    liquidEventId: string | null
    customer: string
    reason: string
    occurredAt: Date
  },
  ttbClass: string | null,
): FinishedGoodsMovementView {
  return {
    id: row.id,
    packageId: row.packageId,
    kind: row.kind as FinishedGoodsMovementView['kind'],
    units: row.units,
    batchId: row.batchId,
    liquidEventId: row.liquidEventId,
    ttbClass,
    customer: row.customer,
    reason: row.reason,
    occurredAt: row.occurredAt.toISOString(),
  }
}

type PackagedEntry = {
  movementId: string
  kind: ManualFinishedGoodsKind
  names: OptionNames
  batchId: string | null
  units: number
  volumeBbl: number
  dated: DatedEvent
  customer: string
  reason: string
  details: Record<string, unknown>
}
type LiquidEventInsert = typeof liquidEvents.$inferInsert & { id: string }
type FinishedGoodsInsert = typeof finishedGoodsMovements.$inferInsert & { id: string }

/** The liquid event and the finished-goods row of one entry, as they are written. */
function packagedRows(tenant: Tenant, entry: PackagedEntry) {
  const ledger = LEDGER_OF_FINISHED_GOODS[entry.kind]
  const eventId = crypto.randomUUID()
  const event: LiquidEventInsert = {
    id: eventId,
    entityId: tenant.entityId,
    batchId: entry.batchId,
    kind: ledger.kind,
    fromVesselId: null,
    toVesselId: null,
    volumeBbl: entry.volumeBbl.toFixed(5),
    reason: entry.reason,
    ttbClass: ledger.ttbClass,
    details: {
      source: 'packaged',
      packageId: entry.names.packageId,
      units: entry.units,
      container: containerOfPackageType(entry.names.packageType),
      packageType: entry.names.packageType,
      sku: entry.names.sku,
      finishedGoodsMovementId: entry.movementId,
      ...entry.details,
      ...adjustmentDetails(entry.dated),
    },
    occurredAt: entry.dated.occurredAt,
    recordedBy: tenant.userId,
  }
  const movement: FinishedGoodsInsert = {
    id: entry.movementId,
    entityId: tenant.entityId,
    packageId: entry.names.packageId,
    productId: entry.names.productId,
    productName: entry.names.productName,
    packageType: entry.names.packageType,
    sku: entry.names.sku,
    upc: entry.names.upc,
    kind: entry.kind,
    units: ledger.sign * entry.units,
    volumeBbl: (ledger.sign * entry.volumeBbl).toFixed(5),
    batchId: entry.batchId,
    liquidEventId: eventId,
    customer: entry.customer,
    reason: entry.reason,
    occurredAt: entry.dated.occurredAt,
    recordedBy: tenant.userId,
  }
  return { event, movement, ttbClass: ledger.ttbClass }
}

/** One liquid event and its finished-goods row, in the caller's transaction. */
async function bookPackaged(repo: LedgerRepository, tenant: Tenant, entry: PackagedEntry) {
  const { event, movement, ttbClass } = packagedRows(tenant, entry)
  if (!(await repo.insertEvent(event))) throw new AppError('CONFLICT', 'A liquid event with this id exists.')
  const row = await repo.insertFinishedGoods(movement)
  if (!row)
    throw new AppError('CONFLICT', `A finished goods record with id ${entry.movementId} already exists.`, [
      { path: 'data.id', message: 'Taken' },
    ])
  return view(row, ttbClass)
}

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
    names.set(row.option.id, {
      packageId: row.option.id,
      productId: row.option.productId,
      productName: row.productName,
      packageType: row.option.type,
      sku: row.option.sku,
      upc: row.option.upc,
    })
  for (const packageId of packageIds) {
    if (names.has(packageId)) continue
    const last = await repo.lastNamesOf(tenant.entityId, packageId)
    names.set(
      packageId,
      last && {
        packageId,
        productId: last.productId,
        productName: last.productName,
        packageType: last.packageType,
        sku: last.sku,
        upc: last.upc,
      },
    )
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
  )
  const events = (await repo.eventsOfPlaces(tenant.entityId, [], packageIds)).map(ledgerEventOf)
  // A lot on hold (a recall, ADR 303) is not sold, removed or consumed; it may still be broken or destroyed.
  const held = await heldGoods(tx, tenant.entityId, [
    ...new Set(inputs.filter((input) => isGuarded(input.kind)).map((input) => input.packageId)),
  ])
  const booked: { event: LiquidEventInsert; movement: FinishedGoodsInsert; ttbClass: string | null }[][] = []
  const packageNames = new Map<string, string>()
  for (const input of inputs) {
    const names = namesOf.get(input.packageId)
    if (!names)
      throw new AppError('NOT_FOUND', 'Packaging option not found.', [
        { path: 'data.packageId', message: 'No such packaging option' },
      ])
    packageNames.set(input.packageId, nameOf(names))
    const dated = datedWith(dating, {
      requested: input.occurredAt,
      priorPeriodAdjustment: input.priorPeriodAdjustment ?? false,
      batchId: input.batchId ?? null,
      now: input.now ?? new Date(),
      field: 'data.occurredAt',
    })
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
  // Read back once: a write of another transaction committed meanwhile counts too.
  await assertTimelineHolds(tx, tenant, { packageIds }, { packages: packageNames }, 'data.occurredAt')
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
  )
}

/**
 * For the Sales credit note (and the Inventory return): taxpaid beer coming back from an earlier removal
 * (`removalLiquidEventId`, a packaged `removed-taxpaid` event). At most what that removal sent out less earlier
 * returns; not dated before the removal. Puts the units back on hand in the removal's batch, in the caller's
 * transaction. The caller checks its own permission.
 *
 * @returns the finished-goods row written and the id of its `returned` liquid event.
 */
export async function returnFinishedGoods(
  tx: Db,
  tenant: Tenant,
  input: {
    removalLiquidEventId: string
    units: number
    occurredAt: Date
    reason: string
    priorPeriodAdjustment?: boolean
    movementId?: string
    /** The option the person chose: the removal must be of it. */
    packageId?: string
    now?: Date
  },
): Promise<FinishedGoodsWrite> {
  const repo = createLedgerRepository(tx)
  const removal = await repo.event(tenant.entityId, input.removalLiquidEventId, { lock: true })
  const details = removal?.details ?? {}
  if (
    !removal ||
    removal.kind !== 'removed' ||
    typeof details.packageId !== 'string' ||
    (input.packageId !== undefined && details.packageId !== input.packageId)
  )
    throw new AppError('NOT_FOUND', 'That removal of packaged beer was not found.', [
      { path: 'data.returnOf', message: 'No such removal' },
    ])
  if (removal.ttbClass.replace(/_/g, '-') !== 'removed-taxpaid')
    throw new AppError('CONFLICT', 'Only beer removed taxpaid (sold) comes back as a return.', [
      { path: 'data.returnOf', message: 'Not a taxpaid removal' },
    ])
  if ((await repo.supersededAmong(tenant.entityId, [removal.id])).size > 0)
    throw new AppError('CONFLICT', 'That removal was corrected; return against its correction.', [
      { path: 'data.returnOf', message: 'Superseded' },
    ])
  const sent = Number(details.units)
  const earlier = await repo.returnsOf(tenant.entityId, removal.id)
  const superseded = await repo.supersededAmong(
    tenant.entityId,
    earlier.map((row) => row.id),
  )
  const counted = earlier.filter((row) => !superseded.has(row.id))
  const back = counted.reduce((sum, row) => sum + Number(row.details?.units ?? 0), 0)
  const backBbl = counted.reduce((sum, row) => sum + Number(row.volumeBbl), 0)
  if (input.units > sent - back)
    throw new AppError(
      'CONFLICT',
      `That removal sent out ${sent} unit${sent === 1 ? '' : 's'} and ${back} ha${back === 1 ? 's' : 've'} come back already; at most ${sent - back} can be returned.`,
      [{ path: 'data.units', message: `At most ${sent - back}` }],
    )
  if (input.occurredAt.getTime() < removal.occurredAt.getTime())
    throw new AppError(
      'VALIDATION_FAILED',
      `A return cannot be dated before the removal it comes back from (${removal.occurredAt.toISOString().slice(0, 10)}).`,
      [{ path: 'data.occurredAt', message: 'Before the removal' }],
    )
  const names = await optionNames(repo, tenant, details.packageId)
  const dated = await dateLiquidEvent(tx, tenant, {
    requested: input.occurredAt,
    priorPeriodAdjustment: input.priorPeriodAdjustment ?? false,
    batchId: null,
    now: input.now ?? new Date(),
    field: 'data.occurredAt',
  })
  const removedBbl = Number(removal.volumeBbl)
  const volumeBbl =
    input.units === sent - back
      ? roundBarrels(removedBbl - backBbl)
      : roundBarrels((input.units * removedBbl) / sent)
  const movement = await bookPackaged(repo, tenant, {
    movementId: input.movementId ?? crypto.randomUUID(),
    kind: 'returned',
    names,
    batchId: removal.batchId,
    units: input.units,
    volumeBbl,
    dated,
    customer: typeof details.customer === 'string' ? details.customer : '',
    reason: input.reason,
    details: { returnOf: removal.id },
  })
  return { movements: [movement], liquidEventIds: [movement.liquidEventId!] }
}

/**
 * Packaged beer received in bond from another brewery (TTB F 5130.26 line 3): puts units of an option on hand,
 * with no batch of ours, in the caller's transaction. The option's type must say its volume.
 */
export async function receiveFinishedGoods(
  tx: Db,
  tenant: Tenant,
  input: {
    movementId?: string
    packageId: string
    units: number
    fromBrewery: string
    occurredAt: Date
    reason?: string
    priorPeriodAdjustment?: boolean
    now?: Date
  },
): Promise<FinishedGoodsWrite> {
  const repo = createLedgerRepository(tx)
  const names = await optionNames(repo, tenant, input.packageId)
  const perUnit = barrelsPerUnitOfPackageType(names.packageType)
  if (perUnit === null)
    throw new AppError(
      'VALIDATION_FAILED',
      `The type “${names.packageType}” does not say how much beer a unit holds; name it with its size (16oz Cans, 1/6 BBL Keg).`,
      [{ path: 'data.packageId', message: 'No volume per unit' }],
    )
  const dated = await dateLiquidEvent(tx, tenant, {
    requested: input.occurredAt,
    priorPeriodAdjustment: input.priorPeriodAdjustment ?? false,
    batchId: null,
    now: input.now ?? new Date(),
    field: 'data.occurredAt',
  })
  const movement = await bookPackaged(repo, tenant, {
    movementId: input.movementId ?? crypto.randomUUID(),
    kind: 'received',
    names,
    batchId: null,
    units: input.units,
    volumeBbl: roundBarrels(input.units * perUnit),
    dated,
    customer: '',
    reason: input.reason ?? '',
    details: { fromBrewery: input.fromBrewery },
  })
  return { movements: [movement], liquidEventIds: [movement.liquidEventId!] }
}

/** The taxpaid packaged removals of an option, with what came back and what still may, newest first. */
export async function returnableRemovals(
  db: Db,
  tenant: Tenant,
  packageId: string,
): Promise<ReturnableRemoval[]> {
  const repo = createLedgerRepository(db)
  if (!(await repo.knowsPackage(tenant.entityId, packageId)))
    throw new AppError('NOT_FOUND', 'Packaging option not found.')
  const removals = (await repo.removalsOf(tenant.entityId, packageId)).filter(
    (row) => row.ttbClass.replace(/_/g, '-') === 'removed-taxpaid',
  )
  const superseded = await repo.supersededAmong(
    tenant.entityId,
    removals.map((row) => row.id),
  )
  const result: ReturnableRemoval[] = []
  for (const removal of removals.filter((row) => !superseded.has(row.id))) {
    const returns = await repo.returnsOf(tenant.entityId, removal.id)
    const returnsSuperseded = await repo.supersededAmong(
      tenant.entityId,
      returns.map((row) => row.id),
    )
    const back = returns
      .filter((row) => !returnsSuperseded.has(row.id))
      .reduce((sum, row) => sum + Number(row.details?.units ?? 0), 0)
    const units = Number(removal.details?.units ?? 0)
    result.push({
      liquidEventId: removal.id,
      kind: 'sold',
      ttbClass: removal.ttbClass,
      batchId: removal.batchId,
      units,
      returnedUnits: back,
      returnableUnits: Math.max(0, units - back),
      customer: typeof removal.details?.customer === 'string' ? removal.details.customer : '',
      occurredAt: removal.occurredAt.toISOString(),
    })
  }
  return result
}

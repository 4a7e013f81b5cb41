import { monthOf, rangePeriod, startOfDayIn, todayIn, type CostsRead, type Period } from '@brewcommand/domain'
import { and, eq, gte, lt, or, sql } from 'drizzle-orm'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { accountingLinks, accountingSyncLog, type AccountMapping } from '../../db/schema/accounting.ts'
import { inventoryItems, lots, stockMovements } from '../../db/schema/inventory.ts'
import { AppError } from '../../errors.ts'
import { createReportingRepository } from '../reporting/reporting.repository.ts'
import type { ConnectionService } from './connection.service.ts'
import {
  heldValueOf,
  journalLines,
  JOURNAL_ROLE_LABELS,
  lastDayOf,
  monthLabel,
  previousMonth,
  type JournalFigures,
  type JournalRole,
  type MonthFlows,
} from './journal.ts'
import { PROVIDER_LABELS, ProviderError, type ProviderName } from './provider.ts'

// The month-end journal's preview and its one posting (docs/decisions/365-month-end-journal.md). The figures are
// the cost report's (inventory's FIFO costs, ADR 219/240) and the month's stock movements with the same dating
// (a receipt on its lot's received day, everything else at its instant in the brewery's time zone). Posted once per
// brewery and month: the accounting system's id is kept in accounting_links (kind `journal`, the month as our id),
// claimed before the call so two clicks never post twice.

const JOURNAL_KIND = 'journal'

/** The mapping changed between the preview and the posting: refused in words, nothing posted. */
const unmapped = (role: JournalRole): never => {
  throw new ProviderError(
    `no ${JOURNAL_ROLE_LABELS[role]} account is mapped; choose one under Mapping.`,
    'refused',
  )
}
const PENDING = 'pending:'

type Costs = { costReport(entityId: string, period: Period, timeZone: string): Promise<CostsRead> }

export function createJournalService({
  db,
  connections,
  costs,
  alertAdmins,
}: {
  db: Db
  connections: ConnectionService
  costs: Costs
  /** The bell and a mail to the Admins (the sync's alert), at the second failure in a row. */
  alertAdmins?: (entityId: string, provider: ProviderName, label: string, message: string) => Promise<void>
}) {
  const reporting = createReportingRepository(db)

  /** The month's stock movements by what they were: receipts, production (ingredients, packaging), the rest. */
  async function flowsOf(entityId: string, month: string, timeZone: string): Promise<MonthFlows> {
    const next = rangePeriod({ from: month, to: month }).to
    const [from, to] = [startOfDayIn(`${month}-01`, timeZone), startOfDayIn(next, timeZone)]
    const isReceipt = sql`(${stockMovements.kind} = 'received' and ${lots.receivedOn} is not null)`
    const kind = sql<string>`case when ${isReceipt} or ${stockMovements.kind} = 'received' then 'received'
      when ${stockMovements.batchId} is not null then 'production' else 'adjusted' end`
    const rows = await db
      .select({
        kind,
        packaging: sql<boolean>`${inventoryItems.category} = 'packaging'`,
        costCents: sql<string>`coalesce(sum(${stockMovements.costCents}), 0)`,
      })
      .from(stockMovements)
      .innerJoin(
        inventoryItems,
        and(eq(inventoryItems.id, stockMovements.itemId), eq(inventoryItems.entityId, entityId)),
      )
      .leftJoin(lots, and(eq(lots.id, stockMovements.lotId), eq(lots.entityId, entityId)))
      .where(
        and(
          eq(stockMovements.entityId, entityId),
          or(
            and(isReceipt, gte(lots.receivedOn, `${month}-01`), lt(lots.receivedOn, next)),
            and(
              sql`not ${isReceipt}`,
              gte(stockMovements.occurredAt, from),
              lt(stockMovements.occurredAt, to),
            ),
          ),
        ),
      )
      .groupBy(sql`1`, sql`2`)
    const sum = (which: string, packaging?: boolean) =>
      rows
        .filter((row) => row.kind === which && (packaging === undefined || !!row.packaging === packaging))
        .reduce((total, row) => total + Number(row.costCents), 0)
    return {
      receivedCents: sum('received'),
      // A batch's consumption lowers the stock (−); production used its opposite.
      ingredientsCents: -sum('production', false),
      packagingCents: -sum('production', true),
      adjustedCents: sum('adjusted'),
    }
  }

  async function postedOf(entityId: string, month: string) {
    const [row] = await db
      .select()
      .from(accountingLinks)
      .where(
        and(
          eq(accountingLinks.entityId, entityId),
          eq(accountingLinks.kind, JOURNAL_KIND),
          eq(accountingLinks.localId, month),
        ),
      )
    return row ?? null
  }

  async function figuresOf(entityId: string, month: string) {
    const { timeZone } = await reporting.taxSettings(entityId)
    const before = previousMonth(month)
    const report = await costs.costReport(entityId, rangePeriod({ from: before, to: month }), timeZone)
    const row = (key: string) => report.inventoryValue.find((r) => r.month === key)
    const figures: JournalFigures = {
      month,
      opening: heldValueOf(row(before)),
      closing: heldValueOf(row(month)),
      flows: await flowsOf(entityId, month, timeZone),
    }
    const ended = month < monthOf(todayIn(timeZone))
    return { figures, ended }
  }

  async function preview(tenant: Tenant, month: string) {
    assertCan(tenant, 'manageAccounting')
    const { timeZone } = await reporting.taxSettings(tenant.entityId)
    if (month > monthOf(todayIn(timeZone)))
      throw new AppError(
        'VALIDATION_FAILED',
        `${monthLabel(month)} has not begun; choose a month up to this one.`,
      )
    const [{ figures, ended }, connection, posted] = await Promise.all([
      figuresOf(tenant.entityId, month),
      connections.connectionOf(tenant.entityId),
      postedOf(tenant.entityId, month),
    ])
    const mapping: AccountMapping = connection?.mapping ?? {}
    const drafts = journalLines(figures)
    const lines = drafts.map((line) => ({
      ...line,
      roleLabel: JOURNAL_ROLE_LABELS[line.role],
      account: mapping[line.role] ?? null,
    }))
    const unmapped = [...new Set(lines.filter((l) => !l.account).map((l) => JOURNAL_ROLE_LABELS[l.role]))]
    const label = monthLabel(month)
    const refusal = posted
      ? posted.externalId.startsWith(PENDING)
        ? `The journal of ${label} is being posted now.`
        : `The journal of ${label} was posted to ${PROVIDER_LABELS[posted.provider as ProviderName] ?? posted.provider} on ${posted.syncedAt.toISOString().slice(0, 10)}; it is posted once.`
      : !ended
        ? `${label} has not ended yet; its journal can be posted from the first day of the next month.`
        : drafts.length === 0
          ? `Nothing moved in ${label}: no ingredients or packaging used, no beer out of the tanks, nothing sold or written off.`
          : !connection
            ? 'The brewery is not connected to QuickBooks Online or Xero; connect one under Settings → Integrations.'
            : unmapped.length
              ? `Choose the accounts for ${unmapped.join(', ')} under Mapping before posting.`
              : null
    return {
      month,
      label,
      date: lastDayOf(month),
      memo: `BrewCommand month-end inventory journal, ${label}`,
      figures,
      lines,
      debitCents: drafts.reduce((sum, line) => sum + line.debitCents, 0),
      creditCents: drafts.reduce((sum, line) => sum + line.creditCents, 0),
      posted:
        posted && !posted.externalId.startsWith(PENDING)
          ? {
              provider: posted.provider as ProviderName,
              externalId: posted.externalId,
              at: posted.syncedAt.toISOString(),
            }
          : null,
      refusal,
    }
  }

  return {
    preview,

    /** Posts the month's journal once: refused in words when posted already, not ended, empty or unmapped. */
    async post(tenant: Tenant, month: string) {
      const draft = await preview(tenant, month)
      if (draft.refusal) throw new AppError('CONFLICT', draft.refusal)
      const connection = await connections.connectionOf(tenant.entityId)
      if (!connection) throw new AppError('CONFLICT', 'The brewery is not connected to an accounting system.')
      const provider = connection.provider as ProviderName
      const entityId = tenant.entityId
      // The claim: one row per brewery and month (any provider), so a second post is refused, never sent.
      const [claimed] = await db
        .insert(accountingLinks)
        .values({
          entityId,
          provider,
          kind: JOURNAL_KIND,
          localId: month,
          externalId: `${PENDING}${crypto.randomUUID()}`,
        })
        .onConflictDoNothing()
        .returning()
      if (!claimed)
        throw new AppError('CONFLICT', `The journal of ${draft.label} is posted already or being posted.`)
      const label = `Journal ${draft.label}`
      const logLine = (ok: boolean, message: string) =>
        db
          .insert(accountingSyncLog)
          .values({
            entityId,
            provider,
            kind: JOURNAL_KIND,
            localId: month,
            label,
            direction: 'push',
            outcome: ok ? 'ok' : 'failed',
            message,
            failures: ok ? 0 : 1,
          })
          .onConflictDoUpdate({
            target: [
              accountingSyncLog.entityId,
              accountingSyncLog.provider,
              accountingSyncLog.kind,
              accountingSyncLog.localId,
              accountingSyncLog.direction,
            ],
            set: {
              outcome: ok ? 'ok' : 'failed',
              message,
              failures: ok ? 0 : sql`${accountingSyncLog.failures} + 1`,
              updatedAt: new Date(),
            },
          })
          .returning({ failures: accountingSyncLog.failures })
      try {
        const ref = await connections.withSession(entityId, (p, session, mapping) =>
          p.postJournal(
            session,
            {
              month,
              date: draft.date,
              memo: draft.memo,
              lines: draft.lines.map((line) => ({
                account: mapping[line.role] ?? unmapped(line.role),
                debitCents: line.debitCents,
                creditCents: line.creditCents,
                description: line.description,
              })),
            },
            null,
          ),
        )
        await db
          .update(accountingLinks)
          .set({ externalId: ref.externalId, syncToken: ref.syncToken, syncedAt: new Date() })
          .where(
            and(
              eq(accountingLinks.entityId, entityId),
              eq(accountingLinks.kind, JOURNAL_KIND),
              eq(accountingLinks.localId, month),
            ),
          )
        await logLine(true, `Posted to ${PROVIDER_LABELS[provider]}.`)
      } catch (error) {
        // Not posted: the claim is let go, so the journal can be posted again.
        await db
          .delete(accountingLinks)
          .where(
            and(
              eq(accountingLinks.entityId, entityId),
              eq(accountingLinks.kind, JOURNAL_KIND),
              eq(accountingLinks.localId, month),
              eq(accountingLinks.externalId, claimed.externalId),
            ),
          )
        const message =
          error instanceof ProviderError
            ? error.message
            : `${PROVIDER_LABELS[provider]} could not be reached; post the journal again later.`
        const [logged] = await logLine(false, message)
        if (logged?.failures === 2) await alertAdmins?.(entityId, provider, label, message)
        throw new AppError('CONFLICT', message)
      }
      return preview(tenant, month)
    },
  }
}
export type JournalService = ReturnType<typeof createJournalService>

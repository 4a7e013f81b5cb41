import { cellarObjectUri, paymentRefusal } from '@brewcommand/domain'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import {
  accountingConnections,
  accountingLinks,
  accountingSyncLog,
  type AccountMapping,
} from '../../db/schema/accounting.ts'
import { cellarAlerts } from '../../db/schema/cellar.ts'
import { invoices, payments } from '../../db/schema/sales.ts'
import { creditNotes } from '../../db/schema/sales-credits.ts'
import { users } from '../../db/schema/users.ts'
import { AppError } from '../../errors.ts'
import type { Mailer } from '../../mail/mailer.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { createSalesRepository } from '../sales/sales.repository.ts'
import { invoiceState } from '../sales/sales.views.ts'
import type { ConnectionService } from './connection.service.ts'
import { creditNoteLabel, pushCreditNote } from './credit-note.push.ts'
import { createLinks } from './links.ts'
import {
  PROVIDER_LABELS,
  ProviderError,
  type AccountingProvider,
  type ProviderName,
  type PushInvoiceLine,
  type Session,
} from './provider.ts'

// Push and pull (docs/decisions/310-accounting-sync.md). Each customer, invoice and payment is written once: the
// accounting system's id is stored beside ours (accounting_links), so a retry updates the record it made and never
// makes a second. Every attempt leaves one line per record in the sync log, in a bookkeeper's words; a record that
// fails twice in a row raises an alert (the bell and a mail to the Admins).

export const SYNC_KINDS = ['customer', 'invoice', 'creditNote', 'payment'] as const
export type SyncKind = (typeof SYNC_KINDS)[number]
export type PushTask = { entityId: string; kind: SyncKind; localId: string }

type Alerts = {
  realtime: Pick<Realtime, 'dataModified'> | null
  mailer: Pick<Mailer, 'send'> | null
  publicUrl: string
}

export function createSyncService({
  db,
  connections,
  alerts,
}: {
  db: Db
  connections: ConnectionService
  alerts: Alerts
}) {
  const sales = createSalesRepository(db)

  const { linkOf, saveLink } = createLinks(db)

  /** One line per record and direction: the latest outcome, and failures in a row. Answers the failures. */
  async function log(
    entityId: string,
    provider: string,
    entry: {
      kind: string
      localId: string
      label: string
      direction: 'push' | 'pull'
      ok: boolean
      message: string
    },
  ) {
    const [row] = await db
      .insert(accountingSyncLog)
      .values({
        entityId,
        provider,
        kind: entry.kind,
        localId: entry.localId,
        label: entry.label,
        direction: entry.direction,
        outcome: entry.ok ? 'ok' : 'failed',
        message: entry.message,
        failures: entry.ok ? 0 : 1,
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
          label: entry.label,
          outcome: entry.ok ? 'ok' : 'failed',
          message: entry.message,
          failures: entry.ok ? 0 : sql`${accountingSyncLog.failures} + 1`,
          updatedAt: new Date(),
        },
      })
      .returning({ failures: accountingSyncLog.failures })
    return row.failures
  }

  /** The second failure in a row of one record: the bell and a mail to the brewery's Admins. */
  async function alertAdmins(entityId: string, provider: ProviderName, label: string, message: string) {
    const [alert] = await db
      .insert(cellarAlerts)
      .values({
        entityId,
        kind: 'accounting-sync-failed',
        message: `${label}: ${message}`.slice(0, 500),
        subject: `accounting:${label}`,
      })
      .returning()
    alerts.realtime?.dataModified(entityId, {
      sourceSocketId: '',
      payload: {
        objectUri: cellarObjectUri('alerts', alert.id),
        data: {
          id: alert.id,
          kind: alert.kind,
          message: alert.message,
          raisedAt: alert.raisedAt.toISOString(),
        },
      },
    })
    if (!alerts.mailer) return
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.entityId, entityId), eq(users.role, 'Admin')))
    const text = [
      `${label} could not be sent to ${PROVIDER_LABELS[provider]} twice in a row:`,
      message,
      '',
      `See the sync log and retry: ${alerts.publicUrl.replace(/\/$/, '')}/secure/settings/integrations`,
    ].join('\n')
    for (const { email } of admins)
      if (email) await alerts.mailer.send({ to: email, subject: `Accounting sync failed: ${label}`, text })
  }

  const accountOf = (ref: { id: string; code: string } | undefined, role: string) => {
    if (!ref) throw new ProviderError(`no ${role} account is mapped; choose one under Mapping.`, 'refused')
    return ref
  }

  async function pushCustomer(
    provider: AccountingProvider,
    session: Session,
    entityId: string,
    customerId: string,
  ) {
    const customer = await sales.customer(entityId, customerId)
    if (!customer) throw new AppError('NOT_FOUND', 'Customer not found.')
    const existing = await linkOf(entityId, provider.name, 'customer', customerId)
    const contact = customer.contacts[0]
    const ref = await provider.upsertCustomer(
      session,
      {
        id: customer.id,
        name: customer.name,
        email: contact?.email ?? '',
        phone: contact?.phone ?? '',
        billingAddress: customer.billingAddress,
        taxExempt: customer.taxExempt,
      },
      existing,
    )
    await saveLink(entityId, provider.name, 'customer', customerId, ref)
    return { ref, label: `Customer ${customer.name}` }
  }

  async function customerRef(
    provider: AccountingProvider,
    session: Session,
    entityId: string,
    customerId: string,
  ) {
    return (
      (await linkOf(entityId, provider.name, 'customer', customerId)) ??
      (await pushCustomer(provider, session, entityId, customerId)).ref
    )
  }

  async function pushInvoice(
    provider: AccountingProvider,
    session: Session,
    mapping: AccountMapping,
    entityId: string,
    invoiceId: string,
  ) {
    const invoice = await sales.invoice(entityId, invoiceId)
    if (!invoice) throw new AppError('NOT_FOUND', 'Invoice not found.')
    const lines = await sales.invoiceLines(entityId, [invoiceId])
    const customer = await customerRef(provider, session, entityId, invoice.customerId)
    const income = accountOf(mapping.income, 'income')
    const pushLines: PushInvoiceLine[] = lines.flatMap((line) => {
      const beer: PushInvoiceLine = {
        kind: 'beer',
        description: `${line.productName} ${line.packageType}${line.batchNumber ? ` (batch ${line.batchNumber})` : ''}`,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        amountCents: line.subtotalCents,
        taxCents: line.taxCents,
        account: mapping.incomeByPackageType?.[line.packageType] ?? income,
      }
      if (!line.depositCents) return [beer]
      return [
        beer,
        {
          kind: 'deposit',
          description: `Keg deposit: ${line.productName} ${line.packageType}`,
          quantity: line.quantity,
          unitPriceCents: Math.round(line.depositCents / Math.max(1, line.quantity)),
          amountCents: line.depositCents,
          taxCents: 0,
          account: accountOf(mapping.kegDeposits, 'keg-deposit liability'),
        },
      ]
    })
    const existing = await linkOf(entityId, provider.name, 'invoice', invoiceId)
    const ref = await provider.upsertInvoice(
      session,
      {
        id: invoice.id,
        number: invoice.number,
        customerExternalId: customer.externalId,
        issuedOn: invoice.issuedOn,
        dueOn: invoice.dueOn,
        lines: pushLines,
        taxCents: invoice.taxCents,
        totalCents: invoice.totalCents,
        ...(mapping.salesTax ? { salesTaxAccount: mapping.salesTax } : {}),
      },
      existing,
    )
    await saveLink(entityId, provider.name, 'invoice', invoiceId, ref)
    return { ref, label: `Invoice ${invoice.number}` }
  }

  async function pushPayment(
    provider: AccountingProvider,
    session: Session,
    mapping: AccountMapping,
    entityId: string,
    paymentId: string,
  ) {
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.entityId, entityId), eq(payments.id, paymentId)))
    if (!payment) throw new AppError('NOT_FOUND', 'Payment not found.')
    const invoice = await sales.invoice(entityId, payment.invoiceId)
    const label = `Payment of invoice ${invoice.number}`
    // A payment that came from the accounting system is already there.
    const pulled = await linkOf(entityId, provider.name, 'payment', paymentId)
    if (pulled && payment.reference.startsWith(PROVIDER_LABELS[provider.name])) return { ref: pulled, label }
    const invoiceRef =
      (await linkOf(entityId, provider.name, 'invoice', payment.invoiceId)) ??
      (await pushInvoice(provider, session, mapping, entityId, payment.invoiceId)).ref
    const customer = await customerRef(provider, session, entityId, invoice.customerId)
    const ref = await provider.upsertPayment(
      session,
      {
        id: payment.id,
        invoiceExternalId: invoiceRef.externalId,
        customerExternalId: customer.externalId,
        amountCents: payment.amountCents,
        receivedOn: payment.receivedOn,
        reference: payment.reference || payment.method,
        bankAccount: accountOf(mapping.bank, 'bank'),
      },
      pulled,
    )
    await saveLink(entityId, provider.name, 'payment', paymentId, ref)
    return { ref, label }
  }

  async function labelOf(entityId: string, kind: SyncKind, localId: string) {
    if (kind === 'customer') return `Customer ${(await sales.customer(entityId, localId))?.name ?? localId}`
    if (kind === 'invoice') return `Invoice ${(await sales.invoice(entityId, localId))?.number ?? localId}`
    if (kind === 'creditNote') return creditNoteLabel(db, entityId, localId)
    const [row] = await db
      .select({ number: invoices.number })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(and(eq(payments.entityId, entityId), eq(payments.id, localId)))
    return `Payment of invoice ${row?.number ?? localId}`
  }

  return {
    alertAdmins,

    /**
     * One push (the job's work): logged either way; a failure the system may get over (429, 5xx) is thrown back
     * to the queue, which tries again with backoff; a refusal stays in the log with Retry.
     */
    async push(task: PushTask): Promise<'ok' | 'failed' | 'not-connected'> {
      const connection = await connections.connectionOf(task.entityId)
      if (!connection) return 'not-connected'
      const provider = connection.provider as ProviderName
      try {
        const { label } = await connections.withSession(task.entityId, (p, session, mapping) =>
          task.kind === 'customer'
            ? pushCustomer(p, session, task.entityId, task.localId)
            : task.kind === 'invoice'
              ? pushInvoice(p, session, mapping, task.entityId, task.localId)
              : task.kind === 'creditNote'
                ? pushCreditNote(
                    { db, links: { linkOf, saveLink }, customerRef, accountOf },
                    p,
                    session,
                    mapping,
                    task.entityId,
                    task.localId,
                  )
                : pushPayment(p, session, mapping, task.entityId, task.localId),
        )
        await log(task.entityId, provider, {
          ...task,
          label,
          direction: 'push',
          ok: true,
          message: `Sent to ${PROVIDER_LABELS[provider]}.`,
        })
        return 'ok'
      } catch (error) {
        const label = await labelOf(task.entityId, task.kind, task.localId)
        const message =
          error instanceof ProviderError || error instanceof AppError
            ? error.message
            : `${PROVIDER_LABELS[provider]} could not be reached; it will be tried again.`
        const failures = await log(task.entityId, provider, {
          ...task,
          label,
          direction: 'push',
          ok: false,
          message,
        })
        if (failures === 2) await alertAdmins(task.entityId, provider, label, message)
        if (error instanceof ProviderError && error.retryable) throw error
        if (!(error instanceof ProviderError) && !(error instanceof AppError)) throw error
        return 'failed'
      }
    },

    /** What is not yet in the accounting system: customers with invoices, invoices and payments without a link. */
    async pending(entityId: string): Promise<PushTask[]> {
      const connection = await connections.connectionOf(entityId)
      if (!connection) return []
      const linked = (kind: string) =>
        db
          .select({ id: accountingLinks.localId })
          .from(accountingLinks)
          .where(
            and(
              eq(accountingLinks.entityId, entityId),
              eq(accountingLinks.provider, connection.provider),
              eq(accountingLinks.kind, kind),
            ),
          )
      const since = connection.createdAt
      const [newInvoices, newCredits, newPayments] = await Promise.all([
        db
          .select({ id: invoices.id })
          .from(invoices)
          .where(
            and(
              eq(invoices.entityId, entityId),
              isNull(invoices.voidedAt),
              sql`${invoices.createdAt} >= ${since.toISOString()}`,
              sql`${invoices.id}::text not in (${linked('invoice')})`,
            ),
          ),
        db
          .select({ id: creditNotes.id })
          .from(creditNotes)
          .where(
            and(
              eq(creditNotes.entityId, entityId),
              sql`${creditNotes.createdAt} >= ${since.toISOString()}`,
              sql`${creditNotes.id}::text not in (${linked('creditNote')})`,
            ),
          ),
        db
          .select({ id: payments.id })
          .from(payments)
          .where(
            and(
              eq(payments.entityId, entityId),
              sql`${payments.recordedAt} >= ${since.toISOString()}`,
              sql`${payments.id}::text not in (${linked('payment')})`,
            ),
          ),
      ])
      return [
        ...newInvoices.map((row) => ({ entityId, kind: 'invoice' as const, localId: row.id })),
        ...newCredits.map((row) => ({ entityId, kind: 'creditNote' as const, localId: row.id })),
        ...newPayments.map((row) => ({ entityId, kind: 'payment' as const, localId: row.id })),
      ]
    },

    /**
     * Pull: payments entered in the accounting system against invoices we pushed mark ours paid (a payment of ours,
     * linked, so it is taken once; never more than the balance).
     */
    async pullPayments(entityId: string, since: Date): Promise<number> {
      const connection = await connections.connectionOf(entityId)
      if (!connection) return 0
      const provider = connection.provider as ProviderName
      const found = await connections.withSession(entityId, (p, session) => p.paymentsSince(session, since))
      let recorded = 0
      for (const external of found) {
        const [invoiceLink] = await db
          .select({ localId: accountingLinks.localId })
          .from(accountingLinks)
          .where(
            and(
              eq(accountingLinks.entityId, entityId),
              eq(accountingLinks.provider, provider),
              eq(accountingLinks.kind, 'invoice'),
              eq(accountingLinks.externalId, external.invoiceExternalId),
            ),
          )
        if (!invoiceLink) continue
        const known = await db
          .select({ localId: accountingLinks.localId })
          .from(accountingLinks)
          .where(
            and(
              eq(accountingLinks.entityId, entityId),
              eq(accountingLinks.provider, provider),
              eq(accountingLinks.kind, 'payment'),
              eq(accountingLinks.externalId, external.externalId),
            ),
          )
        if (known.length) continue
        const done = await db.transaction(async (transaction) => {
          const tx = transaction as unknown as Db
          const repo = createSalesRepository(tx)
          const invoice = await repo.invoice(entityId, invoiceLink.localId, { lock: true })
          if (!invoice) return false
          const state = invoiceState(invoice, await repo.payments(entityId, [invoice.id]))
          const amountCents = Math.min(external.amountCents, state.balanceCents)
          if (amountCents <= 0 || paymentRefusal({ ...state, amountCents })) return false
          const id = crypto.randomUUID()
          await repo.insertPayment({
            id,
            entityId,
            invoiceId: invoice.id,
            method: 'ach',
            amountCents,
            receivedOn: external.receivedOn,
            reference: `${PROVIDER_LABELS[provider]} payment ${external.externalId}`.slice(0, 100),
          })
          await tx.insert(accountingLinks).values({
            entityId,
            provider,
            kind: 'payment',
            localId: id,
            externalId: external.externalId,
          })
          await tx.insert(accountingSyncLog).values({
            entityId,
            provider,
            kind: 'payment',
            localId: id,
            label: `Payment of invoice ${invoice.number}`,
            direction: 'pull',
            outcome: 'ok',
            message: `Entered in ${PROVIDER_LABELS[provider]} on ${external.receivedOn}; recorded here.`,
          })
          return true
        })
        if (done) recorded += 1
      }
      return recorded
    },

    /** The sync log, newest first (Settings → Integrations). */
    async log(tenant: Tenant) {
      assertCan(tenant, 'manageAccounting')
      const rows = await db
        .select()
        .from(accountingSyncLog)
        .where(eq(accountingSyncLog.entityId, tenant.entityId))
        .orderBy(desc(accountingSyncLog.updatedAt))
        .limit(200)
      return rows.map((row) => ({
        id: row.id,
        provider: row.provider as ProviderName,
        kind: row.kind,
        label: row.label,
        direction: row.direction as 'push' | 'pull',
        outcome: row.outcome as 'ok' | 'failed',
        message: row.message,
        failures: row.failures,
        at: row.updatedAt.toISOString(),
      }))
    },

    /** Retry from the log: the record's push, as a task for the queue. */
    async retryTask(tenant: Tenant, entryId: string): Promise<PushTask> {
      assertCan(tenant, 'manageAccounting')
      const [row] = await db
        .select()
        .from(accountingSyncLog)
        .where(and(eq(accountingSyncLog.entityId, tenant.entityId), eq(accountingSyncLog.id, entryId)))
      if (!row) throw new AppError('NOT_FOUND', 'Sync log entry not found.')
      if (row.kind === 'journal')
        throw new AppError(
          'CONFLICT',
          'A month-end journal is posted again from its preview (Month-end journal), not retried from the log.',
        )
      if (row.direction !== 'push' || !(SYNC_KINDS as readonly string[]).includes(row.kind))
        throw new AppError(
          'CONFLICT',
          'Only a record sent from BrewCommand is retried; payments are pulled again on their own.',
        )
      return { entityId: tenant.entityId, kind: row.kind as SyncKind, localId: row.localId }
    },

    /** The breweries with a connection (the sweeps). */
    async connectedBreweries(): Promise<string[]> {
      const rows = await db.select({ entityId: accountingConnections.entityId }).from(accountingConnections)
      return rows.map((row) => row.entityId)
    },
  }
}
export type SyncService = ReturnType<typeof createSyncService>

import {
  dueDateOf,
  formatCents,
  formatInvoiceNumber,
  paymentRefusal,
  receivablesAging,
  todayIn,
  totalsOf,
  type Aging,
  type EmailInvoice,
  type Invoice,
  type PaymentTerms,
  type RecordPayment,
  type VoidInvoice,
} from '@brewcommand/domain'
import { and, eq, isNull, lt } from 'drizzle-orm'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { entities } from '../../db/schema/entities.ts'
import { breweryTaxSettings } from '../../db/schema/reporting.ts'
import { invoiceMails } from '../../db/schema/sales.ts'
import { AppError } from '../../errors.ts'
import type { MailMessage } from '../../mail/mailer.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'
import { invoicePdf } from './invoice.pdf.ts'
import { statementPdf } from './statement.pdf.ts'
import {
  createSalesRepository,
  type CustomerRow,
  type OrderLineRow,
  type OrderRow,
  type ReservationRow,
  type SalesRepository,
} from './sales.repository.ts'
import { createCreditNoteRepository } from './credit-notes.repository.ts'
import { amountsOfLine, groupBy, invoiceState, invoiceView } from './sales.views.ts'

// Invoices and payments (docs/decisions/270-sales-rounding-and-invoice-numbers.md): an invoice is issued in the
// dispatch's transaction with the brewery's next number, copies its order's lines with their lot (batch) numbers,
// is paid in full or in parts (never over), voided by an Admin (never deleted), downloaded as a PDF and emailed.

type IssueInput = {
  /** The invoice's id: the browser's for Create Invoice, else a new one. */
  id?: string
  orders: OrderRow[]
  customer: CustomerRow
  /** The orders' lines, in the order they appear on the invoice. */
  lines: OrderLineRow[]
  lots: ReservationRow[]
  batchNumbers: Map<string, string>
  /** The removal event each order line sent out (its first, when split over lots). */
  liquidEventOf: Map<string, string>
  /** The brewery's time zone when the caller read it (Dispatch's removals did). */
  timeZone?: string
}

const invoiceNotFound = () => new AppError('NOT_FOUND', 'Invoice not found.')

export function createInvoiceService({ db, publicUrl }: { db: Db; publicUrl: string }) {
  const reads = createSalesRepository(db)

  async function one(repo: SalesRepository, entityId: string, id: string, conn: Db = db): Promise<Invoice> {
    const row = await repo.invoice(entityId, id)
    if (!row) throw invoiceNotFound()
    // One after the other: `conn` may be a write's transaction, one connection (ADR 380).
    const lines = await repo.invoiceLines(entityId, [id])
    const paid = await repo.payments(entityId, [id])
    const credits = await createCreditNoteRepository(conn).views(entityId, { invoiceIds: [id] })
    return invoiceView(row, lines, paid, credits)
  }

  /** The mail of Email Invoice (built by the job that sends it): the invoice in text and a link to it. */
  async function emailMessage(conn: Db, entityId: string, id: string, to: string): Promise<MailMessage> {
    const invoice = await one(createSalesRepository(conn), entityId, id, conn)
    const [brewery] = await conn
      .select({ name: entities.name })
      .from(entities)
      .where(eq(entities.id, entityId))
    const lines = invoice.lines.map(
      (line) =>
        `${line.quantity} × ${line.productName} ${line.packageType}${line.batchNumber ? ` (batch ${line.batchNumber})` : ''}: ${formatCents(line.subtotalCents)}${line.depositCents ? ` + deposit ${formatCents(line.depositCents)}` : ''}${line.taxCents ? ` + tax ${formatCents(line.taxCents)}` : ''}`,
    )
    return {
      to,
      subject: `Invoice ${invoice.number} from ${brewery.name}`,
      text: [
        `Invoice ${invoice.number} from ${brewery.name} to ${invoice.customerName}${invoice.status === 'void' ? ' (VOID)' : ''}`,
        `Date ${invoice.issuedOn}, due ${invoice.dueOn}.`,
        '',
        ...lines,
        '',
        `Subtotal ${formatCents(invoice.subtotalCents)}; deposits ${formatCents(invoice.depositCents)}; tax ${formatCents(invoice.taxCents)}; total ${formatCents(invoice.totalCents)}.`,
        `Paid ${formatCents(invoice.paidCents)}; balance due ${formatCents(invoice.balanceCents)}.`,
        '',
        `The invoice: ${publicUrl.replace(/\/$/, '')}/secure/sales/invoices/${invoice.id}`,
      ].join('\n'),
    }
  }

  /**
   * Issues invoices (see `issue`), numbered in the order given: the numbers taken in one statement, the invoices and
   * their lines written in one each.
   */
  async function issueAll(tx: Db, tenant: Tenant, inputs: IssueInput[]) {
    if (inputs.length === 0) return []
    const repo = createSalesRepository(tx)
    const { sequence: first, prefix } = await repo.takeNumber(tenant.entityId, 'invoice', inputs.length)
    const timeZone = inputs.find((input) => input.timeZone)?.timeZone
    const issuedOn = todayIn(timeZone ?? (await breweryTimeZone(tx, tenant.entityId)))
    const rows: Parameters<SalesRepository['insertInvoices']>[0] = []
    const lineRows: Parameters<SalesRepository['insertInvoices']>[1] = []
    const issued = inputs.map(
      ({ id = crypto.randomUUID(), orders, customer, lines, lots, batchNumbers, liquidEventOf }, index) => {
        const sequence = first + index
        const orderOf = new Map(orders.map((order) => [order.id, order]))
        const amounts = lines.map((line) => amountsOfLine(orderOf.get(line.orderId)!, line))
        const totals = totalsOf(amounts)
        const lotsOf = groupBy(lots, (lot) => lot.orderLineId)
        rows.push({
          id,
          entityId: tenant.entityId,
          sequence,
          number: formatInvoiceNumber(prefix, sequence),
          // One order's invoice names it; an invoice of several names them through its lines' order lines.
          orderId: orders.length === 1 ? orders[0].id : null,
          customerId: customer.id,
          customerName: customer.name,
          billingAddress: customer.billingAddress,
          licenceNumber: customer.licenceNumber,
          paymentTerms: customer.paymentTerms,
          issuedOn,
          dueOn: dueDateOf(issuedOn, customer.paymentTerms as PaymentTerms),
          subtotalCents: totals.subtotalCents,
          depositCents: totals.depositCents,
          taxCents: totals.taxCents,
          totalCents: totals.totalCents,
        })
        lines.forEach((line, position) => {
          const sent = lotsOf.get(line.id) ?? []
          lineRows.push({
            entityId: tenant.entityId,
            invoiceId: id,
            position,
            orderLineId: line.id,
            packageId: line.packageId,
            productName: line.productName,
            packageType: line.packageType,
            sku: line.sku,
            upc: line.upc,
            batchId: sent[0]?.batchId ?? null,
            batchNumber: sent
              .map((lot) => (lot.batchId ? (batchNumbers.get(lot.batchId) ?? '') : ''))
              .filter((n) => n !== '')
              .join(', '),
            quantity: line.quantity,
            unitPriceCents: line.unitPriceCents,
            depositCents: amounts[position].depositCents,
            subtotalCents: amounts[position].subtotalCents,
            taxCents: amounts[position].taxCents,
            liquidEventId: liquidEventOf.get(line.id) ?? null,
          })
        })
        return { id, sequence }
      },
    )
    await repo.insertInvoices(rows, lineRows)
    return issued
  }

  /**
   * Records payments (see `recordPayment`), one after the other: the invoices locked and their payments and credit
   * notes read once, the payments written in one statement, and the answer built from what the write holds (the
   * invoices' lines read). `many` names the payment in a refusal (`data.payments.<i>`).
   */
  async function recordAll(
    tx: Db,
    tenant: Tenant,
    inputs: (RecordPayment & { invoiceId: string })[],
    many: boolean,
  ): Promise<Invoice[]> {
    const repo = createSalesRepository(tx)
    const at = (index: number) => (many ? `data.payments.${index}` : 'data')
    const invoiceIds = [...new Set(inputs.map((input) => input.invoiceId))]
    const rows = new Map((await repo.invoicesLocked(tenant.entityId, invoiceIds)).map((row) => [row.id, row]))
    const missing = inputs.findIndex((input) => !rows.has(input.invoiceId))
    if (missing >= 0)
      throw new AppError(
        'NOT_FOUND',
        'Invoice not found.',
        many ? [{ path: `${at(missing)}.invoiceId`, message: 'Not an invoice of this brewery' }] : undefined,
      )
    assertCan(tenant, 'sell')
    const paid = groupBy(await repo.payments(tenant.entityId, invoiceIds), (p) => p.invoiceId)
    const credits = groupBy(
      await createCreditNoteRepository(tx).views(tenant.entityId, { invoiceIds }),
      (c) => c.invoiceId,
    )
    const paying = new Map<string, { amountCents: number }[]>()
    const values = inputs.map((input, index) => {
      const row = rows.get(input.invoiceId)!
      const before = [...(paid.get(row.id) ?? []), ...(paying.get(row.id) ?? [])]
      const refusal = paymentRefusal({
        ...invoiceState(row, before, credits.get(row.id) ?? []),
        amountCents: input.amountCents,
      })
      if (refusal)
        throw new AppError('CONFLICT', many ? `Invoice ${row.number}: ${refusal}` : refusal, [
          { path: `${at(index)}.amountCents`, message: refusal },
        ])
      paying.set(row.id, [...(paying.get(row.id) ?? []), { amountCents: input.amountCents }])
      return {
        id: input.id,
        entityId: tenant.entityId,
        invoiceId: row.id,
        method: input.method,
        amountCents: input.amountCents,
        receivedOn: input.receivedOn,
        reference: input.reference,
        recordedBy: tenant.userId,
      }
    })
    const stored = await repo.insertPayments(values)
    const clash = inputs.findIndex((input) => !stored.some((row) => row.id === input.id))
    if (clash >= 0) {
      const message = `A payment with id ${inputs[clash].id} already exists.`
      throw new AppError('CONFLICT', message, many ? [{ path: `${at(clash)}.id`, message }] : undefined)
    }
    const lines = groupBy(await repo.invoiceLines(tenant.entityId, invoiceIds), (l) => l.invoiceId)
    const now = groupBy(stored, (p) => p.invoiceId)
    return invoiceIds.map((id) =>
      invoiceView(
        rows.get(id)!,
        lines.get(id) ?? [],
        // As a read orders them: by the day received, then when recorded (this write's last).
        [...(paid.get(id) ?? []), ...(now.get(id) ?? [])].toSorted(
          (a, b) =>
            a.receivedOn.localeCompare(b.receivedOn) || a.recordedAt.getTime() - b.recordedAt.getTime(),
        ),
        credits.get(id) ?? [],
      ),
    )
  }

  return {
    async list(tenant: Tenant): Promise<Invoice[]> {
      assertCan(tenant, 'sell')
      const rows = await reads.invoices(tenant.entityId)
      const ids = rows.map((r) => r.id)
      const [lines, paid, credits] = await Promise.all([
        reads.invoiceLines(tenant.entityId, ids),
        reads.payments(tenant.entityId, ids),
        createCreditNoteRepository(db).views(tenant.entityId, { invoiceIds: ids }),
      ])
      const linesOf = groupBy(lines, (l) => l.invoiceId)
      const paidOf = groupBy(paid, (p) => p.invoiceId)
      const creditsOf = groupBy(credits, (c) => c.invoiceId)
      return rows.map((row) =>
        invoiceView(row, linesOf.get(row.id) ?? [], paidOf.get(row.id) ?? [], creditsOf.get(row.id) ?? []),
      )
    },

    /** An invoice as read inside a write's transaction (no permission check: the write made its own). */
    getIn: (tx: Db, tenant: Tenant, id: string) => one(createSalesRepository(tx), tenant.entityId, id, tx),

    async get(tenant: Tenant, id: string): Promise<Invoice> {
      const invoice = await one(reads, tenant.entityId, id)
      assertCan(tenant, 'sell')
      return invoice
    },

    /**
     * Issues the invoice of a dispatched order, inside the dispatch's transaction (see `issue`).
     */
    async issueForOrder(tx: Db, tenant: Tenant, input: Omit<IssueInput, 'orders'> & { order: OrderRow }) {
      const { order, ...rest } = input
      return (await issueAll(tx, tenant, [{ ...rest, orders: [order] }]))[0]
    },

    /**
     * The invoices of several dispatched orders, one each, numbered in the order given (a van's load, ADR 422): as
     * `issueForOrder` one after the other, with their numbers taken and their rows written in one statement each.
     */
    issueForOrders: (tx: Db, tenant: Tenant, inputs: (Omit<IssueInput, 'orders'> & { order: OrderRow })[]) =>
      issueAll(
        tx,
        tenant,
        inputs.map(({ order, ...rest }) => ({ ...rest, orders: [order] })),
      ),

    /**
     * Issues one invoice for dispatched orders of one customer, inside the caller's transaction: the next number of
     * the brewery (its counter row stays locked until the commit), one line per order line with the lots it sent
     * out, the figures of the order's lines (ADR 270) and the customer as billed. Dispatch issues it for its order;
     * Create Invoice for several (ADR 345).
     */
    issue: async (tx: Db, tenant: Tenant, input: IssueInput) => (await issueAll(tx, tenant, [input]))[0],

    /** Record Payment: full or part; an overpayment, or a payment to a void or paid invoice, is refused. */
    async recordPayment(tx: Db, tenant: Tenant, invoiceId: string, input: RecordPayment): Promise<Invoice> {
      return (await recordAll(tx, tenant, [{ ...input, invoiceId }], false))[0]
    },

    /**
     * Record Payments: a deposit of several payments at once (the day's checks and transfers, ADR 422), each as
     * Record Payment would record it, in the order listed (a second payment of an invoice sees the first), all or
     * none; answers each invoice paid, once, in the order first listed.
     */
    recordPayments: (tx: Db, tenant: Tenant, inputs: (RecordPayment & { invoiceId: string })[]) =>
      recordAll(tx, tenant, inputs, true),

    /** Void (Admin): the invoice keeps its number and lines; its balance is 0. A paid invoice is not voided. */
    async voidInvoice(tx: Db, tenant: Tenant, invoiceId: string, input: VoidInvoice): Promise<Invoice> {
      const repo = createSalesRepository(tx)
      const row = await repo.invoice(tenant.entityId, invoiceId, { lock: true })
      if (!row) throw invoiceNotFound()
      assertCan(tenant, 'voidInvoices')
      if (row.voidedAt) throw new AppError('CONFLICT', `Invoice ${row.number} is already void.`)
      const paid = await repo.payments(tenant.entityId, [invoiceId])
      if (paid.length > 0)
        throw new AppError(
          'CONFLICT',
          `Invoice ${row.number} has payments recorded; a paid invoice is not voided.`,
        )
      if (
        (await createCreditNoteRepository(tx).views(tenant.entityId, { invoiceIds: [invoiceId] })).length > 0
      )
        throw new AppError(
          'CONFLICT',
          `Invoice ${row.number} has credit notes; an invoice with returns is not voided.`,
        )
      await repo.voidInvoice(tenant.entityId, invoiceId, {
        voidedAt: new Date(),
        voidReason: input.reason,
        voidedBy: tenant.userId,
      })
      return one(repo, tenant.entityId, invoiceId, tx)
    },

    /** Receivables aging on the brewery's today: per customer and in total. */
    async aging(tenant: Tenant): Promise<Aging> {
      assertCan(tenant, 'sell')
      const asOf = todayIn(await breweryTimeZone(db, tenant.entityId))
      const [rows, paid, credits] = await Promise.all([
        reads.invoices(tenant.entityId),
        reads.payments(tenant.entityId),
        createCreditNoteRepository(db).views(tenant.entityId),
      ])
      const paidOf = groupBy(paid, (p) => p.invoiceId)
      const creditsOf = groupBy(credits, (c) => c.invoiceId)
      const aging = receivablesAging(
        rows.map((row) => ({
          customerId: row.customerId,
          customerName: row.customerName,
          dueOn: row.dueOn,
          balanceCents: invoiceState(row, paidOf.get(row.id) ?? [], creditsOf.get(row.id) ?? []).balanceCents,
        })),
        asOf,
      )
      return aging
    },

    /** The invoice as a PDF, with the brewery and the customer as billed. */
    async pdf(tenant: Tenant, id: string) {
      const invoice = await one(reads, tenant.entityId, id)
      assertCan(tenant, 'sell')
      const row = await reads.invoice(tenant.entityId, id)
      const [brewery] = await db.select().from(entities).where(eq(entities.id, tenant.entityId))
      const [tax] = await db
        .select({ brewersNoticeNumber: breweryTaxSettings.brewersNoticeNumber })
        .from(breweryTaxSettings)
        .where(and(eq(breweryTaxSettings.entityId, tenant.entityId)))
      const bytes = await invoicePdf(invoice, {
        brewery,
        brewersNoticeNumber: tax?.brewersNoticeNumber ?? '',
        billTo: { name: row.customerName, address: row.billingAddress, licenceNumber: row.licenceNumber },
      })
      return { bytes, fileName: `invoice-${invoice.number}.pdf` }
    },

    /** A customer's statement as a PDF: open invoices, credit notes, payments, aging and the balance due. */
    async statementPdf(tenant: Tenant, customerId: string) {
      const customer = await reads.customer(tenant.entityId, customerId)
      if (!customer) throw new AppError('NOT_FOUND', 'Customer not found.')
      assertCan(tenant, 'sell')
      const [all, aging] = await Promise.all([this.list(tenant), this.aging(tenant)])
      const row = aging.rows.find((r) => r.customerId === customerId)
      const [brewery] = await db.select().from(entities).where(eq(entities.id, tenant.entityId))
      const bytes = await statementPdf({
        brewery,
        customer: {
          name: customer.name,
          address: customer.billingAddress,
          licenceNumber: customer.licenceNumber,
        },
        asOf: aging.asOf,
        invoices: all.filter((i) => i.customerId === customerId),
        aging: row ?? { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, totalCents: 0 },
      })
      return { bytes, fileName: `statement-${customer.name}-${aging.asOf}.pdf` }
    },

    /** Email Invoice: a row of the mail outbox, in the write's transaction (the job sends it). */
    async requestEmail(tx: Db, tenant: Tenant, id: string, input: EmailInvoice) {
      const row = await createSalesRepository(tx).invoice(tenant.entityId, id)
      if (!row) throw invoiceNotFound()
      assertCan(tenant, 'sell')
      const [mail] = await tx
        .insert(invoiceMails)
        .values({ entityId: tenant.entityId, invoiceId: id, to: input.to, requestedBy: tenant.userId })
        .returning({ id: invoiceMails.id, requestedAt: invoiceMails.requestedAt })
      return {
        id: mail.id,
        entityId: tenant.entityId,
        to: input.to,
        requestedAt: mail.requestedAt.toISOString(),
      }
    },

    /**
     * Sends the unsent mails of Email Invoice (one brewery's, or all), each once: rows are claimed with
     * `FOR UPDATE SKIP LOCKED`, so two workers never send the same; a failure is counted and retried on the next
     * run, up to 5 tries.
     */
    async sendPendingMails(send: (message: MailMessage) => Promise<void>, entityId?: string) {
      let sent = 0
      for (;;) {
        const done = await db.transaction(async (transaction) => {
          const tx = transaction as unknown as Db
          const [mail] = await tx
            .select()
            .from(invoiceMails)
            .where(
              and(
                isNull(invoiceMails.sentAt),
                lt(invoiceMails.attempts, 5),
                entityId ? eq(invoiceMails.entityId, entityId) : undefined,
              ),
            )
            .orderBy(invoiceMails.requestedAt)
            .limit(1)
            .for('update', { skipLocked: true })
          if (!mail) return true
          try {
            await send(await emailMessage(tx, mail.entityId, mail.invoiceId, mail.to))
            await tx
              .update(invoiceMails)
              .set({ sentAt: new Date(), attempts: mail.attempts + 1 })
              .where(eq(invoiceMails.id, mail.id))
            sent += 1
          } catch (error) {
            await tx
              .update(invoiceMails)
              .set({ attempts: mail.attempts + 1, lastError: String(error).slice(0, 500) })
              .where(eq(invoiceMails.id, mail.id))
          }
          return false
        })
        if (done) return sent
      }
    },
  }
}

export type InvoiceService = ReturnType<typeof createInvoiceService>

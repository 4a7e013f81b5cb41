import {
  DEFAULT_KEG_DAYS_OUT_LIMIT,
  KEG_SIZE_LABELS,
  nextAssetNumbers,
  parseKegsCsv,
  type AddKegs,
  type Keg,
  type KegDetail,
  type KegImportPreview,
  type KegSettings,
} from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import { lockForTransaction, type Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { kegLabelsPdf } from './keg-labels.pdf.ts'
import { createKegsRepository, type KegsRepository } from './kegs.repository.ts'
import { eventView, kegView, namesOf } from './kegs.views.ts'

// The keg register (docs/decisions/290-kegs.md): Add Kegs numbered on from the prefix, the CSV import previewed
// with an error per bad line, Print Labels, a keg with its history, and the days-out limit.

/** One numbering of a brewery's kegs at a time, so two Add Kegs never take one number. */
const numberingLock = (entityId: string) => `kegs.numbering:${entityId}`

export function createKegService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const reads = createKegsRepository(db)

  async function previewRows(repo: KegsRepository, entityId: string, csv: string): Promise<KegImportPreview> {
    const parsed = parseKegsCsv(csv)
    const existing = new Set(await repo.assetNumbers(entityId))
    const errors = [...parsed.errors]
    const rows = parsed.rows.filter((row) => {
      if (!existing.has(row.assetNumber)) return true
      errors.push({
        line: row.line,
        field: 'asset number',
        message: `${row.assetNumber} is already registered`,
      })
      return false
    })
    errors.sort((a, b) => a.line - b.line)
    return { rows, errors }
  }

  async function views(
    repo: KegsRepository,
    tenant: Tenant,
    rows: Awaited<ReturnType<KegsRepository['kegs']>>,
  ) {
    const names = await namesOf(repo, tenant.entityId, rows)
    const at = now()
    return rows.map((row) => kegView(row, names, tenant, at))
  }

  return {
    async list(tenant: Tenant): Promise<Keg[]> {
      return views(reads, tenant, await reads.kegs(tenant.entityId))
    },

    async detail(tenant: Tenant, kegId: string): Promise<KegDetail> {
      const row = await reads.keg(tenant.entityId, kegId)
      if (!row) throw new AppError('NOT_FOUND', 'Keg not found.')
      const events = await reads.events(tenant.entityId, kegId)
      const names = await namesOf(reads, tenant.entityId, [row, ...events])
      return {
        keg: kegView(row, names, tenant, now()),
        events: events.map((event) => eventView(event, row.assetNumber, names, tenant)).reverse(),
      }
    },

    /** Add Kegs: `count` new kegs, clean at the brewery, numbered after the prefix's highest number. */
    async add(tx: Db, tenant: Tenant, input: AddKegs): Promise<Keg[]> {
      assertCan(tenant, 'manageKegs')
      const repo = createKegsRepository(tx)
      await lockForTransaction(tx, numberingLock(tenant.entityId))
      const numbers = nextAssetNumbers(input.prefix, await repo.assetNumbers(tenant.entityId), input.count)
      const rows = await repo.insertKegs(
        numbers.map((assetNumber) => ({
          entityId: tenant.entityId,
          assetNumber,
          size: input.size,
          owner: input.owner,
          ownerName: input.owner === 'ours' ? '' : input.ownerName,
          purchasedOn: input.purchasedOn,
          costCents: input.costCents,
          status: 'clean',
        })),
      )
      return views(repo, tenant, rows)
    },

    async previewImport(tenant: Tenant, csv: string): Promise<KegImportPreview> {
      assertCan(tenant, 'manageKegs')
      return previewRows(reads, tenant.entityId, csv)
    },

    /** The whole file or nothing: a bad line refuses it with `data.csv.line<N>.<column>`. */
    async importKegs(tx: Db, tenant: Tenant, csv: string): Promise<{ imported: number }> {
      assertCan(tenant, 'manageKegs')
      const repo = createKegsRepository(tx)
      await lockForTransaction(tx, numberingLock(tenant.entityId))
      const { rows, errors } = await previewRows(repo, tenant.entityId, csv)
      if (errors.length > 0)
        throw new AppError(
          'VALIDATION_FAILED',
          `The file has ${errors.length} bad line${errors.length === 1 ? '' : 's'}: nothing was imported.`,
          errors.map((e) => ({ path: `data.csv.line${e.line}.${e.field}`, message: e.message })),
        )
      if (rows.length > 0)
        await repo.insertKegs(
          rows.map((row) => ({
            entityId: tenant.entityId,
            assetNumber: row.assetNumber,
            size: row.size,
            owner: row.owner,
            ownerName: row.ownerName,
            status: 'clean',
          })),
        )
      return { imported: rows.length }
    },

    /** Print Labels: the kegs named (every keg when none), one label each, in number order. */
    async labels(tenant: Tenant, numbers: string[]): Promise<{ bytes: Uint8Array; fileName: string }> {
      const rows =
        numbers.length > 0
          ? await reads.kegsNumbered(tenant.entityId, numbers)
          : await reads.kegs(tenant.entityId)
      const missing = numbers.filter((n) => !rows.some((row) => row.assetNumber === n))
      if (missing.length > 0)
        throw new AppError('NOT_FOUND', `No keg numbered ${missing.slice(0, 5).join(', ')} in this brewery.`)
      if (rows.length === 0) throw new AppError('NOT_FOUND', 'The brewery has no kegs to label yet.')
      const bytes = await kegLabelsPdf(
        rows.map((row) => ({
          assetNumber: row.assetNumber,
          caption: KEG_SIZE_LABELS[row.size as keyof typeof KEG_SIZE_LABELS] ?? '',
        })),
        { now: now() },
      )
      const fileName =
        rows.length === 1
          ? `keg-label-${rows[0].assetNumber}.pdf`
          : `keg-labels-${rows[0].assetNumber}-${rows.at(-1)!.assetNumber}.pdf`
      return { bytes, fileName }
    },

    async settings(tenant: Tenant): Promise<KegSettings> {
      const row = await reads.settings(tenant.entityId)
      return { daysOutLimit: row?.daysOutLimit ?? DEFAULT_KEG_DAYS_OUT_LIMIT }
    },
    async changeSettings(tx: Db, tenant: Tenant, input: KegSettings): Promise<KegSettings> {
      assertCan(tenant, 'manageKegs')
      const row = await createKegsRepository(tx).upsertSettings(tenant.entityId, input.daysOutLimit)
      return { daysOutLimit: row.daysOutLimit }
    },
  }
}
export type KegService = ReturnType<typeof createKegService>

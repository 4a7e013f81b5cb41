import type { InventoryCount } from './ttb-books.ts'
import type { TtbLedgerEvent } from './ttb.ts'

// A seeded quarter (2026-Q3) for the reports' tests: brews, transfers, packaging, samples, a dump, removals, a
// return, a correction and the monthly physical counts, with every line of the reports worked out by hand in
// `ttb.test.ts`. The server's tests seed the same events into `liquid_events`.

const at = (day: string) => `2026-${day}T12:00:00.000Z`

/** A ledger event that happened and was recorded at the instant `instant`. */
export const ledgerEvent = (
  id: string,
  instant: string,
  kind: string,
  ttbClass: string,
  volumeBbl: string,
  extra: Partial<TtbLedgerEvent> = {},
): TtbLedgerEvent => ({
  id,
  kind,
  ttbClass,
  volumeBbl,
  reason: '',
  occurredAt: instant,
  recordedAt: instant,
  supersedesId: null,
  batchNumber: null,
  productName: null,
  details: null,
  ...extra,
})

const event = (
  id: string,
  day: string,
  kind: string,
  ttbClass: string,
  volumeBbl: string,
  extra: Partial<TtbLedgerEvent> = {},
) => ledgerEvent(id, at(day), kind, ttbClass, volumeBbl, extra)

/** Fixed ids, so the expected drill-downs can name them. */
export const Q3_IDS = {
  juneBrew: '00000000-0000-4000-8000-000000000000',
  julyBrew: '00000000-0000-4000-8000-000000000001',
  julyTransfer: '00000000-0000-4000-8000-000000000002',
  julySample: '00000000-0000-4000-8000-000000000003',
  julyLoss: '00000000-0000-4000-8000-000000000004',
  julyPackage: '00000000-0000-4000-8000-000000000005',
  julyRemoval: '00000000-0000-4000-8000-000000000006',
  augustBrew: '00000000-0000-4000-8000-000000000007',
  augustDump: '00000000-0000-4000-8000-000000000008',
  augustRemoval: '00000000-0000-4000-8000-000000000009',
  augustExport: '00000000-0000-4000-8000-000000000010',
  augustReturn: '00000000-0000-4000-8000-000000000011',
  augustMistake: '00000000-0000-4000-8000-000000000012',
  augustCorrection: '00000000-0000-4000-8000-000000000013',
  augustKegs: '00000000-0000-4000-8000-000000000014',
  septemberReceived: '00000000-0000-4000-8000-000000000015',
  septemberTaproom: '00000000-0000-4000-8000-000000000016',
  septemberRemoval: '00000000-0000-4000-8000-000000000017',
  julyCount: '00000000-0000-4000-8000-000000000101',
  augustCount: '00000000-0000-4000-8000-000000000102',
  septemberCount: '00000000-0000-4000-8000-000000000103',
} as const

const I = Q3_IDS

/** The ledger of the seeded quarter, with one brew in June so the quarter starts with beer on hand. */
export const Q3_EVENTS: TtbLedgerEvent[] = [
  event(I.juneBrew, '06-10', 'brewed', 'produced', '20.00000', {
    productName: 'Hazy Daze',
    batchNumber: '2026-001',
  }),
  event(I.julyBrew, '07-02', 'brewed', 'produced', '15.50000', {
    productName: 'Hazy Daze',
    batchNumber: '2026-002',
  }),
  event(I.julyTransfer, '07-10', 'transferred', 'none', '15.00000', { productName: 'Hazy Daze' }),
  event(I.julySample, '07-12', 'sampled', 'consumed_on_premises', '0.01250', { reason: 'QA tasting' }),
  event(I.julyLoss, '07-15', 'lost', 'loss', '0.48750', { reason: 'Trub and yeast' }),
  event(I.julyPackage, '07-20', 'packaged', 'none', '14.50000', {
    productName: 'Hazy Daze',
    details: { container: 'can' },
  }),
  event(I.julyRemoval, '07-25', 'removed', 'removed_taxpaid', '10.00000', { reason: 'Distributor' }),
  event(I.augustBrew, '08-03', 'brewed', 'produced', '30.00000', {
    productName: 'Pils',
    batchNumber: '2026-003',
  }),
  event(I.augustDump, '08-05', 'dumped', 'destroyed', '2.25000', { reason: 'Infected' }),
  event(I.augustRemoval, '08-10', 'removed', 'removed_taxpaid', '5.12345', { reason: 'Distributor' }),
  event(I.augustExport, '08-12', 'removed', 'removed_without_tax', '1.00000', {
    reason: 'Export',
    details: { taxFreeReason: 'export' },
  }),
  event(I.augustReturn, '08-15', 'returned', 'returned', '0.50000', { reason: 'Out of date' }),
  event(I.augustMistake, '08-20', 'removed', 'removed_taxpaid', '3.00000', { reason: 'Distributor' }),
  event(I.augustCorrection, '08-20', 'removed', 'removed_taxpaid', '2.50000', {
    reason: 'Distributor (corrected count)',
    supersedesId: I.augustMistake,
    recordedAt: at('08-21'),
  }),
  event(I.augustKegs, '08-25', 'packaged', 'packaged', '10.00000', {
    productName: 'Pils',
    details: { packageType: '1/2 bbl Keg', units: 20 },
  }),
  event(I.septemberReceived, '09-02', 'received', 'received_in_bond', '5.00000', {
    reason: 'From our other brewery',
  }),
  event(I.septemberTaproom, '09-10', 'sampled', 'consumed_on_premises', '0.75000', { reason: 'Taproom' }),
  event(I.septemberRemoval, '09-28', 'removed', 'removed_taxpaid', '20.00000', { reason: 'Distributor' }),
]

/**
 * A count by column: the July cans (14.5) and the August kegs (10) stay packaged; the quarter's removals are of
 * bulk beer, so the differences are all in bulk.
 */
function count(
  id: string,
  month: string,
  bulkBbl: string,
  note: string,
  kegBbl: string,
  caseBbl: string,
): InventoryCount {
  return { id, month, bulkBbl, kegBbl, caseBbl, note, explanations: [] }
}

/** The monthly physical counts: July agrees, August is short (explained), September is over. */
export const Q3_COUNTS: InventoryCount[] = [
  count(I.julyCount, '2026-07', '10.50000', '', '0', '14.50000'),
  count(I.augustCount, '2026-08', '20.00000', 'Keg line leak on the 24th', '10.00000', '14.50000'),
  count(I.septemberCount, '2026-09', '4.30000', 'August miscounted one keg', '10.00000', '14.50000'),
]

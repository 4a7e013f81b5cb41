import type { InventoryCount } from './ttb-books.ts'
import { ledgerEvent } from './ttb-fixture.ts'
import type { TtbLedgerEvent } from './ttb.ts'

// The quarter of issue 33 (2026-Q3, brewery in UTC), written as the ledger contract's events: three batches
// brewed into fermenters, a lab sample, a transfer to a brite tank with its loss, a dump, a leak, a packaging
// run into 1/2 and 1/6 BBL kegs and 16 oz cans, kegs and cans sold to two customers (taxpaid), 24 cans
// exported, one can broken, and the September count. Malt and hops received are stock movements, not beer:
// they move no TTB line. The hand-computed figures are in the header of ttb-quarter.test.ts.

const at = (day: string, hour = 12) => `2026-${day}T${String(hour).padStart(2, '0')}:00:00.000Z`

/** Fixed ids, so the drill-downs can name them. */
export const QUARTER_IDS = {
  brewPale: '00000000-0000-4000-9000-000000000001',
  brewPils: '00000000-0000-4000-9000-000000000002',
  brewStout: '00000000-0000-4000-9000-000000000003',
  labSample: '00000000-0000-4000-9000-000000000004',
  transfer: '00000000-0000-4000-9000-000000000005',
  transferLoss: '00000000-0000-4000-9000-000000000006',
  dump: '00000000-0000-4000-9000-000000000007',
  packageHalfBbl: '00000000-0000-4000-9000-000000000008',
  packageSixthBbl: '00000000-0000-4000-9000-000000000009',
  packageCans: '00000000-0000-4000-9000-000000000010',
  leak: '00000000-0000-4000-9000-000000000011',
  saleHalfBbl: '00000000-0000-4000-9000-000000000012',
  saleSixthBbl: '00000000-0000-4000-9000-000000000013',
  saleCans: '00000000-0000-4000-9000-000000000014',
  exportCans: '00000000-0000-4000-9000-000000000015',
  brokenCan: '00000000-0000-4000-9000-000000000016',
  septemberCount: '00000000-0000-4000-9000-000000000101',
} as const

/** Vessels and packages, as the cellar and inventory would name them. */
export const QUARTER_VESSELS = { fv1: 'fv1', fv2: 'fv2', fv3: 'fv3', bt1: 'bt1' } as const
export const QUARTER_PACKAGES = { halfBbl: 'pkg-half', sixthBbl: 'pkg-sixth', can16: 'pkg-can16' } as const

const I = QUARTER_IDS
const V = QUARTER_VESSELS
const P = QUARTER_PACKAGES

const event = (
  id: string,
  day: string,
  kind: string,
  ttbClass: string,
  volumeBbl: string,
  extra: Partial<TtbLedgerEvent> = {},
) => ledgerEvent(id, at(day), kind, ttbClass, volumeBbl, extra)

const packaged = (packageId: string, units: number, container: string) => ({
  source: 'packaged',
  packageId,
  units,
  container,
})

/** The quarter's ledger, per the ledger contract (LEDGER-CONTRACT.md). */
export const QUARTER_EVENTS: TtbLedgerEvent[] = [
  event(I.brewPale, '07-02', 'brewed', 'produced', '3.10000', {
    toVesselId: V.fv1,
    productName: 'Pale',
    batchNumber: '2026-001',
  }),
  event(I.brewPils, '07-09', 'brewed', 'produced', '3.05000', {
    toVesselId: V.fv2,
    productName: 'Pils',
    batchNumber: '2026-002',
  }),
  event(I.labSample, '07-15', 'sampled', 'removed-without-tax', '0.01000', {
    fromVesselId: V.fv1,
    reason: 'Lab: gravity and micro',
    details: { purpose: 'lab', taxFreeReason: 'research-testing' },
  }),
  event(I.transfer, '07-20', 'transferred', 'internal', '3.00000', {
    fromVesselId: V.fv1,
    toVesselId: V.bt1,
    productName: 'Pale',
  }),
  event(I.transferLoss, '07-20', 'lost', 'losses', '0.09000', {
    fromVesselId: V.fv1,
    reason: 'Transfer loss',
  }),
  event(I.brewStout, '08-03', 'brewed', 'produced', '2.90000', {
    toVesselId: V.fv3,
    productName: 'Stout',
    batchNumber: '2026-003',
  }),
  event(I.dump, '08-10', 'dumped', 'destroyed', '0.40000', {
    fromVesselId: V.fv2,
    reason: 'Diacetyl, dumped',
  }),
  // The packaging run: 2 × 1/2 BBL = 1.00000; 3 × 1/6 BBL = 3 × 0.16667 = 0.50001; 120 × 16 fl oz = 1,920 fl oz
  // = 1,920 / 3,968 bbl = 0.48387.
  event(I.packageHalfBbl, '08-15', 'packaged', 'packaged', '1.00000', {
    fromVesselId: V.bt1,
    productName: 'Pale',
    details: { packageId: P.halfBbl, units: 2, container: 'keg' },
  }),
  event(I.packageSixthBbl, '08-15', 'packaged', 'packaged', '0.50001', {
    fromVesselId: V.bt1,
    productName: 'Pale',
    details: { packageId: P.sixthBbl, units: 3, container: 'keg' },
  }),
  event(I.packageCans, '08-15', 'packaged', 'packaged', '0.48387', {
    fromVesselId: V.bt1,
    productName: 'Pale',
    details: { packageId: P.can16, units: 120, container: 'can' },
  }),
  event(I.saleHalfBbl, '08-18', 'removed', 'removed-taxpaid', '0.50000', {
    reason: 'Sold to The Tap Room',
    details: { ...packaged(P.halfBbl, 1, 'keg'), customer: 'The Tap Room' },
  }),
  event(I.saleSixthBbl, '08-18', 'removed', 'removed-taxpaid', '0.33334', {
    reason: 'Sold to The Tap Room',
    details: { ...packaged(P.sixthBbl, 2, 'keg'), customer: 'The Tap Room' },
  }),
  event(I.leak, '08-20', 'lost', 'losses', '0.05000', {
    fromVesselId: V.bt1,
    reason: 'Leaking valve on BT1',
  }),
  // 48 cans = 768 fl oz = 0.19355 bbl.
  event(I.saleCans, '08-25', 'removed', 'removed-taxpaid', '0.19355', {
    reason: 'Sold to Corner Bottle Shop',
    details: { ...packaged(P.can16, 48, 'can'), customer: 'Corner Bottle Shop' },
  }),
  // 24 cans = 384 fl oz = 0.09677 bbl.
  event(I.exportCans, '09-02', 'removed', 'removed-without-tax', '0.09677', {
    reason: 'Export to Canada',
    details: { ...packaged(P.can16, 24, 'can'), taxFreeReason: 'export' },
  }),
  // 1 can = 16 fl oz = 0.00403 bbl.
  event(I.brokenCan, '09-05', 'lost', 'losses', '0.00403', {
    reason: 'Can dropped in the cold room',
    details: { ...packaged(P.can16, 1, 'can'), cause: 'breakage' },
  }),
]

/**
 * The September count: 6.50 bbl in tanks, 2 × 1/6 BBL + 1 × 1/2 BBL = 0.66667 in kegs, 45 cans = 720 fl oz =
 * 0.18145 bbl in cases; one more can was found broken (breakage, 0.00403 bbl), the rest is not explained.
 */
export const QUARTER_COUNTS: InventoryCount[] = [
  {
    id: I.septemberCount,
    month: '2026-09',
    bulkBbl: '6.50000',
    kegBbl: '0.66667',
    caseBbl: '0.18145',
    note: 'Month-end count by the head brewer',
    explanations: [{ cause: 'breakage', stage: 'packaged', barrels: '0.00403' }],
  },
]

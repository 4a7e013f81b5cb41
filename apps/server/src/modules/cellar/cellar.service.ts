import type {
  BatchCompletionSchema,
  BulkReceiptInputSchema,
  BulkRemovalInputSchema,
  CellarSettings,
  CleaningInputSchema,
  DeviceInputSchema,
  LiquidEventInputSchema,
  LiquidEventKind,
  PackagingRunInputSchema,
  ReadingInputSchema,
} from '@brewcommand/domain'
import type { z } from 'zod'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { acknowledgeAlert, listAlerts } from './alert-inbox.ts'
import { completeBatch } from './batch-completion.ts'
import { receiveBulk, removeBulk } from './bulk-movements.ts'
import { batchInVessel, type CellarContext, type FinishedGoodsPort } from './cellar-context.ts'
import { cellarDashboard } from './cellar-dashboard.ts'
import { cellarSettings, saveCellarSettings } from './cellar-settings.ts'
import { createCellarRepository } from './cellar.repository.ts'
import { logCleaning } from './cleaning.ts'
import { addDevice, listDevices, revokeDevice } from './devices.ts'
import { recordMovement } from './movements.ts'
import { packageRun } from './packaging.ts'
import { recordReading } from './readings.ts'
import { batchFermentation, tankBoard, vesselDetail } from './tank-board.ts'

export type { FinishedGoodsPort } from './cellar-context.ts'
export { hashDeviceToken } from './devices.ts'
export { toAlert, toReading } from './cellar-views.ts'

/**
 * The cellar (docs/production.md): the tank board, readings, the liquid ledger's movements and packaging,
 * cleaning, devices, alerts and the brewery's cellar settings. Writes take the write runner's transaction;
 * reads use the service's connection. Each part lives in its own file of this folder; this composes them.
 */
export function createCellarService({
  db,
  now = () => new Date(),
  finishedGoods,
}: {
  db: Db
  now?: () => Date
  /** Finished goods from packaging runs; none in tests of the cellar alone. */
  finishedGoods?: FinishedGoodsPort
}) {
  const ctx: CellarContext = { db, now, reads: createCellarRepository(db), finishedGoods }
  return {
    tankBoard: (tenant: Tenant) => tankBoard(ctx, tenant),
    vesselDetail: (tenant: Tenant, vesselId: string) => vesselDetail(ctx, tenant, vesselId),
    batchFermentation: (tenant: Tenant, batchId: string, points?: number) =>
      batchFermentation(ctx, tenant, batchId, points),
    recordReading: (tx: Db, tenant: Tenant, input: z.output<typeof ReadingInputSchema>) =>
      recordReading(ctx, tx, tenant, input),
    recordMovement: (tx: Db, tenant: Tenant, input: z.output<typeof LiquidEventInputSchema>) =>
      recordMovement(ctx, tx, tenant, input),
    packageRun: (tx: Db, tenant: Tenant, input: z.output<typeof PackagingRunInputSchema>) =>
      packageRun(ctx, tx, tenant, input),
    removeBulk: (tx: Db, tenant: Tenant, input: z.output<typeof BulkRemovalInputSchema>) =>
      removeBulk(ctx, tx, tenant, input),
    receiveBulk: (tx: Db, tenant: Tenant, input: z.output<typeof BulkReceiptInputSchema>) =>
      receiveBulk(ctx, tx, tenant, input),
    logCleaning: (tx: Db, tenant: Tenant, input: z.output<typeof CleaningInputSchema>) =>
      logCleaning(ctx, tx, tenant, input),
    devices: (tenant: Tenant) => listDevices(ctx, tenant),
    addDevice: (tx: Db, tenant: Tenant, input: z.output<typeof DeviceInputSchema>) =>
      addDevice(tx, tenant, input),
    revokeDevice: (tx: Db, tenant: Tenant, deviceId: string) => revokeDevice(tx, tenant, deviceId),
    settings: (tenant: Tenant) => cellarSettings(ctx, tenant),
    saveSettings: (tx: Db, tenant: Tenant, input: CellarSettings) => saveCellarSettings(tx, tenant, input),
    alerts: (tenant: Tenant) => listAlerts(ctx, tenant),
    acknowledgeAlert: (tx: Db, tenant: Tenant, alertId: string) => acknowledgeAlert(tx, tenant, alertId),
    dashboard: (tenant: Tenant) => cellarDashboard(ctx, tenant),
    completeBatch: (tx: Db, tenant: Tenant, batchId: string, input: z.output<typeof BatchCompletionSchema>) =>
      completeBatch(ctx, tx, tenant, batchId, input),
    batchInVessel,
  }
}
export type CellarService = ReturnType<typeof createCellarService>
export type { LiquidEventKind }

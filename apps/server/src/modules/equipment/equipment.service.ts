import {
  applyCalibration,
  BrewhouseConstantsSchema,
  brewhouseCalibration,
  can,
  measuredBrewOf,
  type AcceptCalibration,
  type BrewhouseConstants,
  type BrewhouseDetail,
  type BrewhouseVersionReason,
  type CalibrationProposal,
  type NewBrewhouse,
  type Recipe,
  type Vessel,
  type VesselInput,
} from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { BrewhouseRow, EquipmentRepository, VesselRow } from './equipment.repository.ts'

const brewhouseNotFound = () => new AppError('NOT_FOUND', 'Brewhouse not found')
/** A state that says the vessel was cleaned: set by hand, it records the cleaning (ADR 253). */
const isCleanState = (state: string): state is 'clean' | 'sanitised' =>
  state === 'clean' || state === 'sanitised'

const vesselNotFound = () => new AppError('NOT_FOUND', 'Vessel not found')

/** A stored vessel as the API answers it (capacities are numeric barrels, read as strings). */
export const toVessel = (row: VesselRow): Vessel => ({
  id: row.id,
  name: row.name,
  kind: row.kind as Vessel['kind'],
  capacityBbl: Number(row.capacityBbl),
  workingCapacityBbl: Number(row.workingCapacityBbl),
  state: row.state as Vessel['state'],
})

/** Whether a proposal the person saw is the one proposed now (equal as the proposal rounds it). */
const sameValue = (a: number, b: number) => Math.abs(a - b) < 1e-9

/**
 * Settings → Equipment (docs/production.md "brewhouse", "vessel"): brewhouses whose every edit is a new
 * version, their self-calibration, and vessels. Reads are everyone's; writes are an Admin's (manageEquipment).
 * A brewhouse or vessel a batch refers to is archived instead of deleted.
 */
export function createEquipmentService({
  db,
  repoFor,
}: {
  db: Db
  repoFor: (connection: Db) => EquipmentRepository
}) {
  const repo = repoFor(db)

  /** Brewhouses with their versions and calibration, on a connection. */
  async function assemble(
    r: EquipmentRepository,
    entityId: string,
    rows: BrewhouseRow[],
  ): Promise<BrewhouseDetail[]> {
    const ids = rows.map((row) => row.id)
    const [versions, brews] = [await r.versions(entityId, ids), await r.finishedBrews(entityId, ids)]
    return rows.flatMap((row) => {
      const own = versions
        .filter((version) => version.brewhouseId === row.id)
        .map((version) => ({
          id: version.id,
          version: version.version,
          reason: version.reason as BrewhouseVersionReason,
          savedAt: version.savedAt.toISOString(),
          savedBy: version.savedBy,
          constants: { ...(version.constants as BrewhouseConstants) },
          proposals: (version.note?.proposals as CalibrationProposal[] | undefined) ?? null,
        }))
      const current = own.find((version) => version.version === row.currentVersion)
      if (!current) return []
      const constants = { ...current.constants, name: row.name }
      const measured = brews
        .filter((brew) => brew.brewhouseId === row.id && brew.measurements.length > 0)
        .map((brew) =>
          measuredBrewOf(
            {
              id: brew.id,
              number: brew.number,
              brewedAt: brew.brewedAt.toISOString(),
              snapshot: brew.snapshot as Recipe,
            },
            brew.measurements,
          ),
        )
      return [
        {
          ...constants,
          id: row.id,
          version: current.version,
          versionId: current.id,
          savedAt: current.savedAt,
          versions: own,
          calibration: brewhouseCalibration(constants, measured),
        },
      ]
    })
  }

  async function brewhouseOf(r: EquipmentRepository, entityId: string, id: string) {
    const [detail] = await assemble(r, entityId, await r.brewhouses(entityId, [id]))
    if (!detail) throw brewhouseNotFound()
    return detail
  }

  /** 404 for a brewhouse the brewery does not have in use, then 403 for a role that may not. */
  async function mayChangeBrewhouse(r: EquipmentRepository, tenant: Tenant, id: string) {
    if (can(tenant.role, 'manageEquipment')) return
    if (!(await r.currentVersion(tenant.entityId, id))) throw brewhouseNotFound()
    assertCan(tenant, 'manageEquipment')
  }

  async function mayChangeVessel(r: EquipmentRepository, tenant: Tenant, id: string) {
    if (can(tenant.role, 'manageEquipment')) return
    const [row] = await r.vessels(tenant.entityId, [id])
    if (!row || row.archivedAt) throw vesselNotFound()
    assertCan(tenant, 'manageEquipment')
  }

  async function saveVersion(
    r: EquipmentRepository,
    tenant: Tenant,
    id: string,
    constants: BrewhouseConstants,
    reason: BrewhouseVersionReason,
    note: Record<string, unknown> | null = null,
  ): Promise<BrewhouseDetail> {
    const version = await r.nextVersion(tenant.entityId, id, constants.name)
    if (version === null) throw brewhouseNotFound()
    await r.insertVersion(tenant.entityId, {
      brewhouseId: id,
      version,
      constants,
      reason,
      note,
      savedBy: tenant.userId,
    })
    return brewhouseOf(r, tenant.entityId, id)
  }

  return {
    listBrewhouses: async (tenant: Tenant) =>
      assemble(repo, tenant.entityId, await repo.brewhouses(tenant.entityId)),

    /** One brewhouse, archived ones too (a broadcast's data). */
    brewhouse: (tenant: Tenant, id: string) => brewhouseOf(repo, tenant.entityId, id),

    async addBrewhouse(connection: Db, tenant: Tenant, input: NewBrewhouse): Promise<BrewhouseDetail> {
      assertCan(tenant, 'manageEquipment')
      const r = repoFor(connection)
      const { id, ...constants } = input
      if (!(await r.insertBrewhouse(tenant.entityId, id, constants.name)))
        throw new AppError('CONFLICT', `A brewhouse with id ${id} already exists`)
      await r.insertVersion(tenant.entityId, {
        brewhouseId: id,
        version: 1,
        constants,
        reason: 'created',
        note: null,
        savedBy: tenant.userId,
      })
      return brewhouseOf(r, tenant.entityId, id)
    },

    /** New constants: the next version; batches keep theirs. */
    async changeBrewhouse(
      connection: Db,
      tenant: Tenant,
      id: string,
      constants: BrewhouseConstants,
    ): Promise<BrewhouseDetail> {
      const r = repoFor(connection)
      await mayChangeBrewhouse(r, tenant, id)
      return saveVersion(r, tenant, id, constants, 'edited')
    },

    /** Deleted, or archived when a batch was planned on it; whether it was archived. */
    async removeBrewhouse(connection: Db, tenant: Tenant, id: string): Promise<{ archived: boolean }> {
      const r = repoFor(connection)
      if (!(await r.currentVersion(tenant.entityId, id))) throw brewhouseNotFound()
      assertCan(tenant, 'manageEquipment')
      const archived = await r.brewhouseHasBatches(tenant.entityId, id)
      if (!(await r.removeBrewhouse(tenant.entityId, id, archived))) throw brewhouseNotFound()
      return { archived }
    },

    /**
     * Accepts proposals of the self-calibration as the next version ('calibrated', with the proposals and
     * their batches in the version's note). Proposed again here: a 409 when the brewhouse has another version
     * now, or a value differs from the one the person accepted.
     */
    async acceptCalibration(
      connection: Db,
      tenant: Tenant,
      id: string,
      accepted: AcceptCalibration,
    ): Promise<BrewhouseDetail> {
      const r = repoFor(connection)
      await mayChangeBrewhouse(r, tenant, id)
      const detail = await brewhouseOf(r, tenant.entityId, id)
      if (detail.version !== accepted.version)
        throw new AppError(
          'CONFLICT',
          `The brewhouse is at version ${detail.version} now; look at its proposals again.`,
        )
      const taken: CalibrationProposal[] = []
      for (const [i, choice] of accepted.proposals.entries()) {
        const proposal = detail.calibration.proposals.find((p) => p.constant === choice.constant)
        if (!proposal || !sameValue(proposal.proposed, choice.proposed))
          throw new AppError('CONFLICT', 'The proposals changed since they were shown; look at them again.', [
            { path: `data.proposals.${i}.proposed`, message: 'No longer the proposed value' },
          ])
        if (!taken.some((p) => p.constant === proposal.constant)) taken.push(proposal)
      }
      const {
        id: _id,
        version: _v,
        versionId: _vi,
        savedAt: _s,
        versions: _vs,
        calibration: _c,
        ...current
      } = detail
      // Measurements can be wrong (a gravity typed as 1.200): a proposal outside what a constant may be is
      // refused, naming it, rather than saved.
      const checked = BrewhouseConstantsSchema.safeParse(applyCalibration(current, taken))
      if (!checked.success) {
        const fields = new Set(checked.error.issues.map((issue) => String(issue.path[0])))
        const field = (constant: string) =>
          constant === 'kettleLossGallons' ? 'kettleTrubLossGallons' : constant
        throw new AppError(
          'VALIDATION_FAILED',
          `A proposal is outside what the constant may be: ${checked.error.issues[0].message}.`,
          accepted.proposals.flatMap((choice, i) =>
            fields.has(field(choice.constant))
              ? [{ path: `data.proposals.${i}.proposed`, message: 'Outside what this constant may be' }]
              : [],
          ),
        )
      }
      return saveVersion(r, tenant, id, checked.data, 'calibrated', { proposals: taken })
    },

    listVessels: async (tenant: Tenant) => (await repo.vessels(tenant.entityId)).map(toVessel),

    async addVessel(connection: Db, tenant: Tenant, input: Vessel): Promise<Vessel> {
      assertCan(tenant, 'manageEquipment')
      const r = repoFor(connection)
      const { id, ...vessel } = input
      if (!(await r.insertVessel(tenant.entityId, id, vessel)))
        throw new AppError('CONFLICT', `A vessel with id ${id} already exists`)
      if (isCleanState(vessel.state))
        await r.recordStateCleaning(tenant.entityId, id, vessel.state, tenant.userId)
      const [row] = await r.vessels(tenant.entityId, [id])
      return toVessel(row)
    },

    async changeVessel(connection: Db, tenant: Tenant, id: string, input: VesselInput): Promise<Vessel> {
      const r = repoFor(connection)
      await mayChangeVessel(r, tenant, id)
      const [before] = await r.vessels(tenant.entityId, [id])
      const row = await r.updateVessel(tenant.entityId, id, input)
      if (!row) throw vesselNotFound()
      if (isCleanState(input.state) && input.state !== before?.state)
        await r.recordStateCleaning(tenant.entityId, id, input.state, tenant.userId)
      return toVessel(row)
    },

    /** Deleted, or archived when a batch, an occupancy or a movement of beer names it. */
    async removeVessel(connection: Db, tenant: Tenant, id: string): Promise<{ archived: boolean }> {
      const r = repoFor(connection)
      const [row] = await r.vessels(tenant.entityId, [id])
      if (!row || row.archivedAt) throw vesselNotFound()
      assertCan(tenant, 'manageEquipment')
      const archived = await r.vesselHasHistory(tenant.entityId, id)
      if (!(await r.removeVessel(tenant.entityId, id, archived))) throw vesselNotFound()
      return { archived }
    },
  }
}
export type EquipmentService = ReturnType<typeof createEquipmentService>

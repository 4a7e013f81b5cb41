import type {
  AcceptCalibration,
  BrewhouseConstants,
  NewBrewhouse,
  Vessel,
  VesselInput,
} from '@brewcommand/domain'
import { useWrite } from '@/lib/writes/use-write.ts'

export const BREWHOUSES_PATH = '/api/equipment/brewhouses'
export const VESSELS_PATH = '/api/equipment/vessels'

/**
 * Settings → Equipment's writes, each a typed intent of packages/domain/src/production/equipment.writes.ts
 * queued with useWrite (offline too). The server's broadcast brings the stored record back into the page.
 */
export function useEquipmentWrites() {
  const write = useWrite()
  return {
    addBrewhouse: (brewhouse: NewBrewhouse) =>
      write({
        kind: 'production',
        action: 'equipment:add-brewhouse',
        uri: BREWHOUSES_PATH,
        data: brewhouse,
        name: brewhouse.name,
      }),
    changeBrewhouse: (id: string, constants: BrewhouseConstants) =>
      write({
        kind: 'production',
        action: 'equipment:change-brewhouse',
        uri: `${BREWHOUSES_PATH}/${id}`,
        data: constants,
        name: constants.name,
      }),
    removeBrewhouse: (id: string, name: string) =>
      write({
        kind: 'production',
        action: 'equipment:remove-brewhouse',
        uri: `${BREWHOUSES_PATH}/${id}`,
        name,
      }),
    acceptCalibration: (id: string, name: string, accepted: AcceptCalibration) =>
      write({
        kind: 'production',
        action: 'equipment:accept-calibration',
        uri: `${BREWHOUSES_PATH}/${id}/calibrations`,
        data: accepted,
        name,
      }),
    addVessel: (vessel: Vessel) =>
      write({
        kind: 'production',
        action: 'equipment:add-vessel',
        uri: VESSELS_PATH,
        data: vessel,
        name: vessel.name,
      }),
    changeVessel: (id: string, vessel: VesselInput) =>
      write({
        kind: 'production',
        action: 'equipment:change-vessel',
        uri: `${VESSELS_PATH}/${id}`,
        data: vessel,
        name: vessel.name,
      }),
    removeVessel: (id: string, name: string) =>
      write({ kind: 'production', action: 'equipment:remove-vessel', uri: `${VESSELS_PATH}/${id}`, name }),
  }
}

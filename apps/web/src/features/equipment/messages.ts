import type { CalibratedConstant } from '@brewcommand/domain'

/** The texts of Settings → Equipment (docs/production.md "brewhouse", "vessel"). */
export const EQUIPMENT_TEXTS = {
  heading: 'Equipment',
  intro:
    'The brew systems and vessels of the brewery. Brew days plan their water and volumes from a brewhouse; the cellar and the schedule use the vessels.',
  brewhouses: 'Brewhouses',
  vessels: 'Vessels',
  addBrewhouse: 'Add Brewhouse',
  editBrewhouse: 'Edit Brewhouse',
  addVessel: 'Add Vessel',
  editVessel: 'Edit Vessel',
  noBrewhouses: 'No brewhouses yet.',
  noBrewhousesAdmin: 'No brewhouses yet. Add the brew system you brew on to plan batches.',
  noVessels: 'No vessels yet.',
  loadFailed: 'The equipment could not be loaded.',
  retry: 'Try again',
  saving: 'Saving…',
  notSaved: 'Not saved',
  versionsTitle: 'Versions',
  editNote: 'Saving makes a new version; batches keep the version they were planned with.',
  removeBrewhouse: (name: string) => `Remove ${name}?`,
  removeBrewhouseText:
    'A brewhouse no batch was planned on is deleted; one with batches is archived, and its batches keep their version.',
  removeVessel: (name: string) => `Remove ${name}?`,
  removeVesselText:
    'A vessel nothing has used is deleted; one a batch or a movement of beer names is archived and kept in their records.',
  calibrationTitle: 'Calibration from measured brews',
  calibrationWaiting: (brews: number, needed: number) =>
    `${brews} of ${needed} measured brews: after ${needed}, the figures this brewhouse really reaches are proposed here.`,
  calibrationNone: 'The measured brews agree with the constants in use.',
  acceptCalibration: 'Accept as new version',
} as const

export const VERSION_REASONS: Record<string, string> = {
  created: 'Created',
  edited: 'Edited',
  calibrated: 'Calibrated',
}

export const CALIBRATED_LABELS: Record<CalibratedConstant, string> = {
  brewhouseEfficiency: 'Brewhouse efficiency',
  mashEfficiency: 'Mash efficiency',
  boilOffGallonsPerHour: 'Boil-off per hour',
  kettleLossGallons: 'Kettle, trub and chiller loss',
}

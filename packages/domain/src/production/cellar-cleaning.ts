// Cleaning before filling (docs/production.md "cleaning_event"): a vessel is filled only when it was cleaned
// within the brewery's clean window and sanitised within its sanitise window (24 h and 4 h unless the brewery
// chose others); otherwise the person is warned, and filling anyway records that they accepted it.

export const CLEANING_KINDS = { clean: 'Clean', sanitise: 'Sanitise', cip: 'CIP' } as const
export type CleaningKind = keyof typeof CLEANING_KINDS

export const DEFAULT_CLEAN_WINDOW_HOURS = 24
export const DEFAULT_SANITISE_WINDOW_HOURS = 4

export type CleaningWarning = { code: 'not-cleaned' | 'not-sanitised'; message: string }

/** A CIP cycle cleans; only a sanitise counts as sanitising. */
export const cleans = (kind: CleaningKind): boolean => kind === 'clean' || kind === 'cip'
export const sanitises = (kind: CleaningKind): boolean => kind === 'sanitise'

/** What is wrong with filling a vessel now, given its last clean and sanitise (ISO instants or null). */
export function cleaningWarnings(input: {
  vesselName: string
  lastCleanedAt: string | null
  lastSanitisedAt: string | null
  now: Date
  cleanWindowHours: number
  sanitiseWindowHours: number
}): CleaningWarning[] {
  const within = (at: string | null, hours: number) =>
    at !== null && input.now.getTime() - new Date(at).getTime() <= hours * 3_600_000
  const warnings: CleaningWarning[] = []
  if (!within(input.lastCleanedAt, input.cleanWindowHours))
    warnings.push({
      code: 'not-cleaned',
      message: `${input.vesselName} was not cleaned in the last ${input.cleanWindowHours} hours`,
    })
  if (!within(input.lastSanitisedAt, input.sanitiseWindowHours))
    warnings.push({
      code: 'not-sanitised',
      message: `${input.vesselName} was not sanitised in the last ${input.sanitiseWindowHours} hours`,
    })
  return warnings
}

import type { UsStateCode } from './us-states.ts'

/**
 * The IANA time zones of each of the 50 states, the one most of its people live in first (ADR 260). A state
 * split between zones (Oregon's Malheur County keeps Mountain time, Texas's El Paso too, Florida's panhandle
 * Central) lists the others after it, so a browser already set to one of them is believed.
 */
export const STATE_TIME_ZONES: Record<UsStateCode, readonly string[]> = {
  AL: ['America/Chicago'],
  AK: [
    'America/Anchorage',
    'America/Juneau',
    'America/Sitka',
    'America/Nome',
    'America/Yakutat',
    'America/Metlakatla',
    'America/Adak',
  ],
  AZ: ['America/Phoenix', 'America/Denver'],
  AR: ['America/Chicago'],
  CA: ['America/Los_Angeles'],
  CO: ['America/Denver'],
  CT: ['America/New_York'],
  DE: ['America/New_York'],
  FL: ['America/New_York', 'America/Chicago'],
  GA: ['America/New_York'],
  HI: ['Pacific/Honolulu'],
  ID: ['America/Boise', 'America/Los_Angeles'],
  IL: ['America/Chicago'],
  IN: [
    'America/Indiana/Indianapolis',
    'America/Chicago',
    'America/Indiana/Knox',
    'America/Indiana/Tell_City',
    'America/Indiana/Petersburg',
    'America/Indiana/Vincennes',
    'America/Indiana/Winamac',
    'America/Indiana/Marengo',
    'America/Indiana/Vevay',
  ],
  IA: ['America/Chicago'],
  KS: ['America/Chicago', 'America/Denver'],
  KY: ['America/New_York', 'America/Kentucky/Louisville', 'America/Kentucky/Monticello', 'America/Chicago'],
  LA: ['America/Chicago'],
  ME: ['America/New_York'],
  MD: ['America/New_York'],
  MA: ['America/New_York'],
  MI: ['America/Detroit', 'America/Menominee'],
  MN: ['America/Chicago'],
  MS: ['America/Chicago'],
  MO: ['America/Chicago'],
  MT: ['America/Denver'],
  NE: ['America/Chicago', 'America/Denver'],
  NV: ['America/Los_Angeles', 'America/Denver'],
  NH: ['America/New_York'],
  NJ: ['America/New_York'],
  NM: ['America/Denver'],
  NY: ['America/New_York'],
  NC: ['America/New_York'],
  ND: [
    'America/Chicago',
    'America/North_Dakota/Center',
    'America/North_Dakota/New_Salem',
    'America/North_Dakota/Beulah',
    'America/Denver',
  ],
  OH: ['America/New_York'],
  OK: ['America/Chicago'],
  OR: ['America/Los_Angeles', 'America/Boise'],
  PA: ['America/New_York'],
  RI: ['America/New_York'],
  SC: ['America/New_York'],
  SD: ['America/Chicago', 'America/Denver'],
  TN: ['America/Chicago', 'America/New_York'],
  TX: ['America/Chicago', 'America/Denver'],
  UT: ['America/Denver'],
  VT: ['America/New_York'],
  VA: ['America/New_York'],
  WA: ['America/Los_Angeles'],
  WV: ['America/New_York'],
  WI: ['America/Chicago'],
  WY: ['America/Denver'],
}

/**
 * The brewery's time zone from its business address: the state's zone, or the browser's own zone when it is one
 * of the state's (a brewery in Oregon's Mountain-time corner). Outside the 50 states (not offered by the form
 * today), the browser's zone is the suggestion; anything else is UTC, where reports were cut before ADR 224.
 */
export function breweryTimeZone(state: string, browserZone?: string | null): string {
  const zones = (STATE_TIME_ZONES as Record<string, readonly string[] | undefined>)[state]
  if (zones) return browserZone && zones.includes(browserZone) ? browserZone : zones[0]
  return browserZone && isKnownZone(browserZone) ? browserZone : 'UTC'
}

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

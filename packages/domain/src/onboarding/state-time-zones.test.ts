import { describe, expect, it } from 'vitest'
import { breweryTimeZone, STATE_TIME_ZONES } from './state-time-zones.ts'
import { US_STATE_CODES } from './us-states.ts'

describe('breweryTimeZone', () => {
  it('puts an Oregon brewery on Pacific time, not UTC', () => {
    expect(breweryTimeZone('OR')).toBe('America/Los_Angeles')
    expect(breweryTimeZone('OR', 'Europe/Berlin')).toBe('America/Los_Angeles')
  })

  it('believes a browser set to another of the state’s zones (Ontario, Oregon keeps Mountain time)', () => {
    expect(breweryTimeZone('OR', 'America/Boise')).toBe('America/Boise')
    expect(breweryTimeZone('TX', 'America/Denver')).toBe('America/Denver')
    expect(breweryTimeZone('AZ', null)).toBe('America/Phoenix')
  })

  it('takes the browser’s zone outside the 50 states, and UTC for a zone no one knows', () => {
    expect(breweryTimeZone('BC', 'America/Vancouver')).toBe('America/Vancouver')
    expect(breweryTimeZone('BC', 'Mars/Olympus')).toBe('UTC')
    expect(breweryTimeZone('', undefined)).toBe('UTC')
  })

  it('has every state, each zone one the platform knows', () => {
    expect(Object.keys(STATE_TIME_ZONES).sort()).toEqual([...US_STATE_CODES].sort())
    for (const zones of Object.values(STATE_TIME_ZONES))
      for (const zone of zones)
        expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow()
  })
})

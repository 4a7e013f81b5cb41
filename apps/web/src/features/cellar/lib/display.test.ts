import { describe, expect, it } from 'vitest'
import { cleaningKindLabel } from './display.ts'

describe('cleaningKindLabel', () => {
  it('says CIP, Sanitise and Clean instead of the stored keys "cip", "sanitise"', () => {
    expect(cleaningKindLabel('cip')).toBe('CIP')
    expect(cleaningKindLabel('sanitise')).toBe('Sanitise')
    expect(cleaningKindLabel('clean')).toBe('Clean')
  })
})

import { describe, expect, it } from 'vitest'
import { resumeStep, startingStep } from './wizard-step.ts'

describe('startingStep (docs/product/01-access.md §4)', () => {
  it.each([
    ['', false, 1],
    ['', true, 1],
    ['?session_id=cs_1', false, 4],
    ['?session_id=cs_1', true, 2],
    ['?session_id=testing', false, 4],
    ['?callback=true', true, 2],
    ['?callback=true', false, 2],
    ['?session_id=', false, 1],
  ] as const)('%j with automated-test %s starts at step %i', (search, automated, step) => {
    expect(startingStep(search, automated)).toBe(step)
  })
})

describe('resumeStep', () => {
  const none = { isSignedIn: false, hasPlan: false, hasBrewery: false, isSubscribed: false }
  it('keeps a visitor on step 1 until they are signed in with a plan', () => {
    expect(resumeStep(1, none)).toBe(1)
    expect(resumeStep(2, { ...none, hasPlan: true })).toBe(1)
    expect(resumeStep(1, { ...none, isSignedIn: true })).toBe(1)
  })
  it('moves a signed-in user with a plan to the business form', () => {
    expect(resumeStep(1, { ...none, isSignedIn: true, hasPlan: true })).toBe(2)
  })
  it('moves a user whose brewery exists to payment, and a subscribed one to the result', () => {
    expect(resumeStep(1, { isSignedIn: true, hasPlan: true, hasBrewery: true, isSubscribed: false })).toBe(3)
    expect(resumeStep(2, { isSignedIn: true, hasPlan: true, hasBrewery: true, isSubscribed: true })).toBe(4)
  })
  it('never leaves the result step of a returning payment', () => {
    expect(resumeStep(4, none)).toBe(4)
  })
})

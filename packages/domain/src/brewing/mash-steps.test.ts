import { describe, expect, it } from 'vitest'
import {
  addMashStep,
  deleteMashStep,
  moveMashStepDown,
  moveMashStepUp,
  nextMashStepOrder,
  normaliseMashSteps,
  updateMashStep,
} from './mash-steps.ts'

type Step = { id: string; order: number; type: string }
const steps = (...ids: string[]): Step[] => ids.map((id, i) => ({ id, order: i + 1, type: 'infusion-mash' }))
const ids = (list: Step[]) => list.map((s) => `${s.id}${s.order}`).join(' ')

describe('addMashStep', () => {
  it.each([
    [[], 1],
    [steps('a', 'b'), 3],
    [
      [
        { id: 'a', order: 4, type: 'vorlauf' },
        { id: 'b', order: 2, type: 'vorlauf' },
      ],
      5,
    ],
  ])('gives a new step order = highest + 1 (or 1): %j → %s', (list, order) => {
    expect(nextMashStepOrder(list)).toBe(order)
    const added = addMashStep<Step>(list, { id: 'new', type: 'mash-out' })
    expect(added.at(-1)).toEqual({ id: 'new', type: 'mash-out', order })
    expect(added).toHaveLength(list.length + 1)
  })
})

describe('moving steps', () => {
  it.each([
    ['up', 'b', 'b1 a2 c3'],
    ['up', 'c', 'a1 c2 b3'],
    ['down', 'a', 'b1 a2 c3'],
    ['down', 'b', 'a1 c2 b3'],
  ] as const)('moves %s %s', (direction, id, expected) => {
    const move = direction === 'up' ? moveMashStepUp : moveMashStepDown
    expect(ids(move(steps('a', 'b', 'c'), id))).toBe(expected)
  })

  it('does nothing for the first step up, the last step down or an unknown id', () => {
    const list = steps('a', 'b', 'c')
    expect(moveMashStepUp(list, 'a')).toEqual(list)
    expect(moveMashStepDown(list, 'c')).toEqual(list)
    expect(moveMashStepUp(list, 'zzz')).toEqual(list)
  })

  it('re-sorts by order and renumbers from 1 when moving', () => {
    const gappy = [
      { id: 'c', order: 9, type: 'x' },
      { id: 'a', order: 2, type: 'x' },
      { id: 'b', order: 5, type: 'x' },
    ]
    expect(ids(moveMashStepDown(gappy, 'a'))).toBe('b1 a2 c3')
  })

  it('does not change the list it was given', () => {
    const list = steps('a', 'b')
    moveMashStepDown(list, 'a')
    expect(ids(list)).toBe('a1 b2')
  })
})

describe('deleteMashStep, updateMashStep and normaliseMashSteps', () => {
  it('deletes and renumbers', () => {
    expect(ids(deleteMashStep(steps('a', 'b', 'c'), 'b'))).toBe('a1 c2')
    expect(ids(deleteMashStep(steps('a'), 'a'))).toBe('')
  })

  it('updates in place, keeping the order', () => {
    const updated = updateMashStep<Step>(steps('a', 'b'), { id: 'b', type: 'vorlauf' })
    expect(updated[1]).toEqual({ id: 'b', order: 2, type: 'vorlauf' })
  })

  it('sorts and renumbers', () => {
    expect(
      ids(
        normaliseMashSteps([
          { id: 'b', order: 7, type: 'x' },
          { id: 'a', order: 3, type: 'x' },
        ]),
      ),
    ).toBe('a1 b2')
  })
})

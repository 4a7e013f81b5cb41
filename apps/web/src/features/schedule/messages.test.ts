import { describe, expect, it } from 'vitest'
import { SHIFT_SENTENCE } from './messages.ts'

describe('the sentence of a proposed shift', () => {
  it('names the overdue batch that pushes a later booking in its vessel', () => {
    expect(
      SHIFT_SENTENCE({
        batchNumber: '2026-002',
        causedByBatchNumber: '2026-001',
        shiftDays: 3,
        cause: 'vessel',
      }),
    ).toBe('Batch 2026-001 is still in its vessel: move batch 2026-002 3 days later?')
  })

  it('says a batch’s own longer fermentation moves its conditioning (ADR 223)', () => {
    expect(
      SHIFT_SENTENCE({
        batchNumber: '2026-001',
        causedByBatchNumber: '2026-001',
        shiftDays: 1,
        cause: 'fermentation',
      }),
    ).toBe('Batch 2026-001 ferments longer than planned: move its conditioning 1 day later?')
  })
})

import type { Order } from '@brewcommand/domain'
import { describe, expect, it } from 'vitest'
import { boardOf, mondayOf } from './orders-board.ts'

const order = (number: string, status: Order['status'], requestedDeliveryOn: string | null) =>
  ({ id: number, number, status, requestedDeliveryOn }) as Order

describe('the orders board', () => {
  it('starts the week on Monday', () => {
    // 2026-11-27 is a Friday; its Monday is the 23rd. A Sunday belongs to the week before it.
    expect(mondayOf('2026-11-27')).toBe('2026-11-23')
    expect(mondayOf('2026-11-29')).toBe('2026-11-23')
    expect(mondayOf('2026-11-23')).toBe('2026-11-23')
  })

  it('puts this week’s deliveries by day, what is to pick and load, and the overdue orders', () => {
    const board = boardOf(
      [
        order('SO-1', 'confirmed', '2026-11-27'),
        order('SO-2', 'picked', '2026-11-24'),
        order('SO-3', 'dispatched', '2026-11-20'),
        order('SO-4', 'cancelled', '2026-11-27'),
        order('SO-5', 'draft', '2026-12-01'),
        order('SO-6', 'confirmed', null),
      ],
      '2026-11-27',
    )
    expect(board.days.map((d) => d.day)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ])
    expect(board.days[1].orders.map((o) => o.number)).toEqual(['SO-2'])
    expect(board.days[4].orders.map((o) => o.number)).toEqual(['SO-1'])
    expect(board.toPick.map((o) => o.number)).toEqual(['SO-1', 'SO-6'])
    expect(board.toLoad.map((o) => o.number)).toEqual(['SO-2'])
    // SO-2 is picked but due on the 24th: overdue. SO-3 left already; SO-5 is not due yet.
    expect(board.overdue.map((o) => o.number)).toEqual(['SO-2'])
  })
})

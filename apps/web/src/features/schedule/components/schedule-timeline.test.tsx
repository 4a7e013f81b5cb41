import type { ScheduleRead } from '@brewcommand/domain'
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { viewWindow } from '../timeline.ts'
import { BookingDialog } from './booking-dialog.tsx'
import { ScheduleTimeline } from './schedule-timeline.tsx'

const FV1 = '00000000-0000-4000-8000-000000000001'
const FV2 = '00000000-0000-4000-8000-000000000002'
const BAR = '00000000-0000-4000-8000-0000000000b1'
const BATCH = '00000000-0000-4000-8000-0000000000c1'

const schedule: ScheduleRead = {
  from: '2026-03-09',
  to: '2026-03-23',
  now: '2026-03-10T09:00:00.000Z',
  cleaningGapHours: 4,
  vessels: [
    { id: FV1, name: 'FV1', kind: 'fermenter', workingCapacityBbl: 10, state: 'clean' },
    { id: FV2, name: 'FV2', kind: 'fermenter', workingCapacityBbl: 10, state: 'out-of-service' },
  ],
  bars: [
    {
      id: BAR,
      batchId: BATCH,
      batchNumber: '2026-001',
      productName: 'Hazy',
      vesselId: FV1,
      stage: 'fermentation',
      start: '2026-03-10T00:00:00.000Z',
      end: '2026-03-14T00:00:00.000Z',
      plannedStart: '2026-03-10T00:00:00.000Z',
      plannedEnd: '2026-03-14T00:00:00.000Z',
      actualStart: null,
      actualEnd: null,
      grown: false,
      volumeBbl: 7,
    },
  ],
  days: [{ batchId: BATCH, batchNumber: '2026-001', productName: 'Hazy', stage: 'brew', date: '2026-03-10' }],
  shifts: [],
  unbooked: [],
  feed: { active: false, createdAt: null },
}

function renderTimeline(overrides: Partial<Parameters<typeof ScheduleTimeline>[0]> = {}) {
  const props = {
    schedule,
    days: viewWindow('week', '2026-03-10').days,
    dayWidth: 50,
    today: '2026-03-10',
    canEdit: true,
    refusals: new Map(),
    onMove: vi.fn(),
    onOpen: vi.fn(),
    onDismiss: vi.fn(),
    ...overrides,
  }
  render(<ScheduleTimeline {...props} />)
  return props
}

describe('the schedule timeline', () => {
  it('opens scrolled to today on a phone (today a day and a half in), not on the Monday before it', () => {
    const clientWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390)
    try {
      // Week of Monday 2026-03-09, today Thursday 03-12: today's middle is 3.5 days × 72 px = 252 px in;
      // 252 − 1.5 × 72 = 144 px scrolled.
      renderTimeline({ today: '2026-03-12', dayWidth: 72 })
      expect(screen.getByTestId('schedule-timeline').scrollLeft).toBe(144)
    } finally {
      clientWidth.mockRestore()
    }
  })

  it('scrolls inside its box (never wider than the page), so a 42-day month shows to its last day', () => {
    renderTimeline({ days: viewWindow('month', '2026-03-10').days, dayWidth: 32 })
    const box = screen.getByTestId('schedule-timeline')
    expect(box.className).toContain('overflow-x-auto')
    expect(box.className).toContain('min-w-0')
    expect(box.firstElementChild).toHaveStyle({ width: `${128 + 42 * 32}px` })
  })

  it('shows one row per vessel with the brewhouse and packaging rows, the bars by batch number and a today line', () => {
    renderTimeline()
    expect(screen.getByRole('listitem', { name: 'FV1' })).toBeInTheDocument()
    expect(screen.getByRole('listitem', { name: 'Brewhouse' })).toHaveTextContent('2026-001')
    expect(screen.getByText(/out of service/)).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Fermentation of batch 2026-001 Hazy, 2026-03-10 to 2026-03-14' }),
    ).toHaveTextContent('2026-001')
    expect(screen.getByTestId('today-line')).toBeInTheDocument()
  })

  it('opens a bar with the keyboard: every bar is focusable and Enter opens its dialog', async () => {
    const props = renderTimeline()
    await userEvent.tab()
    expect(screen.getByRole('button', { name: /batch 2026-001/ })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(props.onOpen).toHaveBeenCalledWith(schedule.bars[0])
  })

  it('moves a dragged bar by whole days', () => {
    const props = renderTimeline()
    const bar = screen.getByRole('button', { name: /batch 2026-001/ })
    fireEvent.pointerDown(bar, { button: 0, clientX: 100, clientY: 10, pointerId: 1 })
    fireEvent.pointerMove(bar, { clientX: 160, clientY: 10, pointerId: 1 })
    fireEvent.pointerUp(bar, { clientX: 205, clientY: 10, pointerId: 1 })
    expect(props.onMove).toHaveBeenCalledWith({
      bar: schedule.bars[0],
      vesselId: FV1,
      start: '2026-03-12',
      end: '2026-03-16',
    })
    expect(props.onOpen).not.toHaveBeenCalled()
  })

  it("shows the server's refusal beside the bar, and a Brewer cannot drag", async () => {
    const props = renderTimeline({
      canEdit: false,
      refusals: new Map([[BAR, { message: 'FV1 is booked for batch 2026-002.', requestId: 'r1' }]]),
    })
    expect(screen.getByRole('alert')).toHaveTextContent('FV1 is booked for batch 2026-002.')
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(props.onDismiss).toHaveBeenCalledWith('r1')
    const bar = screen.getByRole('button', { name: /batch 2026-001/ })
    fireEvent.pointerDown(bar, { button: 0, clientX: 100, clientY: 10, pointerId: 1 })
    fireEvent.pointerMove(bar, { clientX: 300, clientY: 10, pointerId: 1 })
    fireEvent.pointerUp(bar, { clientX: 300, clientY: 10, pointerId: 1 })
    expect(props.onMove).not.toHaveBeenCalled()
  })
})

describe('the booking dialog', () => {
  it('refuses an end before the start, naming the field, and saves typed dates', async () => {
    const onSave = vi.fn()
    render(
      <BookingDialog
        bar={schedule.bars[0]}
        schedule={schedule}
        canEdit
        onClose={vi.fn()}
        onSave={onSave}
        onDurations={vi.fn()}
      />,
    )
    const end = screen.getByLabelText('End')
    fireEvent.change(end, { target: { value: '2026-03-05' } })
    await userEvent.click(screen.getByRole('button', { name: 'Save dates' }))
    expect(screen.getByText('End must be after the start')).toBeInTheDocument()
    expect(onSave).not.toHaveBeenCalled()
    fireEvent.change(end, { target: { value: '2026-03-20' } })
    await userEvent.click(screen.getByRole('button', { name: 'Save dates' }))
    expect(onSave).toHaveBeenCalledWith({
      bar: schedule.bars[0],
      vesselId: FV1,
      start: '2026-03-10',
      end: '2026-03-20',
    })
  })
  it('sets the batch’s own stage durations, refusing days that are not whole', async () => {
    const onDurations = vi.fn()
    render(
      <BookingDialog
        bar={schedule.bars[0]}
        schedule={schedule}
        canEdit
        onClose={vi.fn()}
        onSave={vi.fn()}
        onDurations={onDurations}
      />,
    )
    expect(screen.getByLabelText(/Fermentation/)).toHaveValue('4')
    fireEvent.change(screen.getByLabelText(/Conditioning/), { target: { value: '2.5' } })
    await userEvent.click(screen.getByRole('button', { name: 'Save durations' }))
    expect(screen.getByText('Conditioning days must be whole days')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText(/Conditioning/), { target: { value: '3' } })
    await userEvent.click(screen.getByRole('button', { name: 'Save durations' }))
    expect(onDurations).toHaveBeenCalledWith(schedule.bars[0], { fermentationDays: 4, conditioningDays: 3 })
  })
})

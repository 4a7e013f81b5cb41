import type { BrewDay } from '@brewcommand/domain'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MeasurementsPanel } from './measurements-panel.tsx'

const brewDay = {
  batchId: '00000000-0000-4000-8000-0000000000b1',
  status: 'brewing',
  measurements: [],
  expected: {
    potentialPoints: 14_720,
    brewhouseEfficiency: 75,
    mashEfficiency: 85,
    boilOffGallonsPerHour: 15,
    preBoilGallons: 337,
    preBoilGravity: 1.034,
    postBoilGallons: 322,
    originalGravity: 1.036,
    intoFermenterGallons: 310,
  },
} as unknown as BrewDay

describe('MeasurementsPanel', () => {
  it('clears the sample temperature after a reading is recorded, so the next sample is not saved at the old one', async () => {
    const user = userEvent.setup()
    const onRecord = vi.fn()
    render(<MeasurementsPanel brewDay={brewDay} pending={new Set()} mayRun onRecord={onRecord} />)
    await user.type(screen.getByLabelText('Reading'), '1.050')
    await user.type(screen.getByLabelText('Sample temperature'), '140')
    await user.click(screen.getByRole('button', { name: 'Record measurement' }))
    expect(onRecord).toHaveBeenCalledWith(
      expect.objectContaining({ value: 1.05, sampleTemperature: { value: 140, unit: 'F' } }),
      expect.any(String),
    )
    expect(screen.getByLabelText('Sample temperature')).toHaveValue('')
    await user.type(screen.getByLabelText('Reading'), '1.048')
    await user.click(screen.getByRole('button', { name: 'Record measurement' }))
    expect(onRecord).toHaveBeenLastCalledWith(
      expect.objectContaining({ value: 1.048, sampleTemperature: null }),
      expect.any(String),
    )
  })

  it('writes a volume as "235 gal", not "235 GAL"', () => {
    const withVolume = {
      ...brewDay,
      measurements: [
        {
          id: 'm1',
          point: 'post-boil',
          quantity: 'volume',
          value: 235,
          unit: 'GAL',
          instrument: 'meter',
          sampleTemperature: null,
          gravity: null,
          note: '',
          takenAt: '2026-11-26T10:00:00.000Z',
          takenBy: null,
        },
      ],
    } as unknown as BrewDay
    render(
      <MeasurementsPanel
        brewDay={withVolume}
        pending={new Set()}
        mayRun={false}
        onRecord={() => undefined}
      />,
    )
    expect(screen.getByText('235 gal')).toBeInTheDocument()
  })

  it('offers the gravity fix while the wort is in the kettle, and no longer once it is in the fermenter', () => {
    const m = (point: string, quantity: string, value: number, unit: string, extra: object = {}) => ({
      id: crypto.randomUUID(),
      point,
      quantity,
      value,
      unit,
      instrument: quantity === 'volume' ? 'meter' : 'hydrometer',
      sampleTemperature: null,
      gravity: quantity === 'gravity' ? value : null,
      gallons: quantity === 'volume' ? value : null,
      note: '',
      takenAt: '2026-11-26T10:00:00.000Z',
      takenBy: null,
      ...extra,
    })
    // Pre-boil 1.044 against the expected 1.034: too strong, dilute.
    const inKettle = {
      ...brewDay,
      measurements: [m('pre-boil', 'gravity', 1.044, 'SG'), m('pre-boil', 'volume', 337, 'GAL')],
    } as unknown as BrewDay
    const { unmount } = render(
      <MeasurementsPanel brewDay={inKettle} pending={new Set()} mayRun={false} onRecord={() => undefined} />,
    )
    expect(screen.getByText(/To reach the expected gravity/)).toBeInTheDocument()
    unmount()
    const inFermenter = {
      ...inKettle,
      measurements: [...inKettle.measurements, m('into-fermenter', 'volume', 310, 'GAL')],
    } as unknown as BrewDay
    render(
      <MeasurementsPanel
        brewDay={inFermenter}
        pending={new Set()}
        mayRun={false}
        onRecord={() => undefined}
      />,
    )
    expect(screen.queryByText(/To reach the expected gravity/)).not.toBeInTheDocument()
    expect(screen.getByText(/The wort has left the kettle/)).toBeInTheDocument()
  })

  it('stacks the expected/measured table on a phone instead of a fixed width that cuts off Efficiency', () => {
    render(
      <MeasurementsPanel brewDay={brewDay} pending={new Set()} mayRun={false} onRecord={() => undefined} />,
    )
    const table = screen.getByRole('table')
    expect(table.className).not.toMatch(/min-w-/)
    expect(table.className).toContain('max-sm:block')
    const row = screen.getAllByRole('row')[1]
    expect(row.className).toContain('max-sm:grid')
  })
})

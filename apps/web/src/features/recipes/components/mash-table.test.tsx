import { addMashStep, deleteMashStep, moveMashStep, updateMashStep, type MashStep } from '@brewcommand/domain'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { installDomPolyfills } from '@/testing/dom-polyfills.ts'
import { MashTable } from './mash-table.tsx'
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, TooltipProvider } from './tooltip.tsx'

beforeAll(installDomPolyfills)
vi.setConfig({ testTimeout: 30_000 })

const step = (order: number, type: MashStep['type'], temperature = '', durationMins = ''): MashStep => ({
  id: crypto.randomUUID(),
  order,
  type,
  temperature,
  durationMins,
  targetpH: '',
  brewersNotes: '',
})

/** The table with the screen's list operations. */
function Steps({
  initial = [],
  readOnly = false,
  onMove,
}: {
  initial?: MashStep[]
  readOnly?: boolean
  onMove?: () => void
}) {
  const [steps, setSteps] = useState(initial)
  return (
    <TooltipProvider>
      <MashTable
        steps={steps}
        readOnly={readOnly}
        addLabel="Add Mash Step"
        onAdd={(s) => setSteps((list) => addMashStep(list, s))}
        onUpdate={(s) => setSteps((list) => updateMashStep(list, s))}
        onDelete={(id) => setSteps((list) => deleteMashStep(list, id))}
        onMove={(id, direction) => {
          onMove?.()
          setSteps((list) => moveMashStep(list, id, direction))
        }}
      />
    </TooltipProvider>
  )
}
const rows = () =>
  within(screen.getByRole('table', { name: 'Mash Steps' }))
    .getAllByRole<HTMLTableRowElement>('row')
    .slice(1)

describe('MashTable', () => {
  it('shows No Mash Steps Defined., the columns, and adds steps numbered from 1 with N/A for blanks', async () => {
    const user = userEvent.setup()
    render(<Steps />)
    expect(screen.getByText('No Mash Steps Defined.')).toBeInTheDocument()
    expect(
      within(screen.getByRole('table', { name: 'Mash Steps' }))
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Step', 'Temperature', 'Duration', 'Target pH', 'Brewers Notes', 'Actions'])
    await user.click(screen.getByRole('button', { name: 'Add Mash Step' }))
    expect(screen.queryByRole('button', { name: 'Add Mash Step' })).not.toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Temperature' }), '152')
    await user.type(screen.getByRole('textbox', { name: 'Duration' }), '60')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    await user.click(screen.getByRole('button', { name: 'Add Mash Step' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Step' }), 'Mash Out')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(rows().map((r) => r.textContent)).toEqual([
      '1.Single Infusion Mash152 °F60 minutesN/A',
      '2.Mash OutN/AN/AN/A',
    ])
  })

  it('moves steps up and down, renumbering, with the ends disabled and the Move Up / Move Down tooltips', async () => {
    const user = userEvent.setup()
    const onMove = vi.fn()
    render(
      <Steps onMove={onMove} initial={[step(1, 'infusion-mash'), step(2, 'vorlauf'), step(3, 'mash-out')]} />,
    )
    expect(screen.getByRole('button', { name: 'Move Up: 1. Single Infusion Mash' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Move Down: 3. Mash Out' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Move Down: 1. Single Infusion Mash' })).toBeEnabled()
    await user.hover(screen.getByRole('button', { name: 'Move Up: 3. Mash Out' }))
    expect(await screen.findByRole('tooltip', { name: 'Move Up' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Move Up: 3. Mash Out' }))
    expect(rows().map((r) => r.cells[0].textContent)).toEqual([
      '1.Single Infusion Mash',
      '2.Mash Out',
      '3.Vorlauf',
    ])
    await user.click(screen.getByRole('button', { name: 'Move Down: 1. Single Infusion Mash' }))
    expect(rows().map((r) => r.cells[0].textContent)).toEqual([
      '1.Mash Out',
      '2.Single Infusion Mash',
      '3.Vorlauf',
    ])
    expect(onMove).toHaveBeenCalledTimes(2)
  })

  it('edits and deletes a step from its menu (Edit Step, Delete Step)', async () => {
    const user = userEvent.setup()
    render(<Steps initial={[step(1, 'infusion-mash', '150'), step(2, 'mash-out', '168')]} />)
    await user.click(screen.getByRole('button', { name: 'Actions for 1. Single Infusion Mash' }))
    await user.click(screen.getByRole('menuitem', { name: 'Edit Step' }))
    await user.clear(screen.getByRole('textbox', { name: 'Temperature' }))
    await user.type(screen.getByRole('textbox', { name: 'Temperature' }), '154')
    await user.type(screen.getByRole('textbox', { name: 'Target pH' }), '5.3')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(rows()[0]).toHaveTextContent('1.Single Infusion Mash154 °FN/A5.3')
    await user.click(screen.getByRole('button', { name: 'Actions for 1. Single Infusion Mash' }))
    await user.click(screen.getByRole('menuitem', { name: 'Delete Step' }))
    expect(rows().map((r) => r.cells[0].textContent)).toEqual(['1.Mash Out'])
  })

  it('shows an imported temperature with its own scale once ("66.7 °C", not "66.7 °C °F") and a bare number in °F', () => {
    render(
      <Steps readOnly initial={[step(1, 'infusion-mash', '66.7 °C'), step(2, 'infusion-mash', '170')]} />,
    )
    expect(rows()[0]).toHaveTextContent('66.7 °C')
    expect(rows()[0]).not.toHaveTextContent('°F')
    expect(rows()[1]).toHaveTextContent('170 °F')
  })

  it('hides add, menus and move buttons when read-only', () => {
    render(<Steps readOnly initial={[step(1, 'infusion-mash'), step(2, 'mash-out')]} />)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(rows()).toHaveLength(2)
  })

  it('opens tooltips without delay and skips the delay for 300 ms (docs/product/02-products.md §9)', () => {
    expect([TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS]).toEqual([0, 300])
  })
})

import {
  FERMENTABLES,
  HOPS,
  OTHER_INGREDIENTS,
  type GrainEntry,
  type HopEntry,
  type OtherEntry,
} from '@brewcommand/domain'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { installDomPolyfills } from '@/testing/dom-polyfills.ts'
import { GrainTable, HopsTable, OtherIngredientsTable } from './ingredient-tables.tsx'

beforeAll(installDomPolyfills)
vi.setConfig({ testTimeout: 30_000 })

const TWO_ROW = FERMENTABLES.find((f) => f.id === 'pale-2-row-malt')!
const CRYSTAL = FERMENTABLES.find((f) => f.id === 'crystal-malt-40l')!
const CASCADE = HOPS.find((h) => h.id === 'cascade')!
const GYPSUM = OTHER_INGREDIENTS.find((o) => !o.fermentable)!

function grain(value = 9, ingredient = TWO_ROW): GrainEntry {
  return { id: crypto.randomUUID(), ingredient: { ...ingredient }, amount: { value, unit: 'Pounds' } }
}

/** A table with its own state, as the screen holds it. */
function Grains({ initial = [], readOnly = false }: { initial?: GrainEntry[]; readOnly?: boolean }) {
  const [rows, setRows] = useState(initial)
  return (
    <GrainTable
      rows={rows}
      catalogue={FERMENTABLES}
      readOnly={readOnly}
      addLabel="Add Grains"
      onAdd={(entry) => setRows((list) => [...list, entry])}
      onUpdate={(entry) => setRows((list) => list.map((e) => (e.id === entry.id ? entry : e)))}
      onDelete={(id) => setRows((list) => list.filter((e) => e.id !== id))}
    />
  )
}
function Hops({ initial = [] }: { initial?: HopEntry[] }) {
  const [rows, setRows] = useState(initial)
  return (
    <HopsTable
      rows={rows}
      catalogue={HOPS}
      readOnly={false}
      addLabel="Add Hops"
      onAdd={(entry) => setRows((list) => [...list, entry])}
      onUpdate={(entry) => setRows((list) => list.map((e) => (e.id === entry.id ? entry : e)))}
      onDelete={(id) => setRows((list) => list.filter((e) => e.id !== id))}
    />
  )
}
function Others({ initial = [] }: { initial?: OtherEntry[] }) {
  const [rows, setRows] = useState(initial)
  return (
    <OtherIngredientsTable
      rows={rows}
      catalogue={OTHER_INGREDIENTS}
      readOnly={false}
      addLabel="Add Other Ingredients"
      onAdd={(entry) => setRows((list) => [...list, entry])}
      onUpdate={(entry) => setRows((list) => list.map((e) => (e.id === entry.id ? entry : e)))}
      onDelete={(id) => setRows((list) => list.filter((e) => e.id !== id))}
    />
  )
}

async function pick(
  user: ReturnType<typeof userEvent.setup>,
  name: string,
  search: string,
  query: string,
  option: string,
) {
  await user.click(screen.getByRole('combobox', { name }))
  await user.type(screen.getByPlaceholderText(search), query)
  await user.click(screen.getByRole('option', { name: new RegExp(`^${option}`) }))
}

const table = (name: string) => screen.getByRole('table', { name })
const bodyRows = (name: string) => within(table(name)).getAllByRole('row').slice(1)

describe('GrainTable', () => {
  it('shows No Ingredients., the columns, and the add row with the picker texts; the add button hides while adding', async () => {
    const user = userEvent.setup()
    render(<Grains />)
    expect(
      within(table('Grain Bill'))
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Type', 'Quantity', 'Actions'])
    expect(screen.getByText('No Ingredients.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add Grains' }))
    expect(screen.queryByRole('button', { name: 'Add Grains' })).not.toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Grain' })).toHaveTextContent('Select Grain')
    await user.click(screen.getByRole('combobox', { name: 'Grain' }))
    await user.type(screen.getByPlaceholderText('Search Grains'), 'no such malt')
    expect(screen.getByText('No matching grains')).toBeInTheDocument()
  })

  it('skips the add silently without an ingredient or a unit, and reads the quantity as an integer on add', async () => {
    const user = userEvent.setup()
    render(<Grains />)
    await user.click(screen.getByRole('button', { name: 'Add Grains' }))
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '9.75')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    // No ingredient: nothing added, the row stays open, no message.
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await pick(user, 'Grain', 'Search Grains', '2-row', TWO_ROW.name)
    await user.click(screen.getByRole('button', { name: 'Add' }))
    // No unit: still skipped.
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'Pounds')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(bodyRows('Grain Bill').map((r) => r.textContent)).toEqual([`${TWO_ROW.name}9 Pounds`])
    expect(screen.getByRole('button', { name: 'Add Grains' })).toBeInTheDocument()
  })

  it('edits in place reading decimals, ignores an invalid quantity, and Cancel changes nothing', async () => {
    const user = userEvent.setup()
    render(<Grains initial={[grain(9)]} />)
    await user.click(screen.getByRole('button', { name: `Actions for ${TWO_ROW.name}` }))
    await user.click(screen.getByRole('menuitem', { name: 'Edit Ingredient' }))
    expect(screen.queryByRole('button', { name: 'Add Grains' })).not.toBeInTheDocument()
    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }))
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '9.5')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'Kilograms')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(bodyRows('Grain Bill')[0]).toHaveTextContent('9.5 Kilograms')

    await user.click(screen.getByRole('button', { name: `Actions for ${TWO_ROW.name}` }))
    await user.click(screen.getByRole('menuitem', { name: 'Edit Ingredient' }))
    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }))
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), 'lots')
    await pick(user, 'Grain', 'Search Grains', 'crystal 40', CRYSTAL.name)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(bodyRows('Grain Bill')[0]).toHaveTextContent(`${CRYSTAL.name}9.5 Kilograms`)

    await user.click(screen.getByRole('button', { name: `Actions for ${CRYSTAL.name}` }))
    await user.click(screen.getByRole('menuitem', { name: 'Edit Ingredient' }))
    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }))
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '1')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(bodyRows('Grain Bill')[0]).toHaveTextContent('9.5 Kilograms')
  })

  it('deletes a row from its menu', async () => {
    const user = userEvent.setup()
    render(<Grains initial={[grain(9)]} />)
    await user.click(screen.getByRole('button', { name: `Actions for ${TWO_ROW.name}` }))
    await user.click(screen.getByRole('menuitem', { name: 'Delete Ingredient' }))
    expect(screen.getByText('No Ingredients.')).toBeInTheDocument()
  })

  it('pages at 10 rows', async () => {
    const user = userEvent.setup()
    render(<Grains initial={Array.from({ length: 12 }, (_, i) => grain(i + 1))} />)
    expect(bodyRows('Grain Bill')).toHaveLength(10)
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    expect(bodyRows('Grain Bill').map((r) => r.textContent)).toEqual([
      `${TWO_ROW.name}11 Pounds`,
      `${TWO_ROW.name}12 Pounds`,
    ])
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled()
  })

  it('hides every control when read-only', () => {
    render(<Grains initial={[grain(9)]} readOnly />)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(within(table('Grain Bill')).getAllByRole('columnheader')).toHaveLength(2)
  })
})

describe('HopsTable', () => {
  it('asks for minutes on Boil, days on Dry Hop, and no time for other additions (Not Applicable)', async () => {
    const user = userEvent.setup()
    render(<Hops />)
    expect(
      within(table('Hops Bill'))
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Type', 'Quantity', 'Usage', 'Time', 'Actions'])
    await user.click(screen.getByRole('button', { name: 'Add Hops' }))
    expect(screen.queryByRole('textbox', { name: /Time/ })).not.toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Usage' }), 'Boil')
    await user.type(screen.getByRole('textbox', { name: 'Time (Minutes)' }), '60')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Usage' }), 'Dry Hop')
    expect(screen.getByRole('textbox', { name: 'Time (Days)' })).toHaveValue('60')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Usage' }), 'Whirlpool')
    expect(screen.queryByRole('textbox', { name: /Time/ })).not.toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Usage' }), 'Boil')
    expect(screen.getByRole('textbox', { name: 'Time (Minutes)' })).toHaveValue('')
  })

  it('skips the add without an addition type, then adds with the time as an integer', async () => {
    const user = userEvent.setup()
    render(<Hops />)
    await user.click(screen.getByRole('button', { name: 'Add Hops' }))
    expect(screen.getByRole('combobox', { name: 'Hop' })).toHaveTextContent('Select Hops')
    await pick(user, 'Hop', 'Search Hops', 'cascade', CASCADE.name)
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '1')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'Ounces')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Usage' }), 'Boil')
    await user.type(screen.getByRole('textbox', { name: 'Time (Minutes)' }), '59.9')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(bodyRows('Hops Bill')[0]).toHaveTextContent('Cascade1 OuncesBoil59 Minutes')
  })

  it('on edit, Dry Hop turns the time into days and Mash clears it', async () => {
    const user = userEvent.setup()
    const hop: HopEntry = {
      id: crypto.randomUUID(),
      ingredient: { ...CASCADE },
      amount: { value: 1, unit: 'Ounces' },
      additionType: 'Boil',
      time: { value: 60, unit: 'Minutes' },
    }
    render(<Hops initial={[hop]} />)
    const edit = async () => {
      await user.click(screen.getByRole('button', { name: 'Actions for Cascade' }))
      await user.click(screen.getByRole('menuitem', { name: 'Edit Ingredient' }))
    }
    await edit()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Usage' }), 'Dry Hop')
    await user.clear(screen.getByRole('textbox', { name: 'Time (Days)' }))
    await user.type(screen.getByRole('textbox', { name: 'Time (Days)' }), '4')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(bodyRows('Hops Bill')[0]).toHaveTextContent('Dry Hop4 Days')
    await edit()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Usage' }), 'Mash')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(bodyRows('Hops Bill')[0]).toHaveTextContent('MashNot Applicable')
  })
})

describe('OtherIngredientsTable', () => {
  it('has the spec columns and picker texts, takes the usual addition type, and times Boil in minutes and Primary in days', async () => {
    const user = userEvent.setup()
    render(<Others />)
    expect(
      within(table('Other Ingredients'))
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Type',
      'Quantity',
      'Fermentable',
      'Addition Type',
      'Addition Time',
      'Brewers Notes',
      'Actions',
    ])
    await user.click(screen.getByRole('button', { name: 'Add Other Ingredients' }))
    expect(screen.getByRole('combobox', { name: 'Ingredient' })).toHaveTextContent('Select Ingredients')
    await user.click(screen.getByRole('combobox', { name: 'Ingredient' }))
    await user.type(screen.getByPlaceholderText('Search Ingredients'), 'qqqq')
    expect(screen.getByText('No matching ingredients')).toBeInTheDocument()
    await user.clear(screen.getByPlaceholderText('Search Ingredients'))
    await user.type(screen.getByPlaceholderText('Search Ingredients'), GYPSUM.name)
    await user.click(
      screen.getByRole('option', { name: new RegExp(`^${GYPSUM.name.replace(/[()]/g, '.')}`) }),
    )
    expect(screen.getByRole('combobox', { name: 'Addition Type' })).toHaveValue(GYPSUM.use)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Addition Type' }), 'Primary')
    await user.type(screen.getByRole('textbox', { name: 'Time (Days)' }), '3')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Addition Type' }), 'Bright')
    expect(screen.queryByRole('textbox', { name: /Time/ })).not.toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Addition Type' }), 'Boil')
    await user.type(screen.getByRole('textbox', { name: 'Time (Minutes)' }), '15')
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '10')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'Grams')
    await user.type(screen.getByRole('textbox', { name: 'Brewers Notes' }), 'For the water')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(bodyRows('Other Ingredients')[0]).toHaveTextContent(
      `${GYPSUM.name}10 GramsNoBoil15 MinutesFor the water`,
    )
  })
})

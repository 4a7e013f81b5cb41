import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { BusinessForm } from './business-form.tsx'

const VALID = {
  'Business Name': 'Hoppy Co',
  Address: '1 Mash Lane',
  City: 'Portland',
  Zip: '97201',
  Phone: '(503) 555-0101',
  EIN: '12-3456789',
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof VALID>, state = 'OR') {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label)
    await user.clear(input)
    if (value) await user.type(input, value)
  }
  if (state) await user.selectOptions(screen.getByLabelText('State'), state)
}

describe('BusinessForm', () => {
  it('shows the placeholders and the 50 states by full name, storing the two-letter code', () => {
    render(<BusinessForm onSubmit={vi.fn()} />)
    expect(screen.getByLabelText('Phone')).toHaveAttribute('placeholder', '(xxx) xxx-xxxx')
    expect(screen.getByLabelText('EIN')).toHaveAttribute('placeholder', '12-3456789')
    const options = screen.getAllByRole('option').filter((o) => (o as HTMLOptionElement).value !== '')
    expect(options).toHaveLength(50)
    expect(screen.getByRole('option', { name: 'Oregon' })).toHaveValue('OR')
    expect(
      screen.queryByRole('option', { name: /District of Columbia|Puerto Rico|Guam/ }),
    ).not.toBeInTheDocument()
  })

  it('shows every required message, word for word, on an empty submit', async () => {
    const onSubmit = vi.fn()
    const user = userEvent.setup()
    render(<BusinessForm onSubmit={onSubmit} />)
    await user.click(screen.getByRole('button', { name: 'Continue to Billing Information' }))
    for (const message of [
      'Business Name is required.',
      'Address is required.',
      'City is required.',
      'State is required',
      'Zip is required.',
      'Phone number is required.',
      'EIN is required.',
    ]) {
      expect(await screen.findByText(message)).toBeVisible()
    }
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it.each([
    ['Zip', '9720', 'Zip is not valid.'],
    ['Zip', '97201-12', 'Zip is not valid.'],
    ['Zip', 'ABCDE', 'Zip is not valid.'],
    ['Phone', '503-555-0101', 'This phone number is not valid.'],
    ['Phone', '(503)555-0101', 'This phone number is not valid.'],
    ['Phone', '(503) 555-010', 'This phone number is not valid.'],
    ['EIN', '123456789', 'EIN must be xx-xxxxxxx.'],
    ['EIN', '12-345678', 'EIN must be xx-xxxxxxx.'],
    ['EIN', '1-23456789', 'EIN must be xx-xxxxxxx.'],
  ] as const)('refuses %s %j with “%s”', async (label, value, message) => {
    const onSubmit = vi.fn()
    const user = userEvent.setup()
    render(<BusinessForm onSubmit={onSubmit} />)
    await fill(user, { ...VALID, [label]: value })
    await user.click(screen.getByRole('button', { name: 'Continue to Billing Information' }))
    expect(await screen.findByText(message)).toBeVisible()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it.each([
    ['Zip', '97201'],
    ['Zip', '97201-1234'],
    ['Phone', '(503) 555-0101'],
    ['EIN', '98-7654321'],
  ] as const)('accepts %s %j', async (label, value) => {
    const onSubmit = vi.fn(() => Promise.resolve())
    const user = userEvent.setup()
    render(<BusinessForm onSubmit={onSubmit} />)
    await fill(user, { ...VALID, [label]: value })
    await user.click(screen.getByRole('button', { name: 'Continue to Billing Information' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
  })

  it('re-validates on change after the first submit', async () => {
    const user = userEvent.setup()
    render(<BusinessForm onSubmit={vi.fn()} />)
    await user.click(screen.getByRole('button', { name: 'Continue to Billing Information' }))
    expect(await screen.findByText('Zip is required.')).toBeVisible()
    await user.type(screen.getByLabelText('Zip'), '9')
    expect(await screen.findByText('Zip is not valid.')).toBeVisible()
    await user.type(screen.getByLabelText('Zip'), '7201')
    await waitFor(() => expect(screen.queryByText('Zip is not valid.')).not.toBeInTheDocument())
  })

  it('reads Working... and is disabled while submitting, and hands on the values with the state code', async () => {
    let finish = () => {}
    const onSubmit = vi.fn((_values: unknown) => new Promise<void>((resolve) => (finish = resolve)))
    const user = userEvent.setup()
    render(<BusinessForm onSubmit={onSubmit} />)
    await fill(user, VALID)
    await user.click(screen.getByRole('button', { name: 'Continue to Billing Information' }))
    const working = await screen.findByRole('button', { name: 'Working...' })
    expect(working).toBeDisabled()
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      businessName: 'Hoppy Co',
      address: '1 Mash Lane',
      city: 'Portland',
      state: 'OR',
      zip: '97201',
      phone: '(503) 555-0101',
      ein: '12-3456789',
    })
    finish()
    expect(await screen.findByRole('button', { name: 'Continue to Billing Information' })).toBeEnabled()
  })
})

import type { ProductFile } from '@brewcommand/domain'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MediaFileDialog } from './media-file-dialog.tsx'

const FILE = {
  id: crypto.randomUUID(),
  name: 'label.png',
  description: 'The front label',
} as ProductFile

describe('MediaFileDialog', () => {
  it('saves the trimmed name and description and closes', async () => {
    const onSave = vi.fn()
    const onOpenChange = vi.fn()
    const user = userEvent.setup()
    render(<MediaFileDialog file={FILE} open onOpenChange={onOpenChange} onSave={onSave} />)
    expect(screen.getByRole('dialog', { name: 'Edit Media' })).toBeVisible()
    const name = screen.getByLabelText('Name')
    await user.clear(name)
    await user.type(name, ' back.png ')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ id: FILE.id, name: 'back.png', description: 'The front label' }),
    )
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('refuses an empty name and a description over 2000 characters, shows why and saves nothing', async () => {
    const onSave = vi.fn()
    const onOpenChange = vi.fn()
    render(<MediaFileDialog file={FILE} open onOpenChange={onOpenChange} onSave={onSave} />)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } })
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x'.repeat(2001) } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('A file name is required')).toBeVisible()
    expect(screen.getByText('The description is at most 2000 characters')).toBeVisible()
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true')
    expect(onSave).not.toHaveBeenCalled()
    expect(onOpenChange).not.toHaveBeenCalled()
  })
})

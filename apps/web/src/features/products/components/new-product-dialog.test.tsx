import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { NewProductDialog } from './new-product-dialog.tsx'

describe('NewProductDialog', () => {
  it('has the spec texts and keeps Create disabled while the trimmed name is empty', async () => {
    const onCreate = vi.fn()
    const user = userEvent.setup()
    render(<NewProductDialog open onOpenChange={vi.fn()} onCreate={onCreate} />)
    expect(screen.getByRole('dialog', { name: 'New Product' })).toBeVisible()
    const create = screen.getByRole('button', { name: 'Create' })
    expect(create).toBeDisabled()
    await user.type(screen.getByPlaceholderText('Product Name'), '   ')
    expect(create).toBeDisabled()
    await user.type(screen.getByPlaceholderText('Product Name'), 'Pale Ale ')
    await user.type(screen.getByPlaceholderText('Optional: A brief description of the product.'), ' Crisp. ')
    expect(create).toBeEnabled()
    await user.click(create)
    expect(onCreate).toHaveBeenCalledWith({ name: 'Pale Ale', description: 'Crisp.' })
  })

  it('creates nothing on Cancel', async () => {
    const onCreate = vi.fn()
    const onOpenChange = vi.fn()
    const user = userEvent.setup()
    render(<NewProductDialog open onOpenChange={onOpenChange} onCreate={onCreate} />)
    await user.type(screen.getByPlaceholderText('Product Name'), 'Stout')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCreate).not.toHaveBeenCalled()
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('refuses a name longer than the server accepts, shows why and creates nothing', async () => {
    const onCreate = vi.fn()
    const onOpenChange = vi.fn()
    render(<NewProductDialog open onOpenChange={onOpenChange} onCreate={onCreate} />)
    const name = screen.getByPlaceholderText('Product Name')
    fireEvent.change(name, { target: { value: 'x'.repeat(201) } })
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'))
    expect(screen.getByText(/200/)).toBeVisible()
    expect(onCreate).not.toHaveBeenCalled()
    expect(onOpenChange).not.toHaveBeenCalled()
  })
})

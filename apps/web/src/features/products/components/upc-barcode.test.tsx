import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { describe, expect, it, vi } from 'vitest'
import { NOT_READY_MESSAGE, UpcBarcode } from './upc-barcode.tsx'

describe('UpcBarcode', () => {
  it('says No UPC when there is none', () => {
    render(<UpcBarcode upc="" />)
    expect(screen.getByText('No UPC')).toBeVisible()
  })

  it('draws the UPC as an SVG barcode at the card height', () => {
    render(<UpcBarcode upc="036000291452" />)
    const svg = screen.getByRole('img', { name: 'UPC barcode 036000291452' })
    expect(svg.querySelectorAll('rect').length).toBeGreaterThan(10)
    expect(svg.getAttribute('height')).toMatch(/^\d+/)
  })

  it('shows the not-ready message when the PNG cannot be made (jsdom has no real canvas)', async () => {
    const error = vi.spyOn(toast, 'error')
    const user = userEvent.setup()
    render(<UpcBarcode upc="036000291452" />)
    await user.click(screen.getByRole('button', { name: 'Download' }))
    expect(error).toHaveBeenCalledWith(NOT_READY_MESSAGE)
  })

  it('says so when the UPC cannot be drawn', () => {
    render(<UpcBarcode upc="12345" />)
    expect(screen.getByText('This UPC cannot be drawn as a UPC-A barcode.')).toBeVisible()
  })
})

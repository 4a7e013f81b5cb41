import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { EmbeddedStripeCheckout, PaymentFormBoundary } from './embedded-checkout.tsx'

// Stripe.js itself comes from Stripe's host; here a stand-in with what embedded Checkout calls.
const embedded = { mount: vi.fn(), unmount: vi.fn(), destroy: vi.fn() }
const fakeStripe = {
  elements: vi.fn(),
  createToken: vi.fn(),
  createPaymentMethod: vi.fn(),
  confirmCardPayment: vi.fn(),
  createEmbeddedCheckoutPage: vi.fn(() => Promise.resolve(embedded)),
}
const loadStripe = vi.fn<(key: string) => Promise<unknown>>()
vi.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => loadStripe(key) }))

beforeEach(() => {
  vi.clearAllMocks()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('EmbeddedStripeCheckout', () => {
  it('loads Stripe.js with the publishable key and mounts embedded Checkout for the client secret', async () => {
    loadStripe.mockResolvedValue(fakeStripe)
    render(<EmbeddedStripeCheckout publishableKey="pk_test_one" clientSecret="cs_test_1_secret_abc" />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading the secure payment form…')
    await waitFor(() => expect(embedded.mount).toHaveBeenCalledTimes(1))
    expect(loadStripe).toHaveBeenCalledWith('pk_test_one')
    expect(fakeStripe.createEmbeddedCheckoutPage).toHaveBeenCalledWith(
      expect.objectContaining({ clientSecret: 'cs_test_1_secret_abc' }),
    )
    const region = screen.getByRole('region', { name: 'Secure payment form' })
    expect(embedded.mount).toHaveBeenCalledWith(region.firstElementChild)
  })

  it('says so when Stripe.js cannot be loaded, and tries again on request', async () => {
    loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js')).mockResolvedValue(fakeStripe)
    const user = userEvent.setup()
    render(<EmbeddedStripeCheckout publishableKey="pk_test_two" clientSecret="cs_test_2_secret_abc" />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The secure payment form could not be loaded. Check your connection and try again.',
    )
    expect(embedded.mount).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(embedded.mount).toHaveBeenCalledTimes(1))
    expect(loadStripe).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('PaymentFormBoundary', () => {
  it('shows why a payment form failed instead of a blank step (docs/product/01-access.md §8: payment element misuse throws)', () => {
    function MisusedElement(): never {
      throw new Error("You must supply options.mode. mode must be 'billing' or 'shipping'.")
    }
    render(
      <PaymentFormBoundary>
        <MisusedElement />
      </PaymentFormBoundary>,
    )
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('The payment form could not be shown.')
    expect(alert).toHaveTextContent("You must supply options.mode. mode must be 'billing' or 'shipping'.")
  })
})

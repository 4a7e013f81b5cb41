import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { PaymentBanner } from './payment-banner.tsx'

const renderBanner = (status: 'incomplete' | 'active' | 'past_due' | 'canceled') =>
  render(
    <MemoryRouter>
      <PaymentBanner subscription={{ plan: status === 'incomplete' ? null : 'monthly', status }} />
    </MemoryRouter>,
  )

describe('the payment banner', { timeout: 20_000 }, () => {
  it('is absent while the subscription is active', () => {
    renderBanner('active')
    expect(screen.queryByRole('region', { name: 'Subscription' })).toBeNull()
  })

  it('tells an unpaid brewery that changes wait for payment and leads to Settings → Billing', () => {
    renderBanner('incomplete')
    const banner = screen.getByRole('region', { name: 'Subscription' })
    expect(banner).toHaveTextContent('changes cannot be saved until you finish paying')
    expect(screen.getByRole('link', { name: 'Finish paying in Settings → Billing' })).toHaveAttribute(
      'href',
      '/secure/settings/billing',
    )
  })

  it('names the grace period after a failed renewal, and the end of a canceled subscription', () => {
    const { unmount } = renderBanner('past_due')
    expect(screen.getByRole('region', { name: 'Subscription' })).toHaveTextContent(
      '14 days after the failed payment',
    )
    unmount()
    renderBanner('canceled')
    expect(screen.getByRole('link', { name: 'Subscribe again in Settings → Billing' })).toBeVisible()
  })
})

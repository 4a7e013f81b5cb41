import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NewsletterForm, THANK_YOU } from './newsletter-form.tsx'

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

describe('NewsletterForm', () => {
  it('shows every required-field message on an empty submit, and calls nothing', async () => {
    const user = userEvent.setup()
    render(<NewsletterForm />)
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('First name is required.')).toBeVisible()
    expect(screen.getByText('Last name is required.')).toBeVisible()
    expect(screen.getByText('Email address is required.')).toBeVisible()
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says Invalid email address. for an address without a domain', async () => {
    const user = userEvent.setup()
    render(<NewsletterForm />)
    await user.type(screen.getByLabelText('First name'), 'Ada')
    await user.type(screen.getByLabelText('Last name'), 'Lovelace')
    await user.type(screen.getByLabelText('Email address'), 'ada@')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Invalid email address.')).toBeVisible()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('re-validates on change after the first submit', async () => {
    const user = userEvent.setup()
    render(<NewsletterForm />)
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('First name is required.')).toBeVisible()
    await user.type(screen.getByLabelText('First name'), 'A')
    await waitFor(() => expect(screen.queryByText('First name is required.')).not.toBeInTheDocument())
    expect(screen.getByText('Last name is required.')).toBeVisible()
  })

  it('sends the contact envelope and then shows the thank-you text instead of the form', async () => {
    fetchMock.mockResolvedValue(
      answer(201, {
        data: {
          id: crypto.randomUUID(),
          givenName: 'Ada',
          familyName: 'Lovelace',
          emailAddress: 'ada@example.com',
        },
      }),
    )
    const user = userEvent.setup()
    render(<NewsletterForm />)
    await user.type(screen.getByLabelText('First name'), 'Ada')
    await user.type(screen.getByLabelText('Last name'), 'Lovelace')
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))

    expect(await screen.findByText(THANK_YOU)).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument()
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/contacts')
    expect(init?.method).toBe('POST')
    const sent = JSON.parse(init?.body as string) as Record<string, unknown>
    expect(sent).toMatchObject({
      type: 'contact',
      version: '1',
      metadata: { correlationIdentifier: expect.any(String) as string },
      data: { givenName: 'Ada', familyName: 'Lovelace', emailAddress: 'ada@example.com' },
    })
  })

  it('keeps the form and shows the server message when the sign-up fails', async () => {
    fetchMock.mockResolvedValue(
      answer(429, {
        error: {
          code: 'RATE_LIMITED',
          message: 'Too many requests from this address. Try again in 1 minute.',
        },
      }),
    )
    const user = userEvent.setup()
    render(<NewsletterForm />)
    await user.type(screen.getByLabelText('First name'), 'Ada')
    await user.type(screen.getByLabelText('Last name'), 'Lovelace')
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests from this address. Try again in 1 minute.',
    )
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com')
    expect(screen.queryByText(THANK_YOU)).not.toBeInTheDocument()
  })
})

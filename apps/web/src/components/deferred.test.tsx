import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lazy, useState, type ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { DeferredPopup, LOAD_FAILED, OnceOpened } from './deferred.tsx'

const toastError = vi.hoisted(() => vi.fn())
vi.mock('sonner', () => ({ toast: { error: toastError } }))

/** A stand-in for a Radix popup: its trigger, and its content while open. */
function FakePopup({ trigger, defaultOpen }: { trigger: ReactElement; defaultOpen: boolean }) {
  const [open] = useState(defaultOpen)
  return (
    <>
      {trigger}
      {open ? <div role="menu" aria-label="Actions" /> : null}
    </>
  )
}

function renderPopup(load: () => Promise<{ FakePopup: typeof FakePopup }>) {
  const trigger = <button type="button">Actions</button>
  return render(
    <DeferredPopup
      load={load}
      haspopup="menu"
      trigger={trigger}
      popup={(module, openOnMount) => <module.FakePopup trigger={trigger} defaultOpen={openOnMount} />}
    />,
  )
}

describe('DeferredPopup', () => {
  it('fetches nothing until used, then opens the fetched popup on the press that fetched it', async () => {
    const load = vi.fn(() => Promise.resolve({ FakePopup }))
    renderPopup(load)
    const button = screen.getByRole('button', { name: 'Actions' })
    expect(button).toHaveAttribute('aria-haspopup', 'menu')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(load).not.toHaveBeenCalled()

    await userEvent.click(button)
    expect(await screen.findByRole('menu', { name: 'Actions' })).toBeInTheDocument()
    expect(load).toHaveBeenCalled()
  })

  it('starts the fetch on hover, and a later instance renders the real popup at once, closed', async () => {
    const load = vi.fn(() => Promise.resolve({ FakePopup }))
    const first = renderPopup(load)
    await userEvent.hover(screen.getByRole('button', { name: 'Actions' }))
    expect(load).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(load.mock.results[0]?.value).toBeDefined())
    await load.mock.results[0]?.value
    first.unmount()

    renderPopup(load)
    // Rendered by the popup (no aria-haspopup of the placeholder), and not open.
    expect(screen.getByRole('button', { name: 'Actions' })).not.toHaveAttribute('aria-haspopup')
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('says so when the popup cannot be fetched, and keeps the button', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')))
    renderPopup(load)
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }))
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith(LOAD_FAILED))
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveAttribute('aria-haspopup', 'menu')
  })
})

describe('OnceOpened', () => {
  it('fetches its lazy child only once opened, and keeps it after closing', async () => {
    const load = vi.fn(() =>
      Promise.resolve({ default: ({ open }: { open: boolean }) => <p>{String(open)}</p> }),
    )
    const Child = lazy(load)
    const { rerender } = render(
      <OnceOpened open={false}>
        <Child open={false} />
      </OnceOpened>,
    )
    expect(load).not.toHaveBeenCalled()
    rerender(
      <OnceOpened open>
        <Child open />
      </OnceOpened>,
    )
    expect(await screen.findByText('true')).toBeInTheDocument()
    rerender(
      <OnceOpened open={false}>
        <Child open={false} />
      </OnceOpened>,
    )
    expect(screen.getByText('false')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })
})

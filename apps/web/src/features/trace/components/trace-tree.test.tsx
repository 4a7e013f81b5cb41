import type { TraceNode } from '@brewcommand/domain'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { TraceTree } from './trace-tree.tsx'

const leaf = (
  key: string,
  kind: TraceNode['kind'],
  label: string,
  extra: Partial<TraceNode> = {},
): TraceNode => ({
  key,
  kind,
  id: key,
  label,
  detail: '',
  quantity: '',
  href: null,
  children: [],
  ...extra,
})
const tree: TraceNode = leaf('/lot', 'lot', 'Pale malt lot MALT-77', {
  children: [
    leaf('/lot/batch', 'batch', '2026-014', {
      href: '/secure/operations/batches/b1',
      quantity: '40 kg used',
      children: [
        leaf('/lot/batch/run', 'package-run', 'Package run 2026-03-03', {
          children: [
            leaf('/lot/batch/run/order', 'order', 'SO-00012', {
              children: [leaf('/c', 'customer', 'Named Bar')],
            }),
          ],
        }),
      ],
    }),
  ],
})

describe('TraceTree', () => {
  it('reads as a tree: two levels open, deeper ones open and close with their button', async () => {
    render(
      <MemoryRouter>
        <TraceTree tree={tree} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('tree', { name: 'Trace of Pale malt lot MALT-77' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '2026-014' })).toHaveAttribute(
      'href',
      '/secure/operations/batches/b1',
    )
    expect(screen.getByText('40 kg used')).toBeInTheDocument()
    expect(screen.queryByText('SO-00012')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Expand Package run 2026-03-03' }))
    expect(screen.getByText('SO-00012')).toBeInTheDocument()
    // A tree item is named by what it shows (no aria-label that would leave its visible text out).
    expect(
      screen.getByRole('button', { name: 'Collapse Package run 2026-03-03' }).closest('[role="treeitem"]'),
    ).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(screen.getByRole('button', { name: 'Collapse Package run 2026-03-03' }))
    expect(screen.queryByText('SO-00012')).not.toBeInTheDocument()
  })

  it('offers Start Recall on a node it can start from', async () => {
    const onRecall = vi.fn()
    render(
      <MemoryRouter>
        <TraceTree tree={tree} onRecall={onRecall} />
      </MemoryRouter>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Start recall from 2026-014' }))
    expect(onRecall).toHaveBeenCalledWith(expect.objectContaining({ kind: 'batch', label: '2026-014' }))
    expect(
      screen.queryByRole('button', { name: 'Start recall from Package run 2026-03-03' }),
    ).not.toBeInTheDocument()
  })

  it('shows a keg by its number, where it is and its link, and starts a recall from it', async () => {
    const onRecall = vi.fn()
    const keg = leaf('/keg', 'keg', 'K-0042', {
      detail: 'at Named Bar since 2026-11-22 · 5 days out',
      quantity: '1/6 BBL keg',
      href: '/secure/inventory/kegs/k42',
    })
    render(
      <MemoryRouter>
        <TraceTree tree={keg} onRecall={onRecall} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('link', { name: 'K-0042' })).toHaveAttribute('href', '/secure/inventory/kegs/k42')
    expect(screen.getByText('at Named Bar since 2026-11-22 · 5 days out')).toBeInTheDocument()
    expect(screen.getByText('Keg')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Start recall from K-0042' }))
    expect(onRecall).toHaveBeenCalledWith(expect.objectContaining({ kind: 'keg', label: 'K-0042' }))
  })
})

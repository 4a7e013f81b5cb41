import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RolesTable } from './roles-table.tsx'

describe('Settings → Roles', { timeout: 20_000 }, () => {
  it('shows the permission table of docs/architecture.md read-only', () => {
    render(<RolesTable />)
    expect(screen.getByRole('heading', { name: 'Roles' })).toBeVisible()
    const cells = (action: string) =>
      within(screen.getByRole('row', { name: new RegExp(action) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Action',
      'Brewer',
      'Manager',
      'Admin',
    ])
    expect(cells('Read everything')).toEqual(['Allowed', 'Allowed', 'Allowed'])
    expect(cells('Create, edit, delete recipes')).toEqual(['Allowed', 'Allowed', 'Allowed'])
    expect(cells('Rename, describe, delete products')).toEqual(['Not allowed', 'Allowed', 'Allowed'])
    expect(cells('Invite, change, remove members')).toEqual(['Not allowed', 'Not allowed', 'Allowed'])
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })

  it('can be scrolled sideways from the keyboard, as a phone shows it (WCAG 2.1.1)', () => {
    render(<RolesTable />)
    const scroller = screen.getByRole('region', { name: 'Permissions of each role' })
    expect(scroller).toHaveAttribute('tabindex', '0')
    expect(within(scroller).getByRole('table')).toBeInTheDocument()
  })
})

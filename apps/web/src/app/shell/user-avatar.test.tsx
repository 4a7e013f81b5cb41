import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { getDisplayName, getInitials } from './shell-user.ts'
import { UserAvatar } from './user-avatar.tsx'

describe('getInitials', () => {
  it.each([
    [{ givenName: 'Ada', familyName: 'Lovelace' }, 'AL'],
    [{ givenName: 'ada', familyName: 'lovelace' }, 'AL'],
    [{ givenName: '  Émile ', familyName: 'Zola' }, 'ÉZ'],
    [{ givenName: 'Ada', familyName: '' }, 'A'],
    [{ givenName: '', familyName: '', email: 'brewer@example.com' }, 'B'],
    [{ givenName: null, familyName: null, email: null }, '?'],
    [{ givenName: '𝔄da', familyName: 'L' }, '𝔄L'],
  ])('%j → %s', (user, initials) => {
    expect(getInitials(user)).toBe(initials)
  })
})

describe('getDisplayName', () => {
  it('prefers the names, then the email, then Account', () => {
    expect(getDisplayName({ givenName: 'Ada', familyName: 'Lovelace' })).toBe('Ada Lovelace')
    expect(getDisplayName({ givenName: '', familyName: '', email: 'ada@example.com' })).toBe(
      'ada@example.com',
    )
    expect(getDisplayName({})).toBe('Account')
  })
})

describe('UserAvatar', () => {
  it('shows the initials of given and family name when there is no picture', () => {
    render(<UserAvatar user={{ givenName: 'Ada', familyName: 'Lovelace', picture: null }} />)
    expect(screen.getByText('AL')).toBeInTheDocument()
  })

  it('shows the initials while the picture has not loaded (jsdom never loads images)', () => {
    render(
      <UserAvatar
        user={{ givenName: 'Grace', familyName: 'Hopper', picture: 'https://example.com/g.png' }}
      />,
    )
    expect(screen.getByText('GH')).toBeInTheDocument()
  })
})

/** The profile fields the shell shows (bootstrap user). */
export interface ShellUser {
  givenName?: string | null
  familyName?: string | null
  email?: string | null
  picture?: string | null
}

const firstLetter = (value: string | null | undefined) => Array.from(value?.trim() ?? '')[0] ?? ''

/**
 * Initials of given and family name ("AB"); with no names the email's first letter, else "?".
 * Splits by code point, so a name starting with an astral character is not cut in half.
 */
export function getInitials({ givenName, familyName, email }: ShellUser): string {
  const initials = `${firstLetter(givenName)}${firstLetter(familyName)}`
  if (initials) return initials.toUpperCase()
  return firstLetter(email).toUpperCase() || '?'
}

/** The name a person reads: "Given Family", else the email, else "Account". */
export function getDisplayName({ givenName, familyName, email }: ShellUser): string {
  const name = [givenName?.trim(), familyName?.trim()].filter(Boolean).join(' ')
  return name || email?.trim() || 'Account'
}

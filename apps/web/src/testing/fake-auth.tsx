import type { User } from 'oidc-client-ts'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import { AuthContext, type AuthContextValue } from '@/lib/auth/auth-context.ts'

/** An AuthContext value for component tests; override what the test is about. */
export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    isLoading: false,
    isAuthenticated: false,
    user: null,
    error: null,
    signInPopup: vi.fn(() => Promise.resolve(null)),
    signInRedirect: vi.fn(() => Promise.resolve()),
    signOut: vi.fn(() => Promise.resolve()),
    getAccessToken: vi.fn(() => Promise.resolve('access-token')),
    getTokens: vi.fn(() => Promise.resolve({ accessToken: 'access-token', idToken: 'id-token' })),
    ...overrides,
  }
}

export function signedInUser(sub = 'user-1'): User {
  return {
    profile: { sub },
    access_token: 'access-token',
    id_token: 'id-token',
    expires_in: 3600,
  } as unknown as User
}

export function FakeAuthProvider({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  return <AuthContext value={value}>{children}</AuthContext>
}

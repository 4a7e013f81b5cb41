import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from './api-client.ts'
import {
  forgetOfflineBootstrap,
  OFFLINE_BOOTSTRAP_KEY,
  OFFLINE_COPY_PREFIX,
  withOfflineCopy,
} from './offline-bootstrap.ts'

type Copy = { user: string }
const parse = (value: unknown): Copy => {
  if (typeof value !== 'object' || value === null || typeof (value as Copy).user !== 'string')
    throw new Error('not a bootstrap')
  return value as Copy
}
const unreachable = () =>
  Promise.reject(
    new Error('HTTP error! status: 0', {
      cause: new ApiError(0, { code: 'INTERNAL', message: 'Could not reach the server.' }),
    }),
  )

describe('withOfflineCopy', () => {
  afterEach(() => localStorage.clear())

  it('answers from the server and keeps a copy for this user', async () => {
    await expect(withOfflineCopy('sub-1', async () => ({ user: 'Ada' }), parse)).resolves.toEqual({
      user: 'Ada',
    })
    expect(JSON.parse(localStorage.getItem(OFFLINE_BOOTSTRAP_KEY)!)).toEqual({
      subject: 'sub-1',
      bootstrap: { user: 'Ada' },
    })
  })

  it('answers with the copy when the server cannot be reached', async () => {
    await withOfflineCopy('sub-1', async () => ({ user: 'Ada' }), parse)
    await expect(withOfflineCopy('sub-1', unreachable, parse)).resolves.toEqual({ user: 'Ada' })
  })

  it("never gives one user another user's copy, an invalid copy, or a copy after sign-out", async () => {
    await withOfflineCopy('sub-1', async () => ({ user: 'Ada' }), parse)
    await expect(withOfflineCopy('sub-2', unreachable, parse)).rejects.toThrow('status: 0')
    localStorage.setItem(OFFLINE_BOOTSTRAP_KEY, JSON.stringify({ subject: 'sub-1', bootstrap: { user: 1 } }))
    await expect(withOfflineCopy('sub-1', unreachable, parse)).rejects.toThrow('status: 0')
    await withOfflineCopy('sub-1', async () => ({ user: 'Ada' }), parse)
    forgetOfflineBootstrap()
    await expect(withOfflineCopy('sub-1', unreachable, parse)).rejects.toThrow('status: 0')
  })

  it("removes the screens' offline copies at sign-out too, and nothing else", () => {
    localStorage.setItem(`${OFFLINE_COPY_PREFIX}brew-day:sub-1:batch-1`, '{}')
    localStorage.setItem('brewcommand:queue:other', '[]')
    forgetOfflineBootstrap()
    expect(Object.keys(localStorage)).toEqual(['brewcommand:queue:other'])
  })

  it('does not hide an answer from the server (401, 500) behind the copy', async () => {
    await withOfflineCopy('sub-1', async () => ({ user: 'Ada' }), parse)
    const refused = () =>
      Promise.reject(
        new Error('HTTP error! status: 401', {
          cause: new ApiError(401, { code: 'UNAUTHENTICATED', message: 'No' }),
        }),
      )
    await expect(withOfflineCopy('sub-1', refused, parse)).rejects.toThrow('status: 401')
  })
})

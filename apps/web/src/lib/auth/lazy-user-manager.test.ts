import type { UserManager } from 'oidc-client-ts'
import { lazyUserManager } from './auth-client.ts'

function fakeManager() {
  const listeners = new Map<string, Set<unknown>>()
  const on = (name: string) => (listener: unknown) => void listeners.get(name)?.add(listener)
  const off = (name: string) => (listener: unknown) => void listeners.get(name)?.delete(listener)
  for (const name of ['loaded', 'unloaded', 'expiring']) listeners.set(name, new Set())
  const manager = {
    getUser: vi.fn(async () => ({ access_token: 'a' })),
    removeUser: vi.fn(async () => undefined),
    events: {
      addUserLoaded: on('loaded'),
      removeUserLoaded: off('loaded'),
      addUserUnloaded: on('unloaded'),
      removeUserUnloaded: off('unloaded'),
      addAccessTokenExpiring: on('expiring'),
      removeAccessTokenExpiring: off('expiring'),
    },
  }
  return { manager: manager as unknown as UserManager, listeners }
}

describe('lazyUserManager', () => {
  it('answers no user without loading oidc-client-ts while none is stored', async () => {
    const load = vi.fn(async () => fakeManager().manager)
    const lazy = lazyUserManager(load, () => false)
    expect(await lazy.getUser()).toBeNull()
    expect(load).not.toHaveBeenCalled()
  })

  it('loads once when a session is stored, or for a login, and delegates', async () => {
    const { manager } = fakeManager()
    const removeUser = vi.spyOn(manager, 'removeUser')
    const load = vi.fn(async () => manager)
    let stored = true
    const lazy = lazyUserManager(load, () => stored)
    expect(await lazy.getUser()).toEqual({ access_token: 'a' })
    stored = false
    await lazy.removeUser()
    expect(await lazy.getUser()).toEqual({ access_token: 'a' }) // loaded now: always asked
    expect(load).toHaveBeenCalledTimes(1)
    expect(removeUser).toHaveBeenCalledTimes(1)
  })

  it('attaches listeners added before the load, but not those already removed', async () => {
    const { manager, listeners } = fakeManager()
    const lazy = lazyUserManager(
      async () => manager,
      () => true,
    )
    const kept = () => undefined
    const dropped = () => undefined
    lazy.events.addUserLoaded(kept)
    const unsubscribe = lazy.events.addAccessTokenExpiring(dropped)
    unsubscribe()
    await lazy.getUser()
    expect([...listeners.get('loaded')!]).toEqual([kept])
    expect(listeners.get('expiring')!.size).toBe(0)
    lazy.events.removeUserLoaded(kept)
    expect(listeners.get('loaded')!.size).toBe(0)
  })
})

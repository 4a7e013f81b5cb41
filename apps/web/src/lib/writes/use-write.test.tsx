import { applyWrite, type Product } from '@brewcommand/domain'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import type { BootstrapEntity } from '@/lib/app-state/get-bootstrap.ts'
import { QueueProvider } from '@/lib/queue/queue-provider.tsx'
import { queueNamespace } from '@/lib/queue/queue-storage.ts'
import { useWrite } from './use-write.ts'

const productId = '00000000-0000-4000-8000-0000000000aa'
const entity = {
  entityId: '00000000-0000-4000-8000-000000000001',
  products: [
    {
      id: productId,
      name: 'Hazy',
      description: '',
      recipes: [],
      files: [],
      packagingTypes: [],
      tastingNotes: [],
      attributes: [],
    } as unknown as Product,
  ],
  packagingTypes: [],
} as BootstrapEntity

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('useWrite', () => {
  it('applies the domain applier at once and stores the intent with its request, so a reload applies the same', () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined))
    const changes: ((e: BootstrapEntity) => BootstrapEntity)[] = []
    const value: AppStateValue = {
      isLoaded: true,
      data: {
        user: { id: 'u', givenName: '', familyName: '', email: '', emailVerified: true },
        entities: [entity],
      },
      currentEntity: entity,
      currentAccessToken: 'token',
      applyLocal: (change) => void changes.push(change),
      reload: () => Promise.resolve(),
    }
    const wrapper = ({ children }: { children: ReactNode }) => (
      <StaticAppStateProvider value={value}>
        <QueueProvider subject="ada" getAccessToken={() => Promise.resolve('token')}>
          {children}
        </QueueProvider>
      </StaticAppStateProvider>
    )
    const { result } = renderHook(() => useWrite(), { wrapper })
    act(() => result.current({ kind: 'product:rename', productId, name: 'Hazier' }))

    expect(changes).toHaveLength(1)
    const live = changes[0](entity)
    expect(live.products[0].name).toBe('Hazier')
    const key = Object.keys(localStorage).find((k) => k.startsWith(`${queueNamespace('ada')}:`))!
    const stored = JSON.parse(localStorage.getItem(key)!) as Record<string, never>
    expect(stored).toMatchObject({
      method: 'PUT',
      uri: `/api/products/${productId}`,
      data: { type: 'product', data: { name: 'Hazier' } },
      write: { kind: 'product:rename', productId, name: 'Hazier' },
    })
    expect(applyWrite(entity, stored.write)).toEqual(live)
  })
})

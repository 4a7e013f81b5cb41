import { newRecipe } from '@brewcommand/domain'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import type { BootstrapEntity } from '@/lib/app-state/get-bootstrap.ts'
import { QueueProvider } from '@/lib/queue/queue-provider.tsx'
import { useRecipeWrites } from './use-recipe-writes.ts'

function writesWith(entity: BootstrapEntity | undefined) {
  const value: AppStateValue = {
    isLoaded: true,
    data: {
      user: { id: 'u', givenName: '', familyName: '', email: '', emailVerified: true },
      entities: entity ? [entity] : [],
    },
    currentEntity: entity,
    currentAccessToken: 'token',
    applyLocal: () => {},
    reload: () => Promise.resolve(),
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StaticAppStateProvider value={value}>
      <QueueProvider getAccessToken={() => Promise.resolve('token')}>{children}</QueueProvider>
    </StaticAppStateProvider>
  )
  return renderHook(() => useRecipeWrites(), { wrapper }).result.current
}

describe('useRecipeWrites', () => {
  it('refuses to save without a brewery, with the spec text', () => {
    const writes = writesWith(undefined)
    const recipe = newRecipe(crypto.randomUUID())
    expect(() => writes.saveRecipe(recipe, true)).toThrow(
      'Cannot save recipe - no bootstrap config context with valid entity ID',
    )
    expect(() => writes.createProductWithRecipe('Name', recipe)).toThrow(
      'Cannot save recipe - no bootstrap config context with valid entity ID',
    )
  })

  it('refuses to save a recipe whose product is not there, with the spec text', () => {
    const writes = writesWith({ entityId: crypto.randomUUID(), products: [], packagingTypes: [] })
    expect(() => writes.saveRecipe(newRecipe(crypto.randomUUID()), false)).toThrow(
      'Cannot save recipe - no product is defined',
    )
  })
})

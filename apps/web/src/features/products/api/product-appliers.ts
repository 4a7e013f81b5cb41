import type { Product } from '@brewcommand/domain'
import type { BootstrapEntity } from '@/features/app-state/get-bootstrap.ts'
import { registerApplier } from '@/lib/queue/appliers.ts'

/**
 * The local changes of product writes, rebuilt from a queued write's description (method, uri,
 * envelope): a write restored after a reload is re-applied with these, and so is a write that a remote
 * change arrives before. Sub-collections are handled alike: POST adds or replaces the item by id, PUT
 * replaces it (a recipe or file carries its whole record), DELETE removes it. A feature whose writes need
 * something else registers its own applier with one line (a later registration wins):
 *
 *   registerApplier<BootstrapEntity>('PUT /api/products/:productId/files/:id', (entity, { params, body }) => …)
 */

/** The product field of each sub-collection in the URI (docs/architecture.md "The write path"). */
export const PRODUCT_COLLECTION_FIELDS = {
  recipes: 'recipes',
  packages: 'packagingTypes',
  tastingNotes: 'tastingNotes',
  attributes: 'attributes',
  files: 'files',
} as const satisfies Record<string, keyof Product>

type WithId = { id: string }

const onProduct = (entity: BootstrapEntity, productId: string, change: (product: Product) => Product) =>
  entity.products.some((p) => p.id === productId)
    ? { ...entity, products: entity.products.map((p) => (p.id === productId ? change(p) : p)) }
    : entity

const fieldOf = (collection: string) =>
  Object.hasOwn(PRODUCT_COLLECTION_FIELDS, collection)
    ? PRODUCT_COLLECTION_FIELDS[collection as keyof typeof PRODUCT_COLLECTION_FIELDS]
    : undefined

function upsertItem(
  entity: BootstrapEntity,
  productId: string,
  collection: string,
  item: unknown,
  id?: string,
) {
  const field = fieldOf(collection)
  if (!field || !item || typeof item !== 'object') return entity
  const record = { ...(item as Record<string, unknown>), ...(id ? { id } : {}) } as WithId
  if (typeof record.id !== 'string') return entity
  return onProduct(entity, productId, (product) => {
    const items = (product[field] ?? []) as WithId[]
    const exists = items.some((i) => i.id === record.id)
    return {
      ...product,
      [field]: exists ? items.map((i) => (i.id === record.id ? { ...i, ...record } : i)) : [...items, record],
    }
  })
}

let registered = false

/** Registers the product appliers once (imported by the secure area before the queue restores). */
export function registerProductAppliers() {
  if (registered) return
  registered = true
  registerApplier<BootstrapEntity>('POST /api/products', (entity, { body }) => {
    const data = body as Partial<Product> & WithId
    if (!data || typeof data.id !== 'string' || entity.products.some((p) => p.id === data.id)) return entity
    const product: Product = {
      entityId: entity.entityId,
      description: '',
      recipes: [],
      files: [],
      packagingTypes: [],
      tastingNotes: [],
      attributes: [],
      ...data,
      name: data.name ?? '',
    }
    return { ...entity, products: [...entity.products, product] }
  })
  registerApplier<BootstrapEntity>('PUT /api/products/:productId', (entity, { params, body }) => {
    const change = (body ?? {}) as Partial<Pick<Product, 'name' | 'description'>>
    return onProduct(entity, params.productId, (product) => ({
      ...product,
      ...(typeof change.name === 'string' ? { name: change.name } : {}),
      ...(typeof change.description === 'string' ? { description: change.description } : {}),
    }))
  })
  registerApplier<BootstrapEntity>('DELETE /api/products/:productId', (entity, { params }) => ({
    ...entity,
    products: entity.products.filter((p) => p.id !== params.productId),
  }))
  registerApplier<BootstrapEntity>('POST /api/products/:productId/:collection', (entity, { params, body }) =>
    upsertItem(entity, params.productId, params.collection, body),
  )
  registerApplier<BootstrapEntity>(
    'PUT /api/products/:productId/:collection/:id',
    (entity, { params, body }) => upsertItem(entity, params.productId, params.collection, body, params.id),
  )
  registerApplier<BootstrapEntity>(
    'DELETE /api/products/:productId/:collection/:id',
    (entity, { params }) => {
      const field = fieldOf(params.collection)
      if (!field) return entity
      return onProduct(entity, params.productId, (product) => ({
        ...product,
        [field]: ((product[field] ?? []) as WithId[]).filter((i) => i.id !== params.id),
      }))
    },
  )
}

import {
  makeEnvelope,
  productObjectUri,
  type Attribute,
  type Package,
  type Product,
  type TastingNote,
} from '@brewcommand/domain'
import { useAppState } from '@/features/app-state/app-state.tsx'
import type { BootstrapEntity } from '@/features/app-state/get-bootstrap.ts'
import { useQueue } from '@/lib/queue/queue-provider.tsx'
import type { QueuedRequest } from '@/lib/queue/request-queue.ts'

const COLLECTIONS = {
  packages: { field: 'packagingTypes', type: 'product:package' },
  tastingNotes: { field: 'tastingNotes', type: 'product:tastingNote' },
  attributes: { field: 'attributes', type: 'product:attribute' },
} as const
type Collection = keyof typeof COLLECTIONS
type Item = { packages: Package; tastingNotes: TastingNote; attributes: Attribute }
type Change = (entity: BootstrapEntity) => BootstrapEntity

const onProduct =
  (productId: string, change: (product: Product) => Product): Change =>
  (entity) => ({ ...entity, products: entity.products.map((p) => (p.id === productId ? change(p) : p)) })

/**
 * Product writes (docs/product/02-products.md §4): each is applied to local state at once, then queued with its change
 * envelope; the queue sends it with the token, socket id and Idempotency-Key. The change travels with
 * the queued write, so it can be re-applied on top of a remote change that arrives before it is sent.
 */
export function useProductWrites() {
  const { enqueue } = useQueue()
  const { applyLocal, currentEntity } = useAppState()

  const write = (change: Change, request: Pick<QueuedRequest, 'method' | 'uri' | 'data'>) => {
    applyLocal(change)
    enqueue({ ...request, reapply: change })
  }

  function saveItem<C extends Collection>(collection: C, productId: string, item: Item[C], isNew: boolean) {
    const { field, type } = COLLECTIONS[collection]
    write(
      onProduct(productId, (product) => {
        const items = product[field] as Item[C][]
        const exists = items.some((i) => i.id === item.id)
        return {
          ...product,
          [field]: exists ? items.map((i) => (i.id === item.id ? item : i)) : [...items, item],
        }
      }),
      {
        method: isNew ? 'POST' : 'PUT',
        uri: `/api/products/${productId}/${collection}${isNew ? '' : `/${item.id}`}`,
        data: makeEnvelope(type, item, { objectUri: productObjectUri(productId, collection, item.id) }),
      },
    )
  }

  function deleteItem(collection: Collection | 'recipes', productId: string, id: string) {
    const field = collection === 'recipes' ? 'recipes' : COLLECTIONS[collection].field
    write(
      onProduct(productId, (product) => ({
        ...product,
        [field]: (product[field] as { id: string }[]).filter((i) => i.id !== id),
      })),
      { method: 'DELETE', uri: `/api/products/${productId}/${collection}/${id}` },
    )
  }

  return {
    /** Creates a product with no recipes and returns its id (generated here, docs/architecture.md "Ids"). */
    createProduct({ name, description }: { name: string; description: string }): string {
      const id = crypto.randomUUID()
      const product: Product = {
        id,
        entityId: currentEntity!.entityId,
        name,
        description,
        recipes: [],
        files: [],
        packagingTypes: [],
        tastingNotes: [],
        attributes: [],
      }
      write(
        (entity) => ({
          ...entity,
          products: entity.products.some((p) => p.id === id)
            ? entity.products
            : [...entity.products, product],
        }),
        {
          method: 'POST',
          uri: '/api/products',
          data: makeEnvelope(
            'product',
            { id, name, description, recipes: [] },
            { objectUri: productObjectUri(id) },
          ),
        },
      )
      return id
    },
    renameProduct(productId: string, name: string) {
      write(
        onProduct(productId, (product) => ({ ...product, name })),
        {
          method: 'PUT',
          uri: `/api/products/${productId}`,
          data: makeEnvelope('product', { name }, { objectUri: productObjectUri(productId) }),
        },
      )
    },
    describeProduct(productId: string, description: string) {
      write(
        onProduct(productId, (product) => ({ ...product, description })),
        {
          method: 'PUT',
          uri: `/api/products/${productId}`,
          data: makeEnvelope('product', { description }, { objectUri: productObjectUri(productId) }),
        },
      )
    },
    deleteProduct(productId: string) {
      write((entity) => ({ ...entity, products: entity.products.filter((p) => p.id !== productId) }), {
        method: 'DELETE',
        uri: `/api/products/${productId}`,
      })
    },
    saveItem,
    deleteItem,
  }
}

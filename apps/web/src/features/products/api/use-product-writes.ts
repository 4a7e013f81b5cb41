import {
  makeEnvelope,
  productObjectUri,
  type Attribute,
  type Package,
  type Product,
  type TastingNote,
} from '@brewcommand/domain'
import { useAppState } from '@/features/app-state/app-state.tsx'
import { useQueue } from '@/lib/queue/queue-provider.tsx'

const COLLECTIONS = {
  packages: { field: 'packagingTypes', type: 'product:package' },
  tastingNotes: { field: 'tastingNotes', type: 'product:tastingNote' },
  attributes: { field: 'attributes', type: 'product:attribute' },
} as const
type Collection = keyof typeof COLLECTIONS
type Item = { packages: Package; tastingNotes: TastingNote; attributes: Attribute }

/**
 * Product writes (spec 02 §4): each is applied to local state at once, then queued with its change
 * envelope; the queue sends it with the token, socket id and Idempotency-Key.
 */
export function useProductWrites() {
  const { enqueue } = useQueue()
  const { applyLocal, currentEntity } = useAppState()

  const changeProduct = (productId: string, change: (product: Product) => Product) =>
    applyLocal((entity) => ({
      ...entity,
      products: entity.products.map((p) => (p.id === productId ? change(p) : p)),
    }))

  function saveItem<C extends Collection>(collection: C, productId: string, item: Item[C], isNew: boolean) {
    const { field, type } = COLLECTIONS[collection]
    changeProduct(productId, (product) => {
      const items = product[field] as Item[C][]
      return {
        ...product,
        [field]: isNew ? [...items, item] : items.map((i) => (i.id === item.id ? item : i)),
      }
    })
    enqueue({
      method: isNew ? 'POST' : 'PUT',
      uri: `/api/products/${productId}/${collection}${isNew ? '' : `/${item.id}`}`,
      data: makeEnvelope(type, item, { objectUri: productObjectUri(productId, collection, item.id) }),
    })
  }

  function deleteItem(collection: Collection | 'recipes', productId: string, id: string) {
    const field = collection === 'recipes' ? 'recipes' : COLLECTIONS[collection].field
    changeProduct(productId, (product) => ({
      ...product,
      [field]: (product[field] as { id: string }[]).filter((i) => i.id !== id),
    }))
    enqueue({ method: 'DELETE', uri: `/api/products/${productId}/${collection}/${id}` })
  }

  return {
    /** Creates a product with no recipes and returns its id (generated here, DESIGN.md "Ids"). */
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
      applyLocal((entity) => ({ ...entity, products: [...entity.products, product] }))
      enqueue({
        method: 'POST',
        uri: '/api/products',
        data: makeEnvelope(
          'product',
          { id, name, description, recipes: [] },
          { objectUri: productObjectUri(id) },
        ),
      })
      return id
    },
    renameProduct(productId: string, name: string) {
      changeProduct(productId, (product) => ({ ...product, name }))
      enqueue({
        method: 'PUT',
        uri: `/api/products/${productId}`,
        data: makeEnvelope('product', { name }, { objectUri: productObjectUri(productId) }),
      })
    },
    describeProduct(productId: string, description: string) {
      changeProduct(productId, (product) => ({ ...product, description }))
      enqueue({
        method: 'PUT',
        uri: `/api/products/${productId}`,
        data: makeEnvelope('product', { description }, { objectUri: productObjectUri(productId) }),
      })
    },
    deleteProduct(productId: string) {
      applyLocal((entity) => ({ ...entity, products: entity.products.filter((p) => p.id !== productId) }))
      enqueue({ method: 'DELETE', uri: `/api/products/${productId}` })
    },
    saveItem,
    deleteItem,
  }
}

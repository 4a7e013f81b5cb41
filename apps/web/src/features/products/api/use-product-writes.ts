import type { ItemWrite, ProductCollection, ProductItem } from '@brewcommand/domain'
import { useWrite } from '@/lib/writes/use-write.ts'

/** The sub-collections the product page writes itself (recipes and files have their own features). */
type Collection = Exclude<ProductCollection, 'recipes' | 'files'>
type Item = ProductItem

/**
 * Product writes (docs/product/02-products.md §4) as typed intents of packages/domain/src/writes/: each is applied to local
 * state at once, then queued; the queue sends it with the token, socket id and Idempotency-Key.
 */
export function useProductWrites() {
  const write = useWrite()
  return {
    /** Creates a product with no recipes and returns its id (generated here, docs/architecture.md "Ids"). */
    createProduct({ name, description }: { name: string; description: string }): string {
      const id = crypto.randomUUID()
      write({ kind: 'product:create', product: { id, name, description, recipes: [] } })
      return id
    },
    renameProduct(productId: string, name: string) {
      write({ kind: 'product:rename', productId, name })
    },
    describeProduct(productId: string, description: string) {
      write({ kind: 'product:describe', productId, description })
    },
    deleteProduct(productId: string) {
      write({ kind: 'product:delete', productId })
    },
    saveItem<C extends Collection>(collection: C, productId: string, item: Item[C], isNew: boolean) {
      // One of the collection's writes: C is a single collection here, which TypeScript cannot narrow.
      write({ kind: isNew ? 'item:add' : 'item:change', productId, collection, item } as ItemWrite)
    },
    deleteItem(collection: Collection, productId: string, id: string) {
      write({ kind: 'item:delete', productId, collection, itemId: id })
    },
  }
}

import type { ProductFile } from '@brewcommand/domain'
import { useWrite } from '@/lib/writes/use-write.ts'

/**
 * The files of a product (docs/product/02-products.md §2 "Media Assets"): attach, rename or describe, delete. Each is a typed
 * write (packages/domain/src/writes/), applied to local state at once and queued like the product's other
 * collections.
 */
export function useFileWrites(productId: string) {
  const write = useWrite()
  return {
    /** `url` is a local preview until the server's signed link arrives with the next read. */
    attach(
      file: Required<Pick<ProductFile, 'id' | 'name' | 'description' | 's3Key' | 'fileType' | 'size'>>,
      url?: string,
    ) {
      write({
        kind: 'item:add',
        productId,
        collection: 'files',
        item: file,
        ...(url ? { local: { previewUrl: url } } : {}),
      })
    },
    update(change: { id: string; name: string; description: string }) {
      write({ kind: 'item:change', productId, collection: 'files', item: change })
    },
    remove(id: string) {
      write({ kind: 'item:delete', productId, collection: 'files', itemId: id })
    },
  }
}

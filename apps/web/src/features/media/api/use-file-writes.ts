import { makeEnvelope, productObjectUri, type Product, type ProductFile } from '@brewcommand/domain'
import { useAppState } from '@/features/app-state/app-state.tsx'
import type { BootstrapEntity } from '@/features/app-state/get-bootstrap.ts'
import { useQueue } from '@/lib/queue/queue-provider.tsx'
import type { QueuedRequest } from '@/lib/queue/request-queue.ts'

type Change = (entity: BootstrapEntity) => BootstrapEntity

const onFiles =
  (productId: string, change: (files: ProductFile[]) => ProductFile[]): Change =>
  (entity) => ({
    ...entity,
    products: entity.products.map((p: Product) =>
      p.id === productId ? { ...p, files: change(p.files) } : p,
    ),
  })

/**
 * The files of a product (docs/product/02-products.md §2 "Media Assets"): attach, rename or describe, delete. Each is applied
 * to local state at once and queued with its change envelope, like the product's other collections.
 */
export function useFileWrites(productId: string) {
  const { enqueue } = useQueue()
  const { applyLocal } = useAppState()
  const write = (change: Change, request: Pick<QueuedRequest, 'method' | 'uri' | 'data'>) => {
    applyLocal(change)
    enqueue({ ...request, reapply: change })
  }
  return {
    /** `url` is a local preview until the server's signed link arrives with the next read. */
    attach(
      file: Required<Pick<ProductFile, 'id' | 'name' | 'description' | 's3Key' | 'fileType' | 'size'>>,
      url?: string,
    ) {
      write(
        onFiles(productId, (files) => [
          ...files.filter((f) => f.id !== file.id),
          { ...file, ...(url ? { url } : {}) },
        ]),
        {
          method: 'POST',
          uri: `/api/products/${productId}/files`,
          data: makeEnvelope('product:file', file, {
            objectUri: productObjectUri(productId, 'files', file.id),
          }),
        },
      )
    },
    update(change: { id: string; name: string; description: string }) {
      write(
        onFiles(productId, (files) => files.map((f) => (f.id === change.id ? { ...f, ...change } : f))),
        {
          method: 'PUT',
          uri: `/api/products/${productId}/files/${change.id}`,
          data: makeEnvelope('product:file', change, {
            objectUri: productObjectUri(productId, 'files', change.id),
          }),
        },
      )
    },
    remove(id: string) {
      write(
        onFiles(productId, (files) => files.filter((f) => f.id !== id)),
        { method: 'DELETE', uri: `/api/products/${productId}/files/${id}` },
      )
    },
  }
}

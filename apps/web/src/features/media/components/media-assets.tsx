import { formatBytes, type Product, type ProductFile } from '@brewcommand/domain'
import { Pencil, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { deleteUploadedFile, putFile, requestUploadLocation } from '../api/media-api.ts'
import { UploadManager, type UploadTransport } from '../api/upload-manager.ts'
import { useFileWrites } from '../api/use-file-writes.ts'
import { FileIcon, isImage } from './file-icon.tsx'
import { MediaFileDialog } from './media-file-dialog.tsx'
import { MediaUploadDialog } from './media-upload-dialog.tsx'
import { deleteFileTitle, FILE_REMOVED } from '../messages.ts'

const HTTP_TRANSPORT: UploadTransport = {
  requestLocation: requestUploadLocation,
  putFile,
  deleteFile: deleteUploadedFile,
}

function FileCard({
  file,
  canManage,
  onEdit,
  onDelete,
}: {
  file: ProductFile
  canManage: boolean
  onEdit: () => void
  onDelete: () => void
}) {
  const [broken, setBroken] = useState(false)
  const showImage = isImage(file.fileType) && file.url && !broken
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs">
      <a
        href={file.url}
        target="_blank"
        rel="noreferrer"
        className="flex aspect-video items-center justify-center bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        aria-label={`Open ${file.name}`}
      >
        {showImage ? (
          <img
            src={file.url}
            alt={file.name}
            className="size-full object-cover"
            onError={() => setBroken(true)}
          />
        ) : (
          <FileIcon type={file.fileType ?? ''} className="size-10 text-muted-foreground" />
        )}
      </a>
      <div className="flex gap-2 p-3">
        <div className="min-w-0 flex-1">
          <p dir="auto" className="truncate font-medium" title={file.name}>
            {file.name}
          </p>
          {file.description && (
            <p dir="auto" className="text-sm wrap-anywhere text-muted-foreground">
              {file.description}
            </p>
          )}
          {file.size !== undefined && (
            <p className="text-xs text-muted-foreground">{formatBytes(file.size)}</p>
          )}
        </div>
        {canManage && (
          <div className="flex shrink-0 gap-1">
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Edit ${file.name}`}
              onClick={onEdit}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Delete ${file.name}`}
              onClick={onDelete}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
    </li>
  )
}

/**
 * The Media Assets section of a product (docs/product/02-products.md §2): thumbnails for images, an icon and name for other
 * files, Edit and Delete for those who may manage products, and the Add Media card with the uploads.
 */
export function MediaAssets({
  product,
  canManage,
  transport = HTTP_TRANSPORT,
}: {
  product: Product
  canManage: boolean
  transport?: UploadTransport
}) {
  const { getAccessToken } = useAuth()
  const writes = useFileWrites(product.id)
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<ProductFile | null>(null)
  const [deleting, setDeleting] = useState<ProductFile | null>(null)
  const [manager, setManager] = useState<UploadManager | null>(null)

  // One manager per product page; leaving the page stops its timers and uploads.
  const callbacks = { getAccessToken, writes }
  const latest = useLatest(callbacks)
  useEffect(() => {
    const next = new UploadManager({
      entityId: product.entityId,
      productId: product.id,
      transport,
      getAccessToken: () => latest.current.getAccessToken(),
      onUploaded: (item) => {
        const preview =
          isImage(item.file.type) && typeof URL.createObjectURL === 'function'
            ? URL.createObjectURL(item.file)
            : undefined
        latest.current.writes.attach(
          {
            id: item.id,
            name: item.file.name,
            description: '',
            s3Key: item.s3Key,
            fileType: item.file.type,
            size: item.file.size,
          },
          preview,
        )
      },
      onCompletedRemoved: (item) => latest.current.writes.remove(item.id),
    })
    setManager(next)
    return () => next.dispose()
  }, [product.entityId, product.id, transport, latest])

  return (
    <>
      {product.files.length === 0 && !canManage && (
        <p className="text-sm text-muted-foreground">No media yet.</p>
      )}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {product.files.map((file) => (
          <FileCard
            key={file.id}
            file={file}
            canManage={canManage}
            onEdit={() => setEditing(file)}
            onDelete={() => setDeleting(file)}
          />
        ))}
        {canManage && (
          <li>
            <button
              type="button"
              onClick={() => setAdding(true)}
              className="flex min-h-32 w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-6 text-sm font-medium text-muted-foreground transition-colors hover:border-primary hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <span aria-hidden="true" className="text-2xl leading-none">
                +
              </span>
              Add Media
            </button>
          </li>
        )}
      </ul>
      {manager && <MediaUploadDialog open={adding} onOpenChange={setAdding} manager={manager} />}
      {editing && (
        <MediaFileDialog
          key={editing.id}
          file={editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSave={(change) => writes.update(change)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleteFileTitle(deleting?.name)}
        description={FILE_REMOVED}
        onConfirm={() => deleting && writes.remove(deleting.id)}
      />
    </>
  )
}

function useLatest<T>(value: T) {
  const [ref] = useState(() => ({ current: value }))
  useEffect(() => {
    ref.current = value
  })
  return ref
}

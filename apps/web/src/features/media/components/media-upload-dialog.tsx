import { useSyncExternalStore, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button.tsx'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx'
import type { UploadItem, UploadManager } from '../api/upload-manager.ts'
import { MediaDropZone } from './media-drop-zone.tsx'
import { UploadItemRow } from './upload-item-row.tsx'
import { deleteFileTitle, DELETION_FAILED, FILE_REMOVED, UPLOAD_REMOVED } from '../messages.ts'

/** The upload items of a manager, with Cancel and (after a confirmation) Delete. */
export function UploadList({ manager }: { manager: UploadManager }) {
  const items = useSyncExternalStore(manager.subscribe, manager.getSnapshot)
  const [deleting, setDeleting] = useState<UploadItem | null>(null)
  if (items.length === 0) return null
  return (
    <>
      <ul className="grid max-h-80 gap-2 overflow-y-auto" aria-label="Uploads">
        {items.map((item) => (
          <UploadItemRow
            key={item.id}
            item={item}
            onCancel={() => manager.cancel(item.id)}
            onDelete={() => setDeleting(item)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleteFileTitle(deleting?.file.name)}
        description={deleting?.status === 'completed' ? FILE_REMOVED : UPLOAD_REMOVED}
        onConfirm={() => {
          if (!deleting) return
          manager.remove(deleting.id).catch((error: unknown) => {
            toast.error(error instanceof Error ? error.message : DELETION_FAILED)
          })
        }}
      />
    </>
  )
}

/** Add Media: the drop zone and the uploads in progress (docs/product/02-products.md §2, §4, §5). */
export function MediaUploadDialog({
  open,
  onOpenChange,
  manager,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  manager: UploadManager
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[560px]">
        <DialogHeader>
          <DialogTitle>Add Media</DialogTitle>
          <DialogDescription>
            Label art, photos, sell sheets and videos. Each file uploads after a short countdown, which you
            can cancel.
          </DialogDescription>
        </DialogHeader>
        <MediaDropZone onFiles={(files) => manager.add(files)} />
        <UploadList manager={manager} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

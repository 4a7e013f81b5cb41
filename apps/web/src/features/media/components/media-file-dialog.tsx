import { MediaDescriptionSchema, MediaFileNameSchema, type ProductFile } from '@brewcommand/domain'
import { useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx'
import { FieldError } from '@/components/ui/field-error.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { Textarea } from '@/components/ui/textarea.tsx'

/** Edit a file's name and description (checked as the server checks them). */
export function MediaFileDialog({
  file,
  open,
  onOpenChange,
  onSave,
}: {
  file: ProductFile
  open: boolean
  onOpenChange: (open: boolean) => void
  onSave: (change: { id: string; name: string; description: string }) => void
}) {
  const [name, setName] = useState(file.name)
  const [description, setDescription] = useState(file.description)
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({})
  const save = () => {
    const parsedName = MediaFileNameSchema.safeParse(name)
    const parsedDescription = MediaDescriptionSchema.safeParse(description)
    if (!parsedName.success || !parsedDescription.success) {
      setErrors({
        name: parsedName.error?.issues[0]?.message,
        description: parsedDescription.error?.issues[0]?.message,
      })
      return
    }
    onSave({ id: file.id, name: parsedName.data, description: parsedDescription.data })
    onOpenChange(false)
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[425px]">
        <DialogHeader>
          <DialogTitle>Edit Media</DialogTitle>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => (e.preventDefault(), save())} noValidate>
          <div className="grid gap-2">
            <Label htmlFor="media-name">Name</Label>
            <Input
              id="media-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={errors.name ? true : undefined}
            />
            <FieldError>{errors.name}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="media-description">Description</Label>
            <Textarea
              id="media-description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              aria-invalid={errors.description ? true : undefined}
            />
            <FieldError>{errors.description}</FieldError>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

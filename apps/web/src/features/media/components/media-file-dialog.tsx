import { ProductFileChangeSchema, type ProductFile } from '@brewcommand/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormDialog } from '@/components/form-dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Textarea } from '@/components/ui/textarea.tsx'

/** The fields a person types, checked as the server checks a file's change (ProductFileChangeSchema). */
const MediaFileFormSchema = ProductFileChangeSchema.pick({ name: true, description: true })
type MediaFileFormValues = z.input<typeof MediaFileFormSchema>

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
  const form = useForm<MediaFileFormValues, unknown, z.output<typeof MediaFileFormSchema>>({
    resolver: zodResolver(MediaFileFormSchema),
    defaultValues: { name: file.name, description: file.description },
  })
  const errors = form.formState.errors
  const save = form.handleSubmit((values) => {
    onSave({ id: file.id, name: values.name, description: values.description })
    onOpenChange(false)
  })
  return (
    <FormDialog
      title="Edit Media"
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={(event) => void save(event)}
    >
      <FormField label="Name" htmlFor="media-name" error={errors.name?.message}>
        <Input id="media-name" aria-invalid={errors.name ? true : undefined} {...form.register('name')} />
      </FormField>
      <FormField label="Description" htmlFor="media-description" error={errors.description?.message}>
        <Textarea
          id="media-description"
          aria-invalid={errors.description ? true : undefined}
          {...form.register('description')}
        />
      </FormField>
    </FormDialog>
  )
}

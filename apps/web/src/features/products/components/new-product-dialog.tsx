import { NewProductSchema } from '@brewcommand/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormDialog } from '@/components/form-dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Textarea } from '@/components/ui/textarea.tsx'

/** The fields a person types, checked like the server checks a new product (NewProductSchema). */
const NewProductFormSchema = NewProductSchema.pick({ name: true, description: true })
type NewProductFormValues = z.input<typeof NewProductFormSchema>
const EMPTY: NewProductFormValues = { name: '', description: '' }

/** New Product (docs/product/02-products.md §2): Create is disabled while the trimmed name is empty; 425 px at most. */
export function NewProductDialog({
  open,
  onOpenChange,
  onCreate,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreate: (values: { name: string; description: string }) => void
}) {
  const form = useForm<NewProductFormValues, unknown, z.output<typeof NewProductFormSchema>>({
    resolver: zodResolver(NewProductFormSchema),
    defaultValues: EMPTY,
  })
  const errors = form.formState.errors
  const close = (next: boolean) => {
    if (!next) form.reset(EMPTY)
    onOpenChange(next)
  }
  const create = form.handleSubmit((values) => {
    onCreate({ name: values.name, description: values.description })
    close(false)
  })
  const name = form.watch('name') ?? ''
  return (
    <FormDialog
      title="New Product"
      description="Give your product a name and, if you like, a short marketing description. You can change both later."
      open={open}
      onOpenChange={close}
      onSubmit={(event) => void create(event)}
      submitLabel="Create"
      submitDisabled={!name.trim()}
    >
      <FormField label="Name" htmlFor="new-product-name" error={errors.name?.message}>
        <Input
          id="new-product-name"
          placeholder="Product Name"
          autoFocus
          aria-invalid={errors.name ? true : undefined}
          {...form.register('name')}
        />
      </FormField>
      <FormField label="Description" htmlFor="new-product-description" error={errors.description?.message}>
        <Textarea
          id="new-product-description"
          placeholder="Optional: A brief description of the product."
          aria-invalid={errors.description ? true : undefined}
          {...form.register('description')}
        />
      </FormField>
    </FormDialog>
  )
}

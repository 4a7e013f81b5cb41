import {
  ATTRIBUTE_CHOICES,
  PackageSchema,
  TASTING_NOTE_CATEGORIES,
  type Attribute,
  type Package,
  type PackagingType,
  type TastingNote,
} from '@brewcommand/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormDialog } from '@/components/form-dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { Textarea } from '@/components/ui/textarea.tsx'

type DialogProps<T> = {
  item: T | null
  open: boolean
  onOpenChange: (open: boolean) => void
  onSave: (item: T) => void
}

/** The packaging fields a person types, checked like the server checks them (PackageSchema). */
const PackageFormSchema = PackageSchema.pick({ typeId: true, sku: true, upc: true })
type PackageFormValues = z.input<typeof PackageFormSchema>

/** Packaging: a type of the brewery's, SKU and UPC (checked like the server checks it). */
export function PackageDialog({
  item,
  open,
  onOpenChange,
  onSave,
  packagingTypes,
}: DialogProps<Package> & { packagingTypes: PackagingType[] }) {
  const form = useForm<PackageFormValues, unknown, z.output<typeof PackageFormSchema>>({
    resolver: zodResolver(PackageFormSchema),
    defaultValues: {
      typeId: item?.typeId ?? packagingTypes[0]?.packageTypeId ?? '',
      sku: item?.sku ?? '',
      upc: item?.upc ?? '',
    },
  })
  const errors = form.formState.errors
  const save = form.handleSubmit((values) => {
    const type = packagingTypes.find((t) => t.packageTypeId === values.typeId)
    const parsed = PackageSchema.safeParse({
      id: item?.id ?? crypto.randomUUID(),
      type: type?.packageType ?? '',
      ...values,
    })
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        form.setError(issue.path[0] === 'type' ? 'typeId' : (issue.path[0] as keyof PackageFormValues), {
          message: issue.message,
        })
      return
    }
    onSave(parsed.data)
    onOpenChange(false)
  })
  return (
    <FormDialog
      title={item ? 'Edit Packaging' : 'Add Packaging'}
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={(event) => void save(event)}
    >
      <FormField label="Packaging type" htmlFor="package-type" error={errors.typeId?.message}>
        <NativeSelect id="package-type" {...form.register('typeId')}>
          {packagingTypes.map((t) => (
            <option key={t.packageTypeId} value={t.packageTypeId}>
              {t.packageType}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="SKU" htmlFor="package-sku" error={errors.sku?.message}>
        <Input id="package-sku" aria-invalid={errors.sku ? true : undefined} {...form.register('sku')} />
      </FormField>
      <FormField label="UPC" htmlFor="package-upc" error={errors.upc?.message}>
        <Input
          id="package-upc"
          inputMode="numeric"
          placeholder="12 digits (optional)"
          aria-invalid={errors.upc ? true : undefined}
          {...form.register('upc')}
        />
      </FormField>
    </FormDialog>
  )
}

type ChoiceAndText = { choice: string; custom: string; text: string }

/**
 * A name chosen from a list, with "[New …]" for one of one's own, and a value; saving is silently
 * ignored while either is empty (docs/product/02-products.md §5).
 */
function ChoiceAndTextDialog({
  title,
  choiceLabel,
  newChoice,
  choices,
  textLabel,
  initialChoice,
  initialText,
  open,
  onOpenChange,
  onSave,
  multiline,
}: {
  title: string
  choiceLabel: string
  newChoice: string
  choices: readonly { label: string; value: string }[]
  textLabel: string
  initialChoice: string
  initialText: string
  open: boolean
  onOpenChange: (open: boolean) => void
  onSave: (choice: string, text: string) => void
  multiline?: boolean
}) {
  const known = choices.some((c) => c.value === initialChoice)
  const form = useForm<ChoiceAndText>({
    defaultValues: {
      choice: initialChoice === '' ? (choices[1]?.value ?? '') : known ? initialChoice : newChoice,
      custom: known ? '' : initialChoice,
      text: initialText,
    },
  })
  const choice = form.watch('choice')
  const save = form.handleSubmit(({ choice, custom, text }) => {
    const name = (choice === newChoice ? custom : choice).trim()
    if (!name || !text.trim()) return
    onSave(name, text.trim())
    onOpenChange(false)
  })
  const TextField = multiline ? Textarea : Input
  return (
    <FormDialog title={title} open={open} onOpenChange={onOpenChange} onSubmit={(event) => void save(event)}>
      <FormField label={choiceLabel} htmlFor="item-choice">
        <NativeSelect id="item-choice" {...form.register('choice')}>
          {choices.map((c) => (
            <option key={c.label} value={c.value}>
              {c.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {choice === newChoice && (
        <FormField label={`New ${choiceLabel.toLowerCase()}`} htmlFor="item-custom">
          <Input id="item-custom" {...form.register('custom')} />
        </FormField>
      )}
      <FormField label={textLabel} htmlFor="item-text">
        <TextField id="item-text" {...form.register('text')} />
      </FormField>
    </FormDialog>
  )
}

const ATTRIBUTE_OPTIONS = ATTRIBUTE_CHOICES.map((c) => ({ label: c, value: c }))

export function AttributeDialog({ item, open, onOpenChange, onSave }: DialogProps<Attribute>) {
  return (
    <ChoiceAndTextDialog
      title={item ? 'Edit Attribute' : 'Add Attribute'}
      choiceLabel="Attribute"
      newChoice="[New Attribute]"
      choices={ATTRIBUTE_OPTIONS}
      textLabel="Value"
      initialChoice={item?.attribute ?? ''}
      initialText={item?.value ?? ''}
      open={open}
      onOpenChange={onOpenChange}
      onSave={(attribute, value) => onSave({ id: item?.id ?? crypto.randomUUID(), attribute, value })}
    />
  )
}

export function TastingNoteDialog({ item, open, onOpenChange, onSave }: DialogProps<TastingNote>) {
  return (
    <ChoiceAndTextDialog
      title={item ? 'Edit Tasting Note' : 'Add Tasting Note'}
      choiceLabel="Category"
      newChoice="[New Category]"
      choices={TASTING_NOTE_CATEGORIES}
      textLabel="Notes"
      initialChoice={item?.category ?? ''}
      initialText={item?.notes ?? ''}
      open={open}
      onOpenChange={onOpenChange}
      onSave={(category, notes) => onSave({ id: item?.id ?? crypto.randomUUID(), category, notes })}
      multiline
    />
  )
}

import {
  ATTRIBUTE_CHOICES,
  PackageSchema,
  TASTING_NOTE_CATEGORIES,
  type Attribute,
  type Package,
  type TastingNote,
} from '@brewcommand/domain'
import { useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx'
import { FieldError } from '@/components/ui/field-error.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { Textarea } from '@/components/ui/textarea.tsx'

type DialogProps<T> = {
  item: T | null
  open: boolean
  onOpenChange: (open: boolean) => void
  onSave: (item: T) => void
}

/** Packaging: a type of the brewery's, SKU and UPC (checked like the server checks it). */
export function PackageDialog({
  item,
  open,
  onOpenChange,
  onSave,
  packagingTypes,
}: DialogProps<Package> & { packagingTypes: { packageTypeId: string; packageType: string }[] }) {
  const [typeId, setTypeId] = useState(item?.typeId ?? packagingTypes[0]?.packageTypeId ?? '')
  const [sku, setSku] = useState(item?.sku ?? '')
  const [upc, setUpc] = useState(item?.upc ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = () => {
    const type = packagingTypes.find((t) => t.packageTypeId === typeId)
    const parsed = PackageSchema.safeParse({
      id: item?.id ?? crypto.randomUUID(),
      type: type?.packageType ?? '',
      typeId,
      sku,
      upc,
    })
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])))
      return
    }
    onSave(parsed.data)
    onOpenChange(false)
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[425px]">
        <DialogHeader>
          <DialogTitle>{item ? 'Edit Packaging' : 'Add Packaging'}</DialogTitle>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => (e.preventDefault(), save())} noValidate>
          <div className="grid gap-2">
            <Label htmlFor="package-type">Packaging type</Label>
            <NativeSelect id="package-type" value={typeId} onChange={(e) => setTypeId(e.target.value)}>
              {packagingTypes.map((t) => (
                <option key={t.packageTypeId} value={t.packageTypeId}>
                  {t.packageType}
                </option>
              ))}
            </NativeSelect>
            <FieldError>{errors.typeId ?? errors.type}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="package-sku">SKU</Label>
            <Input
              id="package-sku"
              value={sku}
              onChange={(e) => setSku(e.target.value)}
              aria-invalid={errors.sku ? true : undefined}
            />
            <FieldError>{errors.sku}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="package-upc">UPC</Label>
            <Input
              id="package-upc"
              inputMode="numeric"
              placeholder="12 digits (optional)"
              value={upc}
              onChange={(e) => setUpc(e.target.value)}
              aria-invalid={errors.upc ? true : undefined}
            />
            <FieldError>{errors.upc}</FieldError>
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
  const [choice, setChoice] = useState(
    initialChoice === '' ? (choices[1]?.value ?? '') : known ? initialChoice : newChoice,
  )
  const [custom, setCustom] = useState(known ? '' : initialChoice)
  const [text, setText] = useState(initialText)
  const name = (choice === newChoice ? custom : choice).trim()
  const save = () => {
    if (!name || !text.trim()) return
    onSave(name, text.trim())
    onOpenChange(false)
  }
  const TextField = multiline ? Textarea : Input
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[425px]">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => (e.preventDefault(), save())}>
          <div className="grid gap-2">
            <Label htmlFor="item-choice">{choiceLabel}</Label>
            <NativeSelect id="item-choice" value={choice} onChange={(e) => setChoice(e.target.value)}>
              {choices.map((c) => (
                <option key={c.label} value={c.value}>
                  {c.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          {choice === newChoice && (
            <div className="grid gap-2">
              <Label htmlFor="item-custom">New {choiceLabel.toLowerCase()}</Label>
              <Input id="item-custom" value={custom} onChange={(e) => setCustom(e.target.value)} />
            </div>
          )}
          <div className="grid gap-2">
            <Label htmlFor="item-text">{textLabel}</Label>
            <TextField id="item-text" value={text} onChange={(e) => setText(e.target.value)} />
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

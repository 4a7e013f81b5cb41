import type { FormEventHandler, ReactNode } from 'react'
import { Button } from '@/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx'

/**
 * The one dialog with a form: its title (and an optional description), the fields (FormField, registered
 * in react-hook-form), and Cancel and the submit button (Save unless named otherwise). `onSubmit` is the
 * form's handleSubmit.
 */
export function FormDialog({
  title,
  description,
  open,
  onOpenChange,
  onSubmit,
  submitLabel = 'Save',
  submitDisabled,
  children,
}: {
  title: string
  description?: ReactNode
  open: boolean
  onOpenChange: (open: boolean) => void
  onSubmit: FormEventHandler<HTMLFormElement>
  submitLabel?: string
  submitDisabled?: boolean
  children: ReactNode
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[425px]">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          {children}
          <DialogFooter>
            {/* On a phone both are a thumb's target, 48 px high. */}
            <Button
              type="button"
              variant="outline"
              className="max-sm:h-12"
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <Button type="submit" className="max-sm:h-12" disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

import { NewsletterFormSchema, type NewsletterForm as NewsletterFormValues } from '@brewcommand/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import { CircleCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button.tsx'
import { FieldError } from '@/components/ui/field-error.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { createContact } from './api/create-contact.ts'
import { SIGN_UP_FAILED, THANK_YOU } from './messages.ts'

export { THANK_YOU } from './messages.ts'

const FIELDS = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email address', type: 'email', autoComplete: 'email' },
] as const

/**
 * The landing page's newsletter sign-up (docs/product/01-access.md §2, §5). Validates on submit, then on every change;
 * once the call returns, the form gives way to the thank-you message.
 */
export function NewsletterForm() {
  const [isDone, setIsDone] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<NewsletterFormValues>({
    resolver: zodResolver(NewsletterFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      await createContact(values)
      setIsDone(true)
    } catch (error) {
      // Our departure from the spec (docs/decisions/013): a failed sign-up says so instead of thanking.
      setFailure(error instanceof ApiError ? error.message : SIGN_UP_FAILED)
    }
  })

  if (isDone) {
    return (
      <p role="status" className="flex items-center gap-3 rounded-lg bg-emerald-50 p-4 text-emerald-900">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
        {THANK_YOU}
      </p>
    )
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Newsletter sign-up"
      className="grid gap-4 sm:grid-cols-2"
    >
      {FIELDS.map(({ name, label, type, autoComplete }) => {
        const id = `newsletter-${name}`
        const message = errors[name]?.message
        return (
          <div key={name} className={name === 'email' ? 'grid gap-2 sm:col-span-2' : 'grid gap-2'}>
            <Label htmlFor={id}>{label}</Label>
            <Input
              id={id}
              type={type}
              autoComplete={autoComplete}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              {...form.register(name)}
            />
            <FieldError id={`${id}-error`}>{message}</FieldError>
          </div>
        )
      })}
      {failure && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {failure}
        </p>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting && <Spinner className="size-4 text-primary-foreground" />}
          Subscribe
        </Button>
      </div>
    </form>
  )
}

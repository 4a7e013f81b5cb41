import { BusinessFormSchema, US_STATES, type BusinessForm as BusinessFormValues } from '@brewcommand/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button.tsx'
import { FieldError } from '@/components/ui/field-error.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { cn } from '@/lib/utils.ts'

type FieldName = keyof BusinessFormValues

const TEXT_FIELDS: {
  name: FieldName
  label: string
  placeholder?: string
  autoComplete: string
  wide?: boolean
}[] = [
  { name: 'businessName', label: 'Business Name', autoComplete: 'organization', wide: true },
  { name: 'address', label: 'Address', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
]

/**
 * Step 2: the business details (docs/product/01-access.md §2, §5). Validates everything on submit, then each field on
 * change; while `onSubmit` runs the button reads Working... and is disabled.
 */
export function BusinessForm({ onSubmit }: { onSubmit: (values: BusinessFormValues) => Promise<void> }) {
  const form = useForm<BusinessFormValues>({
    resolver: zodResolver(BusinessFormSchema),
    defaultValues: { businessName: '', address: '', city: '', state: '', zip: '', phone: '', ein: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })
  const { errors, isSubmitting } = form.formState
  const submit = form.handleSubmit(onSubmit)

  const field = (name: FieldName) => {
    const id = `business-${name}`
    const message = errors[name]?.message
    return {
      id,
      message,
      inputProps: {
        id,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': message ? `${id}-error` : undefined,
        ...form.register(name),
      },
    }
  }

  const textField = (name: FieldName, label: string, extra: Record<string, string> = {}, wide = false) => {
    const { id, message, inputProps } = field(name)
    return (
      <div key={name} className={cn('grid gap-2', wide && 'sm:col-span-2')}>
        <Label htmlFor={id}>{label}</Label>
        <Input {...extra} {...inputProps} />
        <FieldError id={`${id}-error`}>{message}</FieldError>
      </div>
    )
  }

  const state = field('state')
  return (
    <section aria-labelledby="business-heading" className="grid gap-6">
      <h2 id="business-heading" className="text-2xl font-semibold tracking-tight">
        Tell Us About Your Business
      </h2>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ name, label, autoComplete, wide }) =>
          textField(name, label, { autoComplete }, wide),
        )}
        <div className="grid gap-2">
          <Label htmlFor={state.id}>State</Label>
          <select
            {...state.inputProps}
            autoComplete="address-level1"
            className="h-10 w-full rounded-md border border-input bg-card px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive md:text-sm"
          >
            <option value="">Select a state</option>
            {US_STATES.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          <FieldError id={`${state.id}-error`}>{state.message}</FieldError>
        </div>
        {textField('zip', 'Zip', { autoComplete: 'postal-code', inputMode: 'numeric' })}
        {textField('phone', 'Phone', { autoComplete: 'tel', type: 'tel', placeholder: '(xxx) xxx-xxxx' })}
        {textField('ein', 'EIN', { placeholder: '12-3456789', inputMode: 'numeric' })}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
            {isSubmitting ? 'Working...' : 'Continue to Billing Information'}
          </Button>
        </div>
      </form>
    </section>
  )
}

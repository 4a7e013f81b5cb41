import { TestCardSchema, type TestCard } from '@brewcommand/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import { CreditCard, Lock } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button.tsx'
import { FieldError } from '@/components/ui/field-error.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { PAYMENT_NOT_COMPLETED } from './messages.ts'

type CardInput = z.input<typeof TestCardSchema>

const FIELDS = [
  {
    name: 'number',
    label: 'Card number',
    placeholder: '1234 1234 1234 1234',
    autoComplete: 'cc-number',
    inputMode: 'numeric',
  },
  {
    name: 'expiry',
    label: 'Expiry (MM / YY)',
    placeholder: 'MM / YY',
    autoComplete: 'cc-exp',
    inputMode: 'numeric',
  },
  { name: 'cvc', label: 'CVC', placeholder: '123', autoComplete: 'cc-csc', inputMode: 'numeric' },
  { name: 'name', label: 'Name on card', placeholder: '', autoComplete: 'cc-name', inputMode: 'text' },
] as const

/**
 * The built-in test checkout, embedded in step 3 in place of a card provider's form. The card is sent
 * once to our own server, which never stores it. 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.
 */
export function TestCheckout({
  amountLabel,
  onPay,
}: {
  amountLabel: string
  /** Pays; resolves with the card error to show, or null when the payment went through. */
  onPay: (card: TestCard) => Promise<string | null>
}) {
  const [cardError, setCardError] = useState<string | null>(null)
  const form = useForm<CardInput, unknown, TestCard>({
    resolver: zodResolver(TestCardSchema),
    defaultValues: { number: '', expiry: '', cvc: '', name: '' },
    reValidateMode: 'onChange',
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (card) => {
    setCardError(null)
    try {
      setCardError(await onPay(card))
    } catch (error) {
      setCardError(error instanceof ApiError ? error.message : PAYMENT_NOT_COMPLETED)
    }
  })

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Card payment"
      className="grid gap-4 rounded-xl border bg-card p-6 shadow-xs"
    >
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Lock aria-hidden="true" className="size-4" />
        Test checkout: no real card is charged. Use 4242 4242 4242 4242 with any future date and CVC.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, label, placeholder, autoComplete, inputMode }) => {
          const id = `card-${name}`
          const message = errors[name]?.message
          return (
            <div
              key={name}
              className={name === 'number' || name === 'name' ? 'grid gap-2 sm:col-span-2' : 'grid gap-2'}
            >
              <Label htmlFor={id}>{label}</Label>
              <Input
                id={id}
                placeholder={placeholder}
                autoComplete={autoComplete}
                inputMode={inputMode}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${id}-error` : undefined}
                {...form.register(name)}
              />
              <FieldError id={`${id}-error`}>{message}</FieldError>
            </div>
          )
        })}
      </div>
      {cardError && (
        <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {cardError}
        </p>
      )}
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
        <CreditCard aria-hidden="true" />
        {isSubmitting ? 'Processing…' : `Pay ${amountLabel}`}
      </Button>
    </form>
  )
}

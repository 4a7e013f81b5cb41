import { z } from 'zod'

/** True when the digits pass the Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** The built-in test checkout's cards: this one is paid … */
export const TEST_CARD_PAID = '4242424242424242'
/** … and this one is declined. */
export const TEST_CARD_DECLINED = '4000000000000002'
export const CARD_DECLINED_MESSAGE = 'Your card was declined.'

const cardNumber = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'Enter your card number.', abort: true })
      .regex(/^\d{12,19}$/, { error: 'Your card number is incomplete.', abort: true })
      .refine(passesLuhn, 'Your card number is invalid.'),
  )

/** MM / YY, not in the past (checked against `now` so tests can fix the date). */
export function expiryIsCurrent(expiry: string, now: Date = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim())
  if (!match) return false
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  if (month < 1 || month > 12) return false
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1)
}

/** The card form of the built-in test checkout; the number is checked here and never stored. */
export const TestCardSchema = z.object({
  number: cardNumber,
  expiry: z
    .string()
    .trim()
    .min(1, { error: 'Enter the expiry date.', abort: true })
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { error: 'Your card’s expiry date is invalid.', abort: true })
    .refine((value) => expiryIsCurrent(value), 'Your card’s expiry date is in the past.'),
  cvc: z
    .string()
    .trim()
    .min(1, { error: 'Enter the security code.', abort: true })
    .regex(/^\d{3,4}$/, 'Your card’s security code is incomplete.'),
  name: z.string().trim().min(1, 'Enter the name on the card.').max(100, 'This value is too long.'),
})
export type TestCard = z.infer<typeof TestCardSchema>

/** `POST /api/checkout/test/confirm`: pays the built-in test checkout session named by its secret. */
export const TestCheckoutConfirmSchema = z.object({
  clientSecret: z.string().trim().min(1).max(200),
  card: TestCardSchema,
})

/** A checkout session's state, as `GET /api/onboarding?session_id=` reads it (docs/product/01-access.md §3). */
export const CheckoutSessionStateSchema = z.object({
  sessionId: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.enum(['paid', 'unpaid']),
  /** Why the last payment attempt failed, e.g. Your card was declined. */
  error: z.string().optional(),
})
export type CheckoutSessionState = z.infer<typeof CheckoutSessionStateSchema>
